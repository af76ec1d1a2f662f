#include "search/threat.h"

#include "search/vcf.h"
#include "search/vct.h"

namespace sente {

ThreatResult FindVcf(Board& board, Color attacker, const ThreatLimits& limits) {
  VcfSolver solver(14);
  return solver.Solve(board, attacker, limits);
}

ThreatResult FindVct(Board& board, Color attacker, const ThreatLimits& limits) {
  VctSolver solver(21);  // up to 32 MiB of df-pn table unless limits.max_bytes says less
  return solver.Solve(board, attacker, limits);
}

}  // namespace sente
