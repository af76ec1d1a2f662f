// Black's pass under renju (engine/RULES.md decision 8): answered and accepted as "-1,-1" only
// once the manager has sent INFO accept_pass 1, and only when every empty point is forbidden.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/gomocup/session.h"
#include "tests/gomocup/harness.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using testing::Harness;
using testing::IsMove;

// 7x7, 23 stones each, Black to move: each of the three empty points (2,1), (5,1) and (4,4) is
// forbidden for Black, and White has no five to make.
const std::vector<std::string> kNoLegalPoint = {"XXXOOOX", "OO.OX.O", "XOXOXOO", "OOXXOOO",
                                                "XXXX.XX", "OXXXOXX", "OXOOOXO"};

Board Position() { return testing::BoardFromDiagram(Rule::kRenju, kNoLegalPoint); }

// A BOARD-style block of the position's stones in a game-like order, Black's first, with
// `mine` as field 1; `skip` is left out.
std::string Block(const std::string& command, const Board& board, Color mine, Pos skip = kNoPos) {
  std::vector<Pos> black, white;
  for (Pos p : board.points()) {
    if (p == skip || board.IsEmpty(p)) continue;
    (board.At(p) == Color::kBlack ? black : white).push_back(p);
  }
  std::string text = command;
  for (size_t i = 0; i < black.size() || i < white.size(); ++i) {
    for (const std::vector<Pos>* side : {&black, &white}) {
      if (i >= side->size()) continue;
      const bool own = (side == &black) == (mine == Color::kBlack);
      absl::StrAppend(&text, "\n", FormatGomocup((*side)[i]), ",", own ? 1 : 2);
    }
  }
  return text + "\nDONE";
}

void StartRenju(Harness& h, bool accept_pass) {
  ASSERT_EQ(h.One("START 7"), "OK");
  h.Send(
      absl::StrCat("INFO rule 4\nINFO timeout_turn 100\nINFO accept_pass ", accept_pass ? 1 : 0));
}

TEST(GomocupPass, PositionHasNoLegalPointForBlack) {
  Board board = Position();
  ASSERT_EQ(board.SideToMove(), Color::kBlack);
  EXPECT_TRUE(BlackMustPass(board));
  for (Pos p : board.points()) {
    if (board.IsEmpty(p)) {
      EXPECT_FALSE(board.MakesFive(p, Color::kWhite));
    }
  }
}

TEST(GomocupPass, BlackPassesOnlyWhenTheManagerAcceptsIt) {
  Harness on;
  StartRenju(on, true);
  EXPECT_EQ(on.One(Block("BOARD", Position(), Color::kBlack)), kPassAnswer);
  EXPECT_EQ(on.board().stone_count(), 46);
  EXPECT_EQ(on.player().ToMove(), Color::kWhite);
  // Without the key, decision 3: an empty (forbidden) point, never a pass.
  Harness off;
  StartRenju(off, false);
  const std::string answer = off.One(Block("BOARD", Position(), Color::kBlack));
  ASSERT_TRUE(IsMove(answer)) << answer;
  EXPECT_TRUE(Position().IsEmpty(*ParseGomocup(answer, 7, 7)));
}

TEST(GomocupPass, BlackPlaysOnAfterItsPassWhileAnyPointIsLegal) {
  Harness h;
  StartRenju(h, true);
  ASSERT_EQ(h.One(Block("BOARD", Position(), Color::kBlack)), kPassAnswer);
  Board referee = Position();
  // White plays one of the three points; Black passes again only if both others are forbidden.
  const Pos white = MakePos(4, 4);
  referee.Place(white, Color::kWhite);
  const bool must_pass = BlackMustPass(referee);
  const std::string answer = h.One(absl::StrCat("TURN ", FormatGomocup(white)));
  if (must_pass) {
    EXPECT_EQ(answer, kPassAnswer);
  } else {
    ASSERT_TRUE(IsMove(answer)) << answer;
    const Pos p = *ParseGomocup(answer, 7, 7);
    EXPECT_TRUE(referee.IsEmpty(p) && IsLegalMove(referee, p, Color::kBlack));
    EXPECT_EQ(h.board().At(p), Color::kBlack);
  }
}

TEST(GomocupPass, WhiteAcceptsBlacksPassAndPlaysOn) {
  Board position = Position();
  const Pos last_white = MakePos(3, 0);
  ASSERT_EQ(position.At(last_white), Color::kWhite);
  Harness h;
  StartRenju(h, true);
  // The position one White stone short, then that stone as White's own move: Black to move.
  h.Send(Block("YXBOARD", position, Color::kWhite, last_white));
  ASSERT_EQ(h.One(absl::StrCat("PLAY ", FormatGomocup(last_white))), FormatGomocup(last_white));
  ASSERT_EQ(h.player().ToMove(), Color::kBlack);
  const std::string answer = h.One("TURN -1,-1");
  ASSERT_TRUE(IsMove(answer)) << answer;
  EXPECT_TRUE(position.IsEmpty(*ParseGomocup(answer, 7, 7)));
  EXPECT_EQ(h.board().At(*ParseGomocup(answer, 7, 7)), Color::kWhite);
  EXPECT_EQ(h.player().ToMove(), Color::kBlack);
  // The fallback: the same position by BOARD, Black's stone first, White to move after a pass.
  Harness board;
  StartRenju(board, true);
  const std::string by_board = board.One(Block("BOARD", position, Color::kWhite));
  ASSERT_TRUE(IsMove(by_board)) << by_board;
  EXPECT_EQ(board.board().At(*ParseGomocup(by_board, 7, 7)), Color::kWhite);
}

TEST(GomocupPass, APassIsRefusedWhereTheRulesDoNotAllowIt) {
  Harness off;
  StartRenju(off, false);
  Board position = Position();
  const Pos last_white = MakePos(3, 0);
  off.Send(Block("YXBOARD", position, Color::kWhite, last_white));
  off.One(absl::StrCat("PLAY ", FormatGomocup(last_white)));
  EXPECT_EQ(off.One("TURN -1,-1").rfind("ERROR", 0), 0u);  // passes are off
  Harness on;
  StartRenju(on, true);
  EXPECT_EQ(on.One("TURN -1,-1").rfind("ERROR", 0), 0u);  // Black has legal points
  EXPECT_TRUE(IsMove(on.One("TURN 3,3")));
  EXPECT_EQ(on.One("TURN -1,-1").rfind("ERROR", 0), 0u);
  EXPECT_EQ(on.board().stone_count(), 2);
  Harness freestyle;
  ASSERT_EQ(freestyle.One("START 7"), "OK");
  freestyle.Send("INFO accept_pass 1");
  EXPECT_EQ(freestyle.One("TURN -1,-1").rfind("ERROR", 0), 0u);  // renju only
}

}  // namespace
}  // namespace sente
