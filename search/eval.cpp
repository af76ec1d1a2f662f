#include "search/eval.h"

#include <algorithm>

#include "search/weights.h"

namespace sente {

int Evaluate(const Board& board, Color side) {
  return board.ValueSum(side) - board.ValueSum(Opponent(side));
}

int EvaluateNode(const Board& board, Color us, const NodeThreats& threats, NodeState state) {
  int v = Evaluate(board, us) + kEvalTempo;
  const int opp_fours = threats.opp_count[kP4Four] + threats.opp_count[kP4FourThree];
  if (state == NodeState::kDefend) {
    v -= kEvalOppOpenThree;
  } else {
    // Renju Black's double-three candidates may be fouls: only count them once checked by
    // move generation, so here they are not counted as Black's own wins.
    const bool renju_black = IsRenjuBlack(board, us);
    if (threats.own_count[kP4FourThree] > 0 && !renju_black)
      v += kEvalOwnFourThree;
    else if (threats.own_count[kP4DoubleThree] > 0 && !renju_black && opp_fours == 0)
      v += kEvalOwnDoubleThree;
  }
  v += kEvalOwnThreePoint * threats.own_count[kP4Three];
  if (threats.opp_count[kP4FourThree] > 0) v -= kEvalOppFourThree;
  if (threats.opp_count[kP4DoubleThree] > 0) v -= kEvalOppDoubleThree;
  return std::clamp(v, -20000, 20000);
}

}  // namespace sente
