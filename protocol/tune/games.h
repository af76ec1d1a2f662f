// Training positions for tuning: finished games read from PGN as `sente match --pgn` writes
// them, replayed, and their quiet positions visited with the game's result.
#pragma once

#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/board.h"
#include "engine/types.h"
#include "search/movegen.h"

namespace sente {

struct TuneGame {
  Rule rule = Rule::kFreestyle;
  int width = 15, height = 15;
  std::vector<Pos> moves;    // the opening's stones, then the engines' moves
  double black_score = 0.5;  // 1 Black won, 0 White won, 0.5 drawn
  std::string black, white;  // the players' names
};

// Games of PGN text; games without a decided or drawn result ("*") are left out.
absl::StatusOr<std::vector<TuneGame>> ParseGames(absl::string_view pgn);
absl::StatusOr<std::vector<TuneGame>> ReadGames(const std::string& path);

// Calls `visit(board, us, threats, state, result, move)` on each of the game's quiet positions
// (no five and no straight-four point for either side) with at least `skip_stones` stones;
// result is the side to move's, and move the one the game played there. The board is scratch
// space for move generation and must be left as it was. Fails on a move off the board or onto
// a stone.
absl::Status ForEachQuietPosition(
    const TuneGame& game, int skip_stones,
    absl::FunctionRef<void(Board&, Color, const NodeThreats&, NodeState, float, Pos)> visit);

}  // namespace sente
