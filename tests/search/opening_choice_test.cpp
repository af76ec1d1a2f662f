// The opening rules' choices made by short searches: what each option is taken for, the time
// they keep to, and that their stones are legal.
#include "search/opening_choice.h"

#include <atomic>
#include <chrono>

#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace sente {
namespace {

constexpr auto& FromMoves = testing::BoardFromMoves;

// A real search, bounded by nodes so that its answers do not depend on the machine's load.
struct NodeProbe {
  Searcher searcher{4u << 20};
  std::atomic<bool> stop{false};
  uint64_t nodes = 10000;
  int calls = 0;
  Probe probe() {
    return [this](const Board& board, Color side, int64_t ms, int multipv) {
      ++calls;
      SearchLimits limits;
      limits.hard_ms = ms;
      limits.soft_ms = ms;
      limits.max_nodes = nodes;
      limits.multipv = multipv;
      return searcher.Think(board, side, limits, stop);
    };
  }
};

TEST(Swap2Option, BlackWinningIsTakenAsBlack) {
  // Black has an open four after White's miss: White to move loses.
  Board board = FromMoves(Rule::kFreestyle, 15, "h8 a1 h9 a15 h10 o1 h11");
  NodeProbe probe;
  Swap2Choice choice = ChooseSwap2Option(board, probe.probe(), 3000, probe.stop);
  EXPECT_EQ(choice.option, Swap2Option::kSwap);
  EXPECT_LT(choice.score, -kEvenMargin);
  EXPECT_TRUE(choice.stones.empty());
}

TEST(Swap2Option, WhiteWinningPlaysTheFourth) {
  // White has an open three of its own and Black nothing: White to move makes the open four.
  Board board = FromMoves(Rule::kFreestyle, 15, "a1 h8 a3 h9 o15 h10 o13");
  NodeProbe probe;
  Swap2Choice choice = ChooseSwap2Option(board, probe.probe(), 3000, probe.stop);
  EXPECT_EQ(choice.option, Swap2Option::kPlayFourth);
  EXPECT_GT(choice.score, kEvenMargin);
  ASSERT_EQ(choice.stones.size(), 1u);
  EXPECT_TRUE(board.IsEmpty(choice.stones[0]));
}

TEST(Swap2Option, NearEvenPlacesTwoLegalStones) {
  // One of the 26 three-stone shapes, near even by this search.
  Board board = FromMoves(Rule::kFreestyle, 15, "h8 i9 i11");
  NodeProbe probe;
  Swap2Choice choice = ChooseSwap2Option(board, probe.probe(), 3000, probe.stop);
  ASSERT_LE(std::abs(choice.score), kEvenMargin) << "not a near-even opening any more";
  EXPECT_EQ(choice.option, Swap2Option::kPlaceTwo);
  ASSERT_EQ(choice.stones.size(), 2u);
  EXPECT_NE(choice.stones[0], choice.stones[1]);
  Board after = board;
  for (Pos p : choice.stones) {
    ASSERT_TRUE(after.OnBoard(p) && after.IsEmpty(p));
    EXPECT_TRUE(IsLegalMove(after, p, after.SideToMove()));
    after.Play(p);
  }
  // The pair was chosen among several White 4th moves and several Black replies to each.
  EXPECT_GE(probe.calls, 2);
  EXPECT_LE(std::abs(choice.pair_score), kScoreWinBound);
}

TEST(Swap2Option, KeepsToItsTime) {
  Board board = FromMoves(Rule::kFreestyle, 15, "h8 h9 g11");
  NodeProbe probe;
  probe.nodes = 0;  // time alone bounds the searches
  const auto start = std::chrono::steady_clock::now();
  Swap2Choice choice = ChooseSwap2Option(board, probe.probe(), 200, probe.stop);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  EXPECT_LT(ms, testing::Sanitized() ? 1500 : 400);
  EXPECT_FALSE(choice.option == Swap2Option::kPlaceTwo && choice.stones.size() != 2);
}

}  // namespace
}  // namespace sente
