// Renju forbidden points for Black (RIF, with the decisions of engine/RULES.md): five first,
// overline, double four (also on one line), and double three where each three is checked
// recursively: its straight-four point must be empty, make no five, and not be forbidden.
#pragma once

#include <utility>
#include <vector>

#include "engine/board.h"

namespace sente {

enum class Foul : uint8_t { kNone, kDoubleThree, kDoubleFour, kOverline };

const char* FoulCode(Foul foul);  // "33", "44", "6", or "" for kNone

// Whether Black playing the empty point p now would be a foul. Always kNone unless the
// board's rule is renju. The board is used as scratch space and left as it was.
Foul ForbiddenKind(Board& board, Pos p);
inline bool IsForbidden(Board& board, Pos p) { return ForbiddenKind(board, p) != Foul::kNone; }

// How many real threes (each on its own line, judged as in the double-three check) Black makes
// by playing the empty point p. 0 unless the rule is renju.
int CountRealThrees(Board& board, Pos p);

// Every forbidden point of the position, row by row from the top.
std::vector<std::pair<Pos, Foul>> ForbiddenPoints(Board& board);

}  // namespace sente
