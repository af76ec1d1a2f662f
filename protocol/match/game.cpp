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
#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "protocol/match/opening_stage.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

// "x,y" as two integers, or nothing when the answer is not of that form.
bool ParseAnswer(absl::string_view text, int& x, int& y) {
  std::vector<absl::string_view> parts = absl::StrSplit(text, ',');
  return parts.size() == 2 && absl::SimpleAtoi(absl::StripAsciiWhitespace(parts[0]), &x) &&
         absl::SimpleAtoi(absl::StripAsciiWhitespace(parts[1]), &y);
}

// The command that asks the engine of colour c for a move. `told`: whether the engine already
// follows this game (it knows every stone but the last); `passed`: Black just passed.
std::string MoveRequest(const Board& board, Color c, bool told, BoardMode mode, bool passed) {
  int stones = board.stone_count();
  if (stones == 0) return "BEGIN\n";
  bool board_needed = mode == BoardMode::kEveryMove || (!told && stones > 1);
  if (!board_needed)
    return absl::StrCat("TURN ", passed ? "-1,-1" : FormatGomocup(board.LastMove()), "\n");
  std::string out = "BOARD\n";
  for (Pos p : board.history())
    absl::StrAppend(&out, FormatGomocup(p), ",", board.At(p) == c ? 1 : 2, "\n");
  return out + "DONE\n";
}

std::string Who(MatchEngine* const engines[2], Color c) {
  return absl::StrCat(ColorName(c), " (", engines[Index(c)]->spec().name, ")");
}

GameRecord& Lose(GameRecord& rec, MatchEngine* const engines[2], Color c, EndReason reason,
                 const std::string& detail) {
  rec.outcome = c == Color::kBlack ? Outcome::kWhiteWins : Outcome::kBlackWins;
  rec.reason = reason;
  rec.detail = absl::StrCat(Who(engines, c), " ", detail);
  return rec;
}

// START (and INFO accept_pass) for both; false when one failed, which loses.
bool StartEngines(const GameSetup& setup, MatchEngine* const engines[2], GameRecord& rec) {
  for (Color c : {Color::kBlack, Color::kWhite}) {
    MatchEngine& engine = *engines[Index(c)];
    absl::Status started = engine.NewGame(setup.width, setup.height, setup.rule, setup.tc);
    if (started.ok() && setup.accept_pass) started = engine.Send("INFO accept_pass 1");
    if (!started.ok()) {
      rec.engine_broken[Index(c)] = true;
      Lose(rec, engines, c, EndReason::kStartFailed,
           absl::StrCat("failed to start: ", started.message()));
      return false;
    }
    if (setup.freeze) engine.process().Suspend();
  }
  return true;
}

// The opening stones: the opening rule's stage (which may give Black to the engine passed as
// White: then engines[] are swapped), else setup.opening. False when the game ended there.
bool PlayOpening(const GameSetup& setup, MatchEngine* engines[2], Board& board, GameRecord& rec) {
  if (setup.opening_rule) {
    OpeningStageResult stage = PlayOpeningStage(setup, *engines[0], *engines[1], board);
    rec.opening_log = stage.log;
    if (stage.black_seat == 1) {
      std::swap(engines[0], engines[1]);
      rec.swapped = true;
    }
    rec.moves = board.history();
    rec.opening_stones = board.stone_count();
    for (int seat = 0; seat < 2; ++seat)
      rec.engine_broken[seat == stage.black_seat ? 0 : 1] |= stage.broken[seat];
    if (stage.lost) {
      Color c = stage.loser_seat == stage.black_seat ? Color::kBlack : Color::kWhite;
      Lose(rec, engines, c, stage.reason, stage.detail);
      return false;
    }
    if (!stage.fallback) return true;
    rec.opening_log.push_back("neither engine speaks the extension: the opening file's stones");
  }
  for (Pos p : setup.opening) {
    board.Play(p);
    rec.moves.push_back(p);
  }
  rec.opening_stones = static_cast<int>(setup.opening.size());
  return true;
}

// Why a pass by c is not allowed; OK when it is. `passed`: Black passed last turn.
absl::Status CheckPass(Board& board, Color c, bool passed) {
  if (c == Color::kWhite && !passed)
    return absl::FailedPreconditionError("passed: White may pass only right after Black's pass");
  if (c == Color::kBlack && !BlackMustPass(board))
    return absl::FailedPreconditionError("passed with a legal point left");
  return absl::OkStatus();
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
    case EndReason::kBadOpening:
      return "bad-opening";
    case EndReason::kBadPass:
      return "bad-pass";
    case EndReason::kTwoPasses:
      return "two-passes";
  }
  return "?";
}

