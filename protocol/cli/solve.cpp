// `sente solve FILE [--time-per-case MS] [--nodes N] [--case NAME] [--shard I/N]`: runs the
// VCF or VCT solver on every puzzle of a file and counts the expectations met; and
// `sente solve --merge OUTPUT...`, which adds up the outputs of the shards of one run.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/coord.h"
#include "protocol/cli/commands.h"
#include "protocol/io/puzzle_file.h"
#include "protocol/io/shard.h"
#include "protocol/io/text_file.h"
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
    "  --case NAME          only the case with this name (repeatable)\n"
    "  --shard I/N          only the I-th of N slices of the cases (after --case); the output\n"
    "                       starts with a '# sente solve shard' line for the merge\n"
    "usage: sente solve --merge OUTPUT... [--allow-incomplete]\n"
    "Adds up the outputs of the shards of one run: prints the case lines in order and the\n"
    "totals one run would print. Refuses outputs of different runs, a shard given twice, and\n"
    "missing or unfinished shards unless --allow-incomplete.\n";

constexpr const char* kBeyondSource = "real wins in vct cases marked disproven:";
constexpr const char* kShardHeader = "# sente solve shard ";

struct SolveOptions {
  std::string file;
  int64_t ms_per_case = 10000;
  uint64_t nodes = 0;
  std::vector<std::string> only;
  std::optional<ShardSpec> shard;
};

// The totals of a run, shared by a single run and the merge of shards.
struct SolveTotals {
  int total = 0, met = 0;
  std::vector<std::string> beyond_source;
};

void PrintTotals(const SolveTotals& totals, std::ostream& out) {
  out << "solved " << totals.met << '/' << totals.total << '\n';
  if (!totals.beyond_source.empty()) {
    out << kBeyondSource;
    for (const std::string& name : totals.beyond_source) out << ' ' << name;
    out << '\n';
  }
}

bool ParseOptions(const Args& args, SolveOptions& options) {
  ArgParser parser("solve");
  parser.AddInt64("--time-per-case", &options.ms_per_case, 0, INT64_MAX);
  parser.AddUint64("--nodes", &options.nodes, 0, UINT64_MAX);
  parser.AddRepeated("--case", &options.only);
  parser.AddCustom("--shard", [&options](absl::string_view text) {
    absl::StatusOr<ShardSpec> shard = ParseShard(text);
    if (!shard.ok()) return shard.status();
    options.shard = *shard;
    return absl::OkStatus();
  });
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

// One shard's output of `sente solve --shard I/N`.
struct SolveShardOutput {
  ShardSpec shard;
  std::string id;
  int64_t cases = 0;  // of the whole run
  std::vector<std::string> lines;
  SolveTotals totals;
  bool finished = false;  // has its "solved" line
};

absl::StatusOr<SolveShardOutput> ParseSolveOutput(const std::string& name,
                                                  const std::string& text) {
  SolveShardOutput shard;
  std::vector<std::string> lines = absl::StrSplit(text, '\n', absl::SkipEmpty());
  std::vector<std::string> head;
  if (!lines.empty() && absl::StartsWith(lines[0], kShardHeader))
    head = absl::StrSplit(lines[0].substr(strlen(kShardHeader)), ' ');
  absl::StatusOr<ShardSpec> spec = ParseShard(head.empty() ? "" : head[0]);
  if (head.size() != 5 || !spec.ok() || head[1] != "id" || head[3] != "cases" ||
      !absl::SimpleAtoi(head[4], &shard.cases))
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": not the output of `sente solve --shard I/N`"));
  shard.shard = *spec;
  shard.id = head[2];
  for (size_t i = 1; i < lines.size(); ++i) {
    absl::string_view line = lines[i];
    std::vector<absl::string_view> counts;
    if (absl::ConsumePrefix(&line, "solved ")) counts = absl::StrSplit(line, '/');
    if (counts.size() == 2) {
      shard.finished = absl::SimpleAtoi(counts[0], &shard.totals.met) &&
                       absl::SimpleAtoi(counts[1], &shard.totals.total);
    } else if (absl::ConsumePrefix(&line, kBeyondSource)) {
      for (absl::string_view case_name : absl::StrSplit(line, ' ', absl::SkipEmpty()))
        shard.totals.beyond_source.emplace_back(case_name);
    } else {
      shard.lines.push_back(lines[i]);
    }
  }
  return shard;
}

// Fails on a mixed set or a shard twice; on missing or unfinished shards unless allowed.
absl::Status CheckSolveShards(const std::map<int, SolveShardOutput>& shards,
                              bool allow_incomplete) {
  const SolveShardOutput& first = shards.begin()->second;
  std::vector<std::string> missing;
  for (int i = 1; i <= first.shard.count; ++i) {
    ShardRange range = ShardUnits(first.cases, {i, first.shard.count});
    auto it = shards.find(i);
    if (range.end > range.begin &&
        (it == shards.end() || !it->second.finished ||
         static_cast<int64_t>(it->second.lines.size()) != range.end - range.begin))
      missing.push_back(absl::StrCat(i));
  }
  std::string note;
  absl::Status status = CheckMissingShards(missing, first.shard.count, allow_incomplete, note);
  if (!note.empty()) std::cerr << "solve: merge: " << note << '\n';
  return status;
}

