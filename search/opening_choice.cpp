#include "search/opening_choice.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kPairWidth = 3;  // White's 4th moves tried, and Black's 5th moves to each

int64_t MsSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// The root lines of a result, or its best move alone when it reports none.
std::vector<RootLine> Lines(const SearchResult& result) {
  if (!result.lines.empty()) return result.lines;
  if (result.best == kNoPos) return {};
  return {RootLine{result.best, result.score, result.pv}};
}

// Of White's candidate 4th moves, each with Black's candidate replies: the pair that leaves the
// position, White to move, nearest to even.
bool BalancedPair(const Board& board, const std::vector<RootLine>& fourths, const Probe& probe,
                  int64_t ms, const std::atomic<bool>& stop, Swap2Choice& choice) {
  const Clock::time_point start = Clock::now();
  int best_distance = kScoreInfinite + 1;
  for (size_t i = 0; i < fourths.size(); ++i) {
    const int64_t left = ms - MsSince(start);
    if (stop.load() || (left <= 0 && best_distance <= kScoreInfinite)) break;
    Board after = board;
    after.Place(fourths[i].move, Color::kWhite);
    const int64_t share = std::max<int64_t>(1, left / static_cast<int64_t>(fourths.size() - i));
    for (const RootLine& fifth : Lines(probe(after, Color::kBlack, share, kPairWidth))) {
      if (fifth.move == kNoPos || std::abs(fifth.score) >= best_distance) continue;
      best_distance = std::abs(fifth.score);
      choice.stones = {fourths[i].move, fifth.move};
      choice.pair_score = -fifth.score;
    }
  }
  return best_distance <= kScoreInfinite;
}

}  // namespace

Swap2Choice ChooseSwap2Option(const Board& board, const Probe& probe, int64_t ms,
                              const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  const SearchResult first = probe(board, Color::kWhite, std::max<int64_t>(1, ms / 3), kPairWidth);
  Swap2Choice choice;
  choice.score = first.score;
  if (first.score < -kEvenMargin || first.best == kNoPos) return choice;  // kSwap: take Black
  choice.option = Swap2Option::kPlayFourth;
  choice.stones = {first.best};
  if (first.score > kEvenMargin) return choice;
  Swap2Choice pair = choice;
  if (BalancedPair(board, Lines(first), probe, ms - MsSince(start), stop, pair)) {
    pair.option = Swap2Option::kPlaceTwo;
    return pair;
  }
  return choice;
}

}  // namespace sente
