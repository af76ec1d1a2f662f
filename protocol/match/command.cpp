#include "protocol/match/command.h"

#include <fstream>
#include <iostream>
#include <type_traits>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/board.h"

namespace sente {

const char* const kMatchHelp = R"(usage: sente match --engine cmd=PROGRAM [name=N] [dir=D] [info.KEY=VALUE...]
                   --engine cmd=... [--engine ...] [options]

Plays Gomocup engines (pbrain-*) against each other, refereed by Sente's rules core. With
more than two engines every pair plays (a round robin). Each opening is played twice with
the colours swapped.

Engines:
  --engine FIELDS...     one engine; fields up to the next --option:
                           cmd=PROGRAM [ARGS]  command line (split on blanks, no quoting)
                           name=NAME           name in reports (default: from the program)
                           dir=DIR             working directory
                           info.KEY=VALUE      sent as "INFO KEY VALUE" each game, e.g.
                                               info.thread_num=1 info.max_depth=4
  --each FIELDS...       fields added to every engine (e.g. info.thread_num=1)
  --engine-stderr        show the engines' stderr (default: discarded)

Game:
  --rule R               0 freestyle, 1 standard, 4 renju, 8 caro, 9 caro5 (or the name); default 0
  --size N | WxH         board size, 5..22 (RECTSTART for rectangles); default 15
  --openings FILE        one opening a line: offsets from the centre "0,0, 1,0, 1,3"
                         (x right, y down) or renju notation "h8h9h10"; '#' comments
  --shuffle              play the openings in a random order (see --seed)
  --symmetry             a random board symmetry for each opening (both colours get the same)
  --seed N               random seed for --shuffle and --symmetry; default 1
  --board-every-move     send the position with BOARD before every move (default: BOARD
                         only for an engine's first move when stones are on the board, then
                         TURN; BEGIN on an empty board)

Time and memory (Gomocup's referee: a move must arrive within min(turn, time left) + tolerance):
  --tc-turn MS           per move; 0 = none; default 5000
  --tc-game MS           per game; 0 = none (default); INFO time_left is sent before each move
  --tolerance MS         grace past the limit before a loss on time; default 1000
  --start-timeout MS     to answer START with OK; default 10000
  --max-memory BYTES     sent as INFO max_memory; 0 = none; default 367001600 (350 MiB)
  --memory-loss          a peak resident size over --max-memory loses the game
  --freeze               stop (SIGSTOP) each engine while it is not its move, as Gomocup
                         does: no pondering on the opponent's time

Match:
  --games N              games per pair, even; default 2 per opening (unbounded with --sprt)
  --concurrency N        games played at once; default 1
  --reuse                keep one process per engine and worker, new START each game
                         (c-gomoku-cli style); default: a new process per game (Gomocup style)
  --sprt ELO0 ELO1 ALPHA BETA
                         stop once the GSPRT decides (logistic Elo, two engines only)
  --pentanomial          SPRT on game pairs (same opening, both colours) instead of games
  --pgn FILE             append every game: tags (result, reason) and moves in renju notation
  --log FILE             append every line sent to ("<") and read from (">") the engines
  --quiet                no live progress on stderr

Results: live progress on stderr; at the end, per engine its games, moves, time per move,
peak memory and losses by reason, the SPRT verdict, and one line per pair:
  Score of A vs B: W - L - D [score] N games, Elo E +/- M
(W, L, D from A's view, M the 95% half-interval). Black wins "1-0" in the PGN.
Losses: Renju foul by Black, occupied, off-board or garbage answer, timeout, crash,
no OK to START, memory. Draws: full board, Renju at width*height - 25 stones.
Exit status: 0 done, 1 an engine could not be started, 2 bad arguments.
)";

namespace {

absl::Status Bad(absl::string_view what) { return absl::InvalidArgumentError(std::string(what)); }

template <typename T>
absl::StatusOr<T> Number(const std::string& flag, const std::string& text) {
  T value{};
  bool ok;
  if constexpr (std::is_floating_point_v<T>) ok = absl::SimpleAtod(text, &value);
  else ok = absl::SimpleAtoi(text, &value);
  if (!ok) return Bad(absl::StrCat(flag, ": '", text, "' is not a number"));
  return value;
}

absl::Status ParseSize(const std::string& text, int& width, int& height) {
  std::vector<std::string> parts = absl::StrSplit(text, absl::ByAnyChar("xX,"));
  if (parts.size() == 1 && absl::SimpleAtoi(parts[0], &width)) {
    height = width;
    return absl::OkStatus();
  }
  if (parts.size() == 2 && absl::SimpleAtoi(parts[0], &width) && absl::SimpleAtoi(parts[1], &height))
    return absl::OkStatus();
  return Bad(absl::StrCat("--size: '", text, "' is not N or WxH"));
}

}  // namespace

absl::StatusOr<MatchCommand> ParseMatchArgs(const std::vector<std::string>& args) {
  MatchCommand cmd;
  MatchConfig& c = cmd.config;
  std::vector<std::vector<std::string>> engine_fields;
  std::vector<std::string> each;
  std::string openings_path;
  size_t i = 0;
  auto value = [&](const std::string& flag) -> absl::StatusOr<std::string> {
    if (i + 1 >= args.size()) return Bad(absl::StrCat(flag, " needs a value"));
    return args[++i];
  };
  auto fields = [&]() {
    std::vector<std::string> out;
    while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) out.push_back(args[++i]);
    return out;
  };
#define SENTE_VALUE(var, flag)                \
  absl::StatusOr<std::string> var = value(flag); \
  if (!var.ok()) return var.status()
#define SENTE_NUMBER(type, target, flag)                         \
  do {                                                           \
    SENTE_VALUE(text_, flag);                                    \
    absl::StatusOr<type> number_ = Number<type>(flag, *text_);   \
    if (!number_.ok()) return number_.status();                  \
    target = *number_;                                           \
  } while (0)

  for (; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      cmd.help = true;
      return cmd;
    } else if (flag == "--engine") {
      engine_fields.push_back(fields());
    } else if (flag == "--each") {
      std::vector<std::string> more = fields();
      each.insert(each.end(), more.begin(), more.end());
    } else if (flag == "--engine-stderr") {
      c.engine_stderr = true;
    } else if (flag == "--rule") {
      SENTE_VALUE(text, flag);
      absl::StatusOr<Rule> rule = RuleFromName(*text);
      if (!rule.ok()) return rule.status();
      c.rule = *rule;
    } else if (flag == "--size") {
      SENTE_VALUE(text, flag);
      if (absl::Status s = ParseSize(*text, c.width, c.height); !s.ok()) return s;
    } else if (flag == "--openings") {
      SENTE_VALUE(text, flag);
      openings_path = *text;
    } else if (flag == "--shuffle") {
      c.shuffle_openings = true;
    } else if (flag == "--symmetry") {
      c.random_symmetry = true;
    } else if (flag == "--seed") {
      SENTE_NUMBER(uint64_t, c.seed, flag);
    } else if (flag == "--freeze") {
      c.freeze = true;
    } else if (flag == "--board-every-move") {
      c.board_mode = BoardMode::kEveryMove;
    } else if (flag == "--tc-turn") {
      SENTE_NUMBER(int64_t, c.tc.turn_ms, flag);
    } else if (flag == "--tc-game") {
      SENTE_NUMBER(int64_t, c.tc.game_ms, flag);
    } else if (flag == "--tolerance") {
      SENTE_NUMBER(int64_t, c.tc.tolerance_ms, flag);
    } else if (flag == "--start-timeout") {
      SENTE_NUMBER(int64_t, c.tc.start_ms, flag);
    } else if (flag == "--max-memory") {
      SENTE_NUMBER(int64_t, c.tc.max_memory, flag);
    } else if (flag == "--memory-loss") {
      c.tc.memory_loss = true;
    } else if (flag == "--games") {
      SENTE_NUMBER(int64_t, c.games_per_pair, flag);
      if (c.games_per_pair <= 0) return Bad("--games must be positive");
    } else if (flag == "--concurrency") {
      SENTE_NUMBER(int, c.concurrency, flag);
    } else if (flag == "--reuse") {
      c.reuse_processes = true;
    } else if (flag == "--sprt") {
      Sprt sprt;
      SENTE_NUMBER(double, sprt.elo0, flag);
      SENTE_NUMBER(double, sprt.elo1, flag);
      SENTE_NUMBER(double, sprt.alpha, flag);
      SENTE_NUMBER(double, sprt.beta, flag);
      c.sprt = sprt;
    } else if (flag == "--pentanomial") {
      c.pentanomial = true;
    } else if (flag == "--pgn") {
      SENTE_VALUE(text, flag);
      cmd.pgn_path = *text;
    } else if (flag == "--log") {
      SENTE_VALUE(text, flag);
      cmd.log_path = *text;
    } else if (flag == "--quiet") {
      cmd.progress = false;
    } else {
      return Bad(absl::StrCat("unknown option '", flag, "' (see --help)"));
    }
  }
#undef SENTE_VALUE
#undef SENTE_NUMBER

