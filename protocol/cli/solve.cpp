// `sente solve FILE [--time-per-case MS] [--nodes N] [--case NAME]`: runs the VCF or VCT
// solver on every puzzle of a file and counts the expectations met.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/coord.h"
#include "protocol/cli/commands.h"
#include "protocol/io/puzzle_file.h"
#include "search/threat.h"

namespace sente {
namespace {

constexpr const char* kSolveUsage =
    "usage: sente solve FILE [--time-per-case MS] [--nodes N] [--case NAME]\n"
    "Solves each puzzle of FILE (format: tests/data/vcf/README.md) with the VCF or VCT solver,\n"
    "within the case's limit of attacker moves. Prints one line per case,\n"
    "  NAME win LINE nodes=N ms=T   or   NAME none nodes=N ms=T\n"
    "then 'solved K/N'. A case counts as solved when a win is found for a case with a line or\n"
    "'proven', and when no win is found for a 'disproven' case; a real win found in a 'disproven'\n"
    "vct case also counts (the source's threat definition is narrower) and is listed at the end.\n"
    "  --time-per-case MS   time limit per case (default 10000; 0: none)\n"
    "  --nodes N            node limit per case (default none)\n"
    "  --case NAME          only the case with this name (repeatable)\n";

struct SolveOptions {
  std::string file;
  int64_t ms_per_case = 10000;
  uint64_t nodes = 0;
  std::vector<std::string> only;
};

bool ParseOptions(const Args& args, SolveOptions& options) {
  ArgParser parser("solve");
  parser.AddInt64("--time-per-case", &options.ms_per_case, 0, INT64_MAX);
  parser.AddUint64("--nodes", &options.nodes, 0, UINT64_MAX);
  parser.AddRepeated("--case", &options.only);
  parser.SetPositional([&options](absl::string_view arg) {
    if (!options.file.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("bad argument '", arg, "' (one FILE only)"));
    }
    options.file = std::string(arg);
    return absl::OkStatus();
  });
  if (absl::Status s = parser.Parse(args); !s.ok()) {
    std::cerr << "solve: " << s.message() << '\n' << kSolveUsage;
    return false;
  }
  if (options.file.empty()) {
    std::cerr << "solve: missing FILE\n" << kSolveUsage;
    return false;
  }
  return true;
}

}  // namespace

int RunSolve(const Args& args, std::ostream& out) {
  if (WantsHelp(args)) {
    out << kSolveUsage;
    return 0;
  }
  SolveOptions options;
  if (!ParseOptions(args, options)) return 2;
  absl::StatusOr<std::vector<Puzzle>> puzzles = ReadPuzzleFile(options.file);
  if (!puzzles.ok()) {
    std::cerr << "solve: " << puzzles.status().message() << '\n';
    return 1;
  }
  int total = 0, met = 0;
  std::vector<std::string> beyond_source;
  for (const Puzzle& puzzle : *puzzles) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), puzzle.name) == options.only.end()) {
      continue;
    }
    absl::StatusOr<Board> board = PuzzleBoard(puzzle);
    if (!board.ok()) {
      std::cerr << "solve: case " << puzzle.name << ": " << board.status().message() << '\n';
      return 1;
    }
    ThreatLimits limits;
    limits.max_attacker_moves = puzzle.limit;
    limits.max_nodes = options.nodes;
    limits.max_ms = options.ms_per_case;
    auto start = std::chrono::steady_clock::now();
    ThreatResult result = puzzle.mode == Puzzle::Mode::kVcf
                              ? FindVcf(*board, puzzle.attacker, limits)
                              : FindVct(*board, puzzle.attacker, limits);
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ++total;
    if (result.win == puzzle.ExpectsWin()) {
      ++met;
    } else if (result.win && puzzle.mode == Puzzle::Mode::kVct) {
      ++met;
      beyond_source.push_back(puzzle.name);
    }
    out << puzzle.name;
    if (result.win) {
      out << " win " << FormatRenjuList(result.line, board->height());
    } else {
      out << " none";
    }
    out << absl::StrFormat(" nodes=%d ms=%.1f", result.nodes, ms) << '\n';
    out.flush();
  }
  out << "solved " << met << '/' << total << '\n';
  if (!beyond_source.empty()) {
    out << "real wins in vct cases marked disproven:";
    for (const std::string& name : beyond_source) out << ' ' << name;
    out << '\n';
  }
  return 0;
}

}  // namespace sente
