// The player behind the Gomocup session, and the one engine object: the game (board,
// colours), the settings sent with INFO, the Searcher with its hash table, and the game clock.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/board.h"
#include "protocol/gomocup/command_queue.h"
#include "search/search.h"
#include "search/timeman.h"

namespace sente {

struct PlayerSettings {
  int64_t timeout_turn_ms = 5000;
  int64_t timeout_match_ms = 0;  // 0: no limit
  int64_t max_memory = 0;        // bytes; 0: no limit
  int64_t hash_kib = 0;          // Yixin's hash_size; 0: from the time control and max_memory
  int max_depth = 0;             // 0: no limit
  uint64_t max_nodes = 0;        // 0: no limit
  int threads = 1;
  bool show_detail = true;
  bool accept_pass = false;  // INFO accept_pass: the manager takes "-1,-1" as Black's pass
  Rule rule = Rule::kFreestyle;
};

// A stone of a BOARD/YXBOARD block.
struct BoardStone {
  Pos pos = kNoPos;
  int field = 0;  // 1 own, 2 opponent, 3 winning-line square of a continuous game
};

class Player {
 public:
  Player();
  ~Player();

  // A new game on an empty board (START/RECTSTART; RESTART keeps the size).
  absl::Status NewGame(int width, int height);
  absl::Status Restart();
  bool started() const { return board_.has_value(); }
  const Board& board() const { return *board_; }
  const PlayerSettings& settings() const { return settings_; }

  // INFO key value. Unknown keys are ignored; a bad value of a known key is an error.
  absl::Status SetInfo(absl::string_view key, absl::string_view value);

  // Places a stone for the side to move: the opponent's move of TURN, or the engine's own
  // move of PLAY.
  absl::Status PlayMove(Pos p);
  absl::Status Takeback(Pos p);
  // The opponent's pass (TURN -1,-1): only Black's, under renju, with every empty point
  // forbidden, and only once the manager has said it accepts passes.
  absl::Status OpponentPass();
  // The side to move, counting Black's passes.
  Color ToMove() const;
  // Replaces the position (BOARD/YXBOARD). The engine is the side to move: its stones are
  // Black when both sides have as many, White when the opponent has one more; with passes on
  // (renju), the first stone is Black's and Black's passes make up the difference.
  absl::Status SetPosition(const std::vector<BoardStone>& stones);
  // Replaces the position by moves alternating from Black (SWAP2BOARD).
  absl::Status SetMoves(const std::vector<Pos>& moves);

  // Chooses the side to move's answer within the time budget counted from `arrived`, plays
  // it and returns the search result (best is the move played). Fails on a full board. Black's
  // pass is best = kNoPos, answered only when PassAllowed().
  absl::StatusOr<SearchResult> Think(Clock::time_point arrived, const std::atomic<bool>& stop,
                                     const InfoCallback& on_info, int multipv = 1);
  // A search of any position with the engine's settings and hash, for the given time.
  SearchResult Analyse(const Board& board, Color side, int64_t ms, const std::atomic<bool>& stop,
                       int multipv = 1);
  // The time the next move may take, counted from its arrival.
  TimeBudget Budget() const;

  void ClearHash();
  // The hash table size the settings call for, the most max_memory allows, and what the
  // time control can fill.
  size_t HashBytes() const;
  size_t MaxHashBytes() const;
  size_t GameHashBytes() const;
  // Black's forbidden points now (renju only; empty otherwise).
  std::vector<Pos> ForbiddenNow();

 private:
  bool PassAllowed();
  absl::StatusOr<std::pair<Color, int>> SideOfPosition(const std::vector<BoardStone>& stones,
                                                       int own, int opponent) const;
  Searcher& searcher();
  SearchLimits SettingsLimits() const;
  void Rebuild(Rule rule, const std::vector<Pos>& skip);
  Pos SafeAnswer(Pos proposed, Color side);
  bool Blocked(Pos p) const;
  void ChargeTime(Clock::time_point arrived);

  PlayerSettings settings_;
  std::optional<Board> board_;
  std::vector<Pos> blocked_;  // field-3 squares of the last BOARD
  int black_passes_ = 0;      // in this game, or implied by the last BOARD
  std::unique_ptr<Searcher> searcher_;
  size_t applied_hash_bytes_ = 0;
  bool hash_stale_ = false;  // the board size or rule changed since the table was filled
  // Game clock: the last time_left (or timeout_match) and what we used since it came.
  std::optional<int64_t> time_left_ms_;
  int64_t used_since_time_left_ms_ = 0;
  int64_t setup_ms_ = 0;  // START work charged to the first move
};

}  // namespace sente
