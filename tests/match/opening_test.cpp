#include "protocol/match/opening.h"

#include <fstream>
#include <set>

#include "engine/coord.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace sente {
namespace {

TEST(MatchOpening, OffsetsAreFromTheCentre) {
  absl::StatusOr<Opening> o = ParseOpening("0,0, 1,0, 1,3", 15, 15);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(*o, (Opening{MakePos(7, 7), MakePos(8, 7), MakePos(8, 10)}));
  o = ParseOpening(" -1,-2, 0,0 ", 20, 20);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(*o, (Opening{MakePos(9, 8), MakePos(10, 10)}));
}

TEST(MatchOpening, RenjuNotation) {
  absl::StatusOr<Opening> o = ParseOpening("h8h9h10", 15, 15);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(*o, (Opening{MakePos(7, 7), MakePos(7, 6), MakePos(7, 5)}));
}

TEST(MatchOpening, BadLinesAreErrors) {
  EXPECT_FALSE(ParseOpening("0,0, 1", 15, 15).ok());
  EXPECT_FALSE(ParseOpening("0,0, x,1", 15, 15).ok());
  EXPECT_FALSE(ParseOpening("0,0, 8,0", 15, 15).ok());  // off the board
  EXPECT_FALSE(ParseOpening("0,0, 0,0", 15, 15).ok());  // twice
  EXPECT_FALSE(ParseOpening("h8h8", 15, 15).ok());
  EXPECT_FALSE(ParseOpening("z99", 15, 15).ok());
  EXPECT_FALSE(ParseOpening("", 15, 15).ok());
}

TEST(MatchOpening, LoadsTheSharedFiles) {
  auto offsets =
      LoadOpenings(testing::DataPath("openings/renju26_offset15.txt"), 15, 15, Rule::kRenju);
  auto notation = LoadOpenings(testing::DataPath("openings/renju26_pos.txt"), 15, 15, Rule::kRenju);
  ASSERT_TRUE(offsets.ok()) << offsets.status();
  ASSERT_TRUE(notation.ok()) << notation.status();
  ASSERT_EQ(offsets->size(), 26u);
  ASSERT_EQ(notation->size(), 26u);
  // Both files list the 26 openings; offsets run down the board, renju rows up, so the
  // two agree up to the vertical mirror.
  for (size_t i = 0; i < 26; ++i)
    EXPECT_EQ(ApplySymmetry((*offsets)[i], 2, 15, 15), (*notation)[i]) << i;

  auto fit = LoadOpenings(testing::DataPath("openings/piskvork_openings_offset_fit15.txt"), 15, 15,
                          Rule::kFreestyle);
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_EQ(fit->size(), 40u);
  // The full file has an opening that does not fit 15x15; the error names its line.
  auto full = LoadOpenings(testing::DataPath("openings/piskvork_openings_offset.txt"), 15, 15,
                           Rule::kFreestyle);
  ASSERT_FALSE(full.ok());
  EXPECT_NE(full.status().message().find(":41:"), absl::string_view::npos) << full.status();
  EXPECT_TRUE(LoadOpenings(testing::DataPath("openings/piskvork_openings_offset.txt"), 20, 20,
                           Rule::kFreestyle)
                  .ok());
  EXPECT_FALSE(LoadOpenings("/nonexistent/openings.txt", 15, 15, Rule::kFreestyle).ok());
}

TEST(MatchOpening, RejectsOpeningsThatEndTheGame) {
  std::string path = ::testing::TempDir() + "/sente_openings_test.txt";
  {
    std::ofstream out(path);
    out << "# comment\n\n0,0, 0,1, 1,0, 1,1, 2,0, 2,1, 3,0, 3,1, 4,0\n";
  }
  auto five = LoadOpenings(path, 15, 15, Rule::kFreestyle);
  ASSERT_FALSE(five.ok());
  EXPECT_NE(five.status().message().find(":3:"), absl::string_view::npos) << five.status();
  {
    std::ofstream out(path);  // Black's third stone makes a double three
    out << "h8a1i8a3j9a5j10a7j8\n";
  }
  EXPECT_FALSE(LoadOpenings(path, 15, 15, Rule::kRenju).ok());
  EXPECT_TRUE(LoadOpenings(path, 15, 15, Rule::kFreestyle).ok());
}

TEST(MatchOpening, SymmetriesAreDistinctBoardMaps) {
  Opening o = *ParseOpening("0,0, 1,0, 1,3", 15, 15);
  std::set<Opening> seen;
  for (int s = 0; s < NumSymmetries(15, 15); ++s) {
    Opening t = ApplySymmetry(o, s, 15, 15);
    EXPECT_EQ(t[0], MakePos(7, 7));  // the centre is fixed
    seen.insert(t);
  }
  EXPECT_EQ(seen.size(), 8u);
  EXPECT_EQ(NumSymmetries(15, 10), 4);
  for (int s = 0; s < 4; ++s) {
    Pos p = ApplySymmetry(MakePos(0, 0), s, 15, 10);
    EXPECT_TRUE(PosX(p) == 0 || PosX(p) == 14);
    EXPECT_TRUE(PosY(p) == 0 || PosY(p) == 9);
  }
}

}  // namespace
}  // namespace sente
