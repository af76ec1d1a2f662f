// Line patterns on a real board: what a stone on an empty cell makes on its row, and the
// twos and threes told apart by how many ways they grow.
#include <initializer_list>

#include "engine/board.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

// Black's row pattern at column x of row 7 of an empty 15x15 freestyle board with Black stones
// on the given columns of that row.
LinePattern RowPattern(std::initializer_list<int> stones, int x, Rule rule = Rule::kFreestyle) {
  Board board(15, 15, rule);
  for (int s : stones) board.Place(MakePos(s, 7), Color::kBlack);
  return board.line(MakePos(x, 7), Color::kBlack, 0);
}

TEST(LinePattern, ThreesByTheirStraightFourPoints) {
  // ..XXX.. : a straight four on either side.
  EXPECT_EQ(RowPattern({5, 6}, 7), kFlex3S);
  // |.XXX.. : a four against the edge on one side, so a single straight-four point.
  EXPECT_EQ(RowPattern({1, 2}, 3), kFlex3);
  // .XX.X. : only the gap makes a straight four.
  EXPECT_EQ(RowPattern({5, 6}, 8), kFlex3);
  // |XXX.. : no straight four at all.
  EXPECT_EQ(RowPattern({0, 1}, 2), kBlock3);
  // A white stone two cells away turns the solid three into a single-way one.
  Board board(15, 15, Rule::kFreestyle);
  for (int s : {5, 6}) board.Place(MakePos(s, 7), Color::kBlack);
  board.Place(MakePos(3, 7), Color::kWhite);
  EXPECT_EQ(board.line(MakePos(7, 7), Color::kBlack, 0), kFlex3);
}

TEST(LinePattern, TwosByTheirOpenThreePoints) {
  // Open in the middle of the row: four cells make an open three.
  EXPECT_EQ(RowPattern({7}, 8), kFlex2B);
  // |.XX.. : two cells (3 and 4) make an open three; 0 makes a three against the edge.
  EXPECT_EQ(RowPattern({1}, 2), kFlex2);
  // |XX... : no open three.
  EXPECT_EQ(RowPattern({0}, 1), kBlock2);
}

TEST(LinePattern, MergedTwosAndThreesClassifyAsBefore) {
  EXPECT_TRUE(IsFlex3(kFlex3) && IsFlex3(kFlex3S) && !IsFlex3(kBlock3) && !IsFlex3(kBlock4));
  EXPECT_TRUE(IsFlex2(kFlex2) && IsFlex2(kFlex2A) && IsFlex2(kFlex2B) && !IsFlex2(kBlock3));
  Board board(15, 15, Rule::kFreestyle);
  // Two solid threes crossing at (7,7): a double three, whichever kind each three is.
  for (int s : {5, 6}) board.Place(MakePos(s, 7), Color::kBlack);
  for (int s : {5, 6}) board.Place(MakePos(7, s), Color::kBlack);
  EXPECT_EQ(board.line(MakePos(7, 7), Color::kBlack, 0), kFlex3S);
  EXPECT_EQ(board.line(MakePos(7, 7), Color::kBlack, 1), kFlex3S);
  EXPECT_EQ(board.pattern4(MakePos(7, 7), Color::kBlack), kP4DoubleThree);
  EXPECT_EQ(CountOpenThrees(board.combo(MakePos(7, 7), Color::kBlack)), 2);
}

}  // namespace
}  // namespace sente
