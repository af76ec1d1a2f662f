#include "protocol/tune/features.h"

#include "engine/cell_weights.h"
#include "search/weights.h"

namespace sente {

TuneWeights CurrentWeights() {
  TuneWeights w{};
  for (int i = 0; i < kNumLinePatterns; ++i) w[kTuneLine + i] = kLineWeight[i];
  for (int i = 0; i < kNumPattern4; ++i) w[kTuneBonus + i] = kPattern4Bonus[i];
  w[kTuneTempo] = kEvalTempo;
  w[kTuneOwnFourThree] = kEvalOwnFourThree;
  w[kTuneOwnDoubleThree] = kEvalOwnDoubleThree;
  w[kTuneOwnThreePoint] = kEvalOwnThreePoint;
  w[kTuneOppFourThree] = kEvalOppFourThree;
  w[kTuneOppDoubleThree] = kEvalOppDoubleThree;
  w[kTuneOppOpenThree] = kEvalOppOpenThree;
  return w;
}

const char* TuneWeightName(int i) {
  static const char* const kNames[kNumTuneWeights] = {
      "kLineWeight[kDead]",
      "kLineWeight[kOverline]",
      "kLineWeight[kBlock1]",
      "kLineWeight[kFlex1]",
      "kLineWeight[kBlock2]",
      "kLineWeight[kFlex2]",
      "kLineWeight[kBlock3]",
      "kLineWeight[kFlex3]",
      "kLineWeight[kBlock4]",
      "kLineWeight[kFlex4]",
      "kLineWeight[kFourFour]",
      "kLineWeight[kFive]",
      "kPattern4Bonus[kP4None]",
      "kPattern4Bonus[kP4Overline]",
      "kPattern4Bonus[kP4DoubleFour]",
      "kPattern4Bonus[kP4Weak]",
      "kPattern4Bonus[kP4Two]",
      "kPattern4Bonus[kP4TwoTwo]",
      "kPattern4Bonus[kP4Block3]",
      "kPattern4Bonus[kP4Three]",
      "kPattern4Bonus[kP4DoubleThree]",
      "kPattern4Bonus[kP4Four]",
      "kPattern4Bonus[kP4FourThree]",
      "kPattern4Bonus[kP4Flex4]",
      "kPattern4Bonus[kP4Five]",
      "kEvalTempo",
      "kEvalOwnFourThree",
      "kEvalOwnDoubleThree",
      "kEvalOwnThreePoint",
      "kEvalOppFourThree",
      "kEvalOppDoubleThree",
      "kEvalOppOpenThree",
  };
  return i >= 0 && i < kNumTuneWeights ? kNames[i] : "?";
}

TuneFeatures ExtractFeatures(const Board& board, Color us, const NodeThreats& threats,
                             NodeState state) {
  TuneFeatures x{};
  // The board sums: each empty cell's value for each colour (pattern.cpp CellValue), fouls
  // carrying none.
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    for (Color c : {us, Opponent(us)}) {
      const float sign = c == us ? 1.0f : -1.0f;
      const Pattern4 p4 = board.pattern4(p, c);
      if (p4 == kP4Overline || p4 == kP4DoubleFour) continue;
      x[kTuneBonus + p4] += sign;
      for (int d = 0; d < kNumDirs; ++d) x[kTuneLine + board.line(p, c, d)] += sign;
    }
  }
  // The threat terms, as search/eval.cpp EvaluateNode adds them.
  x[kTuneTempo] = 1;
  const int opp_fours = threats.opp_count[kP4Four] + threats.opp_count[kP4FourThree];
  if (state == NodeState::kDefend) {
    x[kTuneOppOpenThree] = -1;
  } else {
    const bool renju_black = IsRenjuBlack(board, us);
    if (threats.own_count[kP4FourThree] > 0 && !renju_black)
      x[kTuneOwnFourThree] = 1;
    else if (threats.own_count[kP4DoubleThree] > 0 && !renju_black && opp_fours == 0)
      x[kTuneOwnDoubleThree] = 1;
  }
  x[kTuneOwnThreePoint] = static_cast<float>(threats.own_count[kP4Three]);
  if (threats.opp_count[kP4FourThree] > 0) x[kTuneOppFourThree] = -1;
  if (threats.opp_count[kP4DoubleThree] > 0) x[kTuneOppDoubleThree] = -1;
  return x;
}

double Dot(const TuneWeights& w, const TuneFeatures& x) {
  double v = 0;
  for (int i = 0; i < kNumTuneWeights; ++i) v += w[i] * x[i];
  return v;
}

}  // namespace sente
