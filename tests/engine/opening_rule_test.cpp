// The opening rules' geometry: board symmetries, symmetric fifth-move offers, the central
// squares of Taraguchi, and Black's pass when only forbidden points are left.
#include "engine/opening_rule.h"

#include <set>
#include <vector>

#include "engine/coord.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using testing::BoardFromDiagram;
using testing::BoardFromMoves;

Pos At(const char* name) {
  absl::StatusOr<Pos> p = ParseRenju(name, 15, 15);
  EXPECT_TRUE(p.ok()) << name;
  return p.ok() ? *p : kNoPos;
}

TEST(OpeningRule, EightSymmetriesOfTheSquareBoardFourOfARectangle) {
  Board square(15, 15, Rule::kRenju);
  const Pos centre = MakePos(7, 7);
  for (int s = 0; s < kNumSymmetries; ++s) {
    ASSERT_TRUE(IsBoardSymmetry(square, s));
    std::set<Pos> images;
    for (Pos p : square.points()) {
      const Pos q = Transform(square, p, s);
      ASSERT_TRUE(square.OnBoard(q));
      // Distances from the centre are kept.
      EXPECT_EQ(std::max(std::abs(PosX(p) - 7), std::abs(PosY(p) - 7)),
                std::max(std::abs(PosX(q) - 7), std::abs(PosY(q) - 7)));
      images.insert(q);
    }
    EXPECT_EQ(images.size(), square.points().size()) << "symmetry " << s << " is a bijection";
    EXPECT_EQ(Transform(square, centre, s), centre);
  }
  // The eight images of one point are eight different points.
  std::set<Pos> orbit;
  for (int s = 0; s < kNumSymmetries; ++s) orbit.insert(Transform(square, MakePos(9, 8), s));
  EXPECT_EQ(orbit.size(), 8u);
  // The quarter turns undo each other; the rest undo themselves.
  const Pos p = MakePos(3, 12);
  EXPECT_EQ(Transform(square, Transform(square, p, 5), 6), p);
  for (int s : {0, 1, 2, 3, 4, 7}) EXPECT_EQ(Transform(square, Transform(square, p, s), s), p);

  Board wide(15, 11, Rule::kFreestyle);
  for (int s = 0; s < kNumSymmetries; ++s) EXPECT_EQ(IsBoardSymmetry(wide, s), s < 4) << s;
  EXPECT_EQ(Transform(wide, MakePos(0, 0), 3), MakePos(14, 10));
}

TEST(OpeningRule, SymmetriesOfThePosition) {
  EXPECT_EQ(PositionSymmetries(BoardFromMoves(Rule::kRenju, 15, "h8")).size(), 8u);
  // Direct opening: the mirror through the line of its two stones. Indirect: the diagonal's.
  for (const char* moves : {"h8 h7", "h8 i7"}) {
    const Board board = BoardFromMoves(Rule::kRenju, 15, moves);
    const std::vector<int> symmetries = PositionSymmetries(board);
    ASSERT_EQ(symmetries.size(), 2u) << moves;
    EXPECT_EQ(symmetries[0], 0);
    EXPECT_EQ(Transform(board, board.history()[1], symmetries[1]), board.history()[1]);
  }
  // Kansei (h8 h9 h10) keeps its mirror; a fourth stone off its line breaks it.
  EXPECT_EQ(PositionSymmetries(BoardFromMoves(Rule::kRenju, 15, "h8 h9 h10")).size(), 2u);
  EXPECT_EQ(PositionSymmetries(BoardFromMoves(Rule::kRenju, 15, "h8 h9 h10 i10")).size(), 1u);
  // Colours count: three stones on one row keep the mirror across it, but not the one that
  // would swap a black stone for a white one.
  EXPECT_EQ(PositionSymmetries(BoardFromMoves(Rule::kRenju, 15, "h8 g8 i8")).size(), 2u);
}

