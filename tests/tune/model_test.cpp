// The tuner's model: the engine's parameters dotted with a position's sample give the
// evaluation, with one term per used code and threat.
#include "protocol/tune/model.h"

#include <algorithm>
#include <set>

#include "engine/board.h"
#include "gtest/gtest.h"
#include "protocol/tune/fit.h"
#include "search/eval.h"
#include "search/movegen.h"
#include "tests/tune/random_games.h"

namespace sente {
namespace {

TEST(TuneModel, CurrentParamsDottedWithSamplesGiveTheEvaluation) {
  const TuneParams params = CurrentParams();
  for (Rule rule : {Rule::kFreestyle, Rule::kStandard, Rule::kRenju}) {
    int positions = 0, threats = 0;
    PlayRandomGames(
        rule, 20, 80, 17, [&](Board& board, Color us, const NodeThreats& node, NodeState state) {
          const TuneSample s = ExtractSample(board, us, node, state, 1);
          ASSERT_EQ(std::clamp(Dot(params, s), -kTuneEvalClamp, kTuneEvalClamp),
                    EvaluateNode(board, us, node, state))
              << RuleName(rule) << " " << FormatRenjuList(board.history(), 15);
          // The codes alone: the board's sums.
          double sums = 0;
          std::set<int> seen;
          int edges = 0;
          for (const auto& [param, count] : s.terms) {
            if (param >= kRenjuBlackEdgeParam) {  // fit only: worth 0 in the engine
              ++edges;
              EXPECT_EQ(param, rule == Rule::kRenju ? kRenjuBlackEdgeParam : kOtherBlackEdgeParam);
              EXPECT_EQ(count, us == Color::kBlack ? 1 : -1);
              EXPECT_EQ(params[param], 0);
            }
            ASSERT_TRUE(seen.insert(param).second) << "one term per parameter";
            ASSERT_NE(count, 0);
            ASSERT_FALSE(IsFixedParam(param));
            if (param >= kNumCodeParams) continue;
            sums += params[param] * count;
            ASSERT_EQ(param / kNumPatternCodes == kValueGeneral, rule != Rule::kRenju);
          }
          ASSERT_EQ(sums, Evaluate(board, us));
          ASSERT_EQ(edges, 1);
          ++positions;
          for (const auto& [param, count] : s.terms)
            threats += (param > ThreatParam(kTermOwnThreePoint) && param < kRenjuBlackEdgeParam) ||
                       param == ThreatParam(kTermOwnFourThree) ||
                       param == ThreatParam(kTermOwnDoubleThree);
        });
    EXPECT_GT(positions, 200) << RuleName(rule);
    EXPECT_GT(threats, 20) << RuleName(rule);  // the threat terms are exercised
  }
}

TEST(TuneModel, ParamNamesAndFixedParams) {
  EXPECT_EQ(ParamName(ThreatParam(kTermTempo)), "kEvalTempo");
  EXPECT_EQ(ParamName(kRenjuBlackEdgeParam), "renju Black's edge");
  EXPECT_FALSE(IsFixedParam(kOtherBlackEdgeParam));
  EXPECT_LT(ParamMin(kOtherBlackEdgeParam), 0);
  EXPECT_EQ(ParamMin(0), 0);
  EXPECT_EQ(ParamName(0), "general dead-dead-dead-dead");
  EXPECT_EQ(ParamName(kValueRenjuWhite * kNumPatternCodes + kNumPatternCodes - 1),
            "renju-white five-five-five-five");
  EXPECT_TRUE(IsFixedParam(0));
  // Renju Black's overline and double-four codes are fixed at 0; White's are not.
  const int overline = PatternCode(kOverline);  // one overline line, three dead ones
  EXPECT_TRUE(IsFixedParam(kValueRenjuBlack * kNumPatternCodes + overline));
  EXPECT_FALSE(IsFixedParam(kValueRenjuWhite * kNumPatternCodes + overline));
  EXPECT_FALSE(IsFixedParam(kValueGeneral * kNumPatternCodes + overline));
}

}  // namespace
}  // namespace sente
