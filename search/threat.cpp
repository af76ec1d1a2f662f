#include "search/threat.h"

#include "search/params.h"
#include "search/vcf.h"
#include "search/vct.h"

namespace sente {

ThreatResult FindVcf(Board& board, Color attacker, const ThreatLimits& limits) {
  VcfSolver solver(kFindVcfTableBits);
  return solver.Solve(board, attacker, limits);
}

ThreatResult FindVct(Board& board, Color attacker, const ThreatLimits& limits) {
  VctSolver solver(kFindVctTableBits);
  return solver.Solve(board, attacker, limits);
}

}  // namespace sente