TEST(OpeningRule, SymmetricOffersAreOneMove) {
  Board centre = BoardFromMoves(Rule::kRenju, 15, "h8 h9 h10 i10");  // no symmetry left
  EXPECT_FALSE(SameUpToSymmetry(centre, At("g10"), At("j10")));
  Board kansei = BoardFromMoves(Rule::kRenju, 15, "h8 h9 h10 h11");  // mirror g <-> i
  EXPECT_TRUE(SameUpToSymmetry(kansei, At("g10"), At("i10")));
  EXPECT_TRUE(SameUpToSymmetry(kansei, At("g10"), At("g10")));
  EXPECT_FALSE(SameUpToSymmetry(kansei, At("g10"), At("j11")));

  EXPECT_TRUE(CheckFifthMoveOffers(kansei, {At("g10"), At("j11")}, 2).ok());
  EXPECT_FALSE(CheckFifthMoveOffers(kansei, {At("g10"), At("i10")}, 2).ok());  // symmetric
  EXPECT_FALSE(CheckFifthMoveOffers(kansei, {At("g10")}, 2).ok());             // too few
  EXPECT_FALSE(CheckFifthMoveOffers(kansei, {At("g10"), At("h9")}, 2).ok());   // taken
  EXPECT_FALSE(CheckFifthMoveOffers(kansei, {At("g10"), At("g10")}, 2).ok());  // twice
  EXPECT_FALSE(CheckFifthMoveOffers(kansei, {At("g10"), kNoPos}, 2).ok());     // off the board
  // A foul is no offer: g9 makes two open threes for Black here.
  Board foul(15, 15, Rule::kRenju);
  for (const char* black : {"h9", "i9", "g8", "g7"}) foul.Place(At(black), Color::kBlack);
  for (const char* white : {"a1", "o1", "a15", "o15"}) foul.Place(At(white), Color::kWhite);
  const Pos double_three = At("g9");
  ASSERT_FALSE(IsLegalMove(foul, double_three, Color::kBlack));
  absl::Status status = CheckFifthMoveOffers(foul, {double_three}, 1);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("forbidden"), std::string::npos) << status;
}

TEST(OpeningRule, TaraguchiCentralSquares) {
  const Board board(15, 15, Rule::kRenju);
  EXPECT_EQ(TaraguchiSquare(1), 1);
  EXPECT_EQ(TaraguchiSquare(5), 9);
  EXPECT_TRUE(InCentralSquare(board, At("h8"), 1));
  EXPECT_FALSE(InCentralSquare(board, At("i9"), 1));
  EXPECT_TRUE(InCentralSquare(board, At("i9"), 3));
  EXPECT_TRUE(InCentralSquare(board, At("j6"), 5));
  EXPECT_FALSE(InCentralSquare(board, At("k8"), 5));
  EXPECT_TRUE(InCentralSquare(board, At("e11"), 7));
  EXPECT_FALSE(InCentralSquare(board, At("d8"), 7));
  EXPECT_TRUE(InCentralSquare(board, At("d12"), 9));
  EXPECT_FALSE(InCentralSquare(board, At("c8"), 9));
  int in_nine = 0;
  for (Pos p : board.points()) in_nine += InCentralSquare(board, p, 9);
  EXPECT_EQ(in_nine, 81);
}

TEST(OpeningRule, BlackPassesWhenOnlyForbiddenPointsAreLeft) {
  // Black to move (17 stones to White's 18); its only empty point makes an overline.
  const std::vector<std::string> rows = {"XXX.XX", "XOOOOX", "OXOXOX",
                                         "XOXOXO", "OXOXOX", "OOOXOO"};
  Board renju = BoardFromDiagram(Rule::kRenju, rows);
  ASSERT_EQ(renju.SideToMove(), Color::kBlack);
  EXPECT_TRUE(BlackMustPass(renju));
  // Not under another rule, nor with a legal point left.
  Board freestyle = BoardFromDiagram(Rule::kFreestyle, rows);
  EXPECT_FALSE(BlackMustPass(freestyle));
  Board open = BoardFromMoves(Rule::kRenju, 15, "h8 h9");
  EXPECT_FALSE(BlackMustPass(open));
  // White to move is never asked to pass.
  Board white =
      BoardFromDiagram(Rule::kRenju, {"XXX.XX", "XOOOOX", "OXOXOX", "XOXOXO", "OXOXOX", "OOXXOO"});
  ASSERT_EQ(white.SideToMove(), Color::kWhite);
  EXPECT_FALSE(BlackMustPass(white));
}

