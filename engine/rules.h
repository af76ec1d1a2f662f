// What a move means for the game under the board's rule: the referee's view.
#pragma once

#include "engine/board.h"

namespace sente {

enum class MoveVerdict : uint8_t {
  kIllegal,    // off the board or onto a stone
  kForbidden,  // Renju Black foul: Black loses
  kWin,        // makes a winning five
  kNormal,
};

// Judges c playing p in the current position (before it is placed).
MoveVerdict JudgeMove(Board& board, Pos p, Color c);

// Whether the game is drawn with the stones on the board: a full board, or Gomocup's renju
// limit of width*height - 25 stones.
bool IsDrawn(const Board& board);

}  // namespace sente
