#include "protocol/analyze/position.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "protocol/io/case_file.h"
#include "protocol/io/text_file.h"

namespace sente {
namespace {

struct DiagramText {
  std::vector<std::string> rows;
  Color to_move = Color::kEmpty;  // from a case file's attacker:, if any
};

bool IsColumnHeader(absl::string_view line) {
  std::string letters;
  for (char ch : line)
    if (ch != ' ') letters += ch;
  return static_cast<int>(letters.size()) >= kMinSize &&
         letters == std::string("abcdefghijklmnopqrstuv").substr(0, letters.size());
}

// A row of `sente analyze`'s own drawing, reduced to a plain diagram row: row numbers,
// last-move parentheses and forbidden-point marks (3, 4, 6) removed.
std::string PlainRow(absl::string_view line) {
  line = absl::StripAsciiWhitespace(line);
  while (!line.empty() && absl::ascii_isdigit(static_cast<unsigned char>(line.front())))
    line.remove_prefix(1);
  while (!line.empty() && absl::ascii_isdigit(static_cast<unsigned char>(line.back())))
    line.remove_suffix(1);
  std::string row;
  for (char ch : line) {
    if (ch == '(' || ch == ')') continue;
    row += ch == '3' || ch == '4' || ch == '6' ? '.' : ch;
  }
  return row;
}

// A plain diagram: every non-blank line that does not start with '#', in the form of
// DrawDiagram or of this command's drawing (coordinates and marks are dropped). A case file: the
// board rows of the chosen case, and its attacker as the side to move.
absl::StatusOr<DiagramText> ReadDiagramFile(const std::string& path, const std::string& case_name) {
  absl::StatusOr<std::string> file = ReadTextFile(path);
  if (!file.ok()) return file.status();
  std::vector<std::string> lines;
  for (absl::string_view line : absl::StrSplit(*file, '\n')) {
    lines.emplace_back(absl::StripTrailingAsciiWhitespace(line));
  }
  DiagramText text;
  bool is_case_file = false;
  for (const std::string& line : lines) is_case_file |= absl::StartsWith(line, "case:");
  if (!is_case_file) {
    for (const std::string& line : lines) {
      absl::string_view s = absl::StripLeadingAsciiWhitespace(line);
      if (!s.empty() && s[0] != '#' && !IsColumnHeader(s)) text.rows.push_back(PlainRow(s));
    }
    if (text.rows.empty())
      return absl::InvalidArgumentError(absl::StrCat("'", path, "' holds no diagram"));
    return text;
  }
  absl::StatusOr<std::vector<CaseBlock>> blocks = ReadCaseFile(path);
  if (!blocks.ok()) return blocks.status();
  bool found = false;
  for (const CaseBlock& block : *blocks) {
    if (!case_name.empty() && block.name != case_name) continue;
    found = true;
    text.rows = block.board;
    const std::string who = absl::AsciiStrToLower(block.Get("attacker"));
    if (who == "black") text.to_move = Color::kBlack;
    if (who == "white") text.to_move = Color::kWhite;
    break;
  }
  if (!found) return absl::NotFoundError(absl::StrCat("no case '", case_name, "' in '", path, "'"));
  if (text.rows.empty())
    return absl::InvalidArgumentError(absl::StrCat("the case in '", path, "' has no board"));
  return text;
}

// The first stone of a five under the board's rule, or kNoPos.
Pos FindFive(const Board& board) {
  for (Pos p : board.points()) {
    Color c = board.At(p);
    if (c == Color::kEmpty) continue;
    Board without(board.width(), board.height(), board.rule());
    for (Pos q : board.points()) {
      if (q != p && !board.IsEmpty(q)) without.Place(q, board.At(q));
    }
    if (without.MakesFive(p, c)) return p;
  }
  return kNoPos;
}

absl::Status PlayMoves(const AnalyzeOptions& options, Board& board) {
  absl::StatusOr<std::vector<Pos>> moves =
      ParseRenjuList(options.moves, options.size, options.size);
  if (!moves.ok()) return moves.status();
  for (size_t i = 0; i < moves->size(); ++i) {
    Pos p = (*moves)[i];
    std::string where = absl::StrCat("move ", i + 1, " (", FormatRenju(p, options.size), ")");
    if (!board.IsEmpty(p))
      return absl::InvalidArgumentError(absl::StrCat(where, " is on an occupied point"));
    Color c = board.SideToMove();
    if (c == Color::kBlack && !board.MakesFive(p, c)) {
      Foul foul = ForbiddenKind(board, p);
      if (foul != Foul::kNone) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, " is forbidden for Black (", FoulCode(foul), "): Black has already lost"));
      }
    }
    board.Place(p, c);
  }
  return absl::OkStatus();
}

absl::Status PlaceFile(const AnalyzeOptions& options, Board& board, Color& to_move) {
  absl::StatusOr<DiagramText> text = ReadDiagramFile(options.file, options.case_name);
  if (!text.ok()) return text.status();
  absl::StatusOr<Diagram> diagram = ParseDiagram(text->rows);
  if (!diagram.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", options.file, "': ", diagram.status().message()));
  }
  if (diagram->width != options.size || diagram->height != options.size) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", options.file, "': the diagram is ", diagram->width, "x", diagram->height,
                     ", expected ", options.size, "x", options.size,
                     options.size_given ? " (--size)" : " (use --size for other sizes)"));
  }
  if (absl::Status s = PlaceDiagram(*diagram, board); !s.ok()) return s;
  if (to_move == Color::kEmpty) to_move = text->to_move;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<AnalyzePosition> LoadAnalyzePosition(const AnalyzeOptions& options) {
  AnalyzePosition position{Board(options.size, options.size, options.rule), options.to_move};
  Board& board = position.board;
  absl::Status status = options.file.empty() ? PlayMoves(options, board)
                                             : PlaceFile(options, board, position.to_move);
  if (!status.ok()) return status;
  if (Pos p = FindFive(board); p != kNoPos) {
    return absl::InvalidArgumentError(
        absl::StrCat(ColorName(board.At(p)), " already has a five through ",
                     FormatRenju(p, board.height()), ": the game is over"));
  }
  if (board.IsFull()) return absl::InvalidArgumentError("the board is full: no move to analyse");
  if (position.to_move == Color::kEmpty) position.to_move = board.SideToMove();
  if (options.file.empty()) position.last_move = board.LastMove();
  return position;
}

}  // namespace sente