std::pair<EndReason, std::string> NoAnswer(const absl::Status& status, MatchEngine& engine,
                                           int64_t allowed_ms) {
  std::string said =
      engine.last_error().empty() ? "" : absl::StrCat(" (it said: ", engine.last_error(), ")");
  switch (status.code()) {
    case absl::StatusCode::kDeadlineExceeded:
      return {EndReason::kTimeout, absl::StrCat("gave no answer within ", allowed_ms, " ms", said)};
    case absl::StatusCode::kResourceExhausted:
      return {EndReason::kGarbage, "answered an endless line"};
    default: {
      std::optional<int> exit = engine.process().Wait(200);
      return {EndReason::kCrash, exit ? absl::StrCat("crashed (exit status ", *exit, ")", said)
                                      : absl::StrCat("closed its output", said)};
    }
  }
}

namespace {

// A drawn end before c's turn: a full board, or the Renju draw at the stone limit (not when
// passes are played: then only two passes draw).
bool EndsDrawn(const GameSetup& setup, const Board& board, GameRecord& rec) {
  if (!board.IsFull() && (setup.accept_pass || !IsDrawn(board))) return false;
  rec.outcome = Outcome::kDraw;
  rec.reason = board.IsFull() ? EndReason::kBoardFull : EndReason::kStoneLimit;
  rec.detail = board.IsFull() ? "the board is full"
                              : absl::StrCat("Renju draw at ", board.stone_count(), " stones");
  return true;
}

struct TurnAnswer {
  absl::StatusOr<std::string> text;
  int64_t elapsed_ms = 0;
  int64_t allowed_ms = 0;  // the limit (turn, or the clock left) plus the tolerance
};

// Sends `request` to the engine to move and reads its answer, timed from the send; a frozen
// engine is thawed only for its turn.
TurnAnswer AskForMove(const GameSetup& setup, MatchEngine& engine, const std::string& request,
                      int64_t clock_left) {
  const MatchTimeControl& tc = setup.tc;
  int64_t limit = tc.turn_ms > 0 ? tc.turn_ms : std::numeric_limits<int32_t>::max() / 2;
  if (tc.game_ms > 0) limit = std::min(limit, clock_left);
  TurnAnswer turn{absl::UnknownError(""), 0, std::max<int64_t>(0, limit + tc.tolerance_ms)};
  if (setup.freeze) engine.process().Resume();
  // The clock starts before the send: an engine may read the request and start thinking
  // before the write returns here.
  Clock::time_point start = Clock::now();
  absl::Status sent = engine.SendRaw(request);
  turn.text = sent.ok() ? engine.ReadAnswer(static_cast<int>(turn.allowed_ms))
                        : absl::StatusOr<std::string>(sent);
  turn.elapsed_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  if (setup.freeze) engine.process().Suspend();
  return turn;
}

// Plays c's stone p (on the board and empty) as the rules judge it; true when that ends the
// game (five or foul).
bool PlayStone(Board& board, Pos p, Color c, const std::string& played, MatchEngine* engines[2],
               GameRecord& rec) {
  switch (JudgeMove(board, p, c)) {
    case MoveVerdict::kIllegal:
      Lose(rec, engines, c, EndReason::kOccupied, played + ": illegal");
      return true;
    case MoveVerdict::kForbidden: {
      std::string foul = FoulCode(ForbiddenKind(board, p));
      rec.moves.push_back(p);
      Lose(rec, engines, c, EndReason::kForbidden,
           absl::StrCat(played, ": forbidden (", foul, ")"));
      return true;
    }
    case MoveVerdict::kWin:
      board.Place(p, c);
      rec.moves.push_back(p);
      rec.outcome = c == Color::kBlack ? Outcome::kBlackWins : Outcome::kWhiteWins;
      rec.reason = EndReason::kFive;
      rec.detail = absl::StrCat(Who(engines, c), " ", played, ": five");
      return true;
    case MoveVerdict::kNormal:
      board.Place(p, c);
      rec.moves.push_back(p);
      return false;
  }
  return false;
}

// c's pass, when passes are played: a loss when the rules allow none, a draw when it answers
// Black's pass; true when the game ends.
bool PlayPass(Board& board, Color c, bool passed, int64_t elapsed_ms, MatchEngine* engines[2],
              GameRecord& rec) {
  if (absl::Status why = CheckPass(board, c, passed); !why.ok()) {
    Lose(rec, engines, c, EndReason::kBadPass, std::string(why.message()));
    return true;
  }
  rec.move_ms.push_back(elapsed_ms);
  rec.passes.push_back(board.stone_count());
  if (!passed) return false;
  rec.outcome = Outcome::kDraw;
  rec.reason = EndReason::kTwoPasses;
  rec.detail = absl::StrCat("two passes in a row at ", board.stone_count(), " stones");
  return true;
}

// Frozen engines are thawed whichever way the game ends.
struct Thaw {
  MatchEngine** engines;
  bool on;
  ~Thaw() {
    if (on)
      for (int i = 0; i < 2; ++i) engines[i]->process().Resume();
  }
};

}  // namespace

