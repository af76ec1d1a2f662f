// The puzzle file format and `sente solve`.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/cli/commands.h"
#include "protocol/io/puzzle_file.h"
#include "tests/test_util.h"

namespace sente {
namespace {

constexpr const char* kBoard =
    "board:\n"
    "...............\n"
    "........O..X...\n"
    "....X.OX.......\n"
    ".......X..O....\n"
    ".......OX..O...\n"
    "......XXO.X....\n"
    ".....O.OOX.O...\n"
    ".......XXO.....\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "end\n";

std::string Case(const std::string& name, const std::string& keys) {
  return "case: " + name + "\n" + keys + kBoard;
}

std::string WriteTemp(const std::string& text) {
  std::string path = ::testing::TempDir() + "/sente_solve_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
  std::ofstream(path) << text;
  return path;
}

TEST(PuzzleFile, ReadsTheSharedCases) {
  absl::StatusOr<std::vector<Puzzle>> puzzles = ReadPuzzleFile(testing::DataPath("vcf/cases.txt"));
  ASSERT_TRUE(puzzles.ok()) << puzzles.status();
  ASSERT_EQ(puzzles->size(), 70u);
  const Puzzle& first = puzzles->front();
  EXPECT_EQ(first.name, "vcf_black");
  EXPECT_EQ(first.mode, Puzzle::Mode::kVcf);
  EXPECT_EQ(first.attacker, Color::kBlack);
  EXPECT_EQ(first.limit, 12);
  EXPECT_EQ(first.expect, Puzzle::Expect::kLine);
  EXPECT_EQ(FormatRenju(first.expected_line[0], 15), "j12");
  EXPECT_EQ(first.diagram.width, 15);
  int heavy = 0, disproven = 0;
  for (const Puzzle& p : *puzzles) {
    heavy += p.heavy;
    disproven += p.expect == Puzzle::Expect::kDisproven;
  }
  EXPECT_EQ(heavy, 8);
  EXPECT_GT(disproven, 20);
}

TEST(PuzzleFile, IgnoresUnknownKeysAndComments) {
  absl::StatusOr<std::vector<Puzzle>> puzzles = ParsePuzzles(
      "# a comment\n\n" +
      Case("a", "mode: vcf\nattacker: black\nlimit: 12\ncolour: blue\nexpect: proven\n"));
  ASSERT_TRUE(puzzles.ok()) << puzzles.status();
  ASSERT_EQ(puzzles->size(), 1u);
  EXPECT_EQ((*puzzles)[0].expect, Puzzle::Expect::kProven);
}

TEST(PuzzleFile, RejectsBadInputWithTheLine) {
  struct Bad {
    std::string text;
    std::string message;
  };
  const Bad bad[] = {
      {Case("a", "mode: vcx\nattacker: black\nexpect: proven\n"), "line 2: mode"},
      {Case("a", "mode: vcf\nattacker: red\nexpect: proven\n"), "attacker"},
      {Case("a", "mode: vcf\nattacker: black\nlimit: -3\nexpect: proven\n"), "limit"},
      {Case("a", "mode: vcf\nattacker: black\nexpect: z99 a1\n"), "expect"},
      {Case("a", "mode: vcf\nexpect: proven\n"), "needs the keys"},
      {"case: a\nmode: vcf\nattacker: black\nexpect: proven\nboard:\n...\n", "no 'end'"},
      {"case: a\nmode: vcf\nattacker: black\nexpect: proven\nboard:\n.....\n....\n.....\n"
       ".....\n.....\nend\n",
       "row 2"},
      {"case: a\nmode: vcf\nattacker: black\nexpect: proven\nboard:\n..Q..\n.....\n.....\n"
       ".....\n.....\nend\n",
       "unexpected character"},
      {"case: a\nmode: vcf\nwhat is this\nend\n", "key: value"},
  };
  for (const Bad& b : bad) {
    absl::StatusOr<std::vector<Puzzle>> puzzles = ParsePuzzles(b.text);
    ASSERT_FALSE(puzzles.ok()) << b.text;
    EXPECT_NE(std::string(puzzles.status().message()).find(b.message), std::string::npos)
        << puzzles.status();
  }
  EXPECT_FALSE(ReadPuzzleFile("/nonexistent/cases.txt").ok());
}

TEST(SolveCommand, SolvesAndCounts) {
  std::string path =
      WriteTemp(Case("win", "mode: vcf\nattacker: black\nlimit: 12\nexpect: proven\n") +
                Case("short", "mode: vcf\nattacker: black\nlimit: 11\nexpect: disproven\n") +
                Case("wrong", "mode: vcf\nattacker: black\nlimit: 11\nexpect: proven\n"));
  std::ostringstream out;
  EXPECT_EQ(RunSolve({path, "--time-per-case", "5000"}, out), 0);
  std::istringstream lines(out.str());
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.rfind("win win ", 0), 0u) << line;
  EXPECT_NE(line.find(" nodes="), std::string::npos);
  EXPECT_NE(line.find(" ms="), std::string::npos);
  std::getline(lines, line);
  EXPECT_EQ(line.rfind("short none nodes=", 0), 0u) << line;
  std::getline(lines, line);
  EXPECT_EQ(line.rfind("wrong none nodes=", 0), 0u) << line;
  std::getline(lines, line);
  EXPECT_EQ(line, "solved 2/3");
  std::remove(path.c_str());
}

TEST(SolveCommand, CaseFilter) {
  std::ostringstream out;
  EXPECT_EQ(RunSolve({testing::DataPath("vcf/cases.txt"), "--case", "vcf_white", "--case",
                      "vcf_white_short"},
                     out),
            0);
  EXPECT_NE(out.str().find("vcf_white win "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("vcf_white_short none "), std::string::npos);
  EXPECT_NE(out.str().find("solved 2/2"), std::string::npos);
}

TEST(SolveCommand, BadArgumentsFail) {
  std::ostringstream out;
  EXPECT_NE(RunSolve({}, out), 0);
  EXPECT_NE(RunSolve({"/nonexistent/cases.txt"}, out), 0);
  EXPECT_NE(RunSolve({testing::DataPath("vcf/cases.txt"), "--time-per-case", "soon"}, out), 0);
  EXPECT_NE(RunSolve({testing::DataPath("vcf/cases.txt"), "--nodes"}, out), 0);
  EXPECT_NE(RunSolve({testing::DataPath("vcf/cases.txt"), "--frobnicate"}, out), 0);
  std::string path = WriteTemp("case: a\nmode: vcf\n");
  EXPECT_NE(RunSolve({path}, out), 0);
  std::remove(path.c_str());
  EXPECT_EQ(out.str(), "");
  std::ostringstream help;
  EXPECT_EQ(RunSolve({"--help"}, help), 0);
  EXPECT_NE(help.str().find("usage"), std::string::npos);
}

// The real binary, as a user runs it.
TEST(SolveCommand, BinaryRuns) {
  std::string command = std::string(SENTE_ENGINE_PATH) + " solve " +
                        testing::DataPath("vcf/cases.txt") + " --case vcf_counter 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string text;
  char buffer[256];
  while (fgets(buffer, sizeof buffer, pipe)) text += buffer;
  EXPECT_EQ(pclose(pipe), 0);
  EXPECT_NE(text.find("vcf_counter win "), std::string::npos) << text;
  EXPECT_NE(text.find("solved 1/1"), std::string::npos) << text;
  command = std::string(SENTE_ENGINE_PATH) + " solve /nonexistent 2>/dev/null";
  pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  while (fgets(buffer, sizeof buffer, pipe)) {
  }
  EXPECT_NE(pclose(pipe), 0);
}

// Lines without their time, which differs from run to run.
std::string WithoutTimes(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out += line.substr(0, line.find(" ms=")) + "\n";
  return out;
}

TEST(SolveCommand, ShardsMergeToTheSingleRun) {
  std::vector<std::string> base = {testing::DataPath("vcf/cases.txt"), "--nodes", "3000",
                                   "--time-per-case", "0"};
  std::ostringstream single;
  ASSERT_EQ(RunSolve(base, single), 0);
  std::vector<std::string> paths;
  for (int i = 1; i <= 3; ++i) {
    std::vector<std::string> args = base;
    args.insert(args.end(), {"--shard", std::to_string(i) + "/3"});
    std::ostringstream out;
    ASSERT_EQ(RunSolve(args, out), 0);
    EXPECT_EQ(out.str().rfind("# sente solve shard " + std::to_string(i) + "/3 id ", 0), 0u);
    paths.push_back(::testing::TempDir() + "/sente_solve_shard" + std::to_string(i) + ".txt");
    std::ofstream(paths.back()) << out.str();
  }
  std::ostringstream merged;
  ASSERT_EQ(RunSolve({"--merge", paths[0], paths[1], paths[2]}, merged), 0);
  EXPECT_EQ(WithoutTimes(merged.str()), WithoutTimes(single.str()));
  EXPECT_NE(merged.str().find("solved "), std::string::npos);

  std::ostringstream refused;
  EXPECT_EQ(RunSolve({"--merge", paths[0], paths[2]}, refused), 2);  // shard 2 missing
  EXPECT_EQ(RunSolve({"--merge", paths[0], paths[0], paths[1], paths[2]}, refused), 2);
  std::ostringstream partial;
  EXPECT_EQ(RunSolve({"--merge", paths[0], paths[2], "--allow-incomplete"}, partial), 0);
  std::ostringstream other;
  ASSERT_EQ(
      RunSolve({testing::DataPath("vcf/cases.txt"), "--nodes", "100", "--shard", "2/3"}, other), 0);
  std::string other_path = WriteTemp(other.str());
  EXPECT_EQ(RunSolve({"--merge", paths[0], other_path, paths[2]}, refused), 2);  // mixed
  EXPECT_EQ(refused.str(), "");
  for (const std::string& path : paths) std::remove(path.c_str());
  std::remove(other_path.c_str());
}

}  // namespace
}  // namespace sente
