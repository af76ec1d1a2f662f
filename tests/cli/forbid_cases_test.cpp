// `forbid` as a process (the build's, or the Windows one under wine) on every shared Renju
// case: its answer for each position is the rules core's, and names the case's fouls.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "gtest/gtest.h"
#include "protocol/io/process.h"
#include "tests/test_util.h"

namespace sente {
namespace {

struct ForbidCase {
  std::string name;
  std::string moves;                // the stones as a renju move list, Black first
  std::string expected;             // the rules core's answer, in forbid's format
  std::vector<std::string> listed;  // the case file's forbidden points
};

// Cases whose stones can be laid as alternate moves; the others are left out.
std::vector<ForbidCase> CasesAsMoveLists(const std::string& file) {
  std::vector<ForbidCase> out;
  for (const CaseBlock& c : testing::ReadCases("renju-forbidden/" + file)) {
    absl::StatusOr<Diagram> diagram = ParseDiagram(c.board);
    if (!diagram.ok() || diagram->width != 15 || diagram->height != 15) continue;
    std::vector<Pos> black, white;
    for (auto [p, color] : diagram->stones) (color == Color::kBlack ? black : white).push_back(p);
    if (black.size() != white.size() && black.size() != white.size() + 1) continue;
    std::vector<Pos> moves;
    for (size_t i = 0; i < black.size(); ++i) {
      moves.push_back(black[i]);
      if (i < white.size()) moves.push_back(white[i]);
    }
    Board board(15, 15, Rule::kRenju);
    EXPECT_TRUE(PlaceDiagram(*diagram, board).ok()) << c.name;
    std::vector<std::string> fouls;
    for (auto [p, foul] : ForbiddenPoints(board)) {
      fouls.push_back(absl::StrCat(FormatRenju(p, 15), "=", FoulCode(foul)));
    }
    ForbidCase f{
        c.name, FormatRenjuList(moves, 15), fouls.empty() ? "-" : absl::StrJoin(fouls, " "), {}};
    for (absl::string_view token : absl::StrSplit(c.Get("forbidden"), ' ', absl::SkipEmpty())) {
      f.listed.emplace_back(token.substr(0, token.find('=')));
    }
    out.push_back(std::move(f));
  }
  return out;
}

TEST(ForbidProcess, AnswersEverySharedCaseAsTheRulesCore) {
  std::vector<ForbidCase> cases;
  for (const char* file :
       {"mintaka.txt", "alphagomoku.txt", "quintet.txt", "renjusha.txt", "constructed.txt"}) {
    for (ForbidCase& c : CasesAsMoveLists(file)) cases.push_back(std::move(c));
  }
  ASSERT_GE(cases.size(), 20u);
  std::vector<std::string> argv = testing::EngineCommand();
  argv.push_back("forbid");
  absl::StatusOr<std::unique_ptr<ChildProcess>> child = ChildProcess::Start(argv);
  ASSERT_TRUE(child.ok()) << child.status();
  std::string input;
  for (const ForbidCase& c : cases) absl::StrAppend(&input, c.moves, "\n");
  ASSERT_TRUE((*child)->Write(input).ok());
  (*child)->CloseInput();
  for (const ForbidCase& c : cases) {
    SCOPED_TRACE(c.name);
    absl::StatusOr<std::string> line = (*child)->ReadLine(60000);
    ASSERT_TRUE(line.ok()) << line.status();
    EXPECT_EQ(*line, c.expected) << c.moves;
    for (const std::string& point : c.listed) {
      EXPECT_NE(line->find(point + "="), std::string::npos) << point << " not reported";
    }
  }
  EXPECT_EQ((*child)->Wait(30000), 0);
}

}  // namespace
}  // namespace sente
