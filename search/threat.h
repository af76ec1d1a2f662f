// Threat-space search: proves wins by continuous fours (VCF) and by fours and threes (VCT),
// against every defence, with Renju's rules on both sides. FindVcf/FindVct are one-shot
// entry points; a search that asks at every node keeps a VcfSolver (search/vcf.h) instead.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/board.h"

namespace sente {

struct ThreatLimits {
  uint64_t max_nodes = 0;      // 0: no limit
  int max_attacker_moves = 0;  // most attacker moves up to the final threat; 0: no limit
  int64_t max_ms = 0;          // wall time from the call; 0: no limit
  const std::atomic<bool>* stop = nullptr;
  // Memory the solver's tables may take (VCT: the df-pn table, the child caches and the
  // proofs); it gives up when the proofs alone would pass it. 0: their default sizes.
  size_t max_bytes = 0;
};

struct ThreatResult {
  bool win = false;       // a forced win was proven
  bool aborted = false;   // a limit other than max_attacker_moves cut the search short
  std::vector<Pos> line;  // attacker first, alternating, ending with the attacker's last threat
  uint64_t nodes = 0;
};

// `attacker` is to move. The board is scratch space and is left as it was.
ThreatResult FindVcf(Board& board, Color attacker, const ThreatLimits& limits);
ThreatResult FindVct(Board& board, Color attacker, const ThreatLimits& limits);

}  // namespace sente
