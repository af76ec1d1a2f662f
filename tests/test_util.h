// Helpers shared by the test suites: paths to test data and reading its case files, boards
// built from diagrams and move lists, random positions, and whether the build is sanitized.
#pragma once

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "gtest/gtest.h"
#include "protocol/io/case_file.h"

namespace sente::testing {

// The engine that tests start as a process: this build's pbrain-sente, or SENTE_TEST_ENGINE
// run through SENTE_TEST_RUNNER when they are set (tests/wine/wine_test.sh: the Windows build
// under wine).
inline std::vector<std::string> EngineCommand() {
  std::vector<std::string> argv;
  const char* runner = std::getenv("SENTE_TEST_RUNNER");
  if (runner != nullptr && *runner != '\0') argv.push_back(runner);
  const char* engine = std::getenv("SENTE_TEST_ENGINE");
  argv.push_back(engine != nullptr && *engine != '\0' ? engine : SENTE_ENGINE_PATH);
  return argv;
}

inline std::string DataPath(const std::string& relative) {
  return std::string(SENTE_SOURCE_DIR) + "/tests/data/" + relative;
}

// Every block of a data file; a test fails when the file cannot be read or parsed.
inline std::vector<CaseBlock> ReadCases(const std::string& relative) {
  absl::StatusOr<std::vector<CaseBlock>> blocks = ReadCaseFile(DataPath(relative));
  EXPECT_TRUE(blocks.ok()) << blocks.status();
  return blocks.ok() ? *std::move(blocks) : std::vector<CaseBlock>{};
}

// The block of a data file with this name; a test fails when there is none.
inline CaseBlock FindCase(const std::string& relative, const std::string& name) {
  for (const CaseBlock& c : ReadCases(relative))
    if (c.name == name) return c;
  ADD_FAILURE() << "no case " << name << " in " << relative;
  return {};
}

// A board of the diagram's size holding its stones (rows top first: '.', 'X' Black, 'O'
// White); a test fails when the diagram is bad.
inline Board BoardFromDiagram(Rule rule, const std::vector<std::string>& rows) {
  absl::StatusOr<Diagram> diagram = ParseDiagram(rows);
  EXPECT_TRUE(diagram.ok()) << diagram.status();
  Board board(diagram->width, diagram->height, rule);
  EXPECT_TRUE(PlaceDiagram(*diagram, board).ok());
  return board;
}

// A size x size board after the renju move list (Black first); a test fails when the list is
// bad.
inline Board BoardFromMoves(Rule rule, int size, absl::string_view moves) {
  Board board(size, size, rule);
  absl::StatusOr<std::vector<Pos>> list = ParseRenjuList(moves, size, size);
  EXPECT_TRUE(list.ok()) << list.status() << ": " << moves;
  if (list.ok()) {
    for (Pos p : *list) board.Play(p);
  }
  return board;
}

// True in a sanitized build's run (./test sets SENTE_SANITIZED=1): slow tests do less there.
inline bool Sanitized() {
  const char* s = std::getenv("SENTE_SANITIZED");
  return s != nullptr && *s != '\0' && std::string(s) != "0";
}

// One step of a random walk through positions: a stone of either colour on a random empty
// point, taken back one time in three. Returns the empty points as they were before it.
inline std::vector<Pos> RandomPlaceOrUndo(Board& board, std::mt19937& rng) {
  std::vector<Pos> empty;
  for (Pos p : board.points())
    if (board.IsEmpty(p)) empty.push_back(p);
  board.Place(empty[rng() % empty.size()], rng() % 2 ? Color::kBlack : Color::kWhite);
  if (rng() % 3 == 0) board.Undo();
  return empty;
}

}  // namespace sente::testing
