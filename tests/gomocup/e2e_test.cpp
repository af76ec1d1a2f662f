// End-to-end: the real pbrain-sente driven over pipes as Piskvork, GomocupJudge and
// c-gomoku-cli drive it.
#include <chrono>
#include <string>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/gomocup/session.h"
#include "tests/gomocup/manager.h"

namespace sente {
namespace {

using testing::IsMove;
using testing::ManagedEngine;
using testing::MsSince;
using Clock = std::chrono::steady_clock;

// Plays the engine's answer on the mirror board after checking it is legal.
void Accept(Board& board, const std::string& answer) {
  ASSERT_TRUE(IsMove(answer)) << "'" << answer << "'";
  absl::StatusOr<Pos> p = ParseGomocup(answer, board.width(), board.height());
  ASSERT_TRUE(p.ok()) << answer << ": " << p.status();
  Color side = board.SideToMove();
  ASSERT_NE(JudgeMove(board, *p, side), MoveVerdict::kIllegal) << answer;
  board.Place(*p, side);
}

TEST(GomocupEndToEnd, PiskvorkStyleGameWithCrlf) {
  ManagedEngine engine("\r\n");
  ASSERT_TRUE(engine.ok());
  Clock::time_point start = Clock::now();
  EXPECT_EQ(engine.Ask("START 15"), "OK");
  EXPECT_LT(MsSince(start), 2000 + testing::StartupAllowanceMs());
  for (const char* info :
       {"INFO timeout_turn 300", "INFO timeout_match 100000", "INFO max_memory 83886080",
        "INFO game_type 1", "INFO rule 0", "INFO folder /tmp", "INFO time_left 100000"}) {
    engine.Send(info);
  }
  Board board(15, 15, Rule::kFreestyle);
  Clock::time_point sent = Clock::now();
  std::string answer = engine.Ask("BEGIN");
  EXPECT_LT(MsSince(sent), 300 + 1000);  // Gomocup's limit: the turn time plus one second
  Accept(board, answer);
  for (int x : {0, 2, 4}) {
    engine.Send("INFO time_left 99000");
    board.Place(MakePos(x, 14), board.SideToMove());
    sent = Clock::now();
    answer = engine.Ask(absl::StrCat("TURN ", x, ",14"));
    EXPECT_LT(MsSince(sent), 300 + 1000);
    Accept(board, answer);
  }
  EXPECT_EQ(engine.Ask("ABOUT"), kAboutLine);
  ASSERT_FALSE(engine.messages().empty());
  EXPECT_NE(engine.messages()[0].find(" pv "), std::string::npos) << engine.messages()[0];
  sent = Clock::now();
  engine.Send("END");
  std::optional<int> status = engine.process().Wait(3000);
  ASSERT_TRUE(status.has_value()) << "END did not end the process";
  EXPECT_EQ(*status, 0);
  EXPECT_LT(MsSince(sent), 1500);
}

TEST(GomocupEndToEnd, CGomokuCliStyleReusesTheProcessWithLf) {
  ManagedEngine engine("\n");
  ASSERT_TRUE(engine.ok());
  for (int game = 0; game < 2; ++game) {
    int size = game == 0 ? 15 : 20;
    ASSERT_EQ(engine.Ask(absl::StrCat("START ", size)), "OK");
    engine.Send("INFO timeout_turn 100");
    engine.Send("INFO timeout_match 30000");
    engine.Send("INFO rule 1");
    Board board(size, size, Rule::kStandard);
    // c-gomoku-cli opens with a BOARD of the opening moves, then TURNs.
    std::string answer = engine.Ask("BOARD\n" + std::string("7,7,2\n8,7,1\n6,6,2\n") + "DONE");
    board.Place(MakePos(7, 7), Color::kBlack);
    board.Place(MakePos(8, 7), Color::kWhite);
    board.Place(MakePos(6, 6), Color::kBlack);
    Accept(board, answer);
    for (int i = 0; i < 4; ++i) {
      engine.Send(absl::StrCat("INFO time_left ", 30000 - 300 * i));
      Pos p = kNoPos;
      for (Pos q : board.points()) {
        if (board.IsEmpty(q)) {
          p = q;
          break;
        }
      }
      board.Place(p, board.SideToMove());
      Accept(board, engine.Ask("TURN " + FormatGomocup(p)));
    }
  }
  engine.process().CloseInput();  // c-gomoku-cli may just close the pipe
  EXPECT_TRUE(engine.process().Wait(3000).has_value());
}

TEST(GomocupEndToEnd, NewProcessPerGameAndBoardEndingWithOwnStone) {
  for (int game = 0; game < 2; ++game) {
    ManagedEngine engine("\r\n");
    ASSERT_TRUE(engine.ok());
    ASSERT_EQ(engine.Ask("START 15"), "OK");
    engine.Send("INFO timeout_turn 150");
    engine.Send(game == 0 ? "INFO rule 4" : "INFO rule 0");
    Board board(15, 15, game == 0 ? Rule::kRenju : Rule::kFreestyle);
    // Renju managers send the game in order; the last stone is the engine's own.
    board.Place(MakePos(7, 7), Color::kBlack);
    board.Place(MakePos(8, 8), Color::kWhite);
    board.Place(MakePos(7, 9), Color::kBlack);
    board.Place(MakePos(9, 9), Color::kWhite);
    std::string answer = engine.Ask("BOARD\r\n7,7,2\r\n8,8,1\r\n7,9,2\r\n9,9,1\r\nDONE");
    ASSERT_EQ(board.SideToMove(), Color::kBlack);
    Accept(board, answer);
    engine.Send("END");
    EXPECT_TRUE(engine.process().Wait(3000).has_value());
  }
}

TEST(GomocupEndToEnd, CommandsWhileThinkingAreKeptAndStopAnswersAtOnce) {
  ManagedEngine engine("\r\n");
  ASSERT_TRUE(engine.ok());
  ASSERT_EQ(engine.Ask("START 15"), "OK");
  engine.Send("INFO timeout_turn 60000");
  engine.Send("INFO max_memory 83886080");
  engine.Send("TURN 7,7");
  engine.Send("ABOUT");
  engine.Send("INFO show_detail 0");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Clock::time_point stop = Clock::now();
  engine.Send("YXSTOP");
  std::string move = engine.Answer(5000);
  EXPECT_TRUE(IsMove(move)) << move;
  EXPECT_LT(MsSince(stop), 2000) << "YXSTOP did not stop the search";
  EXPECT_EQ(engine.Answer(5000).rfind("name=\"Sente\"", 0), 0u);  // ABOUT was not lost
  // STOP also works, and a STOP with nothing to stop prints nothing.
  engine.Send("TURN 0,0");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  stop = Clock::now();
  engine.Send("STOP");
  EXPECT_TRUE(IsMove(engine.Answer(5000)));
  EXPECT_LT(MsSince(stop), 2000);
  engine.Send("STOP");
  EXPECT_EQ(engine.Ask("ABOUT").rfind("name=", 0), 0u);
}

TEST(GomocupEndToEnd, EndWhileThinkingExitsWithinASecond) {
  ManagedEngine engine("\n");
  ASSERT_TRUE(engine.ok());
  ASSERT_EQ(engine.Ask("START 20"), "OK");
  engine.Send("INFO timeout_turn 60000");
  engine.Send("INFO max_memory 83886080");
  engine.Send("TURN 10,10");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Clock::time_point end = Clock::now();
  engine.Send("END");
  std::optional<int> status = engine.process().Wait(5000);
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(*status, 0);
  EXPECT_LT(MsSince(end), 1500);
}

TEST(GomocupEndToEnd, PeakMemoryStaysUnderMaxMemory) {
  for (int64_t max_memory : {int64_t{100} << 20, int64_t{367001600}}) {
    ManagedEngine engine("\r\n");
    ASSERT_TRUE(engine.ok());
    ASSERT_EQ(engine.Ask("START 15"), "OK");
    engine.Send("INFO timeout_turn 500");  // time enough to fill the whole table
    engine.Send(absl::StrCat("INFO max_memory ", max_memory));
    engine.Send("INFO thread_num 2");
    Board board(15, 15, Rule::kFreestyle);
    Accept(board, engine.Ask("BEGIN"));
    for (int i = 0; i < 3; ++i) {
      Pos p = MakePos(2 * i, 0);
      board.Place(p, board.SideToMove());
      Accept(board, engine.Ask("TURN " + FormatGomocup(p)));
    }
    int64_t peak = engine.process().PeakRssBytes();
    // AddressSanitizer's shadow memory and quarantine add to the resident size of the
    // sanitized build: there only a loose bound holds.
    int64_t limit = testing::Sanitized() ? max_memory * 3 / 2 : max_memory;
    EXPECT_LT(peak, limit) << "peak " << (peak >> 20) << " MiB";
    // The table is sized from max_memory, though only the pages the search touched are
    // resident (search/tt.h).
    engine.Send("YXSHOWINFO");
    engine.Answer(1000);  // nothing but MESSAGE lines come: this waits for them
    std::string hash_info;
    for (const std::string& m : engine.messages()) {
      if (m.rfind("MESSAGE INFO MAX_HASH_SIZE ", 0) == 0) hash_info = m.substr(27);
    }
    int64_t hash_kib = 0;
    EXPECT_TRUE(absl::SimpleAtoi(hash_info, &hash_kib)) << "'" << hash_info << "'";
    EXPECT_GT(hash_kib, max_memory / 1024 / 2);
    engine.Send("END");
  }
}

TEST(GomocupEndToEnd, HostileInputGetsErrorsAndTheEngineGoesOn) {
  ManagedEngine engine("\n");
  ASSERT_TRUE(engine.ok());
  EXPECT_EQ(engine.Ask("TURN 7,7").rfind("ERROR", 0), 0u);
  ASSERT_TRUE(engine.process().Write(std::string("\0\x01\xfe\xff junk\r\n", 12)).ok());
  EXPECT_EQ(engine.Answer().rfind("UNKNOWN", 0), 0u);
  ASSERT_TRUE(engine.process().Write(std::string(kMaxLineLength + 1, 'x') + "\n").ok());
  EXPECT_EQ(engine.Answer().rfind("ERROR line too long", 0), 0u);
  EXPECT_EQ(engine.Ask("START 15"), "OK");
  engine.Send("INFO timeout_turn 100");
  EXPECT_TRUE(IsMove(engine.Ask("TURN 7,7")));
  EXPECT_EQ(engine.Ask("TURN 7,7").rfind("ERROR", 0), 0u);
  EXPECT_EQ(engine.Ask("TURN 15,15").rfind("ERROR", 0), 0u);
  EXPECT_TRUE(IsMove(engine.Ask("turn 0,0")));
  EXPECT_TRUE(engine.process().Running());
}

TEST(GomocupEndToEnd, MatchClockWithoutTimeLeftAndTinyTimeLeft) {
  ManagedEngine engine("\r\n");
  ASSERT_TRUE(engine.ok());
  ASSERT_EQ(engine.Ask("START 15"), "OK");
  engine.Send("INFO timeout_turn 30000");
  engine.Send("INFO timeout_match 4000");  // no time_left: the whole match clock is left
  engine.Send("INFO max_memory 83886080");
  Board board(15, 15, Rule::kFreestyle);
  Clock::time_point sent = Clock::now();
  Accept(board, engine.Ask("BEGIN"));
  EXPECT_LT(MsSince(sent), 4000 / 4 + 500);
  engine.Send("INFO time_left 300");
  board.Place(MakePos(0, 0), board.SideToMove());
  sent = Clock::now();
  Accept(board, engine.Ask("TURN 0,0"));
  EXPECT_LT(MsSince(sent), 300);
  engine.Send("INFO time_left -50");
  board.Place(MakePos(14, 0), board.SideToMove());
  Accept(board, engine.Ask("TURN 14,0"));
  engine.Send("INFO timeout_turn 0");
  engine.Send("INFO time_left 2147483647");
  board.Place(MakePos(14, 14), board.SideToMove());
  sent = Clock::now();
  Accept(board, engine.Ask("TURN 14,14"));
  EXPECT_LT(MsSince(sent), 500);
}

TEST(GomocupEndToEnd, ZeroTurnTimeAnswersAtOnceEvenWithALargeTable) {
  ManagedEngine engine("\r\n");
  ASSERT_TRUE(engine.ok());
  ASSERT_EQ(engine.Ask("START 20"), "OK");
  engine.Send("INFO max_memory 367001600");
  engine.Send("INFO timeout_turn 0");
  Board board(20, 20, Rule::kFreestyle);
  Clock::time_point sent = Clock::now();
  Accept(board, engine.Ask("BEGIN"));
  board.Place(MakePos(0, 0), board.SideToMove());
  Accept(board, engine.Ask("TURN 0,0"));
  EXPECT_LT(MsSince(sent), 1000);  // two moves, no 300 MiB table filled on the way
}

}  // namespace
}  // namespace sente
