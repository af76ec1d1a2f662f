#include "protocol/tune/policy.h"

#include <algorithm>
#include <cmath>

#include "search/movegen.h"
#include "search/order_codes.h"

namespace sente {
namespace {

constexpr ValueTable OpponentTable(ValueTable mover) {
  return mover == kValueRenjuBlack   ? kValueRenjuWhite
         : mover == kValueRenjuWhite ? kValueRenjuBlack
                                     : kValueGeneral;
}

// The samples' candidate scores, and the softmax's loss and gradient.
struct Softmax {
  std::vector<double> p;
  double Fill(const PolicySample& s, const PolicyParams& params, double temperature) {
    p.resize(s.cells.size());
    double top = -1e300;
    for (size_t i = 0; i < s.cells.size(); ++i) {
      p[i] = (params[s.cells[i].first] + params[s.cells[i].second]) / temperature;
      top = std::max(top, p[i]);
    }
    const double chosen = p[s.chosen];
    double sum = 0;
    for (double& x : p) sum += (x = std::exp(x - top));
    for (double& x : p) x /= sum;
    return top + std::log(sum) - chosen;  // -log P(chosen)
  }
};

}  // namespace

PolicyParams CurrentPolicyParams() {
  PolicyParams params(kNumPolicyParams);
  for (int t = 0; t < kNumValueTables; ++t)
    for (int side = 0; side < 2; ++side)
      for (int code = 0; code < kNumPatternCodes; ++code) {
        const auto mover = static_cast<ValueTable>(t);
        params[PolicyParam(mover, static_cast<PolicySide>(side), code)] = kOrderCode[t][side][code];
      }
  return params;
}

absl::StatusOr<std::vector<PolicySample>> ExtractPolicySamples(
    const TuneGame& game, int skip_stones, const std::vector<std::string>& players) {
  std::vector<PolicySample> samples;
  std::vector<ScoredMove> moves(kMaxMoves);
  auto plays = [&](Color c) {
    const std::string& name = c == Color::kBlack ? game.black : game.white;
    return std::find(players.begin(), players.end(), name) != players.end();
  };
  absl::Status status = ForEachQuietPosition(
      game, skip_stones,
      [&](Board& board, Color us, const NodeThreats& threats, NodeState state, float, Pos move) {
        if (!plays(us)) return;
        const int n = GenerateMoves(board, us, state, threats, moves.data());
        const ValueTable mover = ValueTableOf(game.rule, us);
        PolicySample s;
        s.chosen = -1;
        for (int i = 0; i < n; ++i) {
          const Pos p = moves[i].pos;
          if (p == move) s.chosen = i;
          s.cells.emplace_back(
              PolicyParam(mover, kPolicyOwn, PatternCode(board.combo(p, us))),
              PolicyParam(mover, kPolicyOpp, PatternCode(board.combo(p, Opponent(us)))));
        }
        if (s.chosen >= 0 && n > 1) samples.push_back(std::move(s));
      });
  if (!status.ok()) return status;
  return samples;
}

PolicyFit EvaluatePolicy(const std::vector<PolicySample>& samples, const PolicyParams& params,
                         double temperature) {
  PolicyFit fit;
  if (samples.empty()) return fit;
  Softmax softmax;
  for (const PolicySample& s : samples) {
    fit.loss += softmax.Fill(s, params, temperature);
    int better = 0;
    for (double x : softmax.p) better += x > softmax.p[s.chosen];
    fit.top1 += better == 0;
    fit.top3 += better < 3;
  }
  const double n = static_cast<double>(samples.size());
  fit.loss /= n, fit.top1 /= n, fit.top3 /= n;
  return fit;
}

double FitTemperature(const std::vector<PolicySample>& samples, const PolicyParams& params) {
  double a = std::log(1.0), b = std::log(1e4);
  const double r = (std::sqrt(5.0) - 1) / 2;
  auto loss = [&](double x) { return EvaluatePolicy(samples, params, std::exp(x)).loss; };
  double c = b - r * (b - a), d = a + r * (b - a);
  double fc = loss(c), fd = loss(d);
  for (int i = 0; i < 60 && b - a > 1e-4; ++i) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - r * (b - a);
      fc = loss(c);
    } else {
      a = c, c = d, fc = fd;
      d = a + r * (b - a);
      fd = loss(d);
    }
  }
  return std::exp((a + b) / 2);
}

PolicyParams FitPolicy(const std::vector<PolicySample>& samples, const PolicyParams& prior,
                       double temperature, double l2, int min_count, int iterations) {
  std::vector<int> use(kNumPolicyParams, 0);
  for (const PolicySample& s : samples)
    for (const auto& [own, opp] : s.cells) ++use[own], ++use[opp];
  PolicyParams p = prior;
  std::vector<double> m(kNumPolicyParams, 0), v(kNumPolicyParams, 0), grad(kNumPolicyParams);
  const double inv = samples.empty() ? 0 : 1.0 / static_cast<double>(samples.size());
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12, kStep = 2;
  Softmax softmax;
  for (int iter = 1; iter <= iterations; ++iter) {
    std::fill(grad.begin(), grad.end(), 0.0);
    for (const PolicySample& s : samples) {
      softmax.Fill(s, p, temperature);
      for (size_t i = 0; i < s.cells.size(); ++i) {
        const double g = (softmax.p[i] - (static_cast<int>(i) == s.chosen)) * inv / temperature;
        grad[s.cells[i].first] += g;
        grad[s.cells[i].second] += g;
      }
    }
    const double correct1 = 1 - std::pow(kBeta1, iter), correct2 = 1 - std::pow(kBeta2, iter);
    for (int i = 0; i < kNumPolicyParams; ++i) {
      if (use[i] < std::max(1, min_count)) continue;
      const double g = grad[i] + 2 * l2 * (p[i] - prior[i]) / (temperature * temperature);
      m[i] = kBeta1 * m[i] + (1 - kBeta1) * g;
      v[i] = kBeta2 * v[i] + (1 - kBeta2) * g * g;
      p[i] -= kStep * (m[i] / correct1) / (std::sqrt(v[i] / correct2) + kEpsilon);
      p[i] = std::clamp(p[i], -30000.0, 30000.0);
    }
  }
  return p;
}

}  // namespace sente
