// A short real match of Sente against itself under every rule: the runner and the engine's
// Gomocup front end together.
#include <sstream>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/match/runner.h"
#include "tests/test_util.h"

namespace sente {
namespace {

TEST(MatchReal, SenteAgainstItselfUnderEveryRule) {
  bool sanitized = testing::Sanitized();
  for (Rule rule :
       {Rule::kFreestyle, Rule::kStandard, Rule::kRenju, Rule::kCaro, Rule::kCaroExact}) {
    SCOPED_TRACE(RuleName(rule));
    MatchConfig config;
    for (const char* name : {"sente-a", "sente-b"}) {
      EngineSpec spec;
      spec.name = name;
      spec.argv = {SENTE_ENGINE_PATH};
      // Shallow and single-threaded: this checks the plumbing, not strength. Slower under
      // the sanitizers, so even shallower there.
      spec.infos = {{"max_depth", sanitized ? "1" : "2"}, {"thread_num", "1"}};
      config.engines.push_back(spec);
    }
    config.rule = rule;
    config.openings = {{MakePos(7, 7), MakePos(8, 8), MakePos(9, 7)}};
    config.games_per_pair = 2;
    config.concurrency = 2;
    config.tc.turn_ms = 2000;
    config.tc.tolerance_ms = 2000;
    config.tc.max_memory = 64ll << 20;
    std::ostringstream pgn;
    absl::StatusOr<MatchResult> result = PlayMatch(config, nullptr, &pgn);
    ASSERT_TRUE(result.ok()) << result.status();
    const Wdl& wdl = result->pairs[0].wdl;
    EXPECT_EQ(wdl.games(), 2);
    EXPECT_EQ(result->games, 2);
    EXPECT_EQ(result->engines[0].games + result->engines[1].games, 4);
    // Sente never loses by breaking a rule: no fouls, bad moves, timeouts or crashes.
    for (const EngineTotals& t : result->engines)
      for (int r = 0; r < kNumEndReasons; ++r)
        EXPECT_EQ(t.losses_by[r], 0) << EndReasonName(EndReason(r)) << "\n" << pgn.str();
    EXPECT_GT(result->engines[0].peak_memory, 0);

    // Replay every game through the rules core.
    std::istringstream in(pgn.str());
    std::string line, termination, result_tag;
    int games = 0;
    while (std::getline(in, line)) {
      if (line.rfind("[Termination \"", 0) == 0) termination = line.substr(14, line.size() - 16);
      if (line.rfind("[Result \"", 0) == 0) result_tag = line.substr(9, line.size() - 11);
      if (line.rfind("[Moves \"", 0) != 0) continue;
      ++games;
      absl::StatusOr<std::vector<Pos>> moves =
          ParseRenjuList(line.substr(8, line.size() - 10), 15, 15);
      ASSERT_TRUE(moves.ok()) << moves.status();
      Board board(15, 15, rule);
      for (size_t i = 0; i < moves->size(); ++i) {
        MoveVerdict v = JudgeMove(board, (*moves)[i], board.SideToMove());
        bool last = i + 1 == moves->size();
        EXPECT_EQ(v, last && termination == "five" ? MoveVerdict::kWin : MoveVerdict::kNormal)
            << "move " << i + 1 << " of " << line;
        board.Play((*moves)[i]);
      }
      if (termination == "five")
        EXPECT_EQ(result_tag, board.At(board.LastMove()) == Color::kBlack ? "1-0" : "0-1");
      else
        EXPECT_TRUE(IsDrawn(board)) << termination;
    }
    EXPECT_EQ(games, 2);
  }
}

}  // namespace
}  // namespace sente
