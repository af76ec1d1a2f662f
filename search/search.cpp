// Placeholder search: one ply by pattern class and evaluation. Replaced by the real search.
#include "search/search.h"

#include <chrono>

#include "engine/forbidden.h"
#include "search/eval.h"

namespace sente {

struct Searcher::Impl {
  size_t hash_bytes;
};

Searcher::Searcher(size_t hash_bytes) : impl_(std::make_unique<Impl>(Impl{hash_bytes})) {}
Searcher::~Searcher() = default;
void Searcher::ResizeHash(size_t bytes) { impl_->hash_bytes = bytes; }
void Searcher::ClearHash() {}
size_t Searcher::hash_bytes() const { return impl_->hash_bytes; }

SearchResult Searcher::Think(const Board& position, Color side, const SearchLimits&,
                             const std::atomic<bool>&, const InfoCallback&) {
  auto start = std::chrono::steady_clock::now();
  Board board = position;
  SearchResult result;
  int best_score = -kScoreInfinite - 1;
  Pos fallback = kNoPos;
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    if (fallback == kNoPos) fallback = p;
    if (side == Color::kBlack && IsForbidden(board, p)) continue;
    int score = board.pattern4(p, side) * 100 + board.pattern4(p, Opponent(side)) * 90;
    if (board.MakesFive(p, side)) score = kScoreWin;
    if (board.stone_count() == 0) score = -(std::abs(PosX(p) - board.width() / 2) + std::abs(PosY(p) - board.height() / 2));
    if (score > best_score) {
      best_score = score;
      result.best = p;
    }
    ++result.nodes;
  }
  if (result.best == kNoPos) result.best = fallback;
  result.score = best_score;
  result.depth = 1;
  result.pv = {result.best};
  result.lines = {RootLine{result.best, result.score, result.pv}};
  result.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sente
