#include "search/timeman.h"

#include <gtest/gtest.h>

namespace sente {
namespace {

TimeControl Control(int64_t turn, int64_t left = kNoTimeLimit) {
  TimeControl control;
  control.turn_ms = turn;
  control.match_left_ms = left;
  return control;
}

TEST(TimeMan, ZeroTurnTimeAnswersAtOnce) {
  TimeBudget budget = PlanMove(Control(0), 10, 200);
  EXPECT_EQ(budget.hard_ms, 1);
  EXPECT_EQ(budget.soft_ms, 1);
}

TEST(TimeMan, StaysInsideTheTurnLimitWithAMargin) {
  for (int64_t turn : {1, 10, 50, 100, 1000, 5000, 30000, 300000}) {
    TimeBudget budget = PlanMove(Control(turn), 20, 205);
    EXPECT_GE(budget.soft_ms, 1) << turn;
    EXPECT_LE(budget.soft_ms, budget.hard_ms) << turn;
    EXPECT_LE(budget.hard_ms, std::max<int64_t>(1, turn - 30)) << turn;
    if (turn >= 1000) {
      EXPECT_GE(budget.hard_ms, turn * 3 / 4) << turn;
    }
  }
}

TEST(TimeMan, SharesTheMatchClockOverTheGame) {
  // Gomocup's fast league: 5 s a move, 120 s a game.
  TimeBudget early = PlanMove(Control(5000, 120000), 0, 225);
  EXPECT_LE(early.hard_ms, 4750);
  EXPECT_GE(early.soft_ms, 1000);
  // Little match time left: far below the turn limit, and never more than a quarter of it.
  TimeBudget late = PlanMove(Control(5000, 2000), 60, 165);
  EXPECT_LE(late.hard_ms, 2000 / 4);
  EXPECT_GE(late.hard_ms, 1);
  // Top league 300 s / 1000 s: the match clock decides.
  TimeBudget top = PlanMove(Control(300000, 1000000), 10, 215);
  EXPECT_LE(top.hard_ms, 1000000 / 4);
  EXPECT_LT(top.soft_ms, 300000);
}

TEST(TimeMan, NeverRunsTheClockOutOverAWholeGame) {
  // Spend the full hard limit and then some on every move until the board is full: the clock
  // must never reach zero.
  for (int64_t match : {2000, 10000, 120000, 180000, 1000000}) {
    int64_t left = match;
    for (int stones = 0; stones < 225; stones += 2) {
      TimeBudget budget = PlanMove(Control(30000, left), stones, 225 - stones);
      left -= budget.hard_ms + 2;
      ASSERT_GT(left, 0) << "match " << match << " stones " << stones;
    }
  }
}

TEST(TimeMan, ATurnLimitAloneIsSpentInFull) {
  // Time left of a turn is lost: think until the hard limit, with no early stop.
  TimeBudget turn_only = PlanMove(Control(300), 20, 205);
  EXPECT_EQ(turn_only.soft_ms, turn_only.hard_ms);
  EXPECT_FALSE(turn_only.save_time);
  // A clock that gives more than the turn per move still leaves the turn limit in charge.
  TimeBudget generous = PlanMove(Control(1000, 60000), 4, 221);
  EXPECT_EQ(generous.soft_ms, generous.hard_ms);
  EXPECT_FALSE(generous.save_time);
  // A clock that binds keeps time for later moves.
  TimeBudget tight = PlanMove(Control(5000, 60000), 4, 221);
  EXPECT_LT(tight.soft_ms, tight.hard_ms);
  EXPECT_TRUE(tight.save_time);
}

TEST(TimeMan, NegativeTimeLeftStillAnswers) {
  TimeBudget budget = PlanMove(Control(5000, -300), 30, 195);
  EXPECT_EQ(budget.hard_ms, 1);
  EXPECT_EQ(budget.soft_ms, 1);
}

TEST(TimeMan, NoClockMeansNoTimeLimit) {
  TimeBudget budget = PlanMove(Control(kNoTimeLimit), 0, 225);
  EXPECT_EQ(budget.hard_ms, 0);
  EXPECT_EQ(budget.soft_ms, 0);
}

TEST(TimeMan, ExpectsFewerMovesAsTheGameGoesOn) {
  EXPECT_GE(ExpectedMovesLeft(0, 225), ExpectedMovesLeft(60, 165));
  EXPECT_GE(ExpectedMovesLeft(60, 165), 1);
  EXPECT_EQ(ExpectedMovesLeft(224, 1), 1);
}

}  // namespace
}  // namespace sente
