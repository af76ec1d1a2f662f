// `sente match`'s command line: flags into a MatchConfig, and a whole run from arguments to
// the report.
#include "protocol/match/command.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "engine/rules.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

TEST(MatchCommand, ParsesEnginesAndOptions) {
  absl::StatusOr<MatchCommand> cmd = ParseMatchArgs({"--engine",
                                                     "cmd=./pbrain-a --x",
                                                     "name=A",
                                                     "info.max_depth=3",
                                                     "--engine",
                                                     "cmd=/bin/pbrain-b",
                                                     "--each",
                                                     "info.thread_num=1",
                                                     "--rule",
                                                     "renju",
                                                     "--size",
                                                     "20x15",
                                                     "--tc-turn",
                                                     "100",
                                                     "--tc-game",
                                                     "5000",
                                                     "--tolerance",
                                                     "50",
                                                     "--games",
                                                     "10",
                                                     "--concurrency",
                                                     "2",
                                                     "--reuse",
                                                     "--sprt",
                                                     "0",
                                                     "5",
                                                     "0.05",
                                                     "0.1",
                                                     "--pgn",
                                                     "out.pgn",
                                                     "--board-every-move",
                                                     "--freeze",
                                                     "--symmetry",
                                                     "--seed",
                                                     "7",
                                                     "--max-memory",
                                                     "1000000000",
                                                     "--memory-loss"});
  ASSERT_TRUE(cmd.ok()) << cmd.status();
  const MatchConfig& c = cmd->config;
  ASSERT_EQ(c.engines.size(), 2u);
  EXPECT_EQ(c.engines[0].name, "A");
  EXPECT_EQ(c.engines[0].argv, (std::vector<std::string>{"./pbrain-a", "--x"}));
  EXPECT_EQ(c.engines[1].name, "b");
  EXPECT_EQ(c.engines[0].infos.size(), 2u);
  EXPECT_EQ(c.engines[1].infos[0], (std::pair<std::string, std::string>{"thread_num", "1"}));
  EXPECT_EQ(c.rule, Rule::kRenju);
  EXPECT_EQ(c.width, 20);
  EXPECT_EQ(c.height, 15);
  EXPECT_EQ(c.tc.turn_ms, 100);
  EXPECT_EQ(c.tc.game_ms, 5000);
  EXPECT_EQ(c.tc.tolerance_ms, 50);
  EXPECT_EQ(c.tc.max_memory, 1000000000);
  EXPECT_TRUE(c.tc.memory_loss);
  EXPECT_EQ(c.games_per_pair, 10);
  EXPECT_EQ(c.concurrency, 2);
  EXPECT_TRUE(c.reuse_processes);
  ASSERT_TRUE(c.sprt.has_value());
  EXPECT_DOUBLE_EQ(c.sprt->beta, 0.1);
  EXPECT_EQ(cmd->pgn_path, "out.pgn");
  EXPECT_EQ(c.board_mode, BoardMode::kEveryMove);
  EXPECT_TRUE(c.freeze);
  EXPECT_TRUE(c.random_symmetry);
  EXPECT_EQ(c.seed, 7u);

  for (std::vector<std::string> bad : std::vector<std::vector<std::string>>{
           {"--engine", "cmd=a"},
           {"--engine", "cmd=a", "--engine", "cmd=b", "--rule", "7"},
           {"--engine", "cmd=a", "--engine", "cmd=b", "--size", "4"},
           {"--engine", "cmd=a", "--engine", "cmd=b", "--games", "x"},
           {"--engine", "cmd=a", "--engine", "cmd=b", "--sprt", "0", "5"},
           {"--engine", "cmd=a", "--engine", "cmd=b", "--bogus"},
           {"--engine", "name=a", "--engine", "cmd=b"},
           {"--engine", "cmd=a", "colour=red", "--engine", "cmd=b"},
           {"--engine", "cmd=a", "--engine", "cmd=b", "--openings", "/nonexistent"}})
    EXPECT_FALSE(ParseMatchArgs(bad).ok()) << bad.back();
}

TEST(MatchCommand, RunMatchPrintsTheScoreLineLast) {
  std::ostringstream out;
  std::string pgn = ::testing::TempDir() + "/sente_match_cli_" + std::to_string(getpid()) + ".pgn";
  std::remove(pgn.c_str());
  int status =
      RunMatch({"--engine", std::string("cmd=") + SENTE_FAKE_ENGINE_PATH, "name=good", "--engine",
                std::string("cmd=") + SENTE_FAKE_ENGINE_PATH + " crash", "name=bad", "--size", "9",
                "--games", "2", "--quiet", "--pgn", pgn, "--openings",
                std::string(SENTE_SOURCE_DIR) + "/tests/data/openings/renju26_pos.txt", "--rule",
                "renju", "--tc-turn", "1000"},
               out);
  // h8.. openings do not fit 9x9 as renju notation rows above 9 do not exist.
  EXPECT_EQ(status, 2);
  std::string log = pgn + ".log";
  std::remove(log.c_str());
  status =
      RunMatch({"--engine", std::string("cmd=") + SENTE_FAKE_ENGINE_PATH, "name=good", "--engine",
                std::string("cmd=") + SENTE_FAKE_ENGINE_PATH + " crash", "name=bad", "--games", "2",
                "--quiet", "--pgn", pgn, "--log", log, "--openings",
                std::string(SENTE_SOURCE_DIR) + "/tests/data/openings/renju26_pos.txt", "--rule",
                "renju", "--tc-turn", "1000"},
               out);
  EXPECT_EQ(status, 0);
  std::vector<std::string> lines = absl::StrSplit(out.str(), '\n', absl::SkipEmpty());
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "Score of good vs bad: 2 - 0 - 0 [1.000] 2 games, Elo inf +/- nan");
  std::ifstream saved(pgn);
  std::stringstream text;
  text << saved.rdbuf();
  EXPECT_NE(text.str().find("[Opening \"h8h9h10\"]"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("[Termination \"crash\"]"), std::string::npos) << text.str();

  std::ifstream logged(log);
  std::stringstream io;
  io << logged.rdbuf();
  EXPECT_NE(io.str().find(" < START 15\n"), std::string::npos) << io.str();
  EXPECT_NE(io.str().find(" > OK\n"), std::string::npos) << io.str();
  EXPECT_NE(io.str().find(" < DONE\n"), std::string::npos) << io.str();  // the opening by BOARD
  EXPECT_NE(io.str().find("good "), std::string::npos) << io.str();

  std::ostringstream help;
  EXPECT_EQ(RunMatch({"--help"}, help), 0);
  EXPECT_NE(help.str().find("--sprt"), std::string::npos);
  EXPECT_EQ(RunMatch({"--engine", "cmd=/nonexistent/x", "--engine", "cmd=/nonexistent/y"}, out), 1);
}

}  // namespace
}  // namespace sente
