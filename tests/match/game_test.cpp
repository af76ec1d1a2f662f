#include "protocol/match/game.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/board.h"
#include "engine/rules.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

std::unique_ptr<MatchEngine> Fake(const std::string& name, std::vector<std::string> script) {
  EngineSpec spec;
  spec.name = name;
  spec.argv = {SENTE_FAKE_ENGINE_PATH};
  spec.argv.insert(spec.argv.end(), script.begin(), script.end());
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine = MatchEngine::Launch(spec, true);
  EXPECT_TRUE(engine.ok()) << engine.status();
  return engine.ok() ? *std::move(engine) : nullptr;
}

GameSetup MakeSetup(Rule rule, int size = 15) {
  GameSetup setup;
  setup.width = setup.height = size;
  setup.rule = rule;
  setup.tc.turn_ms = 2000;
  setup.tc.tolerance_ms = 500;
  return setup;
}

GameRecord Play(const GameSetup& setup, std::vector<std::string> black,
                std::vector<std::string> white) {
  auto b = Fake("B", black), w = Fake("W", white);
  GameRecord record = PlayGame(setup, *b, *w);
  b->Quit();
  w->Quit();
  return record;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string TempPath(const std::string& name) {
  std::string path =
      ::testing::TempDir() + "/sente_match_" + name + "_" + std::to_string(getpid()) + ".log";
  std::remove(path.c_str());
  return path;
}

TEST(MatchGame, FiveWins) {
  GameRecord r = Play(MakeSetup(Rule::kFreestyle), {"0,0", "1,0", "2,0", "3,0", "4,0"},
                      {"0,5", "1,5", "2,5", "3,5"});
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
  EXPECT_EQ(r.reason, EndReason::kFive);
  ASSERT_EQ(r.moves.size(), 9u);
  EXPECT_EQ(r.moves[8], MakePos(4, 0));
  EXPECT_EQ(r.move_ms.size(), 9u);
  EXPECT_NE(r.detail.find("Black (B) played e15: five"), std::string::npos) << r.detail;
  EXPECT_FALSE(r.engine_broken[0] || r.engine_broken[1]);
}

TEST(MatchGame, OverlineWinsOnlyWhereTheRuleSaysSo) {
  std::vector<std::string> black = {"0,0", "1,0", "2,0", "4,0", "5,0", "3,0"};
  std::vector<std::string> white = {"0,5", "1,5", "2,5", "3,5", "10,10", "4,5"};
  GameRecord freestyle = Play(MakeSetup(Rule::kFreestyle), black, white);
  EXPECT_EQ(freestyle.outcome, Outcome::kBlackWins);
  EXPECT_EQ(freestyle.moves.size(), 11u);
  for (Rule rule : {Rule::kStandard, Rule::kRenju}) {
    // Black's six is no win (in renju a foul: Black loses at once).
    GameRecord r = Play(MakeSetup(rule), black, white);
    EXPECT_EQ(r.outcome, Outcome::kWhiteWins) << RuleName(rule);
    EXPECT_EQ(r.reason, rule == Rule::kRenju ? EndReason::kForbidden : EndReason::kFive);
    EXPECT_EQ(r.moves.size(), rule == Rule::kRenju ? 11u : 12u);
  }
}

TEST(MatchGame, RenjuDoubleThreeLosesForBlackOnly) {
  std::vector<std::string> black = {"7,7", "8,7", "9,8", "9,9", "9,7"};
  std::vector<std::string> white = {"14,0", "12,0", "10,0", "14,14", "0,14"};
  GameRecord renju = Play(MakeSetup(Rule::kRenju), black, white);
  EXPECT_EQ(renju.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(renju.reason, EndReason::kForbidden);
  EXPECT_NE(renju.detail.find("forbidden (33)"), std::string::npos) << renju.detail;
  EXPECT_EQ(renju.moves.back(), MakePos(9, 7));
  // The same double three is a normal move in freestyle; the game goes on.
  GameRecord freestyle = Play(MakeSetup(Rule::kFreestyle), black, white);
  EXPECT_NE(freestyle.reason, EndReason::kForbidden);
  EXPECT_GT(freestyle.moves.size(), 9u);
  // White may make a double three in renju.
  GameRecord white_33 = Play(MakeSetup(Rule::kRenju), {"14,0", "12,0", "10,0", "14,14", "0,14"},
                             {"7,7", "8,7", "9,8", "9,9", "9,7"});
  EXPECT_NE(white_33.reason, EndReason::kForbidden);
  EXPECT_GT(white_33.moves.size(), 10u);
}

TEST(MatchGame, BadAnswersLose) {
  struct Case {
    std::string answer;
    EndReason reason;
  };
  for (const Case& c : std::vector<Case>{{"7,7", EndReason::kOccupied},
                                         {"15,3", EndReason::kOffBoard},
                                         {"-1,0", EndReason::kOffBoard},
                                         {"garbage", EndReason::kGarbage},
                                         {"raw=7 7", EndReason::kGarbage},
                                         {"raw=7,7,7", EndReason::kGarbage},
                                         {"crash", EndReason::kCrash},
                                         {"exit", EndReason::kCrash},
                                         {"close", EndReason::kCrash}}) {
    GameRecord r = Play(MakeSetup(Rule::kFreestyle), {"7,7"}, {c.answer});
    EXPECT_EQ(r.outcome, Outcome::kBlackWins) << c.answer;
    EXPECT_EQ(r.reason, c.reason) << c.answer << ": " << r.detail;
    EXPECT_EQ(r.moves.size(), 1u) << c.answer;
    EXPECT_NE(r.detail.find("White (W)"), std::string::npos) << r.detail;
  }
}

TEST(MatchGame, FrozenEnginesPlayNormally) {
  GameSetup setup = MakeSetup(Rule::kFreestyle);
  setup.freeze = true;
  auto b = Fake("B", {"0,0", "1,0", "2,0", "3,0", "4,0"});
  auto w = Fake("W", {"0,5", "1,5", "2,5", "3,5"});
  GameRecord r = PlayGame(setup, *b, *w);
  EXPECT_EQ(r.reason, EndReason::kFive);
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
  // Thawed at the end: both still answer and quit on END at once.
  for (MatchEngine* e : {b.get(), w.get()}) {
    ASSERT_TRUE(e->Send("END").ok());
    EXPECT_EQ(e->process().Wait(3000), 0);
  }
}

TEST(MatchGame, ChatterIsSkipped) {
  auto b = Fake("B", {"--chatter", "0,0", "1,0", "2,0", "3,0", "4,0"});
  auto w = Fake("W", {"--chatter", "0,5", "1,5", "2,5", "3,5"});
  GameRecord r = PlayGame(MakeSetup(Rule::kFreestyle), *b, *w);
  EXPECT_EQ(r.reason, EndReason::kFive);
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
}

TEST(MatchGame, LateAnswerLosesOnTimeWithoutWaitingForIt) {
  GameSetup setup = MakeSetup(Rule::kFreestyle);
  setup.tc.turn_ms = 200;
  setup.tc.tolerance_ms = 200;
  Clock::time_point start = Clock::now();
  GameRecord r = Play(setup, {"7,7"}, {"late=5000"});
  EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(4000));
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
  EXPECT_EQ(r.reason, EndReason::kTimeout) << r.detail;
  EXPECT_TRUE(r.engine_broken[1]);
  // Late, but within the tolerance: no loss.
  setup.tc.turn_ms = 50;
  setup.tc.tolerance_ms = 1500;
  r = Play(setup, {"0,0", "1,0", "2,0", "3,0", "4,0"}, {"late=100"});
  EXPECT_EQ(r.reason, EndReason::kFive) << r.detail;
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
}

TEST(MatchGame, HangLosesOnTime) {
  GameSetup setup = MakeSetup(Rule::kFreestyle);
  setup.tc.turn_ms = 100;
  setup.tc.tolerance_ms = 100;
  GameRecord r = Play(setup, {"hang"}, {});
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(r.reason, EndReason::kTimeout);
  EXPECT_TRUE(r.moves.empty());
}

TEST(MatchGame, GameClockSendsTimeLeftAndRunsOut) {
  GameSetup setup = MakeSetup(Rule::kFreestyle);
  setup.tc.turn_ms = 0;
  setup.tc.game_ms = 600;
  setup.tc.tolerance_ms = 150;
  std::string log = TempPath("clock");
  // White spends ~400 ms, then ~400 ms again with ~200 ms (+150) left.
  GameRecord r = Play(setup, {}, {"--log", log, "late=400", "late=400"});
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
  EXPECT_EQ(r.reason, EndReason::kTimeout) << r.detail;
  EXPECT_EQ(r.moves.size(), 3u);
  EXPECT_GE(r.time_ms[1], 400 + 300);
  std::string sent = ReadFile(log);
  EXPECT_NE(sent.find("INFO timeout_match 600"), std::string::npos) << sent;
  EXPECT_NE(sent.find("INFO timeout_turn 600"), std::string::npos) << sent;  // never 0
  EXPECT_NE(sent.find("INFO time_left 600\nTURN"), std::string::npos) << sent;
  std::vector<int> time_left;
  for (size_t at = sent.find("INFO time_left "); at != std::string::npos;
       at = sent.find("INFO time_left ", at + 1))
    time_left.push_back(std::atoi(sent.c_str() + at + 15));
  ASSERT_EQ(time_left.size(), 3u) << sent;  // after START, then before each move
  EXPECT_EQ(time_left[0], 600);
  EXPECT_EQ(time_left[1], 600);
  EXPECT_LE(time_left[2], 200);  // 600 minus the ~400 ms used
  EXPECT_GT(time_left[2], -150);
}

TEST(MatchGame, RefusedStartLoses) {
  GameRecord r = Play(MakeSetup(Rule::kFreestyle), {}, {"--refuse-start"});
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
  EXPECT_EQ(r.reason, EndReason::kStartFailed);
  EXPECT_NE(r.detail.find("ERROR unsupported size"), std::string::npos) << r.detail;
}

TEST(MatchGame, InfoSettingsAndRectangularStart) {
  GameSetup setup = MakeSetup(Rule::kCaro);
  setup.width = 12;
  setup.height = 9;
  std::string log = TempPath("info");
  EngineSpec spec;
  spec.name = "W";
  spec.argv = {SENTE_FAKE_ENGINE_PATH, "--log", log};
  spec.infos = {{"thread_num", "1"}, {"max_depth", "3"}};
  auto w = *MatchEngine::Launch(spec, true);
  auto b = Fake("B", {"crash"});
  GameRecord r = PlayGame(setup, *b, *w);
  EXPECT_EQ(r.reason, EndReason::kCrash);
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
  w->Quit();
  std::string sent = ReadFile(log);
  EXPECT_EQ(sent.rfind("RECTSTART 12,9\n", 0), 0u) << sent;
  for (const char* line : {"INFO rule 8", "INFO max_memory 367001600", "INFO timeout_turn 2000",
                           "INFO timeout_match 0", "INFO thread_num 1", "INFO max_depth 3", "END"})
    EXPECT_NE(sent.find(line), std::string::npos) << line << " in\n" << sent;
}

TEST(MatchGame, OpeningIsSentWithBoard) {
  GameSetup setup = MakeSetup(Rule::kFreestyle);
  setup.opening = {MakePos(7, 7), MakePos(8, 7), MakePos(7, 8)};
  std::string black_log = TempPath("board_black"), white_log = TempPath("board_white");
  GameRecord r = Play(setup, {"--log", black_log, "0,0", "0,1", "0,2", "0,4"},
                      {"--log", white_log, "14,0", "14,1", "14,2", "14,3", "14,4"});
  EXPECT_EQ(r.opening_stones, 3);
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(r.moves.size(), 12u);
  std::string white = ReadFile(white_log), black = ReadFile(black_log);
  // White moves first after the opening: its own stone is 1, Black's 2.
  EXPECT_NE(white.find("BOARD\n7,7,2\n8,7,1\n7,8,2\nDONE\n"), std::string::npos) << white;
  EXPECT_NE(white.find("TURN 0,0"), std::string::npos) << white;
  // Black learns the game at its first move, with White's answer.
  EXPECT_NE(black.find("BOARD\n7,7,1\n8,7,2\n7,8,1\n14,0,2\nDONE\n"), std::string::npos) << black;
  EXPECT_NE(black.find("TURN 14,1"), std::string::npos) << black;

  setup.board_mode = BoardMode::kEveryMove;
  std::string every_log = TempPath("board_every");
  r = Play(setup, {"0,0", "0,1", "0,2", "0,4"},
           {"--log", every_log, "14,0", "14,1", "14,2", "14,3", "14,4"});
  EXPECT_EQ(r.moves.size(), 12u);
  std::string every = ReadFile(every_log);
  EXPECT_EQ(every.find("TURN"), std::string::npos) << every;
  size_t boards = 0;
  for (size_t at = every.find("BOARD"); at != std::string::npos; at = every.find("BOARD", at + 1))
    ++boards;
  EXPECT_EQ(boards, 5u);
}

TEST(MatchGame, FullBoardDraw) {
  // 5x5 with no five anywhere: rows BBWWB / WWBBW / BBWWB / WWBBW / BBWWB.
  const char* rows[5] = {"BBWWB", "WWBBW", "BBWWB", "WWBBW", "BBWWB"};
  std::vector<std::string> black, white;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x)
      (rows[y][x] == 'B' ? black : white).push_back(std::to_string(x) + "," + std::to_string(y));
  GameRecord r = Play(MakeSetup(Rule::kFreestyle, 5), black, white);
  EXPECT_EQ(r.outcome, Outcome::kDraw);
  EXPECT_EQ(r.reason, EndReason::kBoardFull) << r.detail;
  EXPECT_EQ(r.moves.size(), 25u);
}

