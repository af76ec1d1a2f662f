// `sente forbid [--size N]`: Black's forbidden points of each renju move list on stdin.
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/forbidden.h"
#include "protocol/cli/commands.h"

namespace sente {
namespace {

// Plays the move list on a fresh board; returns the output line.
absl::StatusOr<std::string> ForbiddenLine(absl::string_view line, int size) {
  absl::StatusOr<std::vector<Pos>> moves = ParseRenjuList(line, size, size);
  if (!moves.ok()) return moves.status();
  Board board(size, size, Rule::kRenju);
  for (size_t i = 0; i < moves->size(); ++i) {
    Pos p = (*moves)[i];
    if (!board.IsEmpty(p)) {
      return absl::InvalidArgumentError(
          absl::StrCat("move ", i + 1, " (", FormatRenju(p, size), ") is on an occupied point"));
    }
    board.Play(p);
  }
  std::string out;
  for (auto [p, foul] : ForbiddenPoints(board)) {
    if (!out.empty()) out += ' ';
    absl::StrAppend(&out, FormatRenju(p, size), "=", FoulCode(foul));
  }
  return out.empty() ? "-" : out;
}

}  // namespace

int RunForbid(const Args& args, std::istream& in, std::ostream& out) {
  if (WantsHelp(args)) {
    out << "usage: sente forbid [--size N]\n"
           "Reads renju move lists (Black first) from stdin, one position per line, and prints\n"
           "Black's forbidden points as POINT=KIND (33, 44, 6), or '-' when there are none.\n";
    return 0;
  }
  int size = 15;
  ArgParser parser("forbid");
  parser.AddInt("--size", &size, kMinSize, kMaxSize);
  if (absl::Status s = parser.Parse(args); !s.ok()) {
    std::cerr << "forbid: " << s.message() << "\n";
    return 2;
  }
  bool any_error = false;
  std::string line;
  while (std::getline(in, line)) {
    absl::StatusOr<std::string> result = ForbiddenLine(absl::StripAsciiWhitespace(line), size);
    if (result.ok()) {
      out << *result << '\n';
    } else {
      out << "error: " << result.status().message() << '\n';
      any_error = true;
    }
    out.flush();
  }
  return any_error ? 1 : 0;
}

}  // namespace sente
