// The tuner: its features reproduce the evaluation, games come back from PGN as they were
// played, and the fit recovers known weights.
#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

#include "engine/board.h"
#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/io/pgn.h"
#include "protocol/tune/features.h"
#include "protocol/tune/fit.h"
#include "protocol/tune/games.h"
#include "search/eval.h"
#include "search/movegen.h"

namespace sente {
namespace {

// Random games, half of the moves the best by move ordering so that threats appear, until
// a five or `max_stones`; `visit` sees every position.
template <typename Visit>
void PlayRandomGames(Rule rule, int games, int max_stones, uint32_t seed, Visit visit) {
  std::mt19937 rng(seed);
  NodeThreats threats;
  std::vector<ScoredMove> moves(kMaxMoves);
  for (int g = 0; g < games; ++g) {
    Board board(15, 15, rule);
    board.Play(MakePos(7, 7));
    while (board.stone_count() < max_stones) {
      const Color us = board.SideToMove();
      ReadThreats(board, us, threats);
      const NodeState state = ClassifyNode(board, us, threats);
      visit(board, us, threats, state);
      const int n = GenerateMoves(board, us, NodeState::kNormal, threats, moves.data());
      if (n == 0) break;
      int pick = static_cast<int>(rng() % n);
      if (rng() % 2) pick = static_cast<int>(std::max_element(moves.begin(), moves.begin() + n,
                                                              [](const ScoredMove& a, const ScoredMove& b) {
                                                                return a.score < b.score;
                                                              }) -
                                             moves.begin());
      const ScoredMove& move = moves[pick];
      if (move.own == kP4Five) break;
      board.Place(move.pos, us);
    }
  }
}

TEST(TuneFeatures, CurrentWeightsDottedWithFeaturesGiveTheEvaluation) {
  const TuneWeights w = CurrentWeights();
  for (Rule rule : {Rule::kFreestyle, Rule::kStandard, Rule::kRenju}) {
    int positions = 0, threats = 0;
    PlayRandomGames(rule, 20, 80, 17, [&](Board& board, Color us, const NodeThreats& node,
                                           NodeState state) {
      const TuneFeatures x = ExtractFeatures(board, us, node, state);
      const double v = Dot(w, x);
      ASSERT_EQ(std::clamp(v, -kTuneEvalClamp, kTuneEvalClamp),
                EvaluateNode(board, us, node, state))
          << RuleName(rule) << " " << FormatRenjuList(board.history(), 15);
      // The board sums alone: everything but the threat terms.
      double sums = 0;
      for (int i = 0; i < kTuneTempo; ++i) sums += w[i] * x[i];
      ASSERT_EQ(sums, Evaluate(board, us));
      // Each empty cell of each colour (fouls aside) has one class and four lines.
      double classes = 0, lines = 0;
      for (int i = 0; i < kNumPattern4; ++i) classes += x[kTuneBonus + i];
      for (int i = 0; i < kNumLinePatterns; ++i) lines += x[kTuneLine + i];
      ASSERT_EQ(lines, kNumDirs * classes);
      ++positions;
      threats += x[kTuneOwnFourThree] != 0 || x[kTuneOwnDoubleThree] != 0 ||
                 x[kTuneOppFourThree] != 0 || x[kTuneOppDoubleThree] != 0 ||
                 x[kTuneOppOpenThree] != 0;
    });
    EXPECT_GT(positions, 200) << RuleName(rule);
    EXPECT_GT(threats, 20) << RuleName(rule);  // the threat terms are exercised
  }
}

// Games as `sente match` writes them (its tags, through protocol/io/pgn.h) are read back.
TEST(TuneGames, PgnRoundTripAndQuietSamples) {
  absl::StatusOr<std::vector<Pos>> moves =
      ParseRenjuList("h8 h9 i8 g8 j8 k8 i9 i7 j10 k11 g9 h10 j9 k9 j7", 15, 15);
  ASSERT_TRUE(moves.ok());
  auto game_pgn = [&](const std::string& result) {
    PgnGame game;
    game.moves = *moves;
    game.result = result;
    game.tags = {{"Event", "sente match"}, {"Round", "1"},      {"Black", "a"},
                 {"White", "b \"quoted\""},  {"Rule", "4 renju"}, {"Size", "15x15"},
                 {"Result", result},          {"Moves", FormatRenjuList(*moves, 15)}};
    return FormatPgn(game);
  };
  std::string pgn = game_pgn("0-1") + game_pgn("1/2-1/2");

  absl::StatusOr<std::vector<TuneGame>> games = ParseGames(pgn);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].rule, Rule::kRenju);
  EXPECT_EQ((*games)[0].moves, *moves);
  EXPECT_EQ((*games)[0].black_score, 0);
  EXPECT_EQ((*games)[1].black_score, 0.5);

  std::vector<TuneSample> samples;
  ASSERT_TRUE(SampleGame((*games)[0], 4, samples).ok());
  ASSERT_FALSE(samples.empty());
  EXPECT_LT(samples.size(), moves->size() - 4);  // the threats near the end are not quiet
  for (const TuneSample& s : samples) {
    EXPECT_EQ(s.x[kTuneTempo], 1);
    EXPECT_TRUE(s.result == 0 || s.result == 1);
  }

  EXPECT_FALSE(ParseGames("[Event \"x\"]\n[Rule \"0 freestyle\"]\n[Size \"15x15\"]\n"
                          "[Result \"1-0\"]\n[Moves \"h8 z99\"]\n")
                   .ok());
  TuneGame occupied = (*games)[0];
  occupied.moves.push_back(occupied.moves.front());
  EXPECT_FALSE(SampleGame(occupied, 0, samples).ok());
}

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
