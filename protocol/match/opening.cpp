#include "protocol/match/opening.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/rules.h"

namespace sente {
namespace {

absl::StatusOr<Opening> ParseOffsets(absl::string_view line, int width, int height) {
  std::vector<int> numbers;
  for (absl::string_view token : absl::StrSplit(line, absl::ByAnyChar(", \t"), absl::SkipEmpty())) {
    int n = 0;
    if (!absl::SimpleAtoi(token, &n))
      return absl::InvalidArgumentError(absl::StrCat("bad offset '", token, "'"));
    numbers.push_back(n);
  }
  if (numbers.empty() || numbers.size() % 2 != 0)
    return absl::InvalidArgumentError("offsets come in dx,dy pairs");
  Opening opening;
  for (size_t i = 0; i < numbers.size(); i += 2) {
    int x = width / 2 + numbers[i], y = height / 2 + numbers[i + 1];
    if (x < 0 || y < 0 || x >= width || y >= height)
      return absl::InvalidArgumentError(absl::StrCat("offset ", numbers[i], ",", numbers[i + 1],
                                                     " is off the ", width, "x", height, " board"));
    opening.push_back(MakePos(x, y));
  }
  return opening;
}

}  // namespace

absl::StatusOr<Opening> ParseOpening(absl::string_view line, int width, int height) {
  line = absl::StripAsciiWhitespace(line);
  if (line.empty()) return absl::InvalidArgumentError("empty opening");
  absl::StatusOr<Opening> opening = std::isalpha(static_cast<unsigned char>(line[0]))
                                        ? ParseRenjuList(line, width, height)
                                        : ParseOffsets(line, width, height);
  if (!opening.ok()) return opening.status();
  std::vector<Pos> sorted = *opening;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return absl::InvalidArgumentError("a point appears twice");
  return opening;
}

absl::StatusOr<std::vector<Opening>> LoadOpenings(const std::string& path, int width, int height,
                                                  Rule rule) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read openings file ", path));
  std::vector<Opening> openings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text[0] == '#') continue;
    auto where = [&](absl::string_view what) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", number, ": ", what));
    };
    absl::StatusOr<Opening> opening = ParseOpening(text, width, height);
    if (!opening.ok()) return where(opening.status().message());
    Board board(width, height, rule);
    for (Pos p : *opening) {
      MoveVerdict verdict = JudgeMove(board, p, board.SideToMove());
      if (verdict == MoveVerdict::kWin) return where("the opening contains a five");
      if (verdict == MoveVerdict::kForbidden) return where("the opening contains a Renju foul");
      board.Play(p);
    }
    if (IsDrawn(board)) return where("the opening already fills the board");
    openings.push_back(*std::move(opening));
  }
  if (openings.empty()) return absl::InvalidArgumentError(absl::StrCat(path, ": no openings"));
  return openings;
}

int NumSymmetries(int width, int height) { return width == height ? 8 : 4; }

Pos ApplySymmetry(Pos p, int symmetry, int width, int height) {
  int x = PosX(p), y = PosY(p);
  if (symmetry & 4) std::swap(x, y);  // only on square boards
  if (symmetry & 1) x = width - 1 - x;
  if (symmetry & 2) y = height - 1 - y;
  return MakePos(x, y);
}

Opening ApplySymmetry(const Opening& opening, int symmetry, int width, int height) {
  Opening out;
  for (Pos p : opening) out.push_back(ApplySymmetry(p, symmetry, width, height));
  return out;
}

}  // namespace sente
