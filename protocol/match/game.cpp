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

const char* ColorName(Color c) { return c == Color::kBlack ? "Black" : "White"; }

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

GameRecord PlayGame(const GameSetup& setup, MatchEngine& black, MatchEngine& white) {
  const MatchTimeControl& tc = setup.tc;
  MatchEngine* engines[2] = {&black, &white};
  GameRecord rec;
  Board board(setup.width, setup.height, setup.rule);
  auto lose = [&](Color c, EndReason reason, const std::string& detail) {
    return Lose(rec, engines, c, reason, detail);
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

  if (!StartEngines(setup, engines, rec) || !PlayOpening(setup, engines, board, rec)) return rec;

  int64_t left[2] = {tc.game_ms, tc.game_ms};
  bool told[2] = {false, false};
  bool passed = false;  // Black passed last turn
  while (true) {
    if (board.IsFull() || (!setup.accept_pass && IsDrawn(board))) {
      rec.outcome = Outcome::kDraw;
      rec.reason = board.IsFull() ? EndReason::kBoardFull : EndReason::kStoneLimit;
      rec.detail = board.IsFull() ? "the board is full"
                                  : absl::StrCat("Renju draw at ", board.stone_count(), " stones");
      return rec;
    }
    Color c = passed ? Color::kWhite : board.SideToMove();
    int i = Index(c);
    MatchEngine& engine = *engines[i];

    int64_t limit = tc.turn_ms > 0 ? tc.turn_ms : std::numeric_limits<int32_t>::max() / 2;
    if (tc.game_ms > 0) limit = std::min(limit, left[i]);
    int64_t allowed = std::max<int64_t>(0, limit + tc.tolerance_ms);

    std::string request = MoveRequest(board, c, told[i], setup.board_mode, passed);
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
      std::pair<EndReason, std::string> why = NoAnswer(answer.status(), engine, allowed);
      return lose(c, why.first, why.second);
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
    if (x == -1 && y == -1 && setup.accept_pass) {
      if (absl::Status why = CheckPass(board, c, passed); !why.ok())
        return lose(c, EndReason::kBadPass, std::string(why.message()));
      rec.move_ms.push_back(elapsed);
      rec.passes.push_back(board.stone_count());
      if (passed) {
        rec.outcome = Outcome::kDraw;
        rec.reason = EndReason::kTwoPasses;
        rec.detail = absl::StrCat("two passes in a row at ", board.stone_count(), " stones");
        return rec;
      }
      passed = true;
      continue;
    }
    passed = false;
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
        rec.detail = absl::StrCat(Who(engines, c), " ", played, ": five");
        return rec;
      case MoveVerdict::kNormal:
        board.Place(p, c);
        rec.moves.push_back(p);
        break;
    }
  }
}

}  // namespace sente
