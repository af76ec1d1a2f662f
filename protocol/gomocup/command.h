// Parsing of Gomocup protocol lines: the command word (any case) and its arguments.
#pragma once

#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "protocol/gomocup/command_queue.h"

namespace sente {

enum class CommandKind {
  kEmpty,  // a blank line: ignored
  kStart,
  kRectStart,
  kRestart,
  kBegin,
  kTurn,
  kBoard,
  kYxBoard,
  kDone,
  kInfo,
  kEnd,
  kAbout,
  kTakeback,
  kPlay,
  kSwap2Board,
  kOpenMoveBoard,  // the opening rules' decisions (protocol/gomocup/opening_commands.h)
  kOpenSwapBoard,
  kOpenOfferBoard,
  kOpenChooseBoard,
  kYxShowForbid,
  kStop,  // YXSTOP or STOP
  kYxNBest,
  kYxHashClear,
  kYxShowInfo,
  kUnknown,
};

struct Command {
  CommandKind kind = CommandKind::kEmpty;
  std::string word;  // the command word as sent
  std::string args;  // the rest of the line, blanks trimmed
};

Command ParseCommand(absl::string_view line);

// Which lines interrupt a running search (for the reader thread).
Interrupt ClassifyInterrupt(absl::string_view line);

// START: "n", or "w h" as Yixin-Board sends. RECTSTART: "w,h" (blanks allowed).
absl::StatusOr<std::pair<int, int>> ParseStartSize(absl::string_view args);
absl::StatusOr<std::pair<int, int>> ParseRectSize(absl::string_view args);

// One "x,y,f" line of BOARD/YXBOARD; the point is checked against the board size.
struct FieldStone {
  int x = 0, y = 0;
  int field = 0;  // 1 own, 2 opponent, 3 winning line of a continuous game
};
absl::StatusOr<FieldStone> ParseFieldStone(absl::string_view line, int width, int height);

// "key value": the key lower-cased, the value trimmed.
absl::StatusOr<std::pair<std::string, std::string>> ParseInfo(absl::string_view args);

// Shows a piece of hostile input safely in a one-line message: printable ASCII only, cut short.
std::string Printable(absl::string_view text, size_t max_length = 40);

}  // namespace sente
