// Time budget of one move from the Gomocup clock: the turn limit, the match time left and
// how far the game has gone. Times are counted from the moment the move command arrived.
#pragma once

#include <chrono>
#include <cstdint>

namespace sente {

constexpr int64_t kNoTimeLimit = INT64_MAX;

struct TimeControl {
  int64_t turn_ms = 5000;                // per move; 0: answer at once; kNoTimeLimit: none
  int64_t match_left_ms = kNoTimeLimit;  // what is left of the game clock; may be negative
};

struct TimeBudget {
  int64_t soft_ms = 1;  // start no new iteration after this
  int64_t hard_ms = 1;  // answer by this, whatever happens
  // Whether a stable best move may answer early. Only a match clock makes that worth it: the
  // time saved goes to later moves. Under a turn limit alone, time not used is lost.
  bool save_time = true;
};

// Whole milliseconds from `start` to now, on the clock every time limit uses.
inline int64_t MsSince(std::chrono::steady_clock::time_point start) {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now() - start).count();
}

// Each value is at least 1 ms, or both are 0 ("no limit" to the search) when neither the turn
// nor the match clock limits the move. stones: stones on the board; empty_cells: points left.
TimeBudget PlanMove(const TimeControl& control, int stones, int empty_cells);

// How many of our own moves the rest of the game is expected to take.
int ExpectedMovesLeft(int stones, int empty_cells);

}  // namespace sente
