#include "search/timeman.h"

#include <algorithm>

#include "search/params.h"

namespace sente {
namespace {

// The manager's clock also counts pipe latency and scheduling on a loaded machine; keep
// this much of the turn limit and of the match clock untouched. Searches run to the hard limit
// when only the turn binds, so the margin is all the slack: 30 ms + 5% left one answer at
// exactly 300 ms of 300 on a loaded host (after START 20 with a 2 GiB table, whose old block
// was then still freed beside the search; search/tt.cpp).
int64_t TurnMargin(int64_t turn_ms) { return std::min<int64_t>(1000, 50 + turn_ms / 20); }
// Also keep enough to answer every remaining move of a long game at a minimal cost.
int64_t MatchReserve(int64_t left_ms, int empty_cells) {
  return std::min<int64_t>(3000, 30 + left_ms / 20) + kMinMoveCostMs * ((empty_cells + 1) / 2);
}

}  // namespace

int ExpectedMovesLeft(int stones, int empty_cells) {
  int moves = std::max(kMovesLeftMin, kMovesLeftMax - stones / kStonesPerMoveLeft);
  return std::max(1, std::min(moves, (empty_cells + 1) / 2));
}

TimeBudget PlanMove(const TimeControl& control, int stones, int empty_cells) {
  int64_t cap = kNoTimeLimit;
  if (control.turn_ms != kNoTimeLimit) cap = control.turn_ms - TurnMargin(control.turn_ms);
  int64_t target = cap;
  bool clock_binds = false;
  if (control.match_left_ms != kNoTimeLimit) {
    int64_t left = control.match_left_ms;
    int64_t usable = left - MatchReserve(std::max<int64_t>(left, 0), empty_cells);
    int64_t per_move = usable / ExpectedMovesLeft(stones, empty_cells);
    clock_binds = per_move < target;
    target = std::min(target, per_move);
    // usable < 0: cap < 1
    cap = std::min({cap, kMaxMoveFactor * per_move, usable / kMaxClockShare});
  }
  TimeBudget budget;
  if (cap == kNoTimeLimit) {
    budget.soft_ms = budget.hard_ms = 0;  // 0: no limit, the caller bounds depth or nodes
    return budget;
  }
  budget.hard_ms = std::max<int64_t>(1, cap);
  if (!clock_binds) {
    // Only the turn limit counts: think until it, since what is left of it is lost.
    budget.soft_ms = budget.hard_ms;
    budget.save_time = false;
    return budget;
  }
  // Past the soft limit no iteration starts; the one under way still counts if its first
  // move finished (search.cpp), so the soft limit can sit close to the target.
  budget.soft_ms = std::max<int64_t>(1, std::min(target, budget.hard_ms) * kSoftTimePercent / 100);
  return budget;
}

}  // namespace sente
