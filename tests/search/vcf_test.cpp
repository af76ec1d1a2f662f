// The VCF solver: the shared puzzles, hand-made renju and freestyle positions, and the
// limits it honours; every line it finds is played out by the checkers.
#include "search/vcf.h"

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/io/puzzle_file.h"
#include "search/threat.h"
#include "search/threat_moves.h"
#include "search/vct.h"
#include "tests/search/threat_checker.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using namespace testing;  // the threat checkers and the shared test helpers

TEST(Vcf, SharedCasesSolvedOrDisproven) {
  int checked = 0;
  for (const Puzzle& puzzle : SharedPuzzles()) {
    if (puzzle.mode != Puzzle::Mode::kVcf) continue;
    SCOPED_TRACE(puzzle.name);
    Board board = *PuzzleBoard(puzzle);
    const uint64_t hash = board.hash();
    ThreatLimits limits;
    limits.max_attacker_moves = puzzle.limit;
    ThreatResult r = FindVcf(board, puzzle.attacker, limits);
    EXPECT_EQ(board.hash(), hash);
    EXPECT_FALSE(r.aborted);
    EXPECT_EQ(r.win, puzzle.ExpectsWin());
    if (r.win) {
      EXPECT_TRUE(PlaysOut(board, puzzle.attacker, r.line, true));
      EXPECT_LE(static_cast<int>(r.line.size() + 1) / 2, puzzle.limit);
    }
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

// The expected lines of the data are real wins by the same checker, which keeps the checker
// honest.
TEST(Vcf, CheckerAcceptsTheDataLinesAndRejectsBrokenOnes) {
  for (const Puzzle& puzzle : SharedPuzzles()) {
    if (puzzle.mode != Puzzle::Mode::kVcf || puzzle.expect != Puzzle::Expect::kLine) continue;
    SCOPED_TRACE(puzzle.name);
    Board board = *PuzzleBoard(puzzle);
    EXPECT_TRUE(PlaysOut(board, puzzle.attacker, puzzle.expected_line, true));
    std::vector<Pos> cut(puzzle.expected_line.begin(), puzzle.expected_line.end() - 2);
    EXPECT_FALSE(PlaysOut(board, puzzle.attacker, cut, true));
  }
}

TEST(Vcf, LimitsAreHonoured) {
  for (const Puzzle& puzzle : SharedPuzzles()) {
    if (puzzle.name != "vcf_long") continue;
    Board board = *PuzzleBoard(puzzle);
    ThreatLimits limits;
    limits.max_nodes = 20;
    ThreatResult r = FindVcf(board, puzzle.attacker, limits);
    EXPECT_FALSE(r.win);
    EXPECT_TRUE(r.aborted);
    EXPECT_LE(r.nodes, 21u);
    std::atomic<bool> stop{true};
    limits = ThreatLimits{};
    limits.stop = &stop;
    limits.max_attacker_moves = 0;
    r = FindVct(board, puzzle.attacker, limits);
    EXPECT_FALSE(r.win && r.line.size() > 200);  // stopped early or solved at once
    limits = ThreatLimits{};
    limits.max_attacker_moves = 10;  // the only VCF is far longer
    r = FindVcf(board, puzzle.attacker, limits);
    EXPECT_FALSE(r.win);
    EXPECT_FALSE(r.aborted);
  }
}

TEST(Vcf, SolverKeepsItsTableAcrossCalls) {
  VcfSolver solver(12);
  for (const Puzzle& puzzle : SharedPuzzles()) {
    if (puzzle.mode != Puzzle::Mode::kVcf) continue;
    Board board = *PuzzleBoard(puzzle);
    ThreatLimits limits;
    limits.max_attacker_moves = puzzle.limit;
    ThreatResult first = solver.Solve(board, puzzle.attacker, limits);
    ThreatResult second = solver.Solve(board, puzzle.attacker, limits);
    EXPECT_EQ(first.win, second.win) << puzzle.name;
    EXPECT_LE(second.nodes, first.nodes) << puzzle.name;
  }
}

// White's four whose completion is an overline point for Black: Black cannot block.
TEST(Vcf, WhiteWinsThroughAForbiddenBlock) {
  std::vector<std::string> rows = {
      "...............", "...............", "...............", "..........O....", "..........O....",
      "..........O....", "...............", ".......XXX.XX..", "...............", "...............",
      "...............", "...............", "...............", "...............", "...............",
  };
  // White k9 makes the four k12-k9 whose only completion, k8, gives Black six in a row.
  Board renju = FromRows(rows, Rule::kRenju);
  renju.Place(MakePos(0, 14), Color::kWhite);  // even the stone count out
  renju.Place(MakePos(14, 14), Color::kWhite);
  ASSERT_TRUE(IsForbidden(renju, MakePos(10, 7)));
  ThreatResult r = FindVcf(renju, Color::kWhite, ThreatLimits{});
  ASSERT_TRUE(r.win);
  EXPECT_TRUE(PlaysOut(renju, Color::kWhite, r.line, true));
  EXPECT_EQ(r.line.size(), 1u);
  // In freestyle Black simply blocks, and White has no other four.
  Board free = FromRows(rows, Rule::kFreestyle);
  free.Place(MakePos(0, 14), Color::kWhite);
  free.Place(MakePos(14, 14), Color::kWhite);
  EXPECT_FALSE(FindVcf(free, Color::kWhite, ThreatLimits{}).win);
}

// Black's "four" whose completion makes six is no four in renju, and Black's double four
// is a foul; in freestyle both win.
TEST(Vcf, BlackDoesNotWinWithOverlineOrDoubleFour) {
  std::vector<std::string> rows = {
      "...............", "...............", "...............", "...........X...", "...........X...",
      "...........X...", "...............", ".......XXX..X..", "...............", "..O.O.O.O.O....",
      "...............", "...............", "...............", "...............", "...............",
  };
  // l8 would make the column four l12-l8 (a four in both rules) and, on the row, h8-j8 +
  // l8 + m8: completion k8 gives six (renju: no four), in freestyle a second four.
  Board free = FromRows(rows, Rule::kFreestyle);
  ThreatResult r = FindVcf(free, Color::kBlack, ThreatLimits{});
  ASSERT_TRUE(r.win);
  EXPECT_TRUE(PlaysOut(free, Color::kBlack, r.line, true));
  Board renju = FromRows(rows, Rule::kRenju);
  r = FindVcf(renju, Color::kBlack, ThreatLimits{});
  if (r.win) {
    EXPECT_TRUE(PlaysOut(renju, Color::kBlack, r.line, true));
    for (size_t i = 0; i < r.line.size(); i += 2) EXPECT_NE(r.line[i], MakePos(11, 7));
  }
  // A plain double four for Black: k8 makes two fours, a foul in renju.
  std::vector<std::string> double_four = {
      "...............", "...............", "...............", "..........X....", "..........X....",
      "..........X....", "...............", ".......XXX.....", "...............", "..O.O.O.O.O....",
      "...............", "...............", "...............", "...............", "...............",
  };
  Board renju44 = FromRows(double_four, Rule::kRenju);
  ASSERT_TRUE(IsForbidden(renju44, MakePos(10, 7)));
  r = FindVcf(renju44, Color::kBlack, ThreatLimits{});
  if (r.win) {
    EXPECT_TRUE(PlaysOut(renju44, Color::kBlack, r.line, true));
  }
  for (size_t i = 0; r.win && i < r.line.size(); i += 2) EXPECT_NE(r.line[i], MakePos(10, 7));
  Board free44 = FromRows(double_four, Rule::kFreestyle);
  r = FindVcf(free44, Color::kBlack, ThreatLimits{});
  ASSERT_TRUE(r.win);
  EXPECT_TRUE(PlaysOut(free44, Color::kBlack, r.line, true));
}

}  // namespace
}  // namespace sente
