// The ordering policy's model: its current tables give the move generator's scores, samples
// come from the named players' moves only, and the fit moves the tables towards the policy
// that chose the moves.
#include "protocol/tune/policy.h"

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/tune/random_games.h"

namespace sente {
namespace {

TEST(TunePolicy, CurrentParamsGiveTheOrderingScores) {
  const PolicyParams params = CurrentPolicyParams();
  for (Rule rule : {Rule::kFreestyle, Rule::kStandard, Rule::kRenju}) {
    int checked = 0;
    PlayRandomGames(
        rule, 30, 50, 3, [&](Board& board, Color us, const NodeThreats& node, NodeState state) {
          if (state != NodeState::kNormal) return;
          std::vector<ScoredMove> moves(kMaxMoves);
          const int n = GenerateMoves(board, us, state, node, moves.data());
          const ValueTable mover = ValueTableOf(rule, us);
          for (int i = 0; i < n; ++i) {
            const Pos p = moves[i].pos;
            const double score =
                params[PolicyParam(mover, kPolicyOwn, PatternCode(board.combo(p, us)))] +
                params[PolicyParam(mover, kPolicyOpp, PatternCode(board.combo(p, Opponent(us))))];
            ASSERT_EQ(score, moves[i].score) << RuleName(rule);
            ++checked;
          }
        });
    EXPECT_GT(checked, 10000) << RuleName(rule);
  }
}

const std::string kA = "a", kB = "b";

// Random renju games as the tuner reads them, Black named "a" and White "b".
std::vector<TuneGame> RecordedGames(int games) {
  std::vector<TuneGame> out;
  for (int g = 0; g < games; ++g) {
    TuneGame game;
    game.rule = Rule::kRenju;
    game.black = kA;
    game.white = kB;
    game.moves.push_back(MakePos(7, 7));
    PlayRandomGames(Rule::kRenju, 1, 40, 100 + g,
                    [&](Board& board, Color, const NodeThreats&, NodeState) {
                      if (board.stone_count() > 1) game.moves.push_back(board.LastMove());
                    });
    out.push_back(game);
  }
  return out;
}

TEST(TunePolicy, SamplesAreTheNamedPlayersMovesInNormalNodes) {
  size_t total = 0;
  for (const TuneGame& game : RecordedGames(10)) {
    absl::StatusOr<std::vector<PolicySample>> black = ExtractPolicySamples(game, 0, {"a"});
    absl::StatusOr<std::vector<PolicySample>> both = ExtractPolicySamples(game, 0, {"b", "a"});
    absl::StatusOr<std::vector<PolicySample>> none = ExtractPolicySamples(game, 0, {"c"});
    ASSERT_TRUE(black.ok() && both.ok() && none.ok());
    EXPECT_TRUE(none->empty());
    EXPECT_GT(both->size(), black->size());
    total += black->size();
    for (const PolicySample& s : *black) {
      ASSERT_GE(s.chosen, 0);
      ASSERT_LT(s.chosen, static_cast<int>(s.cells.size()));
      // Black's own codes are in the Renju Black mover's tables.
      EXPECT_EQ(s.cells[0].first / (2 * kNumPatternCodes), kValueRenjuBlack);
    }
  }
  EXPECT_GT(total, 30u);
  TuneGame bad = RecordedGames(1)[0];
  bad.moves.push_back(bad.moves[0]);
  EXPECT_FALSE(ExtractPolicySamples(bad, 0, {"a"}).ok());
}

// The mean Kullback-Leibler divergence of b's move probabilities from a's, at temperature 400.
double Divergence(const std::vector<PolicySample>& samples, const PolicyParams& a,
                  const PolicyParams& b) {
  double sum = 0;
  for (const PolicySample& s : samples) {
    std::vector<double> la, lb;
    for (const auto& [own, opp] : s.cells) {
      la.push_back((a[own] + a[opp]) / 400);
      lb.push_back((b[own] + b[opp]) / 400);
    }
    auto normalise = [](std::vector<double>& l) {
      double z = 0;
      for (double x : l) z += std::exp(x);
      for (double& x : l) x -= std::log(z);
    };
    normalise(la), normalise(lb);
    for (size_t i = 0; i < la.size(); ++i) sum += std::exp(la[i]) * (la[i] - lb[i]);
  }
  return sum / static_cast<double>(samples.size());
}

TEST(TunePolicy, FitMovesTowardsThePolicyThatChose) {
  const PolicyParams truth = CurrentPolicyParams();
  std::vector<PolicySample> samples;
  for (const TuneGame& game : RecordedGames(400)) {
    absl::StatusOr<std::vector<PolicySample>> s = ExtractPolicySamples(game, 0, {"a", "b"});
    ASSERT_TRUE(s.ok());
    samples.insert(samples.end(), s->begin(), s->end());
  }
  ASSERT_GT(samples.size(), 3000u);
  // Re-draw each chosen move from the truth's softmax.
  std::mt19937 rng(11);
  for (PolicySample& s : samples) {
    std::vector<double> w;
    for (const auto& [own, opp] : s.cells) w.push_back(std::exp((truth[own] + truth[opp]) / 400));
    s.chosen = std::discrete_distribution<int>(w.begin(), w.end())(rng);
  }
  EXPECT_NEAR(FitTemperature(samples, truth), 400, 80);

  std::uniform_int_distribution<int> noise(-500, 500);
  PolicyParams start = truth;
  for (double& x : start) x += noise(rng);
  const PolicyParams fitted = FitPolicy(samples, start, 400, 0, 300, 300);
  EXPECT_LT(EvaluatePolicy(samples, fitted, 400).loss, EvaluatePolicy(samples, start, 400).loss);
  // Only score differences within a position matter (a constant added to a table changes no
  // choice), so the fit is judged by how far its choices are from the truth's.
  EXPECT_LT(Divergence(samples, truth, fitted), 0.5 * Divergence(samples, truth, start));
  std::vector<int> use(kNumPolicyParams, 0);
  for (const PolicySample& s : samples)
    for (const auto& [own, opp] : s.cells) ++use[own], ++use[opp];
  for (int i = 0; i < kNumPolicyParams; ++i) {
    if (use[i] < 300) {
      EXPECT_EQ(fitted[i], start[i]);
    }
  }
}

}  // namespace
}  // namespace sente
