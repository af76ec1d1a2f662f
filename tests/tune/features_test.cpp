// The tuner's features: the current weights dotted with them give the evaluation.
#include "protocol/tune/features.h"

#include <algorithm>
#include <random>
#include <vector>

#include "engine/board.h"
#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/tune/fit.h"
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
      if (rng() % 2)
        pick = static_cast<int>(std::max_element(moves.begin(), moves.begin() + n,
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
    PlayRandomGames(rule, 20, 80, 17,
                    [&](Board& board, Color us, const NodeThreats& node, NodeState state) {
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

}  // namespace
}  // namespace sente
