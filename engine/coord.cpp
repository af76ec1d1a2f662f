#include "engine/coord.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace sente {
namespace {

absl::Status OffBoard(absl::string_view text, int width, int height) {
  return absl::OutOfRangeError(
      absl::StrCat("point '", text, "' is off the ", width, "x", height, " board"));
}

}  // namespace

absl::StatusOr<Pos> ParseGomocup(absl::string_view text, int width, int height) {
  text = absl::StripAsciiWhitespace(text);
  size_t comma = text.find(',');
  if (comma == absl::string_view::npos) {
    return absl::InvalidArgumentError(absl::StrCat("expected x,y but got '", text, "'"));
  }
  int x = 0, y = 0;
  if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(text.substr(0, comma)), &x) ||
      !absl::SimpleAtoi(absl::StripAsciiWhitespace(text.substr(comma + 1)), &y)) {
    return absl::InvalidArgumentError(absl::StrCat("bad coordinates '", text, "'"));
  }
  if (x < 0 || y < 0 || x >= width || y >= height) return OffBoard(text, width, height);
  return MakePos(x, y);
}

std::string FormatGomocup(Pos p) { return absl::StrCat(PosX(p), ",", PosY(p)); }

absl::StatusOr<Pos> ParseRenju(absl::string_view text, int width, int height) {
  text = absl::StripAsciiWhitespace(text);
  if (text.size() < 2 || !absl::ascii_isalpha(text[0])) {
    return absl::InvalidArgumentError(absl::StrCat("bad point '", text, "' (expected like h8)"));
  }
  int x = absl::ascii_tolower(text[0]) - 'a';
  int row = 0;
  if (!absl::SimpleAtoi(text.substr(1), &row) || !absl::ascii_isdigit(text[1])) {
    return absl::InvalidArgumentError(absl::StrCat("bad point '", text, "' (expected like h8)"));
  }
  int y = height - row;
  if (x >= width || row < 1 || row > height) return OffBoard(text, width, height);
  return MakePos(x, y);
}

std::string FormatRenju(Pos p, int height) {
  return absl::StrCat(std::string(1, static_cast<char>('a' + PosX(p))), height - PosY(p));
}

absl::StatusOr<std::vector<Pos>> ParseRenjuList(absl::string_view text, int width, int height) {
  std::vector<Pos> moves;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char ch = static_cast<unsigned char>(text[i]);
    if (std::isspace(ch) || ch == ',') {
      ++i;
      continue;
    }
    size_t start = i++;
    while (i < text.size() && absl::ascii_isdigit(static_cast<unsigned char>(text[i]))) ++i;
    absl::StatusOr<Pos> p = ParseRenju(text.substr(start, i - start), width, height);
    if (!p.ok()) return p.status();
    moves.push_back(*p);
  }
  return moves;
}

std::string FormatRenjuList(const std::vector<Pos>& moves, int height) {
  std::string out;
  for (Pos p : moves) {
    if (!out.empty()) out += ' ';
    out += FormatRenju(p, height);
  }
  return out;
}

}  // namespace sente
