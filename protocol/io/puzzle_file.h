// The puzzle format of tests/data/vcf/README.md: "case: NAME" blocks with keys, a board
// diagram and "end". Unknown keys are ignored.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/board.h"
#include "engine/diagram.h"

namespace sente {

struct Puzzle {
  enum class Mode : uint8_t { kVcf, kVct };
  enum class Expect : uint8_t { kLine, kProven, kDisproven };

  std::string name;
  int line_number = 0;  // of the "case:" line
  Mode mode = Mode::kVcf;
  Color attacker = Color::kBlack;
  int limit = 0;  // most attacker moves up to the final threat; 0: no limit
  Expect expect = Expect::kProven;
  std::vector<Pos> expected_line;  // when expect is kLine
  bool heavy = false;
  double ref_ms = 0;         // the source solver's time, when given
  Rule rule = Rule::kRenju;  // optional key "rule:"; the shared puzzles are all renju
  Diagram diagram;

  bool ExpectsWin() const { return expect != Expect::kDisproven; }
};

absl::StatusOr<std::vector<Puzzle>> ParsePuzzles(absl::string_view text);
absl::StatusOr<std::vector<Puzzle>> ReadPuzzleFile(const std::string& path);

// The puzzle's position on a fresh board of its size and rule.
absl::StatusOr<Board> PuzzleBoard(const Puzzle& puzzle);

}  // namespace sente