// `sente solve --merge OUTPUT... [--allow-incomplete]`.
int RunSolveMerge(const Args& args, std::ostream& out) {
  absl::StatusOr<MergeArgs> merge = ParseMergeArgs(args, "solve");
  if (!merge.ok()) {
    std::cerr << "solve: merge: " << merge.status().message() << '\n';
    return 2;
  }
  const std::vector<std::string>& paths = merge->paths;
  absl::Status status;
  std::map<int, SolveShardOutput> shards;
  for (size_t i = 0; status.ok() && i < paths.size(); ++i) {
    absl::StatusOr<std::string> text = ReadTextFile(paths[i]);
    absl::StatusOr<SolveShardOutput> shard =
        text.ok() ? ParseSolveOutput(paths[i], *text) : text.status();
    if (!shard.ok()) {
      status = shard.status();
    } else if (!shards.empty() && (shard->id != shards.begin()->second.id ||
                                   shard->shard.count != shards.begin()->second.shard.count)) {
      status = absl::InvalidArgumentError(
          absl::StrCat(paths[i], ": a mixed set: another puzzle file, options or shard count"));
    } else if (!shards.emplace(shard->shard.index, *shard).second) {
      status = absl::InvalidArgumentError(
          absl::StrCat("shard ", shard->shard.Text(), " is given twice (", paths[i], ")"));
    }
  }
  if (status.ok()) status = CheckSolveShards(shards, merge->allow_incomplete);
  if (!status.ok()) {
    std::cerr << "solve: merge: " << status.message() << '\n';
    return 2;
  }
  SolveTotals totals;
  for (const auto& [index, shard] : shards) {
    for (const std::string& line : shard.lines) out << line << '\n';
    totals.total += shard.totals.total;
    totals.met += shard.totals.met;
    for (const std::string& name : shard.totals.beyond_source) totals.beyond_source.push_back(name);
  }
  PrintTotals(totals, out);
  return 0;
}

// Solves one case and prints its line; false when its board is bad.
bool SolveCase(const Puzzle& puzzle, const SolveOptions& options, SolveTotals& totals,
               std::ostream& out) {
  absl::StatusOr<Board> board = PuzzleBoard(puzzle);
  if (!board.ok()) {
    std::cerr << "solve: case " << puzzle.name << ": " << board.status().message() << '\n';
    return false;
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
  ++totals.total;
  if (result.win == puzzle.ExpectsWin()) {
    ++totals.met;
  } else if (result.win && puzzle.mode == Puzzle::Mode::kVct) {
    ++totals.met;
    totals.beyond_source.push_back(puzzle.name);
  }
  out << puzzle.name;
  if (result.win) {
    out << " win " << FormatRenjuList(result.line, board->height());
  } else {
    out << " none";
  }
  out << absl::StrFormat(" nodes=%d ms=%.1f", result.nodes, ms) << '\n';
  out.flush();
  return true;
}

// The cases to run: those named by --case, then this shard's slice. With a shard, prints the
// header line the merge checks: the shard, an id of the file and options, the case count.
std::vector<Puzzle> SelectCases(const std::vector<Puzzle>& puzzles, const SolveOptions& options,
                                std::ostream& out) {
  std::vector<Puzzle> cases;
  for (const Puzzle& puzzle : puzzles)
    if (options.only.empty() ||
        std::find(options.only.begin(), options.only.end(), puzzle.name) != options.only.end())
      cases.push_back(puzzle);
  if (!options.shard) return cases;
  absl::StatusOr<std::string> text = ReadTextFile(options.file);
  std::string id = Fingerprint(absl::StrCat(text.ok() ? *text : "", "\n", options.ms_per_case, " ",
                                            options.nodes, " ", absl::StrJoin(options.only, " ")));
  out << kShardHeader << options.shard->Text() << " id " << id << " cases " << cases.size() << '\n';
  ShardRange range = ShardUnits(static_cast<int64_t>(cases.size()), *options.shard);
  return std::vector<Puzzle>(cases.begin() + range.begin, cases.begin() + range.end);
}

}  // namespace

int RunSolve(const Args& args, std::ostream& out) {
  if (WantsHelp(args)) {
    out << kSolveUsage;
    return 0;
  }
  if (std::find(args.begin(), args.end(), "--merge") != args.end()) return RunSolveMerge(args, out);
  SolveOptions options;
  if (!ParseOptions(args, options)) return 2;
  absl::StatusOr<std::vector<Puzzle>> puzzles = ReadPuzzleFile(options.file);
  if (!puzzles.ok()) {
    std::cerr << "solve: " << puzzles.status().message() << '\n';
    return 1;
  }
  SolveTotals totals;
  for (const Puzzle& puzzle : SelectCases(*puzzles, options, out))
    if (!SolveCase(puzzle, options, totals, out)) return 1;
  PrintTotals(totals, out);
  return 0;
}

}  // namespace sente
