// The search: iterative-deepening alpha-beta over threat-ordered moves, with threat-space
// search for forced wins. One Searcher owns a transposition table and is reused across moves.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/board.h"

namespace sente {

// Scores are from the side to move's view. A proven win in n plies scores kScoreWin - n,
// a proven loss in n plies -(kScoreWin - n).
constexpr int kScoreInfinite = 32000;
constexpr int kScoreWin = 30000;
constexpr int kScoreWinBound = kScoreWin - 1000;
constexpr bool IsWinScore(int score) { return score >= kScoreWinBound; }
constexpr bool IsLossScore(int score) { return score <= -kScoreWinBound; }
constexpr int PliesToEnd(int score) { return kScoreWin - (score < 0 ? -score : score); }

struct SearchLimits {
  int64_t soft_ms = 0;     // start no new iteration after this (0: no limit)
  int64_t hard_ms = 0;     // stop at once after this (0: no limit)
  bool save_time = true;   // a stable best move or a single reply may stop early; false: think
                           // to the limits (TimeBudget::save_time)
  int max_depth = 0;       // 0: no limit
  uint64_t max_nodes = 0;  // 0: no limit
  int threads = 1;
  int multipv = 1;
  size_t threat_bytes = 0;  // memory for the root's threat search (ThreatLimits::max_bytes)
};

// One root line: a move, its score and the principal variation that starts with it.
struct RootLine {
  Pos move = kNoPos;
  int score = 0;
  std::vector<Pos> pv;
};

// Progress, reported after each completed iteration (and for each multipv line).
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;  // 1-based index of the line reported
  int score = 0;
  uint64_t nodes = 0;
  int64_t ms = 0;
  std::vector<Pos> pv;
};

struct SearchResult {
  Pos best = kNoPos;  // kNoPos only when the board is full
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  int64_t ms = 0;
  std::vector<Pos> pv;
  std::vector<RootLine> lines;  // best first; limits.multipv of them when there are enough moves
};

using InfoCallback = std::function<void(const SearchInfo&)>;

class Searcher {
 public:
  explicit Searcher(size_t hash_bytes = 64u << 20);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  void ResizeHash(size_t bytes);
  void ClearHash();
  size_t hash_bytes() const;

  // Chooses a move for `side` in `board`. The answer is always an empty on-board point;
  // for Renju Black it is never forbidden while a legal point exists. `stop` may be set from
  // another thread; the best move found so far is then returned at once.
  SearchResult Think(const Board& board, Color side, const SearchLimits& limits,
                     const std::atomic<bool>& stop, const InfoCallback& on_info = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sente
