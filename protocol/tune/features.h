// The evaluation as a linear function for tuning: every weight of engine/cell_weights.h and
// search/weights.h that the evaluation reads, in one vector, and a position's features over
// that vector, so that the weights dotted with the features give EvaluateNode (before its
// clamp).
#pragma once

#include <array>

#include "engine/board.h"
#include "engine/pattern.h"
#include "search/movegen.h"

namespace sente {

constexpr int kTuneLine = 0;                              // kLineWeight, by LinePattern
constexpr int kTuneBonus = kTuneLine + kNumLinePatterns;  // kPattern4Bonus, by Pattern4
constexpr int kTuneTempo = kTuneBonus + kNumPattern4;
constexpr int kTuneOwnFourThree = kTuneTempo + 1;
constexpr int kTuneOwnDoubleThree = kTuneTempo + 2;
constexpr int kTuneOwnThreePoint = kTuneTempo + 3;
constexpr int kTuneOppFourThree = kTuneTempo + 4;
constexpr int kTuneOppDoubleThree = kTuneTempo + 5;
constexpr int kTuneOppOpenThree = kTuneTempo + 6;
constexpr int kNumTuneWeights = kTuneTempo + 7;

using TuneWeights = std::array<double, kNumTuneWeights>;
// Counts, from the side to move's view (own minus the opponent's for the board sums).
using TuneFeatures = std::array<float, kNumTuneWeights>;

// The weights of engine/cell_weights.h and search/weights.h.
TuneWeights CurrentWeights();

// "kLineWeight[kFlex3]", "kEvalTempo", ...
const char* TuneWeightName(int i);

// The features of the node whose threats are `threats`, `us` to move, classified as `state`.
TuneFeatures ExtractFeatures(const Board& board, Color us, const NodeThreats& threats,
                             NodeState state);

// The unclamped evaluation.
double Dot(const TuneWeights& w, const TuneFeatures& x);

}  // namespace sente
