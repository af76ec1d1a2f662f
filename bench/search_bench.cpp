// Micro-benchmarks of the search's hot parts: node classification and move
// generation, and a fixed-depth search of a middle-game position.
#include <atomic>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "search/movegen.h"
#include "search/search.h"

namespace sente {
namespace {

Board Position(Rule rule) {
  Board board(15, 15, rule);
  absl::StatusOr<std::vector<Pos>> moves =
      ParseRenjuList("h8 h9 i7 i9 g9 f10 f8 g8 i10 f7 h10 e7 j10 k10", 15, 15);
  for (Pos p : *moves) board.Play(p);
  return board;
}

void BM_ClassifyAndGenerate(benchmark::State& state) {
  Board board = Position(static_cast<Rule>(state.range(0)));
  const Color us = board.SideToMove();
  NodeThreats threats;
  std::vector<ScoredMove> moves(kMaxMoves);
  for (auto _ : state) {
    ReadThreats(board, us, threats);
    NodeState node = ClassifyNode(board, us, threats);
    benchmark::DoNotOptimize(GenerateMoves(board, us, node, threats, moves.data()));
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ClassifyAndGenerate)->Arg(0)->Arg(4);

void BM_SearchDepth6(benchmark::State& state) {
  Board board = Position(static_cast<Rule>(state.range(0)));
  Searcher searcher(16u << 20);
  std::atomic<bool> stop{false};
  uint64_t nodes = 0;
  for (auto _ : state) {
    searcher.ClearHash();
    SearchLimits limits;
    limits.max_depth = 6;
    nodes += searcher.Think(board, board.SideToMove(), limits, stop).nodes;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchDepth6)->Arg(0)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sente
