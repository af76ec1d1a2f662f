#include "search/eval.h"

#include <algorithm>
#include <iterator>

#include "search/weights.h"

namespace sente {

int Evaluate(const Board& board, Color side) {
  return board.ValueSum(side) - board.ValueSum(Opponent(side));
}

void CountThreatTerms(const Board& board, Color us, const NodeThreats& threats, NodeState state,
                      int (&count)[kNumThreatTerms]) {
  std::fill(std::begin(count), std::end(count), 0);
  count[kTermTempo] = 1;
  const int opp_fours = threats.opp_count[kP4Four] + threats.opp_count[kP4FourThree];
  if (state == NodeState::kDefend) {
    count[kTermOppOpenThree] = -1;
  } else {
    // Renju Black's double-three candidates may be fouls: only count them once checked by
    // move generation, so here they are not counted as Black's own wins.
    const bool renju_black = IsRenjuBlack(board, us);
    if (threats.own_count[kP4FourThree] > 0 && !renju_black)
      count[kTermOwnFourThree] = 1;
    else if (threats.own_count[kP4DoubleThree] > 0 && !renju_black && opp_fours == 0)
      count[kTermOwnDoubleThree] = 1;
  }
  count[kTermOwnThreePoint] = threats.own_count[kP4Three];
  if (threats.opp_count[kP4FourThree] > 0) count[kTermOppFourThree] = -1;
  if (threats.opp_count[kP4DoubleThree] > 0) count[kTermOppDoubleThree] = -1;
}

static_assert(std::size(kThreatTermWeight) == kNumThreatTerms);

int EvaluateNode(const Board& board, Color us, const NodeThreats& threats, NodeState state) {
  int count[kNumThreatTerms];
  CountThreatTerms(board, us, threats, state, count);
  int v = Evaluate(board, us);
  for (int t = 0; t < kNumThreatTerms; ++t) v += kThreatTermWeight[t] * count[t];
  return std::clamp(v, -20000, 20000);
}

}  // namespace sente
