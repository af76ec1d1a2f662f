#include "engine/coord.h"

#include "engine/types.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

TEST(Coord, RenjuNotationMatchesGomocup) {
  EXPECT_EQ(*ParseRenju("h8", 15, 15), MakePos(7, 7));
  EXPECT_EQ(*ParseRenju("a15", 15, 15), MakePos(0, 0));
  EXPECT_EQ(*ParseRenju("o1", 15, 15), MakePos(14, 14));
  EXPECT_EQ(*ParseRenju("H8", 15, 15), MakePos(7, 7));
  EXPECT_EQ(*ParseRenju("v22", 22, 22), MakePos(21, 0));
  EXPECT_EQ(FormatRenju(MakePos(7, 7), 15), "h8");
  EXPECT_EQ(FormatRenju(MakePos(0, 0), 20), "a20");
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 20; ++x)
      EXPECT_EQ(*ParseRenju(FormatRenju(MakePos(x, y), 20), 20, 20), MakePos(x, y));
}

TEST(Coord, Gomocup) {
  EXPECT_EQ(*ParseGomocup("7,7", 15, 15), MakePos(7, 7));
  EXPECT_EQ(*ParseGomocup(" 3 , 14 ", 15, 15), MakePos(3, 14));
  EXPECT_EQ(FormatGomocup(MakePos(3, 14)), "3,14");
  EXPECT_FALSE(ParseGomocup("15,0", 15, 15).ok());
  EXPECT_FALSE(ParseGomocup("-1,0", 15, 15).ok());
  EXPECT_FALSE(ParseGomocup("7", 15, 15).ok());
  EXPECT_FALSE(ParseGomocup("a,b", 15, 15).ok());
  EXPECT_FALSE(ParseGomocup("", 15, 15).ok());
  EXPECT_FALSE(ParseGomocup("99999999999999,1", 15, 15).ok());
}

TEST(Coord, BadRenjuPointsAreErrors) {
  for (const char* bad : {"", "h", "8h", "h0", "h16", "p8", "h8x", "#8", "h-1"}) {
    EXPECT_FALSE(ParseRenju(bad, 15, 15).ok()) << bad;
  }
}

TEST(Coord, MoveLists) {
  auto spaced = ParseRenjuList("h8 h9 i8", 15, 15);
  auto compact = ParseRenjuList("h8h9i8", 15, 15);
  auto commas = ParseRenjuList("h8,h9, i8\n", 15, 15);
  ASSERT_TRUE(spaced.ok() && compact.ok() && commas.ok());
  EXPECT_EQ(*spaced, *compact);
  EXPECT_EQ(*spaced, *commas);
  EXPECT_EQ(FormatRenjuList(*spaced, 15), "h8 h9 i8");
  EXPECT_EQ(ParseRenjuList("", 15, 15)->size(), 0u);
  EXPECT_FALSE(ParseRenjuList("h8 z9", 15, 15).ok());
  EXPECT_FALSE(ParseRenjuList("h8 9", 15, 15).ok());
}

TEST(Rule, Codes) {
  EXPECT_EQ(*RuleFromCode(2), Rule::kRenju);
  EXPECT_EQ(*RuleFromName("renju"), Rule::kRenju);
  EXPECT_EQ(*RuleFromName("9"), Rule::kCaroExact);
  EXPECT_FALSE(RuleFromCode(3).ok());
  EXPECT_FALSE(RuleFromName("chess").ok());
}

// LineStep's table of position differences against the coordinates, for every pair of
// points of the largest board.
TEST(LineStep, AgreesWithCoordinates) {
  for (int y0 = 0; y0 < kMaxSize; ++y0)
    for (int x0 = 0; x0 < kMaxSize; ++x0)
      for (int y1 = 0; y1 < kMaxSize; ++y1)
        for (int x1 = 0; x1 < kMaxSize; ++x1) {
          const int dx = x1 - x0, dy = y1 - y0;
          int want_dir = -1, want_k = 0;
          if (dy == 0)
            want_dir = 0, want_k = dx;
          else if (dx == 0)
            want_dir = 1, want_k = dy;
          else if (dx == dy)
            want_dir = 2, want_k = dy;
          else if (dx == -dy)
            want_dir = 3, want_k = dy;
          const bool want = want_dir >= 0 && want_k != 0 && want_k >= -5 && want_k <= 5;
          int dir = -1, k = 0;
          const bool got = LineStep(MakePos(x0, y0), MakePos(x1, y1), dir, k);
          ASSERT_EQ(got, want) << x0 << "," << y0 << " -> " << x1 << "," << y1;
          if (want) {
            ASSERT_EQ(dir, want_dir);
            ASSERT_EQ(k, want_k);
          }
        }
}

}  // namespace
}  // namespace sente
