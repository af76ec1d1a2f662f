// What a move means for the game under the board's rule: the referee's view.
#pragma once

#include "engine/board.h"
#include "engine/forbidden.h"

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

// Whether c may play the empty point p, its class there being `own` (board.pattern4(p, c)):
// only Renju Black has fouls, and only these classes may be one.
inline bool IsLegalMove(Board& board, Pos p, Color c, Pattern4 own) {
  if (!IsRenjuBlack(board, c)) return true;
  switch (own) {
    case kP4Overline:
    case kP4DoubleFour:
      return false;
    case kP4DoubleThree:
    case kP4FourThree:
      return !IsForbidden(board, p);
    default:
      return true;
  }
}
inline bool IsLegalMove(Board& board, Pos p, Color c) {
  return IsLegalMove(board, p, c, board.pattern4(p, c));
}

}  // namespace sente
