// Static evaluation: the board's incremental pattern sums plus threat terms for the side
// to move. Renju asymmetry comes through the tables (Black's fouls carry no value) and
// through the threat counts (Black's forbidden points never count as Black's threats).
#pragma once

#include "engine/board.h"
#include "search/movegen.h"

namespace sente {

// Score of the position for `side` (positive: good for side), from the sums only.
int Evaluate(const Board& board, Color side);

// Score for the side to move of a quiet node (no five points for either side), given its
// threats (ReadThreats). Never a proven win or loss score.
int EvaluateNode(const Board& board, Color us, const NodeThreats& threats, NodeState state);

}  // namespace sente
