#include "protocol/gomocup/command.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/board.h"

namespace sente {
namespace {

struct Word {
  const char* name;
  CommandKind kind;
};

constexpr Word kWords[] = {
    {"START", CommandKind::kStart},
    {"RECTSTART", CommandKind::kRectStart},
    {"RESTART", CommandKind::kRestart},
    {"BEGIN", CommandKind::kBegin},
    {"TURN", CommandKind::kTurn},
    {"BOARD", CommandKind::kBoard},
    {"YXBOARD", CommandKind::kYxBoard},
    {"DONE", CommandKind::kDone},
    {"INFO", CommandKind::kInfo},
    {"END", CommandKind::kEnd},
    {"ABOUT", CommandKind::kAbout},
    {"TAKEBACK", CommandKind::kTakeback},
    {"PLAY", CommandKind::kPlay},
    {"SWAP2BOARD", CommandKind::kSwap2Board},
    {"OPENMOVEBOARD", CommandKind::kOpenMoveBoard},
    {"OPENSWAPBOARD", CommandKind::kOpenSwapBoard},
    {"OPENOFFERBOARD", CommandKind::kOpenOfferBoard},
    {"OPENCHOOSEBOARD", CommandKind::kOpenChooseBoard},
    {"YXSHOWFORBID", CommandKind::kYxShowForbid},
    {"YXSTOP", CommandKind::kStop},
    {"STOP", CommandKind::kStop},
    {"YXNBEST", CommandKind::kYxNBest},
    {"YXHASHCLEAR", CommandKind::kYxHashClear},
    {"YXSHOWINFO", CommandKind::kYxShowInfo},
};

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

absl::string_view Trim(absl::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

absl::StatusOr<int> ParseInt(absl::string_view text, absl::string_view what) {
  int value = 0;
  if (!absl::SimpleAtoi(Trim(text), &value)) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad ", what, " '", Printable(text), "' (expected an integer)"));
  }
  return value;
}

absl::StatusOr<std::pair<int, int>> CheckedSize(absl::StatusOr<int> w, absl::StatusOr<int> h) {
  if (!w.ok()) return w.status();
  if (!h.ok()) return h.status();
  absl::Status valid = Board::ValidateSize(*w, *h);
  if (!valid.ok()) return valid;
  return std::make_pair(*w, *h);
}

}  // namespace

std::string Printable(absl::string_view text, size_t max_length) {
  std::string out;
  for (char c : text) {
    if (out.size() >= max_length) {
      out += "...";
      break;
    }
    unsigned char u = static_cast<unsigned char>(c);
    out += (u >= 0x20 && u < 0x7f) ? c : '?';
  }
  return out;
}

Command ParseCommand(absl::string_view line) {
  line = Trim(line);
  Command command;
  if (line.empty()) return command;
  size_t end = 0;
  while (end < line.size() && !IsBlank(line[end])) ++end;
  command.word = std::string(line.substr(0, end));
  command.args = std::string(Trim(line.substr(end)));
  command.kind = CommandKind::kUnknown;
  for (const Word& word : kWords) {
    if (absl::EqualsIgnoreCase(command.word, word.name)) command.kind = word.kind;
  }
  return command;
}

Interrupt ClassifyInterrupt(absl::string_view line) {
  Command command = ParseCommand(line);
  if (command.kind == CommandKind::kEnd) return Interrupt::kQuit;
  if (command.kind == CommandKind::kStop) return Interrupt::kStop;
  return Interrupt::kNone;
}

absl::StatusOr<std::pair<int, int>> ParseStartSize(absl::string_view args) {
  std::vector<absl::string_view> parts =
      absl::StrSplit(Trim(args), absl::ByAnyChar(" \t,"), absl::SkipEmpty());
  if (parts.size() == 1) return CheckedSize(ParseInt(parts[0], "size"), ParseInt(parts[0], "size"));
  if (parts.size() == 2)
    return CheckedSize(ParseInt(parts[0], "width"), ParseInt(parts[1], "height"));
  return absl::InvalidArgumentError(
      absl::StrCat("START expects a board size, got '", Printable(args), "'"));
}

absl::StatusOr<std::pair<int, int>> ParseRectSize(absl::string_view args) {
  std::vector<absl::string_view> parts =
      absl::StrSplit(Trim(args), absl::ByAnyChar(" \t,"), absl::SkipEmpty());
  if (parts.size() != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("RECTSTART expects width,height, got '", Printable(args), "'"));
  }
  return CheckedSize(ParseInt(parts[0], "width"), ParseInt(parts[1], "height"));
}

absl::StatusOr<FieldStone> ParseFieldStone(absl::string_view line, int width, int height) {
  std::vector<absl::string_view> parts = absl::StrSplit(Trim(line), ',');
  if (parts.size() != 3) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected x,y,field, got '", Printable(line), "'"));
  }
  FieldStone stone;
  absl::StatusOr<int> x = ParseInt(parts[0], "x"), y = ParseInt(parts[1], "y"),
                      field = ParseInt(parts[2], "field");
  for (const auto* value : {&x, &y, &field}) {
    if (!value->ok()) return value->status();
  }
  if (*x < 0 || *x >= width || *y < 0 || *y >= height) {
    return absl::OutOfRangeError(
        absl::StrCat("point ", *x, ",", *y, " is off the ", width, "x", height, " board"));
  }
  if (*field < 1 || *field > 3) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad field ", *field, " at ", *x, ",", *y, " (expected 1, 2 or 3)"));
  }
  stone.x = *x;
  stone.y = *y;
  stone.field = *field;
  return stone;
}

absl::StatusOr<std::pair<std::string, std::string>> ParseInfo(absl::string_view args) {
  args = Trim(args);
  size_t end = 0;
  while (end < args.size() && !IsBlank(args[end])) ++end;
  if (end == 0) return absl::InvalidArgumentError("INFO without a key");
  return std::make_pair(absl::AsciiStrToLower(args.substr(0, end)),
                        std::string(Trim(args.substr(end))));
}

}  // namespace sente
