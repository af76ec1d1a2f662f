// The shared VCF/VCT puzzles as benchmarks, one per case (heavy ones included):
//   sente-microbench --benchmark_filter='Vcf/'      every VCF case
//   sente-microbench --benchmark_filter='Vct/'      every VCT case (slow: node-capped)
// Counters: nodes searched, solved (1 when the case's expectation was met), attacker moves
// of the line found. The data file is found next to this source, or at $SENTE_PUZZLES.
#include <cstdlib>
#include <string>

#include "benchmark/benchmark.h"
#include "protocol/io/puzzle_file.h"
#include "search/threat.h"

namespace sente {
namespace {

constexpr uint64_t kVctNodeCap = 3'000'000;

std::string PuzzlePath() {
  if (const char* path = std::getenv("SENTE_PUZZLES")) return path;
  std::string here = __FILE__;
  return here.substr(0, here.rfind("bench/")) + "tests/data/vcf/cases.txt";
}

void SolvePuzzle(benchmark::State& state, const Puzzle& puzzle) {
  absl::StatusOr<Board> board = PuzzleBoard(puzzle);
  if (!board.ok()) {
    state.SkipWithError(std::string(board.status().message()).c_str());
    return;
  }
  ThreatLimits limits;
  limits.max_attacker_moves = puzzle.limit;
  if (puzzle.mode == Puzzle::Mode::kVct) limits.max_nodes = kVctNodeCap;
  ThreatResult result;
  for (auto _ : state) {
    result = puzzle.mode == Puzzle::Mode::kVcf ? FindVcf(*board, puzzle.attacker, limits)
                                               : FindVct(*board, puzzle.attacker, limits);
    benchmark::DoNotOptimize(result.win);
  }
  const bool met =
      result.win == puzzle.ExpectsWin() || (result.win && puzzle.mode == Puzzle::Mode::kVct);
  state.counters["nodes"] = static_cast<double>(result.nodes);
  state.counters["solved"] = met ? 1 : 0;
  state.counters["moves"] = static_cast<double>((result.line.size() + 1) / 2);
}

int RegisterPuzzles() {
  absl::StatusOr<std::vector<Puzzle>> puzzles = ReadPuzzleFile(PuzzlePath());
  if (!puzzles.ok()) return 0;
  for (const Puzzle& puzzle : *puzzles) {
    const bool vct = puzzle.mode == Puzzle::Mode::kVct;
    auto* b =
        benchmark::RegisterBenchmark(((vct ? "Vct/" : "Vcf/") + puzzle.name).c_str(),
                                     [puzzle](benchmark::State& s) { SolvePuzzle(s, puzzle); });
    b->Unit(benchmark::kMillisecond);
    if (vct) b->Iterations(1);
  }
  return static_cast<int>(puzzles->size());
}

const int kRegistered = RegisterPuzzles();

}  // namespace
}  // namespace sente
