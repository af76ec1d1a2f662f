// One game between two engines, refereed by Sente's rules core.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/opening_rule.h"
#include "engine/types.h"
#include "protocol/match/engine_driver.h"
#include "protocol/match/opening.h"

namespace sente {

// How an engine learns the position: BOARD at its first move of the game (BEGIN/TURN when
// that is enough, Gomocup's style), or BOARD before every move (stateless managers).
enum class BoardMode { kFirstMove, kEveryMove };

struct GameSetup {
  int width = 15, height = 15;
  Rule rule = Rule::kFreestyle;
  Opening opening;
  MatchTimeControl tc;
  BoardMode board_mode = BoardMode::kFirstMove;
  bool freeze = false;  // SIGSTOP each engine while it is not its move (Gomocup's way)
  // A renju opening rule decided by the engines (protocol/match/opening_stage.h); `opening`
  // is then only the fallback for engines that do not speak the extension.
  std::optional<OpeningRule> opening_rule;
  // Renju passes (engine/RULES.md decision 8): engines get INFO accept_pass 1; Black's -1,-1
  // is legal only when every empty point is forbidden for it, White's only right after
  // Black's pass, which draws (two passes in a row). No stone-limit draw then: a full board.
  bool accept_pass = false;
};

enum class Outcome { kBlackWins, kWhiteWins, kDraw };

enum class EndReason {
  kFive,
  kForbidden,  // Black played a Renju foul
  kOccupied,
  kOffBoard,
  kGarbage,  // an answer that is not "x,y"
  kTimeout,
  kCrash,        // exited or closed its output
  kStartFailed,  // refused or did not answer START
  kMemory,       // over max_memory with memory_loss
  kBoardFull,
  kStoneLimit,  // Renju: width*height - 25 stones
  kBadOpening,  // an opening rule's decision against the rule
  kBadPass,     // -1,-1 where no pass is allowed
  kTwoPasses,   // two passes in a row: a draw
};
constexpr int kNumEndReasons = 14;
const char* EndReasonName(EndReason reason);

struct GameRecord {
  Outcome outcome = Outcome::kDraw;
  EndReason reason = EndReason::kBoardFull;
  std::string detail;      // human-readable, e.g. "White played h9: occupied"
  std::vector<Pos> moves;  // the opening's stones, then the engines' moves
  int opening_stones = 0;
  std::vector<int64_t> move_ms;  // per engine move
  int64_t time_ms[2] = {0, 0};   // by colour index
  int64_t peak_memory[2] = {0, 0};
  bool engine_broken[2] = {false, false};  // must not be reused: may still think or be dead
  bool swapped = false;  // the opening rule gave Black to the engine passed as White
  std::vector<std::string> opening_log;  // the opening rule's decisions, in order
  std::vector<int> passes;               // the stone count at each pass
};

// Why an engine that gave no answer (status from MatchEngine::ReadAnswer) lost.
std::pair<EndReason, std::string> NoAnswer(const absl::Status& status, MatchEngine& engine,
                                           int64_t allowed_ms);

// Plays from the opening (or the opening rule's stage) to the end. Both engines must be
// launched; each gets START first. With an opening rule, `black` is the tentative Black.
GameRecord PlayGame(const GameSetup& setup, MatchEngine& black, MatchEngine& white);

}  // namespace sente
