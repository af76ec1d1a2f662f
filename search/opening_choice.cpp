#include "search/opening_choice.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "search/timeman.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kPairWidth = 3;  // White's 4th moves tried, and Black's 5th moves to each

int Chebyshev(Pos a, Pos b) {
  return std::max(std::abs(PosX(a) - PosX(b)), std::abs(PosY(a) - PosY(b)));
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
    const SearchResult replies = probe(after, Color::kBlack, share, kPairWidth);
    if (!Searched(replies)) continue;
    for (const RootLine& fifth : ResultLines(replies)) {
      if (fifth.move == kNoPos || std::abs(fifth.score) >= best_distance) continue;
      best_distance = std::abs(fifth.score);
      choice.stones = {fourths[i].move, fifth.move};
      choice.pair_score = -fifth.score;
    }
  }
  return best_distance <= kScoreInfinite;
}

}  // namespace

bool Searched(const SearchResult& result) {
  return result.depth > 0 || IsWinScore(result.score) || IsLossScore(result.score);
}

std::vector<RootLine> ResultLines(const SearchResult& result) {
  if (!result.lines.empty()) return result.lines;
  if (result.best == kNoPos) return {};
  return {RootLine{result.best, result.score, result.pv}};
}

std::vector<Pos> CandidatePoints(const Board& board, Color side,
                                 const std::function<bool(Pos)>& area, size_t limit) {
  Board probe = board;
  const Pos centre = MakePos(board.width() / 2, board.height() / 2);
  auto nearness = [&](Pos p) {
    int nearest = board.width() + board.height();
    for (Pos q : board.history()) nearest = std::min(nearest, Chebyshev(p, q));
    return nearest * 64 + Chebyshev(p, centre);
  };
  std::vector<std::pair<int, Pos>> ranked;
  for (Pos p : board.points()) {
    if (board.IsEmpty(p) && area(p) && IsLegalMove(probe, p, side))
      ranked.push_back({nearness(p), p});
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<Pos> out;
  for (const auto& entry : ranked) {
    const Pos p = entry.second;
    if (out.size() >= limit) break;
    const bool twin =
        std::any_of(out.begin(), out.end(), [&](Pos q) { return SameUpToSymmetry(board, p, q); });
    if (!twin) out.push_back(p);
  }
  return out;
}

SwapChoice ChooseSwap(const Board& board, Color side, const Probe& probe, int64_t ms) {
  const SearchResult result = probe(board, side, std::max<int64_t>(1, ms), 1);
  return SwapChoice{result.score < 0, result.score, result.best};
}

PlacementChoice PlaceNearEven(const Board& board, Color side, const std::function<bool(Pos)>& area,
                              const Probe& probe, int64_t ms, const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  const std::vector<Pos> points = CandidatePoints(board, side, area, kMaxPlacements);
  PlacementChoice choice;
  for (size_t i = 0; i < points.size(); ++i) {
    const int64_t left = ms - MsSince(start);
    if (choice.move != kNoPos && (stop.load() || left <= 0)) break;
    Board after = board;
    after.Place(points[i], side);
    const int64_t share = std::max<int64_t>(1, left / static_cast<int64_t>(points.size() - i));
    const SearchResult reply = probe(after, Opponent(side), share, 1);
    const int score = -reply.score;
    if (!Searched(reply)) continue;
    choice.tried.push_back({points[i], score});
    if (choice.move == kNoPos || std::abs(score) < std::abs(choice.score)) {
      choice.move = points[i];
      choice.score = score;
    }
  }
  if (choice.move == kNoPos && !points.empty()) choice.move = points[0];  // nothing searched
  return choice;
}

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
  if (BalancedPair(board, ResultLines(first), probe, ms - MsSince(start), stop, pair)) {
    pair.option = Swap2Option::kPlaceTwo;
    return pair;
  }
  return choice;
}

}  // namespace sente
