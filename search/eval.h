// Static evaluation from the board's incremental pattern sums.
#pragma once

#include "engine/board.h"

namespace sente {

// Score of the position for `side` (positive: good for side), in centi-pattern units.
int Evaluate(const Board& board, Color side);

}  // namespace sente
