#include "protocol/match/stats.h"

#include <cmath>

#include "gtest/gtest.h"

namespace sente {
namespace {

TEST(MatchStats, EloFromScore) {
  EXPECT_DOUBLE_EQ(ScoreToElo(0.5), 0);
  EXPECT_NEAR(EloToScore(400), 10.0 / 11.0, 1e-12);  // 10^(400/400) : 1
  EXPECT_NEAR(ScoreToElo(10.0 / 11.0), 400, 1e-9);
  EXPECT_NEAR(ScoreToElo(EloToScore(-123.4)), -123.4, 1e-9);
  EXPECT_TRUE(std::isinf(ScoreToElo(1.0)));
  EXPECT_LT(ScoreToElo(0.0), 0);
}

// Hand computation: s = 0.55; per-game variance (55*0.45^2 + 45*0.55^2)/100 = 0.2475;
// s +- 1.96*sqrt(0.2475/100) = 0.6475 / 0.4525 -> Elo 105.6 / -33.1; half-width 69.37.
TEST(MatchStats, EloIntervalMatchesHandComputation) {
  EloEstimate e = EstimateElo({55, 45, 0});
  EXPECT_NEAR(e.elo, 34.860, 1e-3);
  EXPECT_NEAR(e.margin, 69.374, 1e-3);
  // Draws shrink the variance: 30-20-50 has the same score but a narrower interval.
  EloEstimate d = EstimateElo({30, 20, 50});
  EXPECT_NEAR(d.elo, 34.860, 1e-3);
  EXPECT_NEAR(d.margin, 48.470, 1e-3);
}

TEST(MatchStats, ScoreLineFormat) {
  EXPECT_EQ(FormatScoreLine("A", "B", {55, 45, 0}),
            "Score of A vs B: 55 - 45 - 0 [0.550] 100 games, Elo 34.9 +/- 69.4");
  EXPECT_EQ(FormatScoreLine("x", "y", {2, 0, 0}),
            "Score of x vs y: 2 - 0 - 0 [1.000] 2 games, Elo inf +/- nan");
  EXPECT_EQ(FormatScoreLine("x", "y", {0, 0, 0}),
            "Score of x vs y: 0 - 0 - 0 [0.500] 0 games, Elo 0.0 +/- nan");
}

TEST(MatchStats, SprtBounds) {
  Sprt sprt{0, 5, 0.05, 0.05};
  EXPECT_NEAR(sprt.LowerBound(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(sprt.UpperBound(), 2.944438979, 1e-9);
  EXPECT_EQ(Decide(3.0, sprt), SprtDecision::kAcceptH1);
  EXPECT_EQ(Decide(-3.0, sprt), SprtDecision::kAcceptH0);
  EXPECT_EQ(Decide(0.1, sprt), SprtDecision::kContinue);
}

// Reference values from an independent computation: the trinomial constrained to mean s has
// one free parameter t = P(loss), P(win) = t + 2s - 1, P(draw) = 2 - 2t - 2s; the log-likelihood
// was maximised over t by golden-section search for s0 and s1.
TEST(MatchStats, TrinomialLlrMatchesIndependentMaximisation) {
  Wdl wdl{60, 40, 100};
  EXPECT_NEAR(TrinomialLlr(wdl, {0, 10, 0.05, 0.05}), 0.988083, 1e-5);
  EXPECT_NEAR(TrinomialLlr(wdl, {0, 5, 0.05, 0.05}), 0.534944, 1e-5);
  EXPECT_NEAR(TrinomialLlr(wdl, {-5, 5, 0.05, 0.05}), 1.151064, 1e-5);
}

// The normal approximation N (s1 - s0)(2s - s0 - s1) / (2 var) is close for narrow hypotheses.
TEST(MatchStats, PentanomialLlrAgreesWithNormalApproximation) {
  Pentanomial pairs = {5, 20, 50, 25, 10};
  double n = 110, mean = 0, var = 0;
  const double score[5] = {0, 0.25, 0.5, 0.75, 1};
  for (int i = 0; i < 5; ++i) mean += pairs[i] * score[i] / n;
  for (int i = 0; i < 5; ++i) var += pairs[i] * (score[i] - mean) * (score[i] - mean) / n;
  Sprt sprt{0, 5, 0.05, 0.05};
  double s0 = EloToScore(0), s1 = EloToScore(5);
  double approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
  EXPECT_GT(approx, 0.3);
  EXPECT_NEAR(PentanomialLlr(pairs, sprt), approx, 0.03 * approx);
  // Pairs that only score 0, 1 or 2 points are a trinomial on pairs.
  EXPECT_NEAR(PentanomialLlr({40, 0, 100, 0, 60}, sprt), TrinomialLlr({60, 40, 100}, sprt), 2e-3);
}

TEST(MatchStats, FewOneSidedResultsDoNotDecide) {
  Sprt sprt{0, 5, 0.05, 0.05};
  EXPECT_EQ(TrinomialLlr({0, 0, 0}, sprt), 0);
  double one_win = TrinomialLlr({1, 0, 0}, sprt);
  EXPECT_GT(one_win, 0);
  EXPECT_LT(one_win, 0.05);
  EXPECT_EQ(Decide(TrinomialLlr({10, 0, 0}, sprt), sprt), SprtDecision::kContinue);
  // Many wins do decide, and many losses decide the other way.
  EXPECT_EQ(Decide(TrinomialLlr({400, 0, 0}, sprt), sprt), SprtDecision::kAcceptH1);
  EXPECT_EQ(Decide(TrinomialLlr({0, 400, 0}, sprt), sprt), SprtDecision::kAcceptH0);
  // Equal play accepts H0 (no gain of 5 Elo) in the long run.
  EXPECT_EQ(Decide(TrinomialLlr({30000, 30000, 40000}, sprt), sprt), SprtDecision::kAcceptH0);
}

}  // namespace
}  // namespace sente
