#include "protocol/io/puzzle_file.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "protocol/io/case_file.h"

namespace sente {
namespace {

// Applies one "key: value" line to the puzzle; unknown keys are ignored.
absl::Status ApplyKey(absl::string_view key, absl::string_view value, int line_number,
                      Puzzle& puzzle, std::string& expect_text, bool& has_mode, bool& has_attacker,
                      bool& has_expect) {
  if (key == "mode") {
    if (value == "vcf") {
      puzzle.mode = Puzzle::Mode::kVcf;
    } else if (value == "vct") {
      puzzle.mode = Puzzle::Mode::kVct;
    } else {
      return LineError(line_number, absl::StrCat("mode must be vcf or vct, not '", value, "'"));
    }
    has_mode = true;
  } else if (key == "attacker") {
    if (value == "black") {
      puzzle.attacker = Color::kBlack;
    } else if (value == "white") {
      puzzle.attacker = Color::kWhite;
    } else {
      return LineError(line_number,
                       absl::StrCat("attacker must be black or white, not '", value, "'"));
    }
    has_attacker = true;
  } else if (key == "limit") {
    if (!absl::SimpleAtoi(value, &puzzle.limit) || puzzle.limit < 0 || puzzle.limit > 10000) {
      return LineError(line_number,
                       absl::StrCat("limit must be a count of moves, not '", value, "'"));
    }
  } else if (key == "expect") {
    expect_text = std::string(value);
    has_expect = true;
  } else if (key == "tags") {
    for (absl::string_view tag : absl::StrSplit(value, absl::ByAnyChar(" ,"), absl::SkipEmpty())) {
      if (tag == "heavy") puzzle.heavy = true;
    }
  } else if (key == "ref_ms") {
    if (!absl::SimpleAtod(value, &puzzle.ref_ms))
      return LineError(line_number, absl::StrCat("ref_ms must be a number, not '", value, "'"));
  } else if (key == "rule") {
    absl::StatusOr<Rule> rule = RuleFromName(value);
    if (!rule.ok()) return LineError(line_number, rule.status().message());
    puzzle.rule = *rule;
  }
  return absl::OkStatus();
}

// The puzzles of parsed blocks; errors name the case or the line.
absl::StatusOr<std::vector<Puzzle>> PuzzlesOf(const std::vector<CaseBlock>& blocks) {
  std::vector<Puzzle> puzzles;
  for (const CaseBlock& block : blocks) {
    Puzzle puzzle;
    puzzle.name = block.name;
    puzzle.line_number = block.line_number;
    std::string expect_text;
    bool has_mode = false, has_attacker = false, has_expect = false;
    for (const CaseBlock::Field& field : block.fields) {
      absl::Status status = ApplyKey(field.key, field.value, field.line_number, puzzle, expect_text,
                                     has_mode, has_attacker, has_expect);
      if (!status.ok()) return status;
    }
    const std::string where =
        absl::StrCat("case ", puzzle.name, " (line ", puzzle.line_number, ")");
    if (!has_mode || !has_attacker || !has_expect) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": needs the keys mode, attacker and expect"));
    }
    absl::StatusOr<Diagram> diagram = ParseDiagram(block.board);
    if (!diagram.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": ", diagram.status().message()));
    }
    absl::Status size = Board::ValidateSize(diagram->width, diagram->height);
    if (!size.ok()) return absl::InvalidArgumentError(absl::StrCat(where, ": ", size.message()));
    puzzle.diagram = *std::move(diagram);
    if (expect_text == "proven") {
      puzzle.expect = Puzzle::Expect::kProven;
    } else if (expect_text == "disproven") {
      puzzle.expect = Puzzle::Expect::kDisproven;
    } else {
      absl::StatusOr<std::vector<Pos>> moves =
          ParseRenjuList(expect_text, puzzle.diagram.width, puzzle.diagram.height);
      if (!moves.ok() || moves->empty()) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, ": expect must be proven, disproven or a move list, not '", expect_text, "'"));
      }
      puzzle.expect = Puzzle::Expect::kLine;
      puzzle.expected_line = *std::move(moves);
    }
    puzzles.push_back(std::move(puzzle));
  }
  return puzzles;
}

}  // namespace

absl::StatusOr<std::vector<Puzzle>> ParsePuzzles(absl::string_view text) {
  absl::StatusOr<std::vector<CaseBlock>> blocks = ParseCaseBlocks(text);
  if (!blocks.ok()) return blocks.status();
  return PuzzlesOf(*blocks);
}

absl::StatusOr<std::vector<Puzzle>> ReadPuzzleFile(const std::string& path) {
  absl::StatusOr<std::vector<CaseBlock>> blocks = ReadCaseFile(path);
  if (!blocks.ok()) return blocks.status();
  absl::StatusOr<std::vector<Puzzle>> puzzles = PuzzlesOf(*blocks);
  if (!puzzles.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", puzzles.status().message()));
  }
  return puzzles;
}

absl::StatusOr<Board> PuzzleBoard(const Puzzle& puzzle) {
  Board board(puzzle.diagram.width, puzzle.diagram.height, puzzle.rule);
  absl::Status status = PlaceDiagram(puzzle.diagram, board);
  if (!status.ok()) return status;
  return board;
}

}  // namespace sente
