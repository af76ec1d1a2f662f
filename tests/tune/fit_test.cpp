// The tuner's fit: from positions whose results a known evaluation drew, it finds K and moves
// the often used parameters towards the known values; rare ones and fixed ones stay.
#include "protocol/tune/fit.h"

#include <cmath>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "protocol/tune/model.h"
#include "tests/tune/random_games.h"

namespace sente {
namespace {

constexpr double kK = 1.0 / 300;

// Freestyle positions with results drawn from sigmoid(kK * eval) under `truth`.
std::vector<TuneSample> Synthetic(const TuneParams& truth, uint32_t seed) {
  std::vector<TuneSample> samples;
  PlayRandomGames(Rule::kFreestyle, 500, 40, 29,
                  [&](Board& board, Color us, const NodeThreats& node, NodeState state) {
                    if (state == NodeState::kNormal)
                      samples.push_back(ExtractSample(board, us, node, state, 0));
                  });
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  for (TuneSample& s : samples)
    s.result = unit(rng) < 1 / (1 + std::exp(-kK * Dot(truth, s))) ? 1.0f : 0.0f;
  return samples;
}

TEST(TuneFit, MovesTowardsTheParamsThatMadeTheResults) {
  const TuneParams truth = CurrentParams();
  const std::vector<TuneSample> samples = Synthetic(truth, 5);
  ASSERT_GT(samples.size(), 5000u);
  EXPECT_NEAR(FitK(samples, truth), kK, 0.15 * kK);

  std::mt19937 rng(7);
  std::uniform_int_distribution<int> noise(-60, 60);
  TuneParams start = truth;
  for (int i = 0; i < kNumTuneParams; ++i)
    if (!IsFixedParam(i)) start[i] = std::clamp(start[i] + noise(rng), ParamMin(i), ParamMax(i));
  FitSpec spec;
  spec.k = kK;
  spec.min_count = 1000;
  spec.iterations = 300;
  spec.learning_rate = 1;
  const TuneParams fitted = FitParams(samples, start, spec);

  EXPECT_LT(Loss(samples, fitted, kK), Loss(samples, start, kK));
  const std::vector<int> use = ParamUse(samples);
  double error_before = 0, error_after = 0;
  int moved = 0;
  for (int i = 0; i < kNumTuneParams; ++i) {
    ASSERT_GE(fitted[i], ParamMin(i));
    ASSERT_LE(fitted[i], ParamMax(i));
    if (use[i] < spec.min_count || IsFixedParam(i)) {
      EXPECT_EQ(fitted[i], start[i]) << ParamName(i);  // too rare to move, or fixed
      continue;
    }
    error_before += std::abs(start[i] - truth[i]);
    error_after += std::abs(fitted[i] - truth[i]);
    ++moved;
  }
  ASSERT_GT(moved, 10);
  EXPECT_LT(error_after, 0.7 * error_before);

  // A strong pull keeps every parameter near the prior.
  spec.l2 = 1e4;
  const TuneParams pulled = FitParams(samples, start, spec);
  for (int i = 0; i < kNumTuneParams; ++i) EXPECT_NEAR(pulled[i], start[i], 2) << ParamName(i);
}

// Black's edge is a constant from Black's side: the fit finds it in its own parameter, not in
// the codes most positions hold, and the engine's values stay as they were.
TEST(TuneFit, BlacksEdgeGoesToItsOwnParameter) {
  TuneParams truth = CurrentParams();
  ASSERT_EQ(truth[kOtherBlackEdgeParam], 0);
  ASSERT_EQ(truth[kRenjuBlackEdgeParam], 0);
  truth[kOtherBlackEdgeParam] = 400;
  const std::vector<TuneSample> samples = Synthetic(truth, 11);
  FitSpec spec;
  spec.k = kK;
  spec.min_count = 1000;
  spec.iterations = 300;
  spec.learning_rate = 4;
  const TuneParams fitted = FitParams(samples, CurrentParams(), spec);
  EXPECT_NEAR(fitted[kOtherBlackEdgeParam], 400, 100);
  EXPECT_EQ(fitted[kRenjuBlackEdgeParam], 0);  // no renju position
  double moved = 0;
  for (int i = 0; i < kNumCodeParams; ++i) moved = std::max(moved, std::abs(fitted[i] - truth[i]));
  EXPECT_LT(moved, 150);
}

}  // namespace
}  // namespace sente
