// What each side threatens in a position: the points that make fives, fours and open threes,
// and the forced wins by continuous fours (VCF) or threats (VCT).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "search/threat.h"

namespace sente {

// Disjoint sets of empty points, row by row from the top. Renju Black's forbidden points are
// never threats. A straight four also covers two fours at once: both win next move.
struct ThreatPoints {
  std::vector<Pos> five;
  std::vector<Pos> straight_four;
  std::vector<Pos> four;
  std::vector<Pos> three;  // open threes
};

ThreatPoints FindThreatPoints(Board& board, Color side);

struct ThreatSearch {
  bool run = false;  // false when skipped
  ThreatResult result;
};

// VCF, then VCT (only when there is no VCF) for the side to move, and the VCF the opponent
// would have if it moved now.
struct ThreatSearches {
  ThreatSearch vcf, vct, opponent_vcf;
};

// Each search gets `max_nodes` (0 skips them all) and stops once `stop` is set.
ThreatSearches RunThreatSearches(Board& board, Color to_move, uint64_t max_nodes,
                                 const std::atomic<bool>& stop);

// Plies from the position to the five when the attacker follows a threat `line` (attacker
// first, ending with its last threat): the defender's useless reply and the five follow it,
// unless the line ends with the five itself.
int ThreatLinePlies(Board& board, Color attacker, const std::vector<Pos>& line);

}  // namespace sente