TEST(MatchGame, RenjuDrawAtStoneLimit) {
  // 6x6 renju: drawn at 36 - 25 = 11 stones; scattered stones make nothing.
  GameRecord r = Play(MakeSetup(Rule::kRenju, 6), {"0,0", "3,0", "0,3", "3,4", "5,5", "2,2"},
                      {"1,2", "4,2", "2,4", "5,1", "1,5"});
  EXPECT_EQ(r.outcome, Outcome::kDraw);
  EXPECT_EQ(r.reason, EndReason::kStoneLimit) << r.detail;
  EXPECT_EQ(r.moves.size(), 11u);
}

TEST(MatchGame, PeakMemoryIsMeasuredAndCanLose) {
  GameSetup setup = MakeSetup(Rule::kFreestyle);
  GameRecord r = Play(setup, {"--memory", "48", "0,0", "1,0", "2,0", "3,0", "4,0"},
                      {"0,5", "1,5", "2,5", "3,5"});
  EXPECT_EQ(r.reason, EndReason::kFive);
  EXPECT_GT(r.peak_memory[0], 48ll << 20);
  EXPECT_LT(r.peak_memory[1], 48ll << 20);
  setup.tc.max_memory = 32ll << 20;
  setup.tc.memory_loss = true;
  r = Play(setup, {"--memory", "48"}, {});
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(r.reason, EndReason::kMemory) << r.detail;
}

}  // namespace
}  // namespace sente
