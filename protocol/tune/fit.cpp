#include "protocol/tune/fit.h"

#include <algorithm>
#include <cmath>

namespace sente {
namespace {

// Log loss of result y against sigmoid(z), stable for large |z|.
double LogLoss(double z, double y) {
  return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))) - y * z;
}

double Sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

}  // namespace

double Loss(const std::vector<TuneSample>& samples, const TuneParams& params, double k) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const TuneSample& s : samples)
    sum += LogLoss(k * std::clamp(Dot(params, s), -kTuneEvalClamp, kTuneEvalClamp), s.result);
  return sum / static_cast<double>(samples.size());
}

double FitK(const std::vector<TuneSample>& samples, const TuneParams& params) {
  // Golden-section search over log k: the loss is unimodal in k.
  double a = std::log(1e-6), b = std::log(1.0);
  const double r = (std::sqrt(5.0) - 1) / 2;
  double c = b - r * (b - a), d = a + r * (b - a);
  double fc = Loss(samples, params, std::exp(c)), fd = Loss(samples, params, std::exp(d));
  for (int i = 0; i < 100 && b - a > 1e-9; ++i) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - r * (b - a);
      fc = Loss(samples, params, std::exp(c));
    } else {
      a = c, c = d, fc = fd;
      d = a + r * (b - a);
      fd = Loss(samples, params, std::exp(d));
    }
  }
  return std::exp((a + b) / 2);
}

std::vector<int> ParamUse(const std::vector<TuneSample>& samples) {
  std::vector<int> use(kNumTuneParams, 0);
  for (const TuneSample& s : samples)
    for (const auto& term : s.terms) ++use[term.first];
  return use;
}

TuneParams FitParams(const std::vector<TuneSample>& samples, const TuneParams& prior,
                     const FitSpec& spec) {
  const std::vector<int> use = ParamUse(samples);
  std::vector<bool> free(kNumTuneParams);
  for (int i = 0; i < kNumTuneParams; ++i)
    free[i] = !IsFixedParam(i) && use[i] > 0 && use[i] >= spec.min_count;

  TuneParams p = prior;
  std::vector<double> m(kNumTuneParams, 0), v(kNumTuneParams, 0), grad(kNumTuneParams);
  const double k = spec.k, inv = samples.empty() ? 0 : 1.0 / static_cast<double>(samples.size());
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;
  for (int iter = 1; iter <= spec.iterations; ++iter) {
    std::fill(grad.begin(), grad.end(), 0.0);
    for (const TuneSample& s : samples) {
      const double e = Dot(p, s);
      if (std::abs(e) >= kTuneEvalClamp) continue;  // clamped: no gradient
      const double g = (Sigmoid(k * e) - s.result) * k * inv;
      for (const auto& [param, count] : s.terms) grad[param] += g * count;
    }
    const double correct1 = 1 - std::pow(kBeta1, iter), correct2 = 1 - std::pow(kBeta2, iter);
    for (int i = 0; i < kNumTuneParams; ++i) {
      if (!free[i]) continue;
      const double g = grad[i] + 2 * spec.l2 * k * k * (p[i] - prior[i]);
      m[i] = kBeta1 * m[i] + (1 - kBeta1) * g;
      v[i] = kBeta2 * v[i] + (1 - kBeta2) * g * g;
      const double step =
          spec.learning_rate * (m[i] / correct1) / (std::sqrt(v[i] / correct2) + kEpsilon);
      p[i] = std::clamp(p[i] - step, ParamMin(i), ParamMax(i));
    }
  }
  return p;
}

}  // namespace sente
