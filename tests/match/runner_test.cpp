#include "protocol/match/runner.h"

#include <sstream>

#include "absl/strings/str_split.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/rules.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

EngineSpec FakeSpec(const std::string& name, std::vector<std::string> script) {
  EngineSpec spec;
  spec.name = name;
  spec.argv = {SENTE_FAKE_ENGINE_PATH};
  spec.argv.insert(spec.argv.end(), script.begin(), script.end());
  return spec;
}

MatchConfig SmallConfig(std::vector<EngineSpec> engines) {
  MatchConfig config;
  config.engines = std::move(engines);
  config.width = config.height = 9;
  config.tc.turn_ms = 2000;
  config.tc.tolerance_ms = 500;
  return config;
}

TEST(MatchRunner, RoundRobinCountsEveryPairFromTheFirstEnginesView) {
  // A plays; B crashes at its first move; C answers garbage at its first move.
  MatchConfig config =
      SmallConfig({FakeSpec("A", {}), FakeSpec("B", {"crash"}), FakeSpec("C", {"garbage"})});
  config.games_per_pair = 4;
  std::ostringstream progress, pgn;
  absl::StatusOr<MatchResult> result = PlayMatch(config, &progress, &pgn);
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_EQ(result->pairs.size(), 3u);
  EXPECT_EQ(result->games, 12);
  const PairResult& ab = result->pairs[0];
  const PairResult& ac = result->pairs[1];
  const PairResult& bc = result->pairs[2];
  EXPECT_EQ(ab.wdl.wins, 4);
  EXPECT_EQ(ac.wdl.wins, 4);
  // B against C: whoever has Black fails first.
  EXPECT_EQ(bc.wdl.wins, 2);
  EXPECT_EQ(bc.wdl.losses, 2);
  EXPECT_EQ(bc.pairs[2], 2);  // each opening pair split 1-1
  EXPECT_EQ(ab.pairs[4], 2);
  EXPECT_EQ(result->engines[1].losses_by[static_cast<int>(EndReason::kCrash)], 6);
  EXPECT_EQ(result->engines[2].losses_by[static_cast<int>(EndReason::kGarbage)], 6);
  EXPECT_EQ(result->engines[0].games, 8);

  std::string report = FormatMatchReport(config, *result);
  EXPECT_NE(report.find("Score of A vs B: 4 - 0 - 0 [1.000] 4 games"), std::string::npos) << report;
  EXPECT_NE(report.find("Score of B vs C: 2 - 2 - 0 [0.500] 4 games, Elo 0.0 +/- "),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("Engine B: 8 games"), std::string::npos) << report;
  EXPECT_NE(report.find("lost by crash 6"), std::string::npos) << report;
  std::vector<std::string> lines = absl::StrSplit(report, '\n', absl::SkipEmpty());
  EXPECT_EQ(lines.back().rfind("Score of B vs C", 0), 0u);  // Score lines close the report
  EXPECT_NE(progress.str().find("Finished game 12"), std::string::npos);
  size_t games = 0;
  for (size_t at = pgn.str().find("[Result "); at != std::string::npos;
       at = pgn.str().find("[Result ", at + 1))
    ++games;
  EXPECT_EQ(games, 12u);
}

// Every saved game replays legally: each move but a foul lands on an empty point, and the
// result agrees with the position.
void CheckPgnReplays(const std::string& pgn, int size, Rule rule, int expected_games) {
  int games = 0;
  std::istringstream in(pgn);
  std::string line, moves, result, termination;
  while (std::getline(in, line)) {
    auto tag = [&](const std::string& key) -> std::string {
      std::string prefix = "[" + key + " \"";
      if (line.rfind(prefix, 0) != 0) return "";
      return line.substr(prefix.size(), line.size() - prefix.size() - 2);
    };
    if (std::string v = tag("Result"); !v.empty()) result = v;
    if (std::string v = tag("Termination"); !v.empty()) termination = v;
    if (line.rfind("[Moves \"", 0) != 0) continue;
    moves = tag("Moves");
    ++games;
    absl::StatusOr<std::vector<Pos>> list = ParseRenjuList(moves, size, size);
    ASSERT_TRUE(list.ok()) << list.status();
    Board board(size, size, rule);
    for (size_t i = 0; i < list->size(); ++i) {
      Pos p = (*list)[i];
      MoveVerdict v = JudgeMove(board, p, board.SideToMove());
      bool last = i + 1 == list->size();
      ASSERT_NE(v, MoveVerdict::kIllegal) << moves;
      if (!last) {
        ASSERT_EQ(v, MoveVerdict::kNormal) << moves;
      } else if (termination == "five") {
        EXPECT_EQ(v, MoveVerdict::kWin) << moves;
      } else if (termination == "forbidden") {
        EXPECT_EQ(v, MoveVerdict::kForbidden) << moves;
      }
      if (v == MoveVerdict::kForbidden) break;
      board.Play(p);
    }
    if (termination == "five") {
      EXPECT_EQ(result, board.At(board.LastMove()) == Color::kBlack ? "1-0" : "0-1");
    }
    if (termination == "board-full" || termination == "stone-limit") {
      EXPECT_TRUE(IsDrawn(board));
      EXPECT_EQ(result, "1/2-1/2");
    }
  }
  EXPECT_EQ(games, expected_games);
}

