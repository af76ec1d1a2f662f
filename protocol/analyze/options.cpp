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
    "Opening rules (instead of a search; the moves are the stones in game order):\n"
    "  --opening-rule R   taraguchiN, soosorvN (N 1..16), pro or swap2\n"
    "  --stage S          move (default), swap, offer or choose; see the README\n"
    "  --count N          Soosorv's declared 5th moves (swap after the 4th), offers\n"
    "  --offers M         the offered 5th moves, for --stage choose\n"
    "  (--time is the decision's time; --nodes bounds each of its searches)\n"
    "Output:\n"
    "  --json             one JSON object on stdout instead of the text report\n";

namespace {

// Appends a move list (positional arguments and --moves) to o.moves.
ArgParser::TakeValue AppendMoves(AnalyzeOptions& o) {
  return [&o](absl::string_view moves) {
    if (!o.moves.empty()) o.moves += ' ';
    absl::StrAppend(&o.moves, moves);
    return absl::OkStatus();
  };
}

absl::Status ParseToMove(absl::string_view value, Color& to_move) {
  std::string c = absl::AsciiStrToLower(value);
  if (c == "black" || c == "b" || c == "x") {
    to_move = Color::kBlack;
  } else if (c == "white" || c == "w" || c == "o") {
    to_move = Color::kWhite;
  } else {
    return BadValue("--to-move", value, "black or white");
  }
  return absl::OkStatus();
}

void AddPositionFlags(ArgParser& parser, AnalyzeOptions& o) {
  parser.SetPositional(AppendMoves(o));
  parser.AddCustom("--moves", AppendMoves(o));
  parser.AddString("--file", &o.file);
  parser.AddString("--case", &o.case_name);
  parser.AddCustom("--rule", [&o](absl::string_view value) {
    absl::StatusOr<Rule> rule = RuleFromName(value);
    if (!rule.ok()) return rule.status();
    o.rule = *rule;
    return absl::OkStatus();
  });
  parser.AddCustom("--size", [&o](absl::string_view value) {
    o.size_given = true;
    return ParseFlagNumber("--size", value, kMinSize, kMaxSize, &o.size);
  });
  parser.AddCustom("--to-move",
                   [&o](absl::string_view value) { return ParseToMove(value, o.to_move); });
}

void AddLimitFlags(ArgParser& parser, AnalyzeOptions& o) {
  parser.AddCustom("--time", [&o](absl::string_view value) {
    absl::StatusOr<int64_t> ms = ParseAnalyzeTime(value);
    if (!ms.ok()) return ms.status();
    o.time_ms = *ms;
    return absl::OkStatus();
  });
  parser.AddInt("--depth", &o.depth, 1, 1000);
  parser.AddUint64("--nodes", &o.nodes, 1, uint64_t{1} << 60);
  parser.AddInt("--threads", &o.threads, 1, 256);
  parser.AddInt("--hash", &o.hash_mb, 1, 1 << 20);
  parser.AddInt("--multipv", &o.multipv, 1, 100);
  parser.AddUint64("--threat-nodes", &o.threat_nodes, 0, uint64_t{1} << 60);
  parser.AddSwitch("--json", &o.json);
}

void AddOpeningFlags(ArgParser& parser, AnalyzeOptions& o) {
  parser.AddString("--opening-rule", &o.opening_rule);
  parser.AddString("--stage", &o.stage);
  parser.AddInt("--count", &o.count, 1, 64);
  parser.AddString("--offers", &o.offers);
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
  if (WantsHelp(args)) {
    o.help = true;
    return o;
  }
  ArgParser parser("analyze");
  AddPositionFlags(parser, o);
  AddLimitFlags(parser, o);
  AddOpeningFlags(parser, o);
  if (absl::Status s = parser.Parse(args); !s.ok()) return s;
  if (!o.file.empty() && !o.moves.empty()) {
    return absl::InvalidArgumentError("give either a move list or --file, not both");
  }
  if (o.file.empty() && !o.case_name.empty()) {
    return absl::InvalidArgumentError("--case needs --file");
  }
  if (!o.opening_rule.empty() && !o.file.empty()) {
    return absl::InvalidArgumentError("--opening-rule takes a move list (game order), not --file");
  }
  if (o.opening_rule.empty() && (o.count != 0 || !o.offers.empty())) {
    return absl::InvalidArgumentError("--count and --offers need --opening-rule");
  }
  if (o.time_ms == 0 && o.depth == 0 && o.nodes == 0) o.time_ms = kDefaultAnalyzeMs;
  return o;
}

}  // namespace sente
