// `sente tune PGN... [options]`: fits the evaluation weights to the results of the games
// (tune_fit.h) and prints them as C++ for engine/cell_weights.h and search/weights.h.
#include "protocol/tune/command.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iostream>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "engine/pattern.h"
#include "protocol/tune/fit.h"
#include "protocol/tune/games.h"

namespace sente {
namespace {

constexpr const char* kTuneUsage =
    "usage: sente tune PGN... [--rule R] [--skip N] [--l2 X] [--min-count N] [--k K]\n"
    "Replays the games of the PGN files (as `sente match --pgn` writes them), takes their quiet\n"
    "positions (no five or straight-four point for either side), fits K of sigmoid(K * eval)\n"
    "to the results with the current weights, then the weights with K fixed, and prints them\n"
    "as C++ for engine/cell_weights.h and search/weights.h.\n"
    "  --rule R        only games of this rule (code or name)\n"
    "  --skip N        leave out positions with fewer than N stones (default 6)\n"
    "  --l2 X          pull towards the current weights: X * sum((K * change)^2) (default 1e-4)\n"
    "  --min-count N   keep a weight whose term is in fewer than N positions (default 200)\n"
    "  --k K           use this K instead of fitting it\n";

struct TuneOptions {
  std::vector<std::string> files;
  bool has_rule = false;
  Rule rule = Rule::kFreestyle;
  int skip = 6;
  double l2 = 1e-4;
  int min_count = 200;
  double k = 0;
};

bool ParseOptions(const Args& args, TuneOptions& o) {
  ArgParser parser("tune");
  parser.AddCustom("--rule", [&o](absl::string_view value) {
    absl::StatusOr<Rule> rule = RuleFromName(value);
    if (!rule.ok()) return rule.status();
    o.has_rule = true;
    o.rule = *rule;
    return absl::OkStatus();
  });
  parser.AddInt("--skip", &o.skip, INT_MIN, INT_MAX);
  parser.AddDouble("--l2", &o.l2, 0, HUGE_VAL);
  parser.AddInt("--min-count", &o.min_count, INT_MIN, INT_MAX);
  parser.AddCustom("--k", [&o](absl::string_view value) {
    double k = 0;
    if (!absl::SimpleAtod(value, &k) || !(k > 0)) return BadValue("--k", value, "a number above 0");
    o.k = k;
    return absl::OkStatus();
  });
  parser.SetPositional([&o](absl::string_view file) {
    o.files.emplace_back(file);
    return absl::OkStatus();
  });
  if (absl::Status s = parser.Parse(args); !s.ok()) {
    std::cerr << "tune: " << s.message() << '\n' << kTuneUsage;
    return false;
  }
  if (o.files.empty()) {
    std::cerr << "tune: no PGN file\n" << kTuneUsage;
    return false;
  }
  return true;
}

// Bounds keeping every cell value within 0..kMaxCellValue (pattern.cpp checks it): four lines
// of at most kLineCap and a bonus of at most the rest.
constexpr int kLineCap = kMaxCellValue / 5;
constexpr int kBonusCap = kMaxCellValue - kNumDirs * kLineCap;
constexpr int kThreatCap = 10000;

// Weights the fit leaves alone: patterns that are never worth anything.
bool AlwaysFixed(int i) {
  return i == kTuneLine + kDead || i == kTuneLine + kOverline || i == kTuneBonus + kP4None ||
         i == kTuneBonus + kP4Overline || i == kTuneBonus + kP4DoubleFour;
}

// "kFlex3" from "kLineWeight[kFlex3]".
absl::string_view IndexName(int i) {
  absl::string_view name = TuneWeightName(i);
  const size_t open = name.find('[');
  return name.substr(open + 1, name.size() - open - 2);
}

void PrintTable(std::ostream& out, const char* decl, const TuneWeights& w, int first, int count,
                int per_line) {
  out << decl << " = {\n";
  for (int j = 0; j < count; ++j) {
    out << (j % per_line == 0 ? "    " : " ")
        << absl::StrFormat("/*%s*/ %d,", IndexName(first + j), std::lround(w[first + j]));
    if (j % per_line == per_line - 1 || j == count - 1) out << '\n';
  }
  out << "};\n";
}

void PrintWeights(std::ostream& out, const TuneWeights& w) {
  out << "// Indexed by LinePattern.\n";
  PrintTable(out, "constexpr int16_t kLineWeight[kNumLinePatterns]", w, kTuneLine, kNumLinePatterns,
             6);
  out << "\n// Indexed by Pattern4.\n";
  PrintTable(out, "constexpr int16_t kPattern4Bonus[kNumPattern4]", w, kTuneBonus, kNumPattern4, 4);
  out << '\n';
  for (int i = kTuneTempo; i < kNumTuneWeights; ++i)
    out << "constexpr int " << TuneWeightName(i) << " = " << std::lround(w[i]) << ";\n";
}

}  // namespace

int RunTune(const Args& args, std::ostream& out) {
  if (WantsHelp(args)) {
    out << kTuneUsage;
    return 0;
  }
  TuneOptions o;
  if (!ParseOptions(args, o)) return 2;

  std::vector<TuneSample> samples;
  int num_games = 0;
  for (const std::string& file : o.files) {
    absl::StatusOr<std::vector<TuneGame>> games = ReadGames(file);
    if (!games.ok()) {
      std::cerr << "tune: " << games.status().message() << '\n';
      return 1;
    }
    for (const TuneGame& game : *games) {
      if (o.has_rule && game.rule != o.rule) continue;
      // A game ended by a bad move is kept up to it.
      if (absl::Status s = SampleGame(game, o.skip, samples); !s.ok())
        std::cerr << "tune: " << file << ": " << s.message() << '\n';
      ++num_games;
    }
  }
  if (samples.empty()) {
    std::cerr << "tune: no positions\n";
    return 1;
  }

  const TuneWeights current = CurrentWeights();
  FitSpec spec;
  spec.k = o.k > 0 ? o.k : FitK(samples, current);
  spec.prior = current;
  spec.l2 = o.l2;
  std::array<int, kNumTuneWeights> used{};
  for (const TuneSample& s : samples)
    for (int i = 0; i < kNumTuneWeights; ++i) used[i] += s.x[i] != 0;
  for (int i = 0; i < kNumTuneWeights; ++i) {
    spec.free[i] = !AlwaysFixed(i) && used[i] >= o.min_count;
    spec.lo[i] = 0;
    spec.hi[i] = i < kTuneBonus ? kLineCap : i < kTuneTempo ? kBonusCap : kThreatCap;
  }
  // A line is worth no more than a stronger one the data leaves alone (fours and fives are
  // never in quiet positions), so that move ordering still prefers the stronger shape.
  for (int i = kBlock1; i < kNumLinePatterns; ++i)
    for (int j = i + 1; j < kNumLinePatterns; ++j)
      if (!spec.free[kTuneLine + j])
        spec.hi[kTuneLine + i] = std::min(spec.hi[kTuneLine + i], current[kTuneLine + j]);
  const TuneWeights fitted = FitWeights(samples, current, spec);
  TuneWeights rounded = fitted;
  for (double& x : rounded) x = std::round(x);

  out << absl::StrFormat("games %d, positions %d\n", num_games, samples.size());
  out << absl::StrFormat("K %.6g (eval %.0f = 73%% expected score)\n", spec.k, 1 / spec.k);
  out << absl::StrFormat("loss current %.6f, fitted %.6f, rounded %.6f\n",
                         Loss(samples, current, spec.k), Loss(samples, fitted, spec.k),
                         Loss(samples, rounded, spec.k));
  auto spread = [&](const TuneWeights& w) {
    double sum = 0;
    for (const TuneSample& s : samples) sum += std::min(std::abs(Dot(w, s.x)), kTuneEvalClamp);
    return sum / static_cast<double>(samples.size());
  };
  out << absl::StrFormat("mean |eval| current %.0f, rounded %.0f\n", spread(current),
                         spread(rounded));
  out << absl::StrFormat("%-32s %8s %8s %9s\n", "weight", "current", "tuned", "positions");
  for (int i = 0; i < kNumTuneWeights; ++i) {
    out << absl::StrFormat("%-32s %8.0f %8.0f %9d%s\n", TuneWeightName(i), current[i], rounded[i],
                           used[i], spec.free[i] ? "" : "  (kept)");
  }
  out << '\n';
  PrintWeights(out, rounded);
  return 0;
}

}  // namespace sente
