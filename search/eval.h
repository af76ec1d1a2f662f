// Static evaluation: the board's incremental pattern sums plus threat terms for the side
// to move. Renju asymmetry comes through the tables (Black's fouls carry no value) and
// through the threat counts (Black's forbidden points never count as Black's threats).
#pragma once

#include "engine/board.h"
#include "search/movegen.h"

namespace sente {

// Score of the position for `side` (positive: good for side), from the sums only.
int Evaluate(const Board& board, Color side);

// The evaluation's threat terms (their weights are in search/weights.h).
enum ThreatTerm : uint8_t {
  kTermTempo,
  kTermOwnFourThree,
  kTermOwnDoubleThree,
  kTermOwnThreePoint,
  kTermOppFourThree,
  kTermOppDoubleThree,
  kTermOppOpenThree,
  kNumThreatTerms
};

// How many times each threat term counts in a quiet node's evaluation for the side to move:
// +1 for each own term that holds, -1 for each of the opponent's, and the own three points.
// The evaluation is the cell sums plus these counts times the terms' weights.
void CountThreatTerms(const Board& board, Color us, const NodeThreats& threats, NodeState state,
                      int (&count)[kNumThreatTerms]);

// Score for the side to move of a quiet node (no five points for either side), given its
// threats (ReadThreats). Never a proven win or loss score.
int EvaluateNode(const Board& board, Color us, const NodeThreats& threats, NodeState state);

}  // namespace sente
