// A match: every pair of engines plays each opening with both colours, games in parallel,
// with live progress, PGN output and an optional SPRT that stops the match when decided.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "protocol/io/shard.h"
#include "protocol/match/engine_driver.h"
#include "protocol/match/game.h"
#include "protocol/match/opening.h"
#include "protocol/match/stats.h"

namespace sente {

struct MatchConfig {
  std::vector<EngineSpec> engines;  // two or more; names made unique
  int width = 15, height = 15;
  Rule rule = Rule::kFreestyle;
  std::vector<Opening> openings;           // empty: every game starts on an empty board
  std::vector<std::string> opening_texts;  // as read, for the PGN
  // The engines decide the opening under this rule (protocol/match/opening_stage.h); the
  // openings are then the fallback when neither speaks the extension. Under renju it also
  // turns passes on (GameSetup::accept_pass).
  std::optional<OpeningRule> opening_rule;
  bool random_symmetry = false;
  bool shuffle_openings = false;
  uint64_t seed = 1;
  int64_t games_per_pair = 0;  // 0: two per opening (without SPRT)
  int concurrency = 1;
  bool reuse_processes = false;  // one process per engine and worker, a new START each game
  BoardMode board_mode = BoardMode::kFirstMove;
  bool freeze = false;  // SIGSTOP engines while not on move
  MatchTimeControl tc;
  std::optional<Sprt> sprt;  // two engines only
  bool pentanomial = false;  // SPRT on game pairs instead of games
  bool engine_stderr = false;
  // Play only this slice of the schedule (same openings, colours and seeds as the whole
  // match; pairs of games never split), write merge tags in the PGN, and never stop on SPRT.
  std::optional<ShardSpec> shard;
};

struct EngineTotals {
  int64_t games = 0, moves = 0, time_ms = 0, peak_memory = 0;
  int64_t losses_by[kNumEndReasons] = {};  // by EndReason, for the engine that lost
};

struct PairResult {
  int a = 0, b = 1;
  Wdl wdl;  // from a's point of view
  Pentanomial pairs{};
};

struct MatchResult {
  std::vector<std::string> names;  // unique engine names, as reported
  std::vector<PairResult> pairs;
  std::vector<EngineTotals> engines;
  int64_t games = 0;
  double llr = 0;
  SprtDecision decision = SprtDecision::kContinue;
};

// One finished game as the statistics need it: from a game just played or a merged PGN.
struct GameSummary {
  int64_t index = 0;  // 0-based over the whole schedule
  int black = 0, white = 1;
  Outcome outcome = Outcome::kDraw;
  EndReason reason = EndReason::kBoardFull;
  int64_t moves[2] = {0, 0}, time_ms[2] = {0, 0}, peak_memory[2] = {0, 0};  // by colour
};

// The statistics so far, with the first halves of unfinished game pairs.
struct MatchTally {
  MatchResult result;
  std::map<std::pair<int, int64_t>, double> half_pairs;  // (pair, round) -> first game's score
};

// An empty tally for the engines of `config` (names as given).
MatchTally NewTally(const MatchConfig& config);

// Counts one game: scores, pentanomial pairs, engine totals, and the SPRT until it decides.
// The single run and the merge of shards both count through here.
void AddGame(const MatchConfig& config, const GameSummary& game, MatchTally& tally);

// Checks the configuration, then plays. progress (may be null) gets a line per game; pgn (may
// be null) every game; io_log (may be null) every line to and from the engines. Fails when
// the configuration is wrong or an engine cannot be started.
absl::StatusOr<MatchResult> PlayMatch(MatchConfig config, std::ostream* progress, std::ostream* pgn,
                                      std::ostream* io_log = nullptr);

// The games per engine pair of the whole schedule; 0 when unbounded (SPRT without --games).
int64_t ScheduledGamesPerPair(const MatchConfig& config);

// The closing report: engine totals, the SPRT verdict, then one Score line per pair.
std::string FormatMatchReport(const MatchConfig& config, const MatchResult& result);

}  // namespace sente
