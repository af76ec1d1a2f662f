// The opening rules' choices made by short searches: what each option is taken for, the time
// they keep to, and that their stones are legal.
#include "search/opening_choice.h"

#include <atomic>
#include <chrono>

#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "search/fifth_moves.h"
#include "tests/test_util.h"

namespace sente {
namespace {

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
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, "h8 a1 h9 a15 h10 o1 h11");
  NodeProbe probe;
  Swap2Choice choice = ChooseSwap2Option(board, probe.probe(), 3000, probe.stop);
  EXPECT_EQ(choice.option, Swap2Option::kSwap);
  EXPECT_LT(choice.score, -kEvenMargin);
  EXPECT_TRUE(choice.stones.empty());
}

TEST(Swap2Option, WhiteWinningPlaysTheFourth) {
  // White has an open three of its own and Black nothing: White to move makes the open four.
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, "a1 h8 a3 h9 o15 h10 o13");
  NodeProbe probe;
  Swap2Choice choice = ChooseSwap2Option(board, probe.probe(), 3000, probe.stop);
  EXPECT_EQ(choice.option, Swap2Option::kPlayFourth);
  EXPECT_GT(choice.score, kEvenMargin);
  ASSERT_EQ(choice.stones.size(), 1u);
  EXPECT_TRUE(board.IsEmpty(choice.stones[0]));
}

TEST(Swap2Option, NearEvenPlacesTwoLegalStones) {
  // A three-stone shape near even by this search: White's stone caps Black's split two.
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, "h8 h7 h10");
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
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, "h8 h9 g11");
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

Pos At(const char* name) { return *ParseRenju(name, 15, 15); }

TEST(PlaceNearEven, OnePointOfEachSymmetricSetWithinTheArea) {
  // h8 and i9: the diagonal mirror through them keeps the position; h9 and i8 are twins.
  Board board = testing::BoardFromMoves(Rule::kRenju, 15, "h8 i9");
  NodeProbe probe;
  probe.nodes = 2000;
  auto area = [&](Pos p) { return InCentralSquare(board, p, 5); };
  PlacementChoice choice =
      PlaceNearEven(board, Color::kBlack, area, probe.probe(), 3000, probe.stop);
  ASSERT_NE(choice.move, kNoPos);
  EXPECT_TRUE(area(choice.move) && board.IsEmpty(choice.move));
  EXPECT_EQ(choice.tried.size(), static_cast<size_t>(kMaxPlacements));
  for (size_t i = 0; i < choice.tried.size(); ++i) {
    EXPECT_TRUE(area(choice.tried[i].move));
    EXPECT_LE(std::abs(choice.score), std::abs(choice.tried[i].score));
    for (size_t j = 0; j < i; ++j)
      EXPECT_FALSE(SameUpToSymmetry(board, choice.tried[i].move, choice.tried[j].move));
  }
  // A one-point area: the centre.
  Board empty(15, 15, Rule::kRenju);
  PlacementChoice first = PlaceNearEven(
      empty, Color::kBlack, [&](Pos p) { return InCentralSquare(empty, p, 1); }, probe.probe(),
      1000, probe.stop);
  EXPECT_EQ(first.move, At("h8"));
}

// White has an open three h8-h10; Black, to move, must block it at h7 or h11.
constexpr const char* kWhiteThree = "a15 h8 o15 h9 o1 h10";

TEST(FifthMoves, RankedByWhitesBestReplyWithProvenLossesLast) {
  Board board = testing::BoardFromMoves(Rule::kRenju, 15, kWhiteThree);
  NodeProbe probe;
  probe.nodes = 3000;
  const std::vector<RatedMove> ranked = RankFifthMoves(board, 5, probe.probe(), 5000, probe.stop);
  ASSERT_EQ(ranked.size(), 5u);
  EXPECT_TRUE(ranked[0].move == At("h7") || ranked[0].move == At("h11"));
  EXPECT_FALSE(IsLossScore(ranked[0].score));
  EXPECT_TRUE(IsLossScore(ranked.back().score)) << "an unblocked three loses, proven";
  std::vector<Pos> moves;
  for (size_t i = 0; i < ranked.size(); ++i) {
    moves.push_back(ranked[i].move);
    if (i > 0) {
      EXPECT_GE(ranked[i - 1].score, ranked[i].score);
    }
  }
  EXPECT_TRUE(CheckFifthMoveOffers(board, moves, 5).ok());
}

TEST(FifthMoves, WhiteTakesTheOfferThatLeavesItsThreeOpen) {
  Board board = testing::BoardFromMoves(Rule::kRenju, 15, kWhiteThree);
  NodeProbe probe;
  probe.nodes = 3000;
  const std::vector<Pos> offers = {At("h11"), At("b2")};
  OfferChoice choice = ChooseOffer(board, offers, probe.probe(), 3000, probe.stop);
  EXPECT_EQ(choice.fifth, At("b2"));
  EXPECT_TRUE(choice.sixth == At("h7") || choice.sixth == At("h11")) << choice.sixth;
  EXPECT_TRUE(IsWinScore(choice.score));
  ASSERT_EQ(choice.offers.size(), 2u);
  EXPECT_FALSE(IsWinScore(choice.offers[0].score));
}

TEST(FifthMoves, DeclaredCountAndTaraguchiChoiceAreWellFormed) {
  Board three = testing::BoardFromMoves(Rule::kRenju, 15, "h8 h9 j10");
  NodeProbe probe;
  probe.nodes = 1500;
  DeclareChoice declare = ChooseFourthAndCount(three, 8, probe.probe(), 5000, probe.stop);
  ASSERT_NE(declare.fourth, kNoPos);
  EXPECT_TRUE(three.IsEmpty(declare.fourth));
  EXPECT_GE(declare.count, 1);
  EXPECT_LE(declare.count, 8);
  Board four = testing::BoardFromMoves(Rule::kRenju, 15, "h8 g7 j10 e5");
  TaraguchiFifth fifth = ChooseTaraguchiFifth(four, 10, probe.probe(), 5000, probe.stop);
  if (fifth.offer) {
    EXPECT_GT(fifth.offer_score, -std::abs(fifth.place_score));
    EXPECT_TRUE(CheckFifthMoveOffers(four, fifth.moves, 10).ok());
  } else {
    ASSERT_EQ(fifth.moves.size(), 1u);
    EXPECT_TRUE(InCentralSquare(four, fifth.moves[0], 9));
  }
}

}  // namespace
}  // namespace sente
