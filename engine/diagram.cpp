#include "engine/diagram.h"

#include "absl/strings/str_cat.h"

namespace sente {

absl::StatusOr<Diagram> ParseDiagram(const std::vector<std::string>& rows) {
  Diagram d;
  d.height = static_cast<int>(rows.size());
  for (int y = 0; y < d.height; ++y) {
    int x = 0;
    for (char ch : rows[y]) {
      if (ch == ' ' || ch == '\t' || ch == '\r') continue;
      Color c;
      switch (ch) {
        case '.':
        case '+':
        case '-':
          c = Color::kEmpty;
          break;
        case 'X':
        case 'x':
        case 'B':
        case 'b':
          c = Color::kBlack;
          break;
        case 'O':
        case 'o':
        case 'W':
        case 'w':
          c = Color::kWhite;
          break;
        default:
          return absl::InvalidArgumentError(absl::StrCat(
              "diagram row ", y + 1, ": unexpected character '", std::string(1, ch), "'"));
      }
      if (x < kMaxSize && c != Color::kEmpty) d.stones.emplace_back(MakePos(x, y), c);
      ++x;
    }
    if (y == 0) d.width = x;
    if (x != d.width) {
      return absl::InvalidArgumentError(
          absl::StrCat("diagram row ", y + 1, " has ", x, " points, the first row has ", d.width));
    }
  }
  if (absl::Status s = Board::ValidateSize(d.width, d.height); !s.ok()) return s;
  return d;
}

absl::Status PlaceDiagram(const Diagram& diagram, Board& board) {
  if (diagram.width != board.width() || diagram.height != board.height()) {
    return absl::InvalidArgumentError(absl::StrCat("diagram is ", diagram.width, "x",
                                                   diagram.height, ", board is ", board.width(),
                                                   "x", board.height()));
  }
  std::vector<Pos> black, white;
  for (auto [p, c] : diagram.stones) (c == Color::kBlack ? black : white).push_back(p);
  size_t b = 0, w = 0;
  while (b < black.size() || w < white.size()) {
    if (b < black.size() && (b <= w || w == white.size()))
      board.Place(black[b++], Color::kBlack);
    else
      board.Place(white[w++], Color::kWhite);
  }
  return absl::OkStatus();
}

std::string DrawDiagram(const Board& board) {
  std::string out;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      Color c = board.At(MakePos(x, y));
      out += c == Color::kBlack ? 'X' : c == Color::kWhite ? 'O' : '.';
    }
    out += '\n';
  }
  return out;
}

}  // namespace sente