TEST(OpeningRule, RuleNames) {
  for (const char* name : {"taraguchi10", "TARAGUCHI1", "soosorv8", "soosorv16", "pro", "swap2"}) {
    absl::StatusOr<OpeningRule> rule = ParseOpeningRule(name);
    ASSERT_TRUE(rule.ok()) << name << ": " << rule.status();
    EXPECT_EQ(ParseOpeningRule(OpeningRuleName(*rule))->offers, rule->offers);
  }
  EXPECT_EQ(ParseOpeningRule("soosorv8")->kind, OpeningRuleKind::kSoosorv);
  EXPECT_EQ(ParseOpeningRule("taraguchi10")->offers, 10);
  for (const char* bad : {"", "taraguchi", "taraguchi0", "soosorv17", "soosorv+8", "soosorv8x",
                          "swap3", "pro1", "rif"})
    EXPECT_FALSE(ParseOpeningRule(bad).ok()) << bad;
}

TEST(OpeningRule, EachStageTakesItsStonesAndCount) {
  const OpeningRule taraguchi = *ParseOpeningRule("taraguchi10");
  const OpeningRule soosorv = *ParseOpeningRule("soosorv8");
  const OpeningRule pro = *ParseOpeningRule("pro");
  using S = OpeningStage;
  for (int n = 0; n <= 6; ++n) {
    EXPECT_EQ(CheckOpeningStage(taraguchi, S::kMove, n, 0).ok(), n <= 4) << n;
    EXPECT_EQ(CheckOpeningStage(taraguchi, S::kSwap, n, 0).ok(), n >= 1 && n <= 5) << n;
    EXPECT_EQ(CheckOpeningStage(soosorv, S::kMove, n, 0).ok(), n == 0 || n == 3) << n;
    EXPECT_EQ(CheckOpeningStage(pro, S::kMove, n, 0).ok(), n == 0 || n == 3 || n == 5) << n;
    EXPECT_EQ(CheckOpeningStage(taraguchi, S::kOffer, n, 10).ok(), n == 4) << n;
  }
  EXPECT_TRUE(CheckOpeningStage(soosorv, S::kSwap, 3, 0).ok());
  EXPECT_FALSE(CheckOpeningStage(soosorv, S::kSwap, 4, 0).ok());  // the declared count
  EXPECT_TRUE(CheckOpeningStage(soosorv, S::kSwap, 4, 8).ok());
  EXPECT_FALSE(CheckOpeningStage(soosorv, S::kSwap, 4, 9).ok());
  EXPECT_FALSE(CheckOpeningStage(taraguchi, S::kOffer, 4, 9).ok());  // exactly ten
  EXPECT_TRUE(CheckOpeningStage(soosorv, S::kChoose, 4, 1).ok());
  EXPECT_FALSE(CheckOpeningStage(pro, S::kSwap, 3, 0).ok());
  EXPECT_FALSE(CheckOpeningStage(pro, S::kOffer, 4, 2).ok());
}

TEST(OpeningRule, OpeningStonesStayInTheirSquares) {
  const OpeningRule taraguchi = *ParseOpeningRule("taraguchi10");
  const OpeningRule soosorv = *ParseOpeningRule("soosorv8");
  Board board(15, 15, Rule::kRenju);
  auto check = [&](const OpeningRule& rule, const char* moves) {
    absl::StatusOr<std::vector<Pos>> list = ParseRenjuList(moves, 15, 15);
    EXPECT_TRUE(list.ok()) << moves;
    return CheckOpeningStones(board, rule, *list).ok();
  };
  // Stone n within the central (2n-1)x(2n-1) square: h8, then 3x3, 5x5, 7x7, 9x9.
  EXPECT_TRUE(check(taraguchi, "h8 i9 j10 e5 l4"));
  EXPECT_TRUE(check(taraguchi, "h8 g7 f6 k11 d12 a1"));  // the 6th goes anywhere
  EXPECT_FALSE(check(taraguchi, "i8"));
  EXPECT_FALSE(check(taraguchi, "h8 j10"));
  EXPECT_FALSE(check(taraguchi, "h8 i9 k11"));
  EXPECT_FALSE(check(taraguchi, "h8 i9 j10 d4"));
  EXPECT_FALSE(check(taraguchi, "h8 i9 j10 e5 c3"));
  // Soosorv and pro: one of the 26 openings, then anywhere.
  EXPECT_TRUE(check(soosorv, "h8 h9 j10 a1 o15"));
  EXPECT_FALSE(check(soosorv, "h8 h10 j10"));
  EXPECT_FALSE(check(soosorv, "h8 h9 k10"));
}

}  // namespace
}  // namespace sente
