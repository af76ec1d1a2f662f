// The evaluation as a linear model for tuning. Its parameters: the cell value of every
// pattern code in each value table (engine/code_values.h), then the threat terms of
// search/weights.h, then Black's edge (fit only, below). A quiet position is a sparse vector over
// them (a cell code counts +1 for each empty cell of the side to move that has it and -1 for
// each of the opponent's; a threat term counts as search/eval.cpp adds it), and the engine's
// parameters (whose edges are 0) dotted with it give EvaluateNode before its clamp.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/pattern.h"
#include "search/eval.h"
#include "search/movegen.h"

namespace sente {

constexpr int kNumCodeParams = kNumValueTables * kNumPatternCodes;  // table * codes + code
constexpr int ThreatParam(ThreatTerm t) { return kNumCodeParams + t; }
// Fit-only: how far Black is ahead with the move in renju, and in every other rule (+1 with
// Black to move, -1 with White). A constant from Black's side changes no search decision, but
// without it a fit to results pushes Black's edge into the codes that most positions hold.
constexpr int kRenjuBlackEdgeParam = kNumCodeParams + kNumThreatTerms;
constexpr int kOtherBlackEdgeParam = kRenjuBlackEdgeParam + 1;
constexpr int kNumTuneParams = kOtherBlackEdgeParam + 1;

using TuneParams = std::vector<double>;  // kNumTuneParams values

struct TuneSample {
  std::vector<std::pair<uint16_t, int16_t>> terms;  // (parameter, count), counts not 0
  float result = 0;  // for the side to move: 1 won, 0.5 drawn, 0 lost (or a blend, labels.h)
};

// The parameters the engine has now.
TuneParams CurrentParams();

// "renju-black F1-F2-F2-B3", "kEvalTempo".
std::string ParamName(int param);

// Parameters no fit moves: the all-dead code and Renju Black's fouls (worth nothing).
bool IsFixedParam(int param);
// Each parameter's range: cell values fit the board's packed sums (pattern.h).
double ParamMin(int param);
double ParamMax(int param);

TuneSample ExtractSample(const Board& board, Color us, const NodeThreats& threats, NodeState state,
                         float result);

// The unclamped evaluation.
double Dot(const TuneParams& params, const TuneSample& sample);

}  // namespace sente
