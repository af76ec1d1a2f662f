// `sente tune PGN... [options]`: fits the evaluation (fit.h) to the games' results, or to a
// blend of them with deeper searches (labels.h), and writes engine/code_values.h and prints
// the threat terms as C++ for search/weights.h.
#include "protocol/tune/command.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "protocol/tune/fit.h"
#include "protocol/tune/games.h"
#include "protocol/tune/labels.h"
#include "protocol/tune/model.h"
#include "protocol/tune/policy.h"

namespace sente {
namespace {

constexpr const char* kTuneUsage =
    "usage: sente tune PGN... [options]\n"
    "Replays the games of the PGN files (as `sente match --pgn` writes them), takes their quiet\n"
    "positions (no five or straight-four point for either side), fits K of sigmoid(K * eval)\n"
    "to the results with the current evaluation, then the evaluation with K fixed: the cell\n"
    "value of every pattern code (engine/code_values.h) and the threat terms (search/weights.h),\n"
    "with Black's edge with the move as a fit-only term (printed, not written).\n"
    "  --rule R          only games of this rule (code or name)\n"
    "  --skip N          leave out positions with fewer than N stones (default 6)\n"
    "  --l2 X            pull towards the current values: X * sum((K * change)^2) (default 1e-2)\n"
    "  --min-count N     keep a value used by fewer than N positions (default 50)\n"
    "  --k K             use this K instead of fitting it\n"
    "  --iterations N    Adam steps (default 600)\n"
    "  --holdout N       fit on the other games, and report the loss on every Nth game\n"
    "  --label-nodes N   blend each result with a search of the position to N nodes\n"
    "  --label-weight W  the search's share of that blend (default 0.75)\n"
    "  --threads N       threads for those searches (default 2)\n"
    "  --write FILE      write the fitted tables to FILE, as engine/code_values.h\n"
    "  --policy NAMES    fit move ordering instead (search/order_codes.h): a softmax over each\n"
    "                    position's candidates, to the moves of these players (comma-separated\n"
    "                    PGN names); --write then writes search/order_codes.h\n";

struct TuneOptions {
  std::vector<std::string> files;
  bool has_rule = false;
  Rule rule = Rule::kFreestyle;
  int skip = 6;
  double l2 = 1e-2;
  int min_count = 50;
  double k = 0;
  int iterations = 600;
  int holdout = 0;
  uint64_t label_nodes = 0;
  double label_weight = 0.75;
  int threads = 2;
  std::string write;
  std::vector<std::string> policy_players;
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
  parser.AddString("--write", &o.write);
  parser.AddCustom("--policy", [&o](absl::string_view value) {
    o.policy_players = absl::StrSplit(value, ',', absl::SkipEmpty());
    if (o.policy_players.empty()) return BadValue("--policy", value, "player names");
    return absl::OkStatus();
  });
  parser.AddInt("--iterations", &o.iterations, 0, 1000000);
  parser.AddInt("--holdout", &o.holdout, 0, 1000000);
  parser.AddUint64("--label-nodes", &o.label_nodes, 0, UINT64_MAX);
  parser.AddDouble("--label-weight", &o.label_weight, 0, 1);
  parser.AddInt("--threads", &o.threads, 1, 256);
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

// The games' quiet positions, every `holdout`-th game's apart; with positions kept when they
// are to be searched for labels.
struct Samples {
  std::vector<TuneSample> fit, held;
  std::vector<SamplePosition> fit_positions, held_positions;
  int games = 0;
};

// Calls visit(file, game, held) on each game of the files that is of --rule, if given;
// every `holdout`-th of them is held out. False, with the reason, if a file cannot be read.
bool ForEachTuneGame(
    const TuneOptions& o,
    absl::FunctionRef<void(const std::string& file, const TuneGame&, bool held)> visit) {
  int n = 0;
  for (const std::string& file : o.files) {
    absl::StatusOr<std::vector<TuneGame>> games = ReadGames(file);
    if (!games.ok()) {
      std::cerr << "tune: " << games.status().message() << '\n';
      return false;
    }
    for (const TuneGame& game : *games) {
      if (o.has_rule && game.rule != o.rule) continue;
      visit(file, game, o.holdout > 0 && n++ % o.holdout == o.holdout - 1);
    }
  }
  return true;
}

bool ReadSamples(const TuneOptions& o, Samples& out) {
  const bool read = ForEachTuneGame(o, [&](const std::string& file, const TuneGame& game,
                                           bool held) {
    // A game ended by a bad move is kept up to it.
    absl::Status s = ForEachQuietPosition(
        game, o.skip,
        [&](const Board& board, Color us, const NodeThreats& threats, NodeState state, float result,
            Pos) {
          (held ? out.held : out.fit).push_back(ExtractSample(board, us, threats, state, result));
          if (o.label_nodes > 0)
            (held ? out.held_positions : out.fit_positions)
                .push_back({board.rule(), board.width(), board.height(), board.history()});
        });
    if (!s.ok()) std::cerr << "tune: " << file << ": " << s.message() << '\n';
    ++out.games;
  });
  if (!read) return false;
  if (out.fit.empty()) std::cerr << "tune: no positions\n";
  return !out.fit.empty();
}

// The fitted threat terms as C++, and the cell values that moved most (by change times use).
void PrintResult(std::ostream& out, const TuneParams& current, const TuneParams& fitted,
                 const std::vector<int>& use) {
  for (int t = 0; t < kNumThreatTerms; ++t) {
    const int i = ThreatParam(static_cast<ThreatTerm>(t));
    out << absl::StrFormat("constexpr int %s = %d;  // was %.0f, in %d positions\n", ParamName(i),
                           std::lround(fitted[i]), current[i], use[i]);
  }
  for (int i : {kRenjuBlackEdgeParam, kOtherBlackEdgeParam})
    out << absl::StrFormat("%s (fit only): %.0f, in %d positions\n", ParamName(i), fitted[i],
                           use[i]);
  std::vector<int> order(kNumCodeParams);
  for (int i = 0; i < kNumCodeParams; ++i) order[i] = i;
  auto weight = [&](int i) { return std::abs(fitted[i] - current[i]) * use[i]; };
  std::sort(order.begin(), order.end(), [&](int a, int b) { return weight(a) > weight(b); });
  out << "cell values that moved most:\n";
  for (int r = 0; r < 20 && weight(order[r]) > 0; ++r) {
    const int i = order[r];
    out << absl::StrFormat("  %-28s %5.0f -> %5.0f  in %d positions\n", ParamName(i), current[i],
                           fitted[i], use[i]);
  }
}

// One table of the values of every pattern code, in braces, 16 a line.
void WriteCodeTable(std::ostream& file, const double* values, const std::string& indent) {
  file << indent << "{\n";
  for (int code = 0; code < kNumPatternCodes; ++code) {
    file << (code % 16 == 0 ? indent + "    " : " ") << std::lround(values[code]) << ',';
    if (code % 16 == 15 || code == kNumPatternCodes - 1) file << '\n';
  }
  file << indent << "},\n";
}

// Ends a generated table header; whether everything was written.
bool CloseTableFile(std::ofstream& file) {
  file << "};\n// clang-format on\n\n}  // namespace sente\n";
  file.close();
  return static_cast<bool>(file);
}

bool WriteTables(const std::string& path, const TuneParams& params) {
  std::ofstream file(path);
  file << "// Cell values by pattern code (engine/pattern.h PatternCode), one table per\n"
          "// ValueTable. Written by `sente tune --write`; README.md, Tuning, tells how.\n"
          "#pragma once\n\n#include <cstdint>\n\n#include \"engine/pattern.h\"\n\n"
          "namespace sente {\n\n"
          "// clang-format off\n"
          "constexpr int16_t kCodeValue[kNumValueTables][kNumPatternCodes] = {\n";
  for (int t = 0; t < kNumValueTables; ++t)
    WriteCodeTable(file, &params[t * kNumPatternCodes], "    ");
  return CloseTableFile(file);
}

// The policy samples of the games, every `holdout`-th game's apart.
bool ReadPolicySamples(const TuneOptions& o, std::vector<PolicySample>& fit,
                       std::vector<PolicySample>& held) {
  const bool read =
      ForEachTuneGame(o, [&](const std::string& file, const TuneGame& game, bool is_held) {
        absl::StatusOr<std::vector<PolicySample>> samples =
            ExtractPolicySamples(game, o.skip, o.policy_players);
        if (!samples.ok()) {
          std::cerr << "tune: " << file << ": " << samples.status().message() << '\n';
          return;
        }
        std::vector<PolicySample>& to = is_held ? held : fit;
        for (PolicySample& s : *samples) to.push_back(std::move(s));
      });
  if (!read) return false;
  if (fit.empty()) std::cerr << "tune: no positions with a move of " << o.policy_players[0] << "\n";
  return !fit.empty();
}

void PrintPolicy(std::ostream& out, const char* what, const std::vector<PolicySample>& samples,
                 const PolicyParams& current, const PolicyParams& fitted, double temperature) {
  const PolicyFit a = EvaluatePolicy(samples, current, temperature);
  const PolicyFit b = EvaluatePolicy(samples, fitted, temperature);
  out << absl::StrFormat(
      "%s: positions %d, loss %.4f -> %.4f, top-1 %.1f%% -> %.1f%%, top-3 %.1f%% -> %.1f%%\n", what,
      samples.size(), a.loss, b.loss, 100 * a.top1, 100 * b.top1, 100 * a.top3, 100 * b.top3);
}

bool WritePolicy(const std::string& path, const PolicyParams& params) {
  std::ofstream file(path);
  file << "// Move ordering's cell values by pattern code (engine/pattern.h PatternCode): for "
          "each\n// mover's ValueTable, the value of the code the mover makes on a cell and of "
          "the code the\n// opponent would make there. Written by `sente tune --policy ... "
          "--write`; README.md,\n// Tuning, tells how.\n#pragma once\n\n#include "
          "<cstdint>\n\n#include \"engine/pattern.h\"\n\nnamespace sente {\n\n// "
          "clang-format off\nconstexpr int16_t "
          "kOrderCode[kNumValueTables][2][kNumPatternCodes] = {\n";
  for (int t = 0; t < kNumValueTables; ++t) {
    file << "    {\n";
    for (int side = 0; side < 2; ++side) {
      const auto mover = static_cast<ValueTable>(t);
      WriteCodeTable(file, &params[PolicyParam(mover, static_cast<PolicySide>(side), 0)],
                     "        ");
    }
    file << "    },\n";
  }
  return CloseTableFile(file);
}

int RunPolicyTune(const TuneOptions& o, std::ostream& out) {
  std::vector<PolicySample> fit, held;
  if (!ReadPolicySamples(o, fit, held)) return 1;
  const PolicyParams current = CurrentPolicyParams();
  const double temperature = o.k > 0 ? 1 / o.k : FitTemperature(fit, current);
  PolicyParams fitted = FitPolicy(fit, current, temperature, o.l2, o.min_count, o.iterations);
  for (double& x : fitted) x = std::round(x);
  out << absl::StrFormat("temperature %.1f\n", temperature);
  PrintPolicy(out, "fit", fit, current, fitted, temperature);
  if (!held.empty()) PrintPolicy(out, "held out", held, current, fitted, temperature);
  if (!o.write.empty()) {
    if (!WritePolicy(o.write, fitted)) {
      std::cerr << "tune: cannot write " << o.write << '\n';
      return 1;
    }
    out << "wrote " << o.write << '\n';
  }
  return 0;
}

}  // namespace

int RunTune(const Args& args, std::ostream& out) {
  if (WantsHelp(args)) {
    out << kTuneUsage;
    return 0;
  }
  TuneOptions o;
  if (!ParseOptions(args, o)) return 2;
  if (!o.policy_players.empty()) return RunPolicyTune(o, out);
  Samples samples;
  if (!ReadSamples(o, samples)) return 1;

  const TuneParams current = CurrentParams();
  FitSpec spec;
  spec.k = o.k > 0 ? o.k : FitK(samples.fit, current);
  spec.l2 = o.l2;
  spec.min_count = o.min_count;
  spec.iterations = o.iterations;
  if (o.label_nodes > 0) {
    LabelBySearch(samples.fit_positions, o.label_nodes, spec.k, o.label_weight, o.threads,
                  samples.fit);
    LabelBySearch(samples.held_positions, o.label_nodes, spec.k, o.label_weight, o.threads,
                  samples.held);
  }
  TuneParams fitted = FitParams(samples.fit, current, spec);
  for (double& x : fitted) x = std::round(x);

  out << absl::StrFormat("games %d, positions %d, K %.6g (eval %.0f = 73%% expected score)\n",
                         samples.games, samples.fit.size(), spec.k, 1 / spec.k);
  out << absl::StrFormat("loss current %.6f, fitted %.6f\n", Loss(samples.fit, current, spec.k),
                         Loss(samples.fit, fitted, spec.k));
  if (!samples.held.empty()) {
    out << absl::StrFormat("held out: positions %d, loss current %.6f, fitted %.6f\n",
                           samples.held.size(), Loss(samples.held, current, spec.k),
                           Loss(samples.held, fitted, spec.k));
  }
  PrintResult(out, current, fitted, ParamUse(samples.fit));
  if (!o.write.empty()) {
    if (!WriteTables(o.write, fitted)) {
      std::cerr << "tune: cannot write " << o.write << '\n';
      return 1;
    }
    out << "wrote " << o.write << '\n';
  }
  return 0;
}

}  // namespace sente
