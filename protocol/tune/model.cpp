#include "protocol/tune/model.h"

#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/code_values.h"
#include "search/weights.h"

namespace sente {
namespace {

// A combo whose four lines are the code's.
uint16_t ComboOfCode(int code) {
  const std::array<LinePattern, 4> lines = CodeLines(code);
  return static_cast<uint16_t>(lines[0] | lines[1] << 4 | lines[2] << 8 | lines[3] << 12);
}

constexpr const char* kThreatNames[kNumThreatTerms] = {
    "kEvalTempo",        "kEvalOwnFourThree",   "kEvalOwnDoubleThree", "kEvalOwnThreePoint",
    "kEvalOppFourThree", "kEvalOppDoubleThree", "kEvalOppOpenThree",
};

}  // namespace

TuneParams CurrentParams() {
  TuneParams p(kNumTuneParams, 0);
  for (int t = 0; t < kNumValueTables; ++t)
    for (int code = 0; code < kNumPatternCodes; ++code)
      p[t * kNumPatternCodes + code] = kCodeValue[t][code];
  for (int t = 0; t < kNumThreatTerms; ++t) p[kNumCodeParams + t] = kThreatTermWeight[t];
  return p;
}

std::string ParamName(int param) {
  if (param == kRenjuBlackEdgeParam) return "renju Black's edge";
  if (param == kOtherBlackEdgeParam) return "Black's edge";
  if (param >= kNumCodeParams) return kThreatNames[param - kNumCodeParams];
  static const char* const kTables[kNumValueTables] = {"general", "renju-black", "renju-white"};
  static const char* const kLines[kNumLinePatterns] = {"dead", "OL",  "B1",  "F1", "B2",
                                                       "F2",   "F2A", "F2B", "B3", "F3",
                                                       "F3S",  "B4",  "F4",  "44", "five"};
  std::vector<const char*> names;
  for (LinePattern line : CodeLines(param % kNumPatternCodes)) names.push_back(kLines[line]);
  return absl::StrCat(kTables[param / kNumPatternCodes], " ", absl::StrJoin(names, "-"));
}

bool IsFixedParam(int param) {
  if (param >= kNumCodeParams) return false;
  const int code = param % kNumPatternCodes;
  if (code == 0) return true;
  if (param / kNumPatternCodes != kValueRenjuBlack) return false;
  const Pattern4 p4 = InfoPattern4(TablesFor(Rule::kRenju).info[0][ComboOfCode(code)]);
  return p4 == kP4Overline || p4 == kP4DoubleFour;
}

double ParamMin(int param) { return param >= kRenjuBlackEdgeParam ? -10000 : 0; }
double ParamMax(int param) { return param < kNumCodeParams ? kMaxCellValue : 10000; }

TuneSample ExtractSample(const Board& board, Color us, const NodeThreats& threats, NodeState state,
                         float result) {
  TuneSample s;
  s.result = result;
  std::vector<int> count(kNumCodeParams, 0);
  std::vector<bool> seen(kNumCodeParams, false);
  std::vector<uint16_t> used;
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    for (Color c : {us, Opponent(us)}) {
      const int param =
          ValueTableOf(board.rule(), c) * kNumPatternCodes + PatternCode(board.combo(p, c));
      if (IsFixedParam(param)) continue;
      if (!seen[param]) used.push_back(static_cast<uint16_t>(param));
      seen[param] = true;
      count[param] += c == us ? 1 : -1;
    }
  }
  for (uint16_t param : used)
    if (count[param] != 0) s.terms.emplace_back(param, static_cast<int16_t>(count[param]));
  int threat[kNumThreatTerms];
  CountThreatTerms(board, us, threats, state, threat);
  for (int t = 0; t < kNumThreatTerms; ++t)
    if (threat[t] != 0) s.terms.emplace_back(kNumCodeParams + t, static_cast<int16_t>(threat[t]));
  s.terms.emplace_back(board.rule() == Rule::kRenju ? kRenjuBlackEdgeParam : kOtherBlackEdgeParam,
                       us == Color::kBlack ? 1 : -1);
  return s;
}

double Dot(const TuneParams& params, const TuneSample& sample) {
  double v = 0;
  for (const auto& [param, count] : sample.terms) v += params[param] * count;
  return v;
}

}  // namespace sente