TEST(MatchRunner, ConcurrentAndReusedProcessesGiveTheSameResults) {
  // Deterministic fakes: the outcome of each game depends only on the opening and colours.
  MatchConfig config = SmallConfig({FakeSpec("A", {}), FakeSpec("B", {"4,0", "auto"})});
  config.openings = {{MakePos(4, 4)}, {MakePos(4, 4), MakePos(5, 5)}, {MakePos(0, 0)}};
  config.rule = Rule::kFreestyle;
  std::ostringstream pgn1;
  absl::StatusOr<MatchResult> sequential = PlayMatch(config, nullptr, &pgn1);
  ASSERT_TRUE(sequential.ok()) << sequential.status();
  EXPECT_EQ(sequential->games, 6);
  CheckPgnReplays(pgn1.str(), 9, Rule::kFreestyle, 6);

  config.concurrency = 3;
  config.reuse_processes = true;
  std::ostringstream pgn2;
  absl::StatusOr<MatchResult> parallel = PlayMatch(config, nullptr, &pgn2);
  ASSERT_TRUE(parallel.ok()) << parallel.status();
  const Wdl& a = sequential->pairs[0].wdl;
  const Wdl& b = parallel->pairs[0].wdl;
  EXPECT_EQ(a.wins, b.wins);
  EXPECT_EQ(a.losses, b.losses);
  EXPECT_EQ(a.draws, b.draws);
  EXPECT_EQ(a.games(), 6);
  CheckPgnReplays(pgn2.str(), 9, Rule::kFreestyle, 6);
}

TEST(MatchRunner, SprtStopsWhenDecided) {
  MatchConfig config = SmallConfig({FakeSpec("strong", {}), FakeSpec("weak", {"crash"})});
  config.sprt = Sprt{0, 200, 0.05, 0.05};
  std::ostringstream progress;
  absl::StatusOr<MatchResult> result = PlayMatch(config, &progress, nullptr);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->decision, SprtDecision::kAcceptH1);
  EXPECT_GE(result->llr, config.sprt->UpperBound());
  EXPECT_LT(result->games, 40);
  EXPECT_EQ(result->pairs[0].wdl.wins, result->games);
  std::string report = FormatMatchReport(config, *result);
  EXPECT_NE(report.find("H1 was accepted"), std::string::npos) << report;
  EXPECT_NE(progress.str().find("SPRT: llr"), std::string::npos);

  config.pentanomial = true;  // the same on pairs
  result = PlayMatch(config, nullptr, nullptr);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->decision, SprtDecision::kAcceptH1);

  // Equal engines with a narrow band: H0 (no gain of 200 Elo) is accepted.
  MatchConfig equal = SmallConfig({FakeSpec("x", {"crash"}), FakeSpec("y", {"crash"})});
  equal.sprt = Sprt{0, 200, 0.05, 0.05};
  result = PlayMatch(equal, nullptr, nullptr);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->decision, SprtDecision::kAcceptH0);
}

TEST(MatchRunner, BadConfigurationsAreErrors) {
  MatchConfig one = SmallConfig({FakeSpec("A", {})});
  EXPECT_FALSE(PlayMatch(one, nullptr, nullptr).ok());
  MatchConfig config = SmallConfig({FakeSpec("A", {}), FakeSpec("B", {})});
  config.games_per_pair = 3;
  EXPECT_FALSE(PlayMatch(config, nullptr, nullptr).ok());
  config.games_per_pair = 2;
  config.tc.turn_ms = config.tc.game_ms = 0;
  EXPECT_FALSE(PlayMatch(config, nullptr, nullptr).ok());
  config = SmallConfig({FakeSpec("A", {}), FakeSpec("B", {})});
  config.width = 30;
  EXPECT_FALSE(PlayMatch(config, nullptr, nullptr).ok());
  config = SmallConfig({FakeSpec("A", {}), FakeSpec("B", {}), FakeSpec("C", {})});
  config.sprt = Sprt{};
  EXPECT_FALSE(PlayMatch(config, nullptr, nullptr).ok());
  // A program that does not exist stops the match with its name.
  config = SmallConfig({FakeSpec("A", {}), FakeSpec("B", {})});
  config.engines[1].argv = {"/nonexistent/pbrain-x"};
  absl::StatusOr<MatchResult> missing = PlayMatch(config, nullptr, nullptr);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("/nonexistent/pbrain-x"), absl::string_view::npos);
}

}  // namespace
}  // namespace sente
