#include "search/eval.h"

#include <algorithm>

#include "engine/weights.h"

namespace sente {

int Evaluate(const Board& board, Color side) {
  return board.ValueSum(side) - board.ValueSum(Opponent(side));
}

int EvaluateNode(const Board& board, Color us, const NodeScan& scan, NodeState state) {
  int v = Evaluate(board, us) + kEvalTempo;
  const int opp_fours = scan.opp_count[kP4Four] + scan.opp_count[kP4FourThree];
  if (state == NodeState::kDefend) {
    v -= kEvalOppOpenThree;
  } else {
    // Renju Black's double-three candidates may be fouls: only count them once checked by
    // move generation, so here they are not counted as Black's own wins.
    bool renju_black = us == Color::kBlack && board.rule() == Rule::kRenju;
    if (scan.own_count[kP4FourThree] > 0 && !renju_black) v += kEvalOwnFourThree;
    else if (scan.own_count[kP4DoubleThree] > 0 && !renju_black && opp_fours == 0)
      v += kEvalOwnDoubleThree;
  }
  v += kEvalOwnThreePoint * scan.own_count[kP4Three];
  if (scan.opp_count[kP4FourThree] > 0) v -= kEvalOppFourThree;
  if (scan.opp_count[kP4DoubleThree] > 0) v -= kEvalOppDoubleThree;
  return std::clamp(v, -20000, 20000);
}

}  // namespace sente
