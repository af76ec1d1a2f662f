// Renju passes in a match game (engine/RULES.md decision 8): Black's -1,-1 is legal only when
// every empty point is forbidden for it; White may pass only right after, which draws; a pass
// anywhere else loses for the passer.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/opening_rule.h"
#include "gtest/gtest.h"
#include "protocol/match/game.h"
#include "tests/test_util.h"

namespace sente {
namespace {

// 7x7, 23 stones each, Black to move: every empty point, (2,1), (5,1) and (4,4), is forbidden
// for Black (tests/gomocup/pass_test.cpp).
const std::vector<std::string> kNoLegalPoint = {"XXXOOOX", "OO.OX.O", "XOXOXOO", "OOXXOOO",
                                                "XXXX.XX", "OXXXOXX", "OXOOOXO"};

// The position's stones in a game order, Black's and White's alternating.
Opening NoLegalPointOpening() {
  Board board = testing::BoardFromDiagram(Rule::kRenju, kNoLegalPoint);
  std::vector<Pos> black, white;
  for (Pos p : board.points())
    if (!board.IsEmpty(p)) (board.At(p) == Color::kBlack ? black : white).push_back(p);
  Opening opening;
  for (size_t i = 0; i < black.size(); ++i) {
    opening.push_back(black[i]);
    opening.push_back(white[i]);
  }
  return opening;
}

std::unique_ptr<MatchEngine> LaunchPassEngine(const std::string& name,
                                              std::vector<std::string> argv) {
  EngineSpec spec;
  spec.name = name;
  spec.argv = std::move(argv);
  if (spec.argv[0] == std::string(SENTE_ENGINE_PATH))
    spec.infos = {{"max_depth", "2"}, {"thread_num", "1"}};
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine = MatchEngine::Launch(spec, true);
  EXPECT_TRUE(engine.ok()) << engine.status();
  return engine.ok() ? *std::move(engine) : nullptr;
}

GameSetup RuleSetup(Opening opening, int size) {
  GameSetup setup;
  setup.width = setup.height = size;
  setup.rule = Rule::kRenju;
  setup.accept_pass = true;
  setup.opening = std::move(opening);
  setup.tc.turn_ms = 300;
  setup.tc.tolerance_ms = 3000;
  setup.tc.max_memory = 64ll << 20;
  return setup;
}

GameRecord PlayPassGame(const GameSetup& setup, std::vector<std::string> black,
                        std::vector<std::string> white) {
  auto b = LaunchPassEngine("B", black), w = LaunchPassEngine("W", white);
  GameRecord record = PlayGame(setup, *b, *w);
  b->Quit();
  w->Quit();
  return record;
}

TEST(MatchPass, SenteAsBlackPassesAndWhitePlaysOn) {
  Board start = testing::BoardFromDiagram(Rule::kRenju, kNoLegalPoint);
  ASSERT_TRUE(BlackMustPass(start));
  GameRecord r =
      PlayPassGame(RuleSetup(NoLegalPointOpening(), 7), {SENTE_ENGINE_PATH}, {SENTE_ENGINE_PATH});
  ASSERT_FALSE(r.passes.empty()) << r.detail;
  EXPECT_EQ(r.passes[0], 46);
  ASSERT_GT(r.moves.size(), 46u) << r.detail;
  // White's move after the pass, then the game goes on to its end by the rules.
  EXPECT_TRUE(start.IsEmpty(r.moves[46]));
  EXPECT_TRUE(r.reason == EndReason::kFive || r.reason == EndReason::kBoardFull ||
              r.reason == EndReason::kForbidden)
      << EndReasonName(r.reason) << ": " << r.detail;
  EXPECT_NE(r.reason, EndReason::kBadPass) << r.detail;
  EXPECT_NE(r.reason, EndReason::kStoneLimit) << "no stone-limit draw once passes are on";
}

TEST(MatchPass, TwoPassesInARowDraw) {
  GameRecord r = PlayPassGame(RuleSetup(NoLegalPointOpening(), 7),
                              {SENTE_FAKE_ENGINE_PATH, "-1,-1"}, {SENTE_FAKE_ENGINE_PATH, "-1,-1"});
  EXPECT_EQ(r.outcome, Outcome::kDraw) << r.detail;
  EXPECT_EQ(r.reason, EndReason::kTwoPasses) << r.detail;
  EXPECT_EQ(r.passes, (std::vector<int>{46, 46}));
  EXPECT_EQ(r.moves.size(), 46u);
}

TEST(MatchPass, APassWhereNoneIsAllowedLoses) {
  // Black with legal points left.
  GameRecord black =
      PlayPassGame(RuleSetup({}, 15), {SENTE_FAKE_ENGINE_PATH, "-1,-1"}, {SENTE_FAKE_ENGINE_PATH});
  EXPECT_EQ(black.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(black.reason, EndReason::kBadPass);
  EXPECT_EQ(black.detail, "Black (B) passed with a legal point left");
  // White, not right after a pass of Black's.
  GameRecord white =
      PlayPassGame(RuleSetup({}, 15), {SENTE_FAKE_ENGINE_PATH}, {SENTE_FAKE_ENGINE_PATH, "-1,-1"});
  EXPECT_EQ(white.outcome, Outcome::kBlackWins);
  EXPECT_EQ(white.reason, EndReason::kBadPass);
  EXPECT_NE(white.detail.find("White (W) passed: White may pass only right after Black's pass"),
            std::string::npos)
      << white.detail;
  // Without accept_pass, -1,-1 is off the board, as in Gomocup.
  GameSetup off = RuleSetup({}, 15);
  off.accept_pass = false;
  GameRecord gomocup =
      PlayPassGame(off, {SENTE_FAKE_ENGINE_PATH, "-1,-1"}, {SENTE_FAKE_ENGINE_PATH});
  EXPECT_EQ(gomocup.reason, EndReason::kOffBoard);
}

}  // namespace
}  // namespace sente
