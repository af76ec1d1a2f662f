#include "search/eval.h"

namespace sente {

int Evaluate(const Board& board, Color side) {
  return board.ValueSum(side) - board.ValueSum(Opponent(side));
}

}  // namespace sente