GameRecord PlayGame(const GameSetup& setup, MatchEngine& black, MatchEngine& white) {
  const MatchTimeControl& tc = setup.tc;
  MatchEngine* engines[2] = {&black, &white};
  GameRecord rec;
  Board board(setup.width, setup.height, setup.rule);
  auto lose = [&](Color c, EndReason reason, const std::string& detail) {
    return Lose(rec, engines, c, reason, detail);
  };
  Thaw thaw{engines, setup.freeze};
  if (!StartEngines(setup, engines, rec) || !PlayOpening(setup, engines, board, rec)) return rec;

  int64_t left[2] = {tc.game_ms, tc.game_ms};
  bool told[2] = {false, false};
  bool passed = false;  // Black passed last turn
  while (!EndsDrawn(setup, board, rec)) {
    Color c = passed ? Color::kWhite : board.SideToMove();
    int i = Index(c);
    MatchEngine& engine = *engines[i];
    std::string request = MoveRequest(board, c, told[i], setup.board_mode, passed);
    if (tc.game_ms > 0) request = absl::StrCat("INFO time_left ", left[i], "\n", request);
    told[i] = true;
    TurnAnswer turn = AskForMove(setup, engine, request, left[i]);
    rec.time_ms[i] += turn.elapsed_ms;
    left[i] -= turn.elapsed_ms;
    rec.peak_memory[i] = std::max(rec.peak_memory[i], engine.process().PeakRssBytes());
    std::string last_error =
        engine.last_error().empty() ? "" : absl::StrCat(" (it said: ", engine.last_error(), ")");

    if (!turn.text.ok()) {
      rec.engine_broken[i] = true;
      std::pair<EndReason, std::string> why = NoAnswer(turn.text.status(), engine, turn.allowed_ms);
      return lose(c, why.first, why.second);
    }
    if (turn.elapsed_ms > turn.allowed_ms)
      return lose(
          c, EndReason::kTimeout,
          absl::StrCat("answered after ", turn.elapsed_ms, " ms, over ", turn.allowed_ms, " ms"));
    if (tc.memory_loss && tc.max_memory > 0 && rec.peak_memory[i] > tc.max_memory)
      return lose(
          c, EndReason::kMemory,
          absl::StrCat("used ", rec.peak_memory[i], " bytes, over max_memory ", tc.max_memory));
    int x = 0, y = 0;
    if (!ParseAnswer(*turn.text, x, y)) {
      rec.engine_broken[i] = true;
      return lose(c, EndReason::kGarbage,
                  absl::StrCat("answered '", turn.text->substr(0, 80), "'", last_error));
    }
    if (x == -1 && y == -1 && setup.accept_pass) {
      if (PlayPass(board, c, passed, turn.elapsed_ms, engines, rec)) return rec;
      passed = true;
      continue;
    }
    passed = false;
    if (x < 0 || y < 0 || x >= setup.width || y >= setup.height)
      return lose(c, EndReason::kOffBoard, absl::StrCat("played ", x, ",", y, ": off the board"));
    Pos p = MakePos(x, y);
    std::string played = absl::StrCat("played ", FormatRenju(p, setup.height));
    if (!board.IsEmpty(p)) return lose(c, EndReason::kOccupied, played + ": occupied");
    rec.move_ms.push_back(turn.elapsed_ms);
    if (PlayStone(board, p, c, played, engines, rec)) return rec;
  }
  return rec;
}

}  // namespace sente
