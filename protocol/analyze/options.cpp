#include "protocol/analyze/options.h"

#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sente {

const char kAnalyzeUsage[] =
    "usage: sente analyze [MOVES...] [options]\n"
    "       sente analyze --file F [options]\n"
    "Analyses a position: draws it, lists threats and Black's forbidden points, looks for\n"
    "VCF/VCT wins, searches, and prints the verdict.\n"
    "\n"
    "Position:\n"
    "  MOVES, --moves M   move list in renju notation, Black first: \"h8 h9 i8\" or h8h9i8\n"
    "  --file F           board diagram: rows of '.', 'X' (Black), 'O' (White), top row first;\n"
    "                     or a case file (case: ... board: ... end), see --case\n"
    "  --case NAME        which case of a case file (default: the first)\n"
    "  --rule R           freestyle, standard, renju, caro, caro5 or 0/1/4/8/9 (default renju)\n"
    "  --size N           board size, 5 to 22 (default 15; a diagram must have this size)\n"
    "  --to-move C        black or white (default: the side with fewer stones, Black on a tie;\n"
    "                     a case file's 'attacker:')\n"
    "Limits (default: --time 5s when none of --time, --depth, --nodes is given):\n"
    "  --time T           total time: 500 or 500ms = milliseconds, 2s or 1.5s = seconds\n"
    "  --depth D          deepest iteration\n"
    "  --nodes N          search node budget\n"
    "  --threads N        search threads (default 1)\n"
    "  --hash MB          hash table size in MiB (default 64)\n"
    "  --multipv N        report the N best moves (default 1)\n"
    "  --threat-nodes N   node budget of each VCF/VCT search (default 2000000)\n"
    "Output:\n"
    "  --json             one JSON object on stdout instead of the text report\n";

namespace {

absl::Status BadValue(absl::string_view option, absl::string_view value, absl::string_view want) {
  return absl::InvalidArgumentError(
      absl::StrCat("bad value '", value, "' for ", option, " (expected ", want, ")"));
}

template <typename T>
absl::Status ParseNumber(absl::string_view option, absl::string_view value, T min, T max,
                         T& out) {
  T v{};
  if (!absl::SimpleAtoi(value, &v) || v < min || v > max) {
    return BadValue(option, value, absl::StrCat("an integer from ", min, " to ", max));
  }
  out = v;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<int64_t> ParseAnalyzeTime(absl::string_view text) {
  absl::string_view number = text;
  double scale = 1;
  if (absl::EndsWith(number, "ms")) {
    number.remove_suffix(2);
  } else if (absl::EndsWith(number, "s")) {
    number.remove_suffix(1);
    scale = 1000;
  }
  double value = 0;
  constexpr double kMaxMs = 7 * 24 * 3600 * 1000.0;
  if (number.empty() || !absl::ascii_isdigit(static_cast<unsigned char>(number[0])) ||
      !absl::SimpleAtod(number, &value) || !std::isfinite(value) || value * scale < 1 ||
      value * scale > kMaxMs) {
    return BadValue("--time", text, "a duration such as 500, 500ms or 2s, from 1 ms to 7 days");
  }
  return static_cast<int64_t>(std::llround(value * scale));
}

absl::StatusOr<AnalyzeOptions> ParseAnalyzeOptions(const Args& args) {
  AnalyzeOptions o;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i];
    if (name == "--help" || name == "-h") {
      o.help = true;
      continue;
    }
    if (name == "--json") {
      o.json = true;
      continue;
    }
    if (!absl::StartsWith(name, "-")) {
      if (!o.moves.empty()) o.moves += ' ';
      o.moves += name;
      continue;
    }
    std::string value;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return absl::InvalidArgumentError(absl::StrCat("option ", name, " needs a value"));
    }
    absl::Status status;
    if (name == "--moves") {
      if (!o.moves.empty()) o.moves += ' ';
      o.moves += value;
    } else if (name == "--file") {
      o.file = value;
    } else if (name == "--case") {
      o.case_name = value;
    } else if (name == "--rule") {
      absl::StatusOr<Rule> rule = RuleFromName(value);
      if (!rule.ok()) return rule.status();
      o.rule = *rule;
    } else if (name == "--size") {
      status = ParseNumber(name, value, kMinSize, kMaxSize, o.size);
      o.size_given = true;
    } else if (name == "--to-move") {
      std::string c = absl::AsciiStrToLower(value);
      if (c == "black" || c == "b" || c == "x") {
        o.to_move = Color::kBlack;
      } else if (c == "white" || c == "w" || c == "o") {
        o.to_move = Color::kWhite;
      } else {
        status = BadValue(name, value, "black or white");
      }
    } else if (name == "--time") {
      absl::StatusOr<int64_t> ms = ParseAnalyzeTime(value);
      if (!ms.ok()) return ms.status();
      o.time_ms = *ms;
    } else if (name == "--depth") {
      status = ParseNumber(name, value, 1, 1000, o.depth);
    } else if (name == "--nodes") {
      status = ParseNumber<uint64_t>(name, value, 1, uint64_t{1} << 60, o.nodes);
    } else if (name == "--threads") {
      status = ParseNumber(name, value, 1, 256, o.threads);
    } else if (name == "--hash") {
      status = ParseNumber(name, value, 1, 1 << 20, o.hash_mb);
    } else if (name == "--multipv") {
      status = ParseNumber(name, value, 1, 100, o.multipv);
    } else if (name == "--threat-nodes") {
      status = ParseNumber<uint64_t>(name, value, 0, uint64_t{1} << 60, o.threat_nodes);
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown option '", name, "' (see sente analyze --help)"));
    }
    if (!status.ok()) return status;
  }
  if (!o.file.empty() && !o.moves.empty()) {
    return absl::InvalidArgumentError("give either a move list or --file, not both");
  }
  if (o.file.empty() && !o.case_name.empty()) {
    return absl::InvalidArgumentError("--case needs --file");
  }
  if (o.time_ms == 0 && o.depth == 0 && o.nodes == 0) o.time_ms = kDefaultAnalyzeMs;
  return o;
}

}  // namespace sente
