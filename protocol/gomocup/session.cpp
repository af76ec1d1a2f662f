#include "protocol/gomocup/session.h"

#include <iostream>
#include <memory>
#include <thread>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/coord.h"
#include "protocol/gomocup/opening_commands.h"
#include "protocol/gomocup/swap2.h"
#include "protocol/io/platform.h"

namespace sente {
namespace {

constexpr int kMaxNBest = 64;

std::string FormatScore(int score) {
  if (IsWinScore(score)) return absl::StrCat("+M", PliesToEnd(score));
  if (IsLossScore(score)) return absl::StrCat("-M", PliesToEnd(score));
  return absl::StrCat(score);
}

bool NeedsGame(CommandKind kind) {
  switch (kind) {
    case CommandKind::kRestart:
    case CommandKind::kBegin:
    case CommandKind::kTurn:
    case CommandKind::kBoard:
    case CommandKind::kYxBoard:
    case CommandKind::kTakeback:
    case CommandKind::kPlay:
    case CommandKind::kSwap2Board:
    case CommandKind::kOpenMoveBoard:
    case CommandKind::kOpenSwapBoard:
    case CommandKind::kOpenOfferBoard:
    case CommandKind::kOpenChooseBoard:
    case CommandKind::kYxShowForbid:
    case CommandKind::kYxNBest:
      return true;
    default:
      return false;
  }
}

// "-1,-1", blanks allowed around the numbers.
bool IsPass(absl::string_view args) {
  std::string compact;
  for (char c : args)
    if (c != ' ' && c != '\t') compact += c;
  return compact == kPassAnswer;
}

bool IsOpeningDecision(CommandKind kind) {
  return kind == CommandKind::kOpenMoveBoard || kind == CommandKind::kOpenSwapBoard ||
         kind == CommandKind::kOpenOfferBoard || kind == CommandKind::kOpenChooseBoard;
}

bool IsBlock(CommandKind kind) {
  return kind == CommandKind::kBoard || kind == CommandKind::kYxBoard ||
         kind == CommandKind::kSwap2Board || IsOpeningDecision(kind);
}

}  // namespace

void ProtocolOutput::Line(absl::string_view text) {
  std::lock_guard<std::mutex> lock(mutex_);
  out_ << text << ProtocolLineEnd();
  out_.flush();
}

std::string FormatForbid(const std::vector<Pos>& points) {
  std::string out = "FORBID ";
  for (Pos p : points) absl::StrAppendFormat(&out, "%02d%02d", PosX(p), PosY(p));
  return out + ".";
}

std::string GomocupSession::FormatPv(const std::vector<Pos>& pv) const {
  return absl::StrJoin(pv, " ", [](std::string* out, Pos p) { out->append(FormatGomocup(p)); });
}

// Messages may quote hostile input: keep them to one printable line.
void GomocupSession::Error(absl::string_view what, const absl::Status& status) {
  out_.Line(absl::StrCat("ERROR ", what, ": ", Printable(status.message(), 200)));
}

void GomocupSession::Report(const SearchInfo& info) {
  ++reports_;
  if (!player_.settings().show_detail) return;
  int64_t speed = info.ms > 0 ? static_cast<int64_t>(info.nodes) * 1000 / info.ms : 0;
  std::string line = absl::StrCat("MESSAGE depth ", info.depth, "-", info.seldepth);
  if (info.multipv > 1) absl::StrAppend(&line, " multipv ", info.multipv);
  absl::StrAppend(&line, " score ", FormatScore(info.score), " nodes ", info.nodes, " speed ",
                  speed, " time ", info.ms, " pv ", FormatPv(info.pv));
  out_.Line(line);
}

void GomocupSession::Think(const InputLine& line, int multipv) {
  reports_ = 0;
  const std::atomic<bool>& stop = queue_.ArmStop(line);
  absl::StatusOr<SearchResult> result = player_.Think(
      line.arrived, stop, [this](const SearchInfo& info) { Report(info); }, multipv);
  if (!result.ok()) {
    Error("cannot move", result.status());
    return;
  }
  if (result->best == kNoPos) {
    if (player_.settings().show_detail)
      out_.Line("MESSAGE pass: every empty point is forbidden for Black");
    out_.Line(kPassAnswer);
    return;
  }
  if (multipv > 1) {
    for (size_t i = 0; i < result->lines.size(); ++i) {
      const RootLine& root = result->lines[i];
      out_.Line(absl::StrCat("MESSAGE nbest ", i + 1, " ", FormatGomocup(root.move), " score ",
                             FormatScore(root.score), " pv ", FormatPv(root.pv)));
    }
  }
  if (reports_ == 0) {
    SearchInfo summary;
    summary.depth = summary.seldepth = result->depth;
    summary.score = result->score;
    summary.nodes = result->nodes;
    summary.ms = result->ms;
    summary.pv = result->pv;
    Report(summary);
  }
  out_.Line(FormatGomocup(result->best));
}

void GomocupSession::Opening(const Command& command, const InputLine& line,
                             const std::vector<std::string>& block) {
  absl::StatusOr<OpeningAnswer> answer =
      DecideOpening(player_, command.kind, command.args, block, line.arrived, queue_.ArmStop(line));
  if (!answer.ok()) {
    Error(absl::StrCat(absl::AsciiStrToUpper(command.word), " (position unchanged)"),
          answer.status());
    return;
  }
  if (player_.settings().show_detail) out_.Line(absl::StrCat("MESSAGE ", answer->note));
  out_.Line(answer->line);
}

bool GomocupSession::ReadBlock(absl::string_view name, std::vector<std::string>* lines,
                               std::optional<InputLine>* rest) {
  while (std::optional<InputLine> next = queue_.Pop()) {
    Command command = ParseCommand(next->text);
    if (next->length > kMaxLineLength) {
      lines->push_back(next->text.substr(0, 40));
      continue;
    }
    if (command.kind == CommandKind::kEmpty) continue;
    if (command.kind == CommandKind::kDone) return true;
    if (command.kind != CommandKind::kUnknown) {
      out_.Line(absl::StrCat("ERROR ", name, ": no DONE before ", Printable(command.word),
                             "; position unchanged"));
      *rest = std::move(next);
      return false;
    }
    lines->push_back(next->text);
  }
  return false;  // end of input
}

bool GomocupSession::Handle(const InputLine& line) {
  if (line.length > kMaxLineLength) {
    out_.Line(absl::StrCat("ERROR line too long (", line.length, " bytes; at most ", kMaxLineLength,
                           ")"));
    return true;
  }
  Command command = ParseCommand(line.text);
  return HandleCommand(command, line);
}

void GomocupSession::Acknowledge(absl::string_view what, const absl::Status& status) {
  if (status.ok()) {
    out_.Line("OK");
  } else {
    Error(what, status);
  }
}

// START n and RECTSTART w,h.
void GomocupSession::Start(const Command& command, const std::string& name) {
  absl::StatusOr<std::pair<int, int>> size = command.kind == CommandKind::kStart
                                                 ? ParseStartSize(command.args)
                                                 : ParseRectSize(command.args);
  Acknowledge(name, size.ok() ? player_.NewGame(size->first, size->second) : size.status());
}

// TURN x,y (or Black's pass) and PLAY x,y.
void GomocupSession::Move(const Command& command, const std::string& name, const InputLine& line) {
  const std::string what = absl::StrCat(name, " ", Printable(command.args));
  if (command.kind == CommandKind::kTurn && IsPass(command.args)) {
    absl::Status passed = player_.OpponentPass();
    if (passed.ok()) {
      Think(line);
    } else {
      Error(what, passed);
    }
    return;
  }
  absl::StatusOr<Pos> move =
      ParseGomocup(command.args, player_.board().width(), player_.board().height());
  absl::Status played = move.ok() ? player_.PlayMove(*move) : move.status();
  if (!played.ok()) {
    Error(what, played);
  } else if (command.kind == CommandKind::kTurn) {
    Think(line);
  } else {
    out_.Line(FormatGomocup(*move));
  }
}

// BOARD (then think) and YXBOARD.
void GomocupSession::Position(const Command& command, const std::string& name,
                              const std::vector<std::string>& block, const InputLine& line) {
  std::vector<BoardStone> stones;
  for (const std::string& text : block) {
    absl::StatusOr<FieldStone> stone =
        ParseFieldStone(text, player_.board().width(), player_.board().height());
    if (!stone.ok()) {
      Error(absl::StrCat(name, " (position unchanged)"), stone.status());
      return;
    }
    stones.push_back({MakePos(stone->x, stone->y), stone->field});
  }
  absl::Status set = player_.SetPosition(stones);
  if (!set.ok()) {
    Error(absl::StrCat(name, " (position unchanged)"), set);
  } else if (command.kind == CommandKind::kBoard) {
    Think(line);
  }
}

void GomocupSession::Swap2(const std::string& name, const std::vector<std::string>& block,
                           const InputLine& line) {
  std::vector<Pos> stones;
  for (const std::string& text : block) {
    absl::StatusOr<Pos> move =
        ParseGomocup(text, player_.board().width(), player_.board().height());
    if (!move.ok()) {
      Error(absl::StrCat(name, " (position unchanged)"), move.status());
      return;
    }
    stones.push_back(*move);
  }
  reports_ = 0;
  absl::StatusOr<Swap2Answer> answer =
      DecideSwap2(player_, stones, line.arrived, queue_.ArmStop(line),
                  [this](const SearchInfo& info) { Report(info); });
  if (!answer.ok()) {
    Error(name, answer.status());
    return;
  }
  if (player_.settings().show_detail) out_.Line(absl::StrCat("MESSAGE ", answer->note));
  out_.Line(answer->swap ? "SWAP" : FormatPv(answer->moves));
}

void GomocupSession::NBest(const Command& command, const InputLine& line) {
  int n = 0;
  if (!absl::SimpleAtoi(command.args, &n) || n < 1 || n > kMaxNBest) {
    out_.Line(absl::StrCat("ERROR YXNBEST: expected a count from 1 to ", kMaxNBest, ", got '",
                           Printable(command.args), "'"));
    return;
  }
  Think(line, n);
}

bool GomocupSession::HandleCommand(const Command& command, const InputLine& line) {
  const std::string name = absl::AsciiStrToUpper(command.word);
  std::vector<std::string> block;
  if (IsBlock(command.kind)) {
    std::optional<InputLine> rest;
    if (!ReadBlock(name, &block, &rest)) return rest ? Handle(*rest) : true;
  }
  if (NeedsGame(command.kind) && !player_.started()) {
    out_.Line(absl::StrCat("ERROR ", name, ": no game: send START first"));
    return true;
  }
  switch (command.kind) {
    case CommandKind::kEmpty:
    case CommandKind::kStop:  // nothing to stop: a search in progress was stopped already
      break;
    case CommandKind::kEnd:
      return false;
    case CommandKind::kStart:
    case CommandKind::kRectStart:
      Start(command, name);
      break;
    case CommandKind::kRestart:
      Acknowledge(name, player_.Restart());
      break;
    case CommandKind::kBegin:
      Think(line);
      break;
    case CommandKind::kTurn:
    case CommandKind::kPlay:
      Move(command, name, line);
      break;
    case CommandKind::kTakeback: {
      absl::StatusOr<Pos> move =
          ParseGomocup(command.args, player_.board().width(), player_.board().height());
      Acknowledge(absl::StrCat(name, " ", Printable(command.args)),
                  move.ok() ? player_.Takeback(*move) : move.status());
      break;
    }
    case CommandKind::kBoard:
    case CommandKind::kYxBoard:
      Position(command, name, block, line);
      break;
    case CommandKind::kSwap2Board:
      Swap2(name, block, line);
      break;
    case CommandKind::kOpenMoveBoard:
    case CommandKind::kOpenSwapBoard:
    case CommandKind::kOpenOfferBoard:
    case CommandKind::kOpenChooseBoard:
      Opening(command, line, block);
      break;
    case CommandKind::kDone:
      out_.Line("ERROR DONE without a BOARD-like command");
      break;
    case CommandKind::kInfo: {
      absl::StatusOr<std::pair<std::string, std::string>> info = ParseInfo(command.args);
      absl::Status set = info.ok() ? player_.SetInfo(info->first, info->second) : info.status();
      if (!set.ok()) Error("INFO", set);
      break;
    }
    case CommandKind::kAbout:
      out_.Line(kAboutLine);
      break;
    case CommandKind::kYxShowForbid:
      out_.Line(FormatForbid(player_.ForbiddenNow()));
      break;
    case CommandKind::kYxNBest:
      NBest(command, line);
      break;
    case CommandKind::kYxHashClear:
      player_.ClearHash();
      break;
    case CommandKind::kYxShowInfo:
      out_.Line(absl::StrCat("MESSAGE INFO MAX_THREAD_NUM ",
                             std::max(1u, std::thread::hardware_concurrency())));
      out_.Line(absl::StrCat("MESSAGE INFO MAX_HASH_SIZE ", player_.MaxHashBytes() / 1024));
      break;
    case CommandKind::kUnknown:
      out_.Line(absl::StrCat("UNKNOWN command '", Printable(command.word), "'"));
      break;
  }
  return true;
}

int RunProtocol(std::istream& in, std::ostream& out) {
  // The queue outlives this call when the reader thread is left blocked on stdin after END.
  auto queue = std::make_shared<CommandQueue>();
  std::thread reader([queue, &in] { ReadLines(in, *queue, ClassifyInterrupt); });
  {
    auto session = std::make_unique<GomocupSession>(*queue, out);
    while (std::optional<InputLine> line = queue->Pop()) {
      if (!session->Handle(*line)) break;
    }
  }
  // A blocked read of stdin cannot be interrupted; the process is about to exit anyway.
  // Any other stream is read to its end.
  if (&in == &std::cin && !queue->closed()) {
    reader.detach();
  } else {
    reader.join();
  }
  return 0;
}

}  // namespace sente
