// A match: every pair of engines plays each opening with both colours, games in parallel,
// with live progress, PGN output and an optional SPRT that stops the match when decided.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
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

// Checks the configuration, then plays. progress (may be null) gets a line per game; pgn (may
// be null) every game; io_log (may be null) every line to and from the engines. Fails when
// the configuration is wrong or an engine cannot be started.
absl::StatusOr<MatchResult> PlayMatch(MatchConfig config, std::ostream* progress, std::ostream* pgn,
                                      std::ostream* io_log = nullptr);

// The closing report: engine totals, the SPRT verdict, then one Score line per pair.
std::string FormatMatchReport(const MatchConfig& config, const MatchResult& result);

}  // namespace sente
