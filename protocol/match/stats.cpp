#include "protocol/match/stats.h"

#include <cmath>
#include <limits>
#include <vector>

#include "absl/strings/str_format.h"

namespace sente {
namespace {

constexpr double kZ95 = 1.959963984540054;
constexpr double kPseudoCount = 1e-3;

// Outcomes with their scores in [0, 1] and how often each happened.
struct Sample {
  std::vector<double> score;
  std::vector<double> count;
};

// The distribution of largest likelihood among those with mean `mean` on the sample's
// outcomes: p_i = f_i / (1 + lambda (a_i - mean)), lambda the root of sum p_i (a_i - mean) = 0,
// found by bisection (the sum falls as lambda grows).
std::vector<double> MaxLikelihood(const std::vector<double>& a, const std::vector<double>& f,
                                  double mean) {
  double lo = -1e300, hi = 1e300;
  for (double ai : a) {
    double d = ai - mean;
    if (d > 0) lo = std::max(lo, -1 / d);
    if (d < 0) hi = std::min(hi, -1 / d);
  }
  auto g = [&](double lambda) {
    double sum = 0;
    for (size_t i = 0; i < a.size(); ++i)
      sum += f[i] * (a[i] - mean) / (1 + lambda * (a[i] - mean));
    return sum;
  };
  for (int iter = 0; iter < 200; ++iter) {
    double mid = (lo + hi) / 2;
    (g(mid) > 0 ? lo : hi) = mid;
  }
  double lambda = (lo + hi) / 2;
  std::vector<double> p(a.size());
  for (size_t i = 0; i < a.size(); ++i) p[i] = f[i] / (1 + lambda * (a[i] - mean));
  return p;
}

double Llr(Sample sample, const Sprt& sprt) {
  double n = 0;
  for (double c : sample.count) n += c;
  if (n == 0) return 0;
  double total = 0;
  for (double& c : sample.count) {
    if (c == 0) c = kPseudoCount;
    total += c;
  }
  std::vector<double> f;
  for (double c : sample.count) f.push_back(c / total);
  std::vector<double> p0 = MaxLikelihood(sample.score, f, EloToScore(sprt.elo0));
  std::vector<double> p1 = MaxLikelihood(sample.score, f, EloToScore(sprt.elo1));
  double llr = 0;
  for (size_t i = 0; i < f.size(); ++i) llr += f[i] * std::log(p1[i] / p0[i]);
  return n * llr;
}

std::string FormatElo(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return absl::StrFormat("%.1f", x + 0.0);  // no "-0.0"
}

}  // namespace

double Wdl::score() const {
  return games() == 0 ? 0.5 : (wins + 0.5 * draws) / static_cast<double>(games());
}

double EloToScore(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double ScoreToElo(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

EloEstimate EstimateElo(const Wdl& wdl) {
  double n = static_cast<double>(wdl.games());
  double s = wdl.score();
  double elo = ScoreToElo(s);
  if (n == 0) return {0, std::numeric_limits<double>::quiet_NaN()};
  double variance =
      (wdl.wins * (1 - s) * (1 - s) + wdl.draws * (0.5 - s) * (0.5 - s) + wdl.losses * s * s) / n;
  double delta = kZ95 * std::sqrt(variance / n);
  if (variance == 0) return {elo, std::numeric_limits<double>::quiet_NaN()};
  return {elo, (ScoreToElo(s + delta) - ScoreToElo(s - delta)) / 2};
}

std::string FormatScoreLine(const std::string& a, const std::string& b, const Wdl& wdl) {
  EloEstimate e = EstimateElo(wdl);
  return absl::StrFormat("Score of %s vs %s: %d - %d - %d [%.3f] %d games, Elo %s +/- %s", a, b,
                         wdl.wins, wdl.losses, wdl.draws, wdl.score(), wdl.games(),
                         FormatElo(e.elo), FormatElo(e.margin));
}

double Sprt::LowerBound() const { return std::log(beta / (1 - alpha)); }
double Sprt::UpperBound() const { return std::log((1 - beta) / alpha); }

double TrinomialLlr(const Wdl& wdl, const Sprt& sprt) {
  return Llr({{0, 0.5, 1},
              {static_cast<double>(wdl.losses), static_cast<double>(wdl.draws),
               static_cast<double>(wdl.wins)}},
             sprt);
}

double PentanomialLlr(const Pentanomial& pairs, const Sprt& sprt) {
  Sample sample{{0, 0.25, 0.5, 0.75, 1}, {}};
  for (int64_t c : pairs) sample.count.push_back(static_cast<double>(c));
  return Llr(sample, sprt);
}

SprtDecision Decide(double llr, const Sprt& sprt) {
  if (llr >= sprt.UpperBound()) return SprtDecision::kAcceptH1;
  if (llr <= sprt.LowerBound()) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

}  // namespace sente
