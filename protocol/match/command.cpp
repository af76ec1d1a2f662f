#include "protocol/match/command.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/board.h"
#include "engine/opening_rule.h"
#include "protocol/io/shard.h"
#include "protocol/io/text_file.h"
#include "protocol/match/merge.h"

namespace sente {

const char* const kMatchHelp =
    R"(usage: sente match --engine cmd=PROGRAM [name=N] [dir=D] [info.KEY=VALUE...]
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
  --opening-rule R       the engines decide the opening: taraguchiN, soosorvN (N 1..16;
                         taraguchi10, soosorv8), pro (these three need --rule renju) or swap2,
                         through Sente's OPEN*BOARD extension and SWAP2BOARD (see README);
                         under renju Black may then pass (-1,-1). --openings is the fallback
                         when neither engine speaks the extension
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

Shards (for clusters; bench/slurm-match runs them under Slurm):
  --shard I/N            play only the I-th of N slices of the schedule: the same openings,
                         colours, symmetries and seeds as the whole match, both games of an
                         opening in the same slice; the PGN gets the tags a merge needs, and
                         the SPRT does not stop a shard (with --sprt, --games sets the length)
  --merge FILES... [--allow-incomplete]
                         add up the shards' PGN files and print the report one run would
                         have printed (the SPRT stopping at the same game). Refuses files of
                         different matches, a shard given twice, and missing or unfinished
                         shards unless --allow-incomplete (it names them)

Results: live progress on stderr; at the end, per engine its games, moves, time per move,
peak memory and losses by reason, the SPRT verdict, and one line per pair:
  Score of A vs B: W - L - D [score] N games, Elo E +/- M
(W, L, D from A's view, M the 95% half-interval). Black wins "1-0" in the PGN.
Losses: Renju foul by Black, occupied, off-board or garbage answer, timeout, crash,
no OK to START, memory. Draws: full board, Renju at width*height - 25 stones.
Exit status: 0 done, 1 an engine could not be started, 2 bad arguments (or a set of shards
that cannot be merged).
)";

namespace {

absl::Status Bad(absl::string_view what) { return absl::InvalidArgumentError(std::string(what)); }

absl::Status ParseSize(absl::string_view text, int& width, int& height) {
  std::vector<std::string> parts = absl::StrSplit(text, absl::ByAnyChar("xX,"));
  if (parts.size() == 1 && absl::SimpleAtoi(parts[0], &width)) {
    height = width;
    return absl::OkStatus();
  }
  if (parts.size() == 2 && absl::SimpleAtoi(parts[0], &width) &&
      absl::SimpleAtoi(parts[1], &height))
    return absl::OkStatus();
  return BadValue("--size", text, "N or WxH");
}

// What the flags give beyond the MatchCommand: the engines are built once all are read.
struct MatchFlags {
  std::vector<std::vector<std::string>> engine_fields;
  std::vector<std::string> each;
  std::string openings_path;
};

// The flags that set the game and match options of `c`.
void AddConfigFlags(ArgParser& parser, MatchConfig& c) {
  constexpr int64_t kMin = INT64_MIN, kMax = INT64_MAX;
  parser.AddSwitch("--engine-stderr", &c.engine_stderr);
  parser.AddCustom("--rule", [&c](absl::string_view text) {
    absl::StatusOr<Rule> rule = RuleFromName(text);
    if (!rule.ok()) return rule.status();
    c.rule = *rule;
    return absl::OkStatus();
  });
  parser.AddCustom("--size",
                   [&c](absl::string_view text) { return ParseSize(text, c.width, c.height); });
  parser.AddCustom("--opening-rule", [&c](absl::string_view text) {
    absl::StatusOr<OpeningRule> rule = ParseOpeningRule(text);
    if (!rule.ok()) return rule.status();
    c.opening_rule = *rule;
    return absl::OkStatus();
  });
  parser.AddSwitch("--shuffle", &c.shuffle_openings);
  parser.AddSwitch("--symmetry", &c.random_symmetry);
  parser.AddUint64("--seed", &c.seed, 0, UINT64_MAX);
  parser.AddSwitch("--freeze", &c.freeze);
  parser.AddSwitch("--board-every-move", [&c] { c.board_mode = BoardMode::kEveryMove; });
  parser.AddInt64("--tc-turn", &c.tc.turn_ms, kMin, kMax);
  parser.AddInt64("--tc-game", &c.tc.game_ms, kMin, kMax);
  parser.AddInt64("--tolerance", &c.tc.tolerance_ms, kMin, kMax);
  parser.AddInt64("--start-timeout", &c.tc.start_ms, kMin, kMax);
  parser.AddInt64("--max-memory", &c.tc.max_memory, kMin, kMax);
  parser.AddSwitch("--memory-loss", &c.tc.memory_loss);
  parser.AddInt64("--games", &c.games_per_pair, 1, kMax);
  parser.AddInt("--concurrency", &c.concurrency, INT_MIN, INT_MAX);
  parser.AddSwitch("--reuse", &c.reuse_processes);
  parser.AddValues("--sprt", 4, [&c](const std::vector<std::string>& values) {
    Sprt sprt;
    double* fields[] = {&sprt.elo0, &sprt.elo1, &sprt.alpha, &sprt.beta};
    for (size_t k = 0; k < values.size(); ++k) {
      absl::Status s = ParseFlagNumber("--sprt", values[k], -HUGE_VAL, HUGE_VAL, fields[k]);
      if (!s.ok()) return s;
    }
    c.sprt = sprt;
    return absl::OkStatus();
  });
  parser.AddSwitch("--pentanomial", &c.pentanomial);
}

void AddMatchFlags(ArgParser& parser, MatchCommand& cmd, MatchFlags& flags) {
  parser.AddList("--engine", [&flags](const std::vector<std::string>& fields) {
    flags.engine_fields.push_back(fields);
    return absl::OkStatus();
  });
  parser.AddList("--each", [&flags](const std::vector<std::string>& fields) {
    flags.each.insert(flags.each.end(), fields.begin(), fields.end());
    return absl::OkStatus();
  });
  parser.AddString("--openings", &flags.openings_path);
  parser.AddString("--pgn", &cmd.pgn_path);
  parser.AddString("--log", &cmd.log_path);
  parser.AddSwitch("--quiet", [&cmd] { cmd.progress = false; });
  parser.AddCustom("--shard", [&cmd](absl::string_view text) {
    absl::StatusOr<ShardSpec> shard = ParseShard(text);
    if (!shard.ok()) return shard.status();
    cmd.config.shard = *shard;
    return absl::OkStatus();
  });
  AddConfigFlags(parser, cmd.config);
}

}  // namespace

absl::StatusOr<MatchCommand> ParseMatchArgs(const std::vector<std::string>& args) {
  MatchCommand cmd;
  if (WantsHelp(args)) {
    cmd.help = true;
    return cmd;
  }
  MatchConfig& c = cmd.config;
  MatchFlags flags;
  ArgParser parser("match");
  AddMatchFlags(parser, cmd, flags);
  if (absl::Status s = parser.Parse(args); !s.ok()) return s;
  std::vector<std::vector<std::string>>& engine_fields = flags.engine_fields;
  const std::vector<std::string>& each = flags.each;
  const std::string& openings_path = flags.openings_path;

  for (std::vector<std::string>& f : engine_fields) {
    f.insert(f.end(), each.begin(), each.end());
    absl::StatusOr<EngineSpec> spec = ParseEngineSpec(f);
    if (!spec.ok()) return spec.status();
    c.engines.push_back(*std::move(spec));
  }
  if (c.engines.size() < 2) return Bad("give two or more --engine (see --help)");
  if (c.opening_rule && c.opening_rule->kind != OpeningRuleKind::kSwap2 && c.rule != Rule::kRenju)
    return Bad(
        absl::StrCat("--opening-rule ", OpeningRuleName(*c.opening_rule), " needs --rule renju"));
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

namespace {

// `sente match --merge FILES... [--allow-incomplete]`.
int RunMatchMerge(const Args& args, std::ostream& out) {
  absl::StatusOr<MergeArgs> merge = ParseMergeArgs(args, "match");
  if (!merge.ok()) {
    std::cerr << "match: " << merge.status().message()
              << " (--merge FILES... [--allow-incomplete])\n";
    return 2;
  }
  std::vector<PgnFile> files;
  for (const std::string& path : merge->paths) {
    absl::StatusOr<std::string> text = ReadTextFile(path);
    if (!text.ok()) {
      std::cerr << "match: " << text.status().message() << "\n";
      return 2;
    }
    files.push_back({path, *std::move(text)});
  }
  absl::StatusOr<MergedMatch> merged = MergeShardPgns(files, merge->allow_incomplete);
  if (!merged.ok()) {
    std::cerr << "match: merge: " << merged.status().message() << "\n";
    return 2;
  }
  for (const std::string& note : merged->notes) std::cerr << "match: merge: " << note << "\n";
  out << FormatMatchReport(merged->config, merged->result) << std::flush;
  return 0;
}

}  // namespace

int RunMatch(const Args& args, std::ostream& out) {
  if (std::find(args.begin(), args.end(), "--merge") != args.end()) return RunMatchMerge(args, out);
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
