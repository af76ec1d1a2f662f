// One game between two engines, refereed by Sente's rules core.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
};
constexpr int kNumEndReasons = 11;
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
};

// Plays from the opening to the end. Both engines must be launched; each gets START first.
GameRecord PlayGame(const GameSetup& setup, MatchEngine& black, MatchEngine& white);

}  // namespace sente
