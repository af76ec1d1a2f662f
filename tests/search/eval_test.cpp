// The evaluation's threat terms: what each counts in a position whose threats are known.
#include "search/eval.h"

#include "gtest/gtest.h"
#include "search/movegen.h"
#include "search/weights.h"
#include "tests/test_util.h"

namespace sente {
namespace {

struct Terms {
  int count[kNumThreatTerms];
  int value;
};

Terms TermsFor(Board& board) {
  const Color us = board.SideToMove();
  NodeThreats threats;
  ReadThreats(board, us, threats);
  const NodeState state = ClassifyNode(board, us, threats);
  Terms t;
  CountThreatTerms(board, us, threats, state, t.count);
  t.value = EvaluateNode(board, us, threats, state);
  return t;
}

// Black's open two h8-i8 can become an open three at f8, g8, j8 and k8: four three points for
// Black when Black is to move, none for White, whose one stone makes none.
TEST(Eval, ThreePointsCountForTheSideToMove) {
  Board black_to_move = testing::BoardFromMoves(Rule::kFreestyle, 15, "h8 a1 i8 a15");
  EXPECT_EQ(TermsFor(black_to_move).count[kTermOwnThreePoint], 4);
  Board white_to_move = testing::BoardFromMoves(Rule::kFreestyle, 15, "h8 a1 i8");
  EXPECT_EQ(TermsFor(white_to_move).count[kTermOwnThreePoint], 0);
}

TEST(Eval, NodeValueIsTheCellSumsPlusTheWeightedTerms) {
  for (const char* moves : {"h8 a1 i8", "h8 i9 i8 g8 j9 h9", "h8 h9 i8 i9 j10 g7 k10"}) {
    Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, moves);
    const Terms t = TermsFor(board);
    int expected = Evaluate(board, board.SideToMove());
    for (int term = 0; term < kNumThreatTerms; ++term)
      expected += kThreatTermWeight[term] * t.count[term];
    EXPECT_EQ(t.value, expected) << moves;
  }
}

}  // namespace
}  // namespace sente
