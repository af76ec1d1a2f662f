// Every Renju forbidden-move case of tests/data/renju-forbidden must pass.
#include "engine/forbidden.h"

#include <map>
#include <string>

#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace sente {
namespace {

class ForbiddenCases : public ::testing::TestWithParam<std::string> {};

void CheckCase(const CaseBlock& c) {
  SCOPED_TRACE(c.name);
  absl::StatusOr<Diagram> diagram = ParseDiagram(c.board);
  ASSERT_TRUE(diagram.ok()) << diagram.status();
  Board board(diagram->width, diagram->height, Rule::kRenju);
  ASSERT_TRUE(PlaceDiagram(*diagram, board).ok());
  const int h = board.height();

  std::map<std::string, std::string> found;
  for (auto [p, foul] : ForbiddenPoints(board)) found[FormatRenju(p, h)] = FoulCode(foul);
  // The move generators' legality test, from the cell's class, agrees with the exact check.
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    EXPECT_EQ(IsLegalMove(board, p, Color::kBlack), found.count(FormatRenju(p, h)) == 0)
        << FormatRenju(p, h);
    EXPECT_TRUE(IsLegalMove(board, p, Color::kWhite));
  }

  std::map<std::string, std::string> expected;
  for (absl::string_view token : absl::StrSplit(c.Get("forbidden"), ' ', absl::SkipEmpty())) {
    std::vector<std::string> parts = absl::StrSplit(token, '=');
    ASSERT_EQ(parts.size(), 2u) << token;
    expected[parts[0]] = parts[1];
    auto it = found.find(parts[0]);
    ASSERT_NE(it, found.end()) << parts[0] << " should be forbidden (" << parts[1] << ")\n"
                               << DrawDiagram(board);
    if (parts[1] != "F") {
      EXPECT_EQ(it->second, parts[1]) << "kind of " << parts[0];
    }
  }
  for (absl::string_view token : absl::StrSplit(c.Get("legal"), ' ', absl::SkipEmpty())) {
    std::vector<std::string> parts = absl::StrSplit(token, '=');
    absl::StatusOr<Pos> p = ParseRenju(parts[0], board.width(), h);
    ASSERT_TRUE(p.ok()) << token;
    EXPECT_EQ(found.count(parts[0]), 0u) << parts[0] << " should be legal";
    if (parts.size() == 2 && parts[1] == "5") {
      EXPECT_TRUE(board.MakesFive(*p, Color::kBlack)) << parts[0] << " should make five";
    }
  }
  if (c.Get("complete") == "yes") {
    for (const auto& [point, kind] : found) {
      EXPECT_EQ(expected.count(point), 1u) << point << "=" << kind << " is not a listed foul";
    }
  }
}

TEST_P(ForbiddenCases, AllCasesPass) {
  std::vector<CaseBlock> cases = testing::ReadCases("renju-forbidden/" + GetParam());
  ASSERT_FALSE(cases.empty());
  for (const CaseBlock& c : cases) CheckCase(c);
}

INSTANTIATE_TEST_SUITE_P(Files, ForbiddenCases,
                         ::testing::Values("mintaka.txt", "alphagomoku.txt", "quintet.txt",
                                           "renjusha.txt", "constructed.txt"),
                         [](const auto& test) {
                           return test.param.substr(0, test.param.find('.'));
                         });

}  // namespace
}  // namespace sente

namespace sente {
namespace {

// h5 makes the shape of an open three (h3 h4 h5), but its only straight-four point h2 is an
// overline for Black (e2..k2), and h6 would make a four blocked by White's h7: no real three.
TEST(RealThrees, AThreeWhoseStraightFourPointIsForbiddenIsNoThree) {
  Board board(15, 15, Rule::kRenju);
  for (const char* p : {"e2", "f2", "g2", "i2", "j2", "k2", "h3", "h4"})
    board.Place(*ParseRenju(p, 15, 15), Color::kBlack);
  board.Place(*ParseRenju("h7", 15, 15), Color::kWhite);
  const Pos h5 = *ParseRenju("h5", 15, 15);
  EXPECT_EQ(board.pattern4(h5, Color::kBlack), kP4Three);
  EXPECT_EQ(ForbiddenKind(board, *ParseRenju("h2", 15, 15)), Foul::kOverline);
  EXPECT_EQ(CountRealThrees(board, h5), 0);
  board.Undo();  // without h7, h6 makes a straight four: a real three
  EXPECT_EQ(CountRealThrees(board, h5), 1);
}

}  // namespace
}  // namespace sente
