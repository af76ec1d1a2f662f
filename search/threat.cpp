#include "search/threat.h"

#include "search/vcf.h"

namespace sente {

ThreatResult FindVcf(Board& board, Color attacker, const ThreatLimits& limits) {
  VcfSolver solver(14);
  return solver.Solve(board, attacker, limits);
}

ThreatResult FindVct(Board&, Color, const ThreatLimits&) { return {}; }

}  // namespace sente
