#include "protocol/match/game.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/forbidden.h"
#include "engine/rules.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

const char* ColorName(Color c) { return c == Color::kBlack ? "Black" : "White"; }

// "x,y" as two integers, or nothing when the answer is not of that form.
bool ParseAnswer(absl::string_view text, int& x, int& y) {
  std::vector<absl::string_view> parts = absl::StrSplit(text, ',');
  return parts.size() == 2 && absl::SimpleAtoi(absl::StripAsciiWhitespace(parts[0]), &x) &&
         absl::SimpleAtoi(absl::StripAsciiWhitespace(parts[1]), &y);
}

// The command that asks the engine of colour c for a move. `told`: whether the engine already
// follows this game (it knows every stone but the last).
std::string MoveRequest(const Board& board, Color c, bool told, BoardMode mode) {
  int stones = board.stone_count();
  if (stones == 0) return "BEGIN\n";
  bool board_needed = mode == BoardMode::kEveryMove || (!told && stones > 1);
  if (!board_needed) return absl::StrCat("TURN ", FormatGomocup(board.LastMove()), "\n");
  std::string out = "BOARD\n";
  for (Pos p : board.history())
    absl::StrAppend(&out, FormatGomocup(p), ",", board.At(p) == c ? 1 : 2, "\n");
  return out + "DONE\n";
}

}  // namespace

const char* EndReasonName(EndReason reason) {
  switch (reason) {
    case EndReason::kFive:
      return "five";
    case EndReason::kForbidden:
      return "forbidden";
    case EndReason::kOccupied:
      return "occupied";
    case EndReason::kOffBoard:
      return "off-board";
    case EndReason::kGarbage:
      return "garbage";
    case EndReason::kTimeout:
      return "timeout";
    case EndReason::kCrash:
      return "crash";
    case EndReason::kStartFailed:
      return "start-failed";
    case EndReason::kMemory:
      return "memory";
    case EndReason::kBoardFull:
      return "board-full";
    case EndReason::kStoneLimit:
      return "stone-limit";
  }
  return "?";
}

