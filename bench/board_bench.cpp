// Micro-benchmarks of the rules core: place+undo with all incremental updates (threat counts
// on and paused), and listing Black's forbidden points.
#include <optional>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/board.h"
#include "engine/forbidden.h"
#include "engine/rules.h"

namespace sente {
namespace {

// A middle-game position: `stones` moves of a seeded random game near the stones already
// played, never a five and never a Renju foul.
Board MiddleGame(Rule rule, int stones, uint32_t seed) {
  Board board(15, 15, rule);
  std::mt19937 rng(seed);
  board.Play(MakePos(7, 7));
  while (board.stone_count() < stones) {
    std::vector<Pos> candidates;
    for (Pos p : board.points())
      if (board.IsEmpty(p) && board.Near(p) > 0) candidates.push_back(p);
    Pos p = candidates[rng() % candidates.size()];
    if (JudgeMove(board, p, board.SideToMove()) != MoveVerdict::kNormal) continue;
    board.Play(p);
  }
  return board;
}

std::vector<Board> Positions(Rule rule, int stones) {
  std::vector<Board> boards;
  for (uint32_t seed = 1; seed <= 16; ++seed) boards.push_back(MiddleGame(rule, stones, seed));
  return boards;
}

// Arguments: the rule, and 1 to pause the threat counts (as the solvers do).
void BM_PlaceUndo(benchmark::State& state) {
  std::vector<Board> boards = Positions(static_cast<Rule>(state.range(0)), 40);
  int64_t pairs = 0;
  for (auto _ : state) {
    for (Board& board : boards) {
      std::optional<ThreatCountsPause> pause;
      if (state.range(1) != 0) pause.emplace(board);
      for (Pos p : board.points()) {
        if (!board.IsEmpty(p) || board.Near(p) == 0) continue;
        board.Play(p);
        board.Undo();
        ++pairs;
      }
    }
    benchmark::DoNotOptimize(boards.front().hash());
  }
  state.counters["pairs/s"] =
      benchmark::Counter(static_cast<double>(pairs), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlaceUndo)
    ->ArgsProduct({{static_cast<int>(Rule::kFreestyle), static_cast<int>(Rule::kRenju)}, {0, 1}});

void BM_ForbiddenPoints(benchmark::State& state) {
  std::vector<Board> boards = Positions(Rule::kRenju, 40);
  int64_t positions = 0, fouls = 0;
  for (auto _ : state) {
    for (Board& board : boards) {
      fouls += static_cast<int64_t>(ForbiddenPoints(board).size());
      ++positions;
    }
  }
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
  state.counters["fouls/position"] = static_cast<double>(fouls) / static_cast<double>(positions);
}
BENCHMARK(BM_ForbiddenPoints);

}  // namespace
}  // namespace sente

BENCHMARK_MAIN();
