// Sente against itself through the protocol, two processes, for every rule and both Gomocup
// board sizes; the rules core referees every move.
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/forbidden.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/gomocup/manager.h"

namespace sente {
namespace {

using testing::IsMove;
using testing::ManagedEngine;

class GomocupSelfPlay : public ::testing::TestWithParam<std::tuple<int, int>> {};

bool AllEmptyForbidden(Board& board) {
  for (Pos p : board.points()) {
    if (board.IsEmpty(p) && !IsForbidden(board, p)) return false;
  }
  return true;
}

TEST_P(GomocupSelfPlay, FullGameWithLegalMovesOnly) {
  const auto [rule_code, size] = GetParam();
  absl::StatusOr<Rule> rule = RuleFromCode(rule_code);
  ASSERT_TRUE(rule.ok());
  ManagedEngine first("\r\n"), second("\n");
  ASSERT_TRUE(first.ok() && second.ok());
  for (ManagedEngine* e : {&first, &second}) {
    ASSERT_EQ(e->Ask(absl::StrCat("START ", size)), "OK");
    e->Send(absl::StrCat("INFO rule ", rule_code));
    e->Send("INFO timeout_turn 60");
    e->Send("INFO max_memory 83886080");
    e->Send("INFO show_detail 0");
  }
  Board board(size, size, *rule);
  std::string command = "BEGIN";
  ManagedEngine* mover = &first;
  bool finished = false;
  while (!finished) {
    std::string answer = mover->Ask(command);
    SCOPED_TRACE(absl::StrCat("ply ", board.stone_count() + 1, " answer '", answer, "'"));
    ASSERT_TRUE(IsMove(answer));
    absl::StatusOr<Pos> p = ParseGomocup(answer, size, size);
    ASSERT_TRUE(p.ok()) << p.status();
    Color side = board.SideToMove();
    MoveVerdict verdict = JudgeMove(board, *p, side);
    ASSERT_NE(verdict, MoveVerdict::kIllegal);
    if (verdict == MoveVerdict::kForbidden) {
      ASSERT_TRUE(AllEmptyForbidden(board)) << "forbidden move while a legal one exists";
      finished = true;
    }
    board.Place(*p, side);
    if (verdict == MoveVerdict::kWin || IsDrawn(board) || board.IsFull()) finished = true;
    command = "TURN " + answer;
    mover = mover == &first ? &second : &first;
  }
  EXPECT_GE(board.stone_count(), 9);  // no five comes sooner
  for (ManagedEngine* e : {&first, &second}) {
    e->Send("END");
    EXPECT_TRUE(e->process().Wait(3000).has_value());
  }
}

INSTANTIATE_TEST_SUITE_P(RulesAndSizes, GomocupSelfPlay,
                         ::testing::Combine(::testing::Values(0, 1, 4, 8),
                                            ::testing::Values(15, 20)),
                         [](const auto& test) {
                           return absl::StrCat("rule", std::get<0>(test.param), "_size",
                                               std::get<1>(test.param));
                         });

}  // namespace
}  // namespace sente
