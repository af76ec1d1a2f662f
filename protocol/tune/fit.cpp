#include "protocol/tune/fit.h"

#include <algorithm>
#include <cmath>

namespace sente {
namespace {

double Eval(const TuneWeights& w, const TuneFeatures& x) {
  return std::clamp(Dot(w, x), -kTuneEvalClamp, kTuneEvalClamp);
}

// Log loss of result y against sigmoid(z), stable for large |z|.
double LogLoss(double z, double y) {
  return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))) - y * z;
}

double Sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

double Objective(const std::vector<TuneSample>& samples, const TuneWeights& w,
                 const FitSpec& spec) {
  double reg = 0;
  for (int i = 0; i < kNumTuneWeights; ++i) {
    const double d = spec.k * (w[i] - spec.prior[i]);
    reg += d * d;
  }
  return Loss(samples, w, spec.k) + spec.l2 * reg;
}

// Solves a x = b for symmetric positive definite a (n x n, row-major) by Cholesky; false
// when a is not positive definite.
bool SolveSpd(std::vector<double> a, std::vector<double>& b, int n) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (d <= 0) return false;
    a[j * n + j] = std::sqrt(d);
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / a[j * n + j];
    }
  }
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
    b[i] /= a[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
    b[i] /= a[i * n + i];
  }
  return true;
}

}  // namespace

double Loss(const std::vector<TuneSample>& samples, const TuneWeights& w, double k) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const TuneSample& s : samples) sum += LogLoss(k * Eval(w, s.x), s.result);
  return sum / static_cast<double>(samples.size());
}

double FitK(const std::vector<TuneSample>& samples, const TuneWeights& w) {
  // Golden-section search over log k: the loss is unimodal in k.
  double a = std::log(1e-6), b = std::log(1.0);
  const double r = (std::sqrt(5.0) - 1) / 2;
  double c = b - r * (b - a), d = a + r * (b - a);
  double fc = Loss(samples, w, std::exp(c)), fd = Loss(samples, w, std::exp(d));
  for (int i = 0; i < 100 && b - a > 1e-9; ++i) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - r * (b - a);
      fc = Loss(samples, w, std::exp(c));
    } else {
      a = c, c = d, fc = fd;
      d = a + r * (b - a);
      fd = Loss(samples, w, std::exp(d));
    }
  }
  return std::exp((a + b) / 2);
}

TuneWeights FitWeights(const std::vector<TuneSample>& samples, const TuneWeights& start,
                       const FitSpec& spec) {
  constexpr int n = kNumTuneWeights;
  const double k = spec.k, inv = samples.empty() ? 0 : 1.0 / static_cast<double>(samples.size());
  TuneWeights w = start;
  for (int i = 0; i < n; ++i)
    if (spec.free[i]) w[i] = std::clamp(w[i], spec.lo[i], spec.hi[i]);
  double f = Objective(samples, w, spec);
  for (int iter = 0; iter < spec.max_iterations; ++iter) {
    std::array<double, n> grad{};
    std::vector<double> hess(n * n, 0.0);
    for (const TuneSample& s : samples) {
      const double v = Dot(w, s.x);
      if (std::abs(v) >= kTuneEvalClamp) continue;  // clamped: no gradient
      const double p = Sigmoid(k * v);
      const double g = (p - s.result) * k * inv, h = p * (1 - p) * k * k * inv;
      for (int i = 0; i < n; ++i) {
        if (s.x[i] == 0) continue;
        grad[i] += g * s.x[i];
        for (int j = 0; j <= i; ++j) hess[i * n + j] += h * s.x[i] * s.x[j];
      }
    }
    // The step moves the free weights not held at a bound by the gradient.
    std::vector<int> moving;
    for (int i = 0; i < n; ++i) {
      grad[i] += 2 * spec.l2 * k * k * (w[i] - spec.prior[i]);
      if (!spec.free[i]) continue;
      if ((w[i] <= spec.lo[i] && grad[i] > 0) || (w[i] >= spec.hi[i] && grad[i] < 0)) continue;
      moving.push_back(i);
    }
    const int m = static_cast<int>(moving.size());
    if (m == 0) break;
    std::vector<double> a(m * m), step(m);
    double max_diag = 0;
    for (int r = 0; r < m; ++r) max_diag = std::max(max_diag, hess[moving[r] * n + moving[r]]);
    for (int r = 0; r < m; ++r) {
      for (int c = 0; c < m; ++c) {
        const int i = std::max(moving[r], moving[c]), j = std::min(moving[r], moving[c]);
        a[r * m + c] = hess[i * n + j];
      }
      // The L2 term, and a little damping for features that never vary.
      a[r * m + r] += 2 * spec.l2 * k * k + 1e-9 * max_diag + 1e-300;
      step[r] = -grad[moving[r]];
    }
    if (!SolveSpd(a, step, m)) break;
    // Backtracking on the projected step.
    bool improved = false;
    for (double t = 1; t > 1e-6; t /= 2) {
      TuneWeights next = w;
      for (int r = 0; r < m; ++r) {
        const int i = moving[r];
        next[i] = std::clamp(w[i] + t * step[r], spec.lo[i], spec.hi[i]);
      }
      const double fn = Objective(samples, next, spec);
      if (fn < f) {
        improved = f - fn > 1e-12;
        w = next, f = fn;
        break;
      }
    }
    if (!improved) break;
  }
  return w;
}

}  // namespace sente
