// Move ordering as a policy for tuning: a candidate's ordering score is the sum of two
// table values, one for the pattern code the mover makes there and one for the code the
// opponent would (search/order_codes.h), each table by the mover's ValueTable. Fitted as a
// softmax over the candidates of a position to the moves strong players chose.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/pattern.h"
#include "protocol/tune/games.h"

namespace sente {

enum PolicySide : uint8_t { kPolicyOwn, kPolicyOpp };
constexpr int kNumPolicyParams = kNumValueTables * 2 * kNumPatternCodes;
constexpr int PolicyParam(ValueTable mover, PolicySide side, int code) {
  return (mover * 2 + side) * kNumPatternCodes + code;
}

using PolicyParams = std::vector<double>;  // kNumPolicyParams values

struct PolicySample {
  std::vector<std::pair<uint16_t, uint16_t>> cells;  // (own, opp) parameter of each candidate
  int chosen = 0;                                    // the candidate played
};

// The ordering tables the engine has now.
PolicyParams CurrentPolicyParams();

// The positions before the moves of the named players in kNormal nodes (from `skip_stones`
// stones on), with every candidate the move generator gives there. A move that is not a
// candidate is left out.
absl::StatusOr<std::vector<PolicySample>> ExtractPolicySamples(
    const TuneGame& game, int skip_stones, const std::vector<std::string>& players);

struct PolicyFit {
  double loss = 0;  // mean -log P(chosen), with scores divided by the temperature
  double top1 = 0;  // share of samples whose chosen move scores highest
  double top3 = 0;
};
PolicyFit EvaluatePolicy(const std::vector<PolicySample>& samples, const PolicyParams& params,
                         double temperature);

// The temperature that minimises the loss for these parameters.
double FitTemperature(const std::vector<PolicySample>& samples, const PolicyParams& params);

// Adam over the parameters used by at least min_count samples' chosen or rival moves, with
// loss + l2 * sum(((p - prior) / temperature)^2).
PolicyParams FitPolicy(const std::vector<PolicySample>& samples, const PolicyParams& prior,
                       double temperature, double l2, int min_count, int iterations);

}  // namespace sente
