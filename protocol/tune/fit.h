// Texel-style fitting of the linear model (model.h): a position's result predicted as
// sigmoid(K * eval), the log loss minimised first over K (the scale, parameters fixed), then
// by Adam over the parameters (K fixed), each within its range and with an L2 pull towards a
// prior.
#pragma once

#include <vector>

#include "protocol/tune/model.h"

namespace sente {

// The evaluation's clamp (search/eval.cpp).
constexpr double kTuneEvalClamp = 20000;

// Mean log loss of the samples' results against sigmoid(k * eval).
double Loss(const std::vector<TuneSample>& samples, const TuneParams& params, double k);

// The k that minimises Loss for these parameters.
double FitK(const std::vector<TuneSample>& samples, const TuneParams& params);

struct FitSpec {
  double k = 0;
  double l2 = 0;      // adds l2 * sum((k * (p - prior))^2) to the loss
  int min_count = 0;  // parameters used by fewer samples stay at the prior
  int iterations = 600;
  double learning_rate = 2;  // Adam's step, in evaluation units
};

TuneParams FitParams(const std::vector<TuneSample>& samples, const TuneParams& prior,
                     const FitSpec& spec);

// How many samples use each parameter.
std::vector<int> ParamUse(const std::vector<TuneSample>& samples);

}  // namespace sente
