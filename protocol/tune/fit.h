// Texel-style fitting: the result of a position's game predicted as sigmoid(K * eval), with
// the log loss minimised first over K (the scale, weights fixed), then over the weights
// (K fixed), within bounds and with an L2 pull towards a prior.
#pragma once

#include <array>
#include <vector>

#include "protocol/tune/games.h"

namespace sente {

// The evaluation's clamp (search/eval.cpp).
constexpr double kTuneEvalClamp = 20000;

// Mean log loss of the samples' results against sigmoid(k * eval).
double Loss(const std::vector<TuneSample>& samples, const TuneWeights& w, double k);

// The k that minimises Loss for these weights.
double FitK(const std::vector<TuneSample>& samples, const TuneWeights& w);

struct FitSpec {
  double k = 0;
  std::array<bool, kNumTuneWeights> free{};  // weights not free stay at the start values
  TuneWeights lo{}, hi{};
  TuneWeights prior{};
  double l2 = 0;  // adds l2 * sum((k * (w - prior))^2) to the loss
  int max_iterations = 100;
};

// Projected Newton from `start`: weights at a bound that the gradient pushes out of stay
// there for the step.
TuneWeights FitWeights(const std::vector<TuneSample>& samples, const TuneWeights& start,
                       const FitSpec& spec);

}  // namespace sente
