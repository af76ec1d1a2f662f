// The tuner's fit recovers known weights within their bounds.
#include "protocol/tune/fit.h"

#include <cmath>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace sente {
namespace {

// Samples whose results are drawn from sigmoid(k * w.x) for known w and k.
std::vector<TuneSample> Synthetic(const TuneWeights& w, double k, int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> count(-6, 6);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<TuneSample> samples(n);
  for (TuneSample& s : samples) {
    s.x.fill(0);
    s.x[kTuneLine + kFlex2] = static_cast<float>(count(rng));
    s.x[kTuneLine + kFlex3] = static_cast<float>(count(rng) / 2);
    s.x[kTuneTempo] = 1;
    s.result = unit(rng) < 1 / (1 + std::exp(-k * Dot(w, s.x))) ? 1.0f : 0.0f;
  }
  return samples;
}

TEST(TuneFit, RecoversKnownWeightsWithinBounds) {
  TuneWeights truth{};
  truth[kTuneLine + kFlex2] = 30;
  truth[kTuneLine + kFlex3] = 90;
  truth[kTuneTempo] = 40;
  const double k = 0.01;
  const std::vector<TuneSample> samples = Synthetic(truth, k, 20000, 5);

  EXPECT_NEAR(FitK(samples, truth), k, 0.1 * k);

  FitSpec spec;
  spec.k = k;
  for (int i : {kTuneLine + kFlex2, kTuneLine + kFlex3, kTuneTempo}) {
    spec.free[i] = true;
    spec.hi[i] = 1000;
  }
  TuneWeights start{};
  start[kTuneLine + kDead] = 7;  // not free: stays
  const TuneWeights fitted = FitWeights(samples, start, spec);
  EXPECT_NEAR(fitted[kTuneLine + kFlex2], 30, 3);
  EXPECT_NEAR(fitted[kTuneLine + kFlex3], 90, 9);
  EXPECT_NEAR(fitted[kTuneTempo], 40, 8);
  EXPECT_EQ(fitted[kTuneLine + kDead], 7);
  EXPECT_LT(Loss(samples, fitted, k), Loss(samples, start, k));

  spec.hi[kTuneLine + kFlex3] = 50;
  EXPECT_EQ(FitWeights(samples, start, spec)[kTuneLine + kFlex3], 50);

  // A strong pull keeps the weights near the prior.
  spec.hi[kTuneLine + kFlex3] = 1000;
  spec.l2 = 100;
  EXPECT_NEAR(FitWeights(samples, start, spec)[kTuneLine + kFlex3], 0, 5);
}

}  // namespace
}  // namespace sente
