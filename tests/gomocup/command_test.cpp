#include "protocol/gomocup/command.h"

#include <gtest/gtest.h>

namespace sente {
namespace {

TEST(GomocupCommand, WordsInAnyCaseWithBlanks) {
  EXPECT_EQ(ParseCommand("START 15").kind, CommandKind::kStart);
  EXPECT_EQ(ParseCommand("start 15").kind, CommandKind::kStart);
  EXPECT_EQ(ParseCommand("  tUrN   7,7  \r").kind, CommandKind::kTurn);
  EXPECT_EQ(ParseCommand("  tUrN   7,7  \r").args, "7,7");
  EXPECT_EQ(ParseCommand("\tINFO\ttimeout_turn 100").args, "timeout_turn 100");
  EXPECT_EQ(ParseCommand("yxstop").kind, CommandKind::kStop);
  EXPECT_EQ(ParseCommand("STOP").kind, CommandKind::kStop);
  EXPECT_EQ(ParseCommand("RectStart 20,10").kind, CommandKind::kRectStart);
  EXPECT_EQ(ParseCommand("swap2board").kind, CommandKind::kSwap2Board);
  EXPECT_EQ(ParseCommand("YXSHOWFORBID").kind, CommandKind::kYxShowForbid);
  EXPECT_EQ(ParseCommand("yxnbest 3").kind, CommandKind::kYxNBest);
  EXPECT_EQ(ParseCommand("YXHASHCLEAR").kind, CommandKind::kYxHashClear);
  EXPECT_EQ(ParseCommand("YXSHOWINFO").kind, CommandKind::kYxShowInfo);
  EXPECT_EQ(ParseCommand("YXBOARD").kind, CommandKind::kYxBoard);
  EXPECT_EQ(ParseCommand("done").kind, CommandKind::kDone);
  EXPECT_EQ(ParseCommand("").kind, CommandKind::kEmpty);
  EXPECT_EQ(ParseCommand(" \r").kind, CommandKind::kEmpty);
  EXPECT_EQ(ParseCommand("STARTX 15").kind, CommandKind::kUnknown);
  EXPECT_EQ(ParseCommand("7,7,1").kind, CommandKind::kUnknown);
}

TEST(GomocupCommand, InterruptsAreStopAndEnd) {
  EXPECT_EQ(ClassifyInterrupt("END"), Interrupt::kQuit);
  EXPECT_EQ(ClassifyInterrupt(" end\r"), Interrupt::kQuit);
  EXPECT_EQ(ClassifyInterrupt("YXSTOP"), Interrupt::kStop);
  EXPECT_EQ(ClassifyInterrupt("stop"), Interrupt::kStop);
  EXPECT_EQ(ClassifyInterrupt("ENDX"), Interrupt::kNone);
  EXPECT_EQ(ClassifyInterrupt("INFO time_left 100"), Interrupt::kNone);
}

TEST(GomocupCommand, StartSizes) {
  EXPECT_EQ(*ParseStartSize("15"), std::make_pair(15, 15));
  EXPECT_EQ(*ParseStartSize(" 20 "), std::make_pair(20, 20));
  EXPECT_EQ(*ParseStartSize("15 15"), std::make_pair(15, 15));
  EXPECT_EQ(*ParseStartSize("5"), std::make_pair(5, 5));
  EXPECT_EQ(*ParseStartSize("22"), std::make_pair(22, 22));
  for (const char* bad : {"", "4", "23", "-15", "abc", "15 15 15", "99999999999999", "1e3"}) {
    EXPECT_FALSE(ParseStartSize(bad).ok()) << bad;
  }
  EXPECT_EQ(*ParseRectSize("20,10"), std::make_pair(20, 10));
  EXPECT_EQ(*ParseRectSize(" 20 , 10 "), std::make_pair(20, 10));
  for (const char* bad : {"", "20", "20,", ",10", "20,4", "30,30", "a,b", "20,10,5"}) {
    EXPECT_FALSE(ParseRectSize(bad).ok()) << bad;
  }
}

TEST(GomocupCommand, FieldStones) {
  absl::StatusOr<FieldStone> stone = ParseFieldStone("7,8,1", 15, 15);
  ASSERT_TRUE(stone.ok());
  EXPECT_EQ(stone->x, 7);
  EXPECT_EQ(stone->y, 8);
  EXPECT_EQ(stone->field, 1);
  stone = ParseFieldStone(" 14 , 0 , 3 \r", 15, 15);
  ASSERT_TRUE(stone.ok());
  EXPECT_EQ(stone->x, 14);
  EXPECT_EQ(stone->field, 3);
  for (const char* bad : {"15,0,1", "0,15,1", "-1,0,1", "7,7", "7,7,0", "7,7,4", "7,7,1,1", "a,7,1",
                          "", "7,,1", "7;7;1"}) {
    EXPECT_FALSE(ParseFieldStone(bad, 15, 15).ok()) << bad;
  }
  EXPECT_TRUE(ParseFieldStone("19,19,2", 20, 20).ok());
  EXPECT_FALSE(ParseFieldStone("19,10,2", 20, 10).ok());
}

TEST(GomocupCommand, InfoKeyAndValue) {
  auto info = ParseInfo("MAX_MEMORY   8589934592");
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->first, "max_memory");
  EXPECT_EQ(info->second, "8589934592");
  info = ParseInfo("folder C:\\some dir\\x");
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->second, "C:\\some dir\\x");
  EXPECT_FALSE(ParseInfo("").ok());
  EXPECT_FALSE(ParseInfo("   ").ok());
}

TEST(GomocupCommand, PrintableHidesJunk) {
  EXPECT_EQ(Printable("abc"), "abc");
  EXPECT_EQ(Printable(std::string("a\0b\x01\xff", 5)), "a?b??");
  EXPECT_EQ(Printable(std::string(100, 'x'), 10), std::string(10, 'x') + "...");
}

}  // namespace
}  // namespace sente