GameRecord PlayGame(const GameSetup& setup, MatchEngine& black, MatchEngine& white) {
  const MatchTimeControl& tc = setup.tc;
  MatchEngine* engines[2] = {&black, &white};
  GameRecord rec;
  Board board(setup.width, setup.height, setup.rule);
  for (Pos p : setup.opening) {
    board.Play(p);
    rec.moves.push_back(p);
  }
  rec.opening_stones = static_cast<int>(setup.opening.size());

  auto who = [&](Color c) {
    return absl::StrCat(ColorName(c), " (", engines[Index(c)]->spec().name, ")");
  };
  auto lose = [&](Color c, EndReason reason, std::string detail) {
    rec.outcome = c == Color::kBlack ? Outcome::kWhiteWins : Outcome::kBlackWins;
    rec.reason = reason;
    rec.detail = absl::StrCat(who(c), " ", detail);
    return rec;
  };

  // Frozen engines are thawed whichever way the game ends.
  struct Thaw {
    MatchEngine** engines;
    bool on;
    ~Thaw() {
      if (on)
        for (int i = 0; i < 2; ++i) engines[i]->process().Resume();
    }
  } thaw{engines, setup.freeze};

  for (Color c : {Color::kBlack, Color::kWhite}) {
    absl::Status started = engines[Index(c)]->NewGame(setup.width, setup.height, setup.rule, tc);
    if (!started.ok()) {
      rec.engine_broken[Index(c)] = true;
      return lose(c, EndReason::kStartFailed, absl::StrCat("failed to start: ", started.message()));
    }
    if (setup.freeze) engines[Index(c)]->process().Suspend();
  }

  int64_t left[2] = {tc.game_ms, tc.game_ms};
  bool told[2] = {false, false};
  while (true) {
    if (IsDrawn(board)) {
      rec.outcome = Outcome::kDraw;
      rec.reason = board.IsFull() ? EndReason::kBoardFull : EndReason::kStoneLimit;
      rec.detail = board.IsFull() ? "the board is full"
                                  : absl::StrCat("Renju draw at ", board.stone_count(), " stones");
      return rec;
    }
    Color c = board.SideToMove();
    int i = Index(c);
    MatchEngine& engine = *engines[i];

    int64_t limit = tc.turn_ms > 0 ? tc.turn_ms : std::numeric_limits<int32_t>::max() / 2;
    if (tc.game_ms > 0) limit = std::min(limit, left[i]);
    int64_t allowed = std::max<int64_t>(0, limit + tc.tolerance_ms);

    std::string request = MoveRequest(board, c, told[i], setup.board_mode);
    if (tc.game_ms > 0) request = absl::StrCat("INFO time_left ", left[i], "\n", request);
    told[i] = true;
    if (setup.freeze) engine.process().Resume();
    absl::Status sent = engine.SendRaw(request);
    Clock::time_point start = Clock::now();
    absl::StatusOr<std::string> answer = sent.ok() ? engine.ReadAnswer(static_cast<int>(allowed))
                                                   : absl::StatusOr<std::string>(sent);
    int64_t elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (setup.freeze) engine.process().Suspend();
    rec.time_ms[i] += elapsed;
    left[i] -= elapsed;
    rec.peak_memory[i] = std::max(rec.peak_memory[i], engine.process().PeakRssBytes());
    std::string last_error =
        engine.last_error().empty() ? "" : absl::StrCat(" (it said: ", engine.last_error(), ")");

    if (!answer.ok()) {
      rec.engine_broken[i] = true;
      switch (answer.status().code()) {
        case absl::StatusCode::kDeadlineExceeded:
          return lose(c, EndReason::kTimeout,
                      absl::StrCat("gave no move within ", allowed, " ms", last_error));
        case absl::StatusCode::kResourceExhausted:
          return lose(c, EndReason::kGarbage, "answered an endless line");
        default: {
          std::optional<int> status = engine.process().Wait(200);
          return lose(c, EndReason::kCrash,
                      status ? absl::StrCat("crashed (exit status ", *status, ")", last_error)
                             : absl::StrCat("closed its output", last_error));
        }
      }
    }
    if (elapsed > allowed)
      return lose(c, EndReason::kTimeout,
                  absl::StrCat("answered after ", elapsed, " ms, over ", allowed, " ms"));
    if (tc.memory_loss && tc.max_memory > 0 && rec.peak_memory[i] > tc.max_memory)
      return lose(
          c, EndReason::kMemory,
          absl::StrCat("used ", rec.peak_memory[i], " bytes, over max_memory ", tc.max_memory));
    int x = 0, y = 0;
    if (!ParseAnswer(*answer, x, y)) {
      rec.engine_broken[i] = true;
      return lose(c, EndReason::kGarbage,
                  absl::StrCat("answered '", answer->substr(0, 80), "'", last_error));
    }
    if (x < 0 || y < 0 || x >= setup.width || y >= setup.height)
      return lose(c, EndReason::kOffBoard, absl::StrCat("played ", x, ",", y, ": off the board"));
    Pos p = MakePos(x, y);
    std::string played = absl::StrCat("played ", FormatRenju(p, setup.height));
    if (!board.IsEmpty(p)) return lose(c, EndReason::kOccupied, played + ": occupied");
    rec.move_ms.push_back(elapsed);
    switch (JudgeMove(board, p, c)) {
      case MoveVerdict::kIllegal:
        return lose(c, EndReason::kOccupied, played + ": illegal");
      case MoveVerdict::kForbidden: {
        std::string foul = FoulCode(ForbiddenKind(board, p));
        rec.moves.push_back(p);
        return lose(c, EndReason::kForbidden, absl::StrCat(played, ": forbidden (", foul, ")"));
      }
      case MoveVerdict::kWin:
        board.Place(p, c);
        rec.moves.push_back(p);
        rec.outcome = c == Color::kBlack ? Outcome::kBlackWins : Outcome::kWhiteWins;
        rec.reason = EndReason::kFive;
        rec.detail = absl::StrCat(who(c), " ", played, ": five");
        return rec;
      case MoveVerdict::kNormal:
        board.Place(p, c);
        rec.moves.push_back(p);
        break;
    }
  }
}

}  // namespace sente
