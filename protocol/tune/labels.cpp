#include "protocol/tune/labels.h"

#include <atomic>
#include <cmath>
#include <thread>

#include "engine/board.h"
#include "search/search.h"

namespace sente {

void LabelBySearch(const std::vector<SamplePosition>& positions, uint64_t nodes, double k,
                   double weight, int threads, std::vector<TuneSample>& samples) {
  std::atomic<size_t> next{0};
  auto work = [&] {
    Searcher searcher(16u << 20);
    const std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.max_nodes = nodes;
    for (size_t i = next++; i < positions.size(); i = next++) {
      const SamplePosition& position = positions[i];
      Board board(position.width, position.height, position.rule);
      for (Pos move : position.moves) board.Play(move);
      const int score = searcher.Think(board, board.SideToMove(), limits, stop).score;
      const double expected = IsWinScore(score)    ? 1.0
                              : IsLossScore(score) ? 0.0
                                                   : 1 / (1 + std::exp(-k * score));
      samples[i].result = static_cast<float>((1 - weight) * samples[i].result + weight * expected);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

}  // namespace sente