  for (std::vector<std::string>& f : engine_fields) {
    f.insert(f.end(), each.begin(), each.end());
    absl::StatusOr<EngineSpec> spec = ParseEngineSpec(f);
    if (!spec.ok()) return spec.status();
    c.engines.push_back(*std::move(spec));
  }
  if (c.engines.size() < 2) return Bad("give two or more --engine (see --help)");
  if (absl::Status s = Board::ValidateSize(c.width, c.height); !s.ok()) return s;
  if (!openings_path.empty()) {
    absl::StatusOr<std::vector<Opening>> openings =
        LoadOpenings(openings_path, c.width, c.height, c.rule);
    if (!openings.ok()) return openings.status();
    c.openings = *std::move(openings);
    std::ifstream in(openings_path);
    std::string line;
    while (std::getline(in, line)) {
      std::string text(absl::StripAsciiWhitespace(line));
      if (!text.empty() && text[0] != '#') c.opening_texts.push_back(text);
    }
  }
  return cmd;
}

int RunMatch(const Args& args, std::ostream& out) {
  absl::StatusOr<MatchCommand> cmd = ParseMatchArgs(args);
  if (!cmd.ok()) {
    std::cerr << "match: " << cmd.status().message() << "\n";
    return 2;
  }
  if (cmd->help) {
    out << kMatchHelp;
    return 0;
  }
  std::ofstream pgn;
  if (!cmd->pgn_path.empty()) {
    pgn.open(cmd->pgn_path, std::ios::app);
    if (!pgn) {
      std::cerr << "match: cannot write " << cmd->pgn_path << "\n";
      return 2;
    }
  }
  std::ofstream log;
  if (!cmd->log_path.empty()) {
    log.open(cmd->log_path, std::ios::app);
    if (!log) {
      std::cerr << "match: cannot write " << cmd->log_path << "\n";
      return 2;
    }
  }
  absl::StatusOr<MatchResult> result =
      PlayMatch(cmd->config, cmd->progress ? &std::cerr : nullptr, pgn.is_open() ? &pgn : nullptr,
                log.is_open() ? &log : nullptr);
  if (!result.ok()) {
    std::cerr << "match: " << result.status().message() << "\n";
    return result.status().code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
  }
  out << FormatMatchReport(cmd->config, *result) << std::flush;
  return 0;
}

}  // namespace sente
