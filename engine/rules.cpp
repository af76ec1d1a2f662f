#include "engine/rules.h"

#include "engine/forbidden.h"

namespace sente {

MoveVerdict JudgeMove(Board& board, Pos p, Color c) {
  if (!board.OnBoard(p) || !board.IsEmpty(p)) return MoveVerdict::kIllegal;
  if (board.MakesFive(p, c)) return MoveVerdict::kWin;
  if (c == Color::kBlack && IsForbidden(board, p)) return MoveVerdict::kForbidden;
  return MoveVerdict::kNormal;
}

bool IsDrawn(const Board& board) {
  if (board.IsFull()) return true;
  return board.rule() == Rule::kRenju && board.stone_count() >= board.width() * board.height() - 25;
}

}  // namespace sente
