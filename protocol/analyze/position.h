// The position `sente analyze` works on, built and checked from its options.
#pragma once

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "protocol/analyze/options.h"

namespace sente {

struct AnalyzePosition {
  Board board;
  Color to_move;
  Pos last_move = kNoPos;  // the last move of a move list; a diagram has none
};

// Plays the move list or places the diagram. Fails, naming the problem, on an unreadable or
// ill-sized diagram, a bad or occupied point, a Renju Black move on a forbidden point, a
// position that already holds a five, or a full board.
absl::StatusOr<AnalyzePosition> LoadAnalyzePosition(const AnalyzeOptions& options);

}  // namespace sente
