// The opening stage of `sente match --opening-rule` with scripted engines: bad answers lose
// for the engine that gave them, swaps give Black to the other engine, and engines that do
// not speak the extension fall back as README.md describes.
#include "protocol/match/opening_stage.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "gtest/gtest.h"
#include "protocol/match/game.h"

namespace sente {
namespace {

std::unique_ptr<MatchEngine> Launch(const std::string& name, std::vector<std::string> argv,
                                    std::vector<std::pair<std::string, std::string>> infos = {}) {
  EngineSpec spec;
  spec.name = name;
  spec.argv = std::move(argv);
  spec.infos = std::move(infos);
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine = MatchEngine::Launch(spec, true);
  EXPECT_TRUE(engine.ok()) << engine.status();
  return engine.ok() ? *std::move(engine) : nullptr;
}

// A scripted engine; `speaks`: it answers the opening rules' commands from the script.
std::unique_ptr<MatchEngine> Fake(const std::string& name, bool speaks,
                                  const std::vector<std::string>& script) {
  std::vector<std::string> argv = {SENTE_FAKE_ENGINE_PATH};
  if (speaks) argv.push_back("--opening");
  argv.insert(argv.end(), script.begin(), script.end());
  return Launch(name, argv);
}

std::unique_ptr<MatchEngine> Sente(const std::string& name) {
  return Launch(name, {SENTE_ENGINE_PATH},
                {{"max_depth", "2"}, {"thread_num", "1"}, {"show_detail", "0"}});
}

GameSetup RuleSetup(const std::string& rule_name, Rule rule = Rule::kRenju) {
  GameSetup setup;
  setup.rule = rule;
  setup.opening_rule = *ParseOpeningRule(rule_name);
  setup.accept_pass = rule == Rule::kRenju;
  setup.tc.turn_ms = 300;
  setup.tc.tolerance_ms = 3000;
  setup.tc.max_memory = 64ll << 20;
  return setup;
}

GameRecord Play(const GameSetup& setup, MatchEngine& first, MatchEngine& second) {
  GameRecord record = PlayGame(setup, first, second);
  first.Quit();
  second.Quit();
  return record;
}

std::string Log(const GameRecord& r) { return absl::StrJoin(r.opening_log, "\n"); }

TEST(MatchOpeningStage, StoneOutsideItsAreaLoses) {
  auto a = Fake("A", true, {"raw=0,0"});
  auto b = Fake("B", true, {});
  GameRecord r = Play(RuleSetup("taraguchi10"), *a, *b);
  EXPECT_EQ(r.reason, EndReason::kBadOpening);
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
  EXPECT_NE(r.detail.find("Black (A) answered '0,0' to OPENMOVEBOARD taraguchi10"),
            std::string::npos)
      << r.detail;
  EXPECT_NE(r.detail.find("outside the central 1x1"), std::string::npos) << r.detail;
}

TEST(MatchOpeningStage, SymmetricOffersLose) {
  // h8 i8 j8 and White's m8 are symmetric about row 8: i6 and i10 are one offer twice.
  auto a = Fake("A", true, {"raw=7,7 8,7 9,7", "raw=NOSWAP", "raw=8,5 8,9"});
  auto b = Fake("B", true, {"raw=NOSWAP", "raw=12,7 2"});
  GameRecord r = Play(RuleSetup("soosorv8"), *a, *b);
  EXPECT_EQ(r.reason, EndReason::kBadOpening) << r.detail;
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins) << r.detail;
  EXPECT_NE(r.detail.find("Black (A) answered '8,5 8,9' to OPENOFFERBOARD soosorv8 2"),
            std::string::npos)
      << r.detail;
  EXPECT_NE(r.detail.find("symmetric"), std::string::npos) << r.detail;
  EXPECT_EQ(r.opening_stones, 4);
  EXPECT_EQ(r.opening_log.size(), 5u) << Log(r);
}

TEST(MatchOpeningStage, WrongCountsLose) {
  {
    auto a = Fake("A", true, {"raw=7,7 8,8"});
    auto b = Fake("B", true, {});
    GameRecord r = Play(RuleSetup("pro"), *a, *b);
    EXPECT_EQ(r.reason, EndReason::kBadOpening);
    EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
    EXPECT_NE(r.detail.find("expected 3 stones"), std::string::npos) << r.detail;
  }
  {
    // Soosorv-8 allows 1..8 fifth moves; White's player declares 9.
    auto a = Fake("A", true, {"raw=7,7 8,7 9,7"});
    auto b = Fake("B", true, {"raw=NOSWAP", "raw=12,7 9"});
    GameRecord r = Play(RuleSetup("soosorv8"), *a, *b);
    EXPECT_EQ(r.reason, EndReason::kBadOpening);
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_NE(r.detail.find("White (B) answered '12,7 9'"), std::string::npos) << r.detail;
    EXPECT_NE(r.detail.find("from 1 to 8"), std::string::npos) << r.detail;
  }
  {
    // Taraguchi-10's 5th: one stone or ten offers, not three.
    auto a =
        Fake("A", true, {"raw=7,7", "raw=NOSWAP", "raw=6,6", "raw=NOSWAP", "raw=3,10 9,3 11,11"});
    auto b = Fake("B", true, {"raw=NOSWAP", "raw=7,6", "raw=NOSWAP", "raw=5,5"});
    GameRecord r = Play(RuleSetup("taraguchi10"), *a, *b);
    EXPECT_EQ(r.reason, EndReason::kBadOpening) << Log(r);
    EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
    EXPECT_NE(r.detail.find("10 offered 5th moves"), std::string::npos) << r.detail;
    EXPECT_EQ(r.opening_stones, 4);
  }
}

TEST(MatchOpeningStage, TakingAnOfferThatWasNotMadeLoses) {
  auto a = Fake("A", true, {"raw=7,7 8,7 9,7", "raw=NOSWAP", "raw=8,5 6,9"});
  auto b = Fake("B", true, {"raw=NOSWAP", "raw=12,7 2", "raw=8,9 10,10"});
  GameRecord r = Play(RuleSetup("soosorv8"), *a, *b);
  EXPECT_EQ(r.reason, EndReason::kBadOpening);
  EXPECT_EQ(r.outcome, Outcome::kBlackWins);
  EXPECT_NE(r.detail.find("i6 was not offered"), std::string::npos) << r.detail;
}

TEST(MatchOpeningStage, SwapGivesBlackToTheOtherEngine) {
  // Swap2 (freestyle): B takes Black; A, now White, plays the 4th as a move.
  auto a = Fake("A", true, {"raw=7,7 8,8 9,7", "0,0", "0,1", "0,2", "0,3", "0,4"});
  auto b = Fake("B", true, {"raw=SWAP", "1,0", "2,0", "3,0", "4,0", "5,0"});
  GameRecord r = Play(RuleSetup("swap2", Rule::kFreestyle), *a, *b);
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(r.opening_stones, 3);
  EXPECT_EQ(r.reason, EndReason::kFive) << r.detail << "\n" << Log(r);
  EXPECT_EQ(r.outcome, Outcome::kWhiteWins) << r.detail;
  EXPECT_NE(r.detail.find("White (A)"), std::string::npos) << r.detail;
  ASSERT_EQ(r.opening_log.size(), 2u);
  EXPECT_EQ(r.opening_log[0], "A: SWAP2BOARD @0 -> 7,7 8,8 9,7");
  EXPECT_EQ(r.opening_log[1], "B: SWAP2BOARD @3 -> SWAP");
}

TEST(MatchOpeningStage, TheCapableEngineDecidesForOneThatDoesNotSpeak) {
  auto a = Fake("A", false, {});
  auto b = Sente("S");
  ASSERT_TRUE(a && b);
  GameRecord r = Play(RuleSetup("pro"), *a, *b);
  EXPECT_NE(r.reason, EndReason::kBadOpening) << r.detail << "\n" << Log(r);
  EXPECT_GE(r.opening_stones, 3) << Log(r);
  ASSERT_FALSE(r.opening_log.empty());
  EXPECT_NE(r.opening_log[0].find("A does not speak OPENMOVEBOARD pro"), std::string::npos)
      << Log(r);
  EXPECT_NE(r.opening_log[1].find("S for A: OPENMOVEBOARD pro @0 -> "), std::string::npos)
      << Log(r);
  // The three stones are one of the 26 openings, and every later stone is a real move.
  Board board(15, 15, Rule::kRenju);
  std::vector<Pos> opening(r.moves.begin(), r.moves.begin() + r.opening_stones);
  EXPECT_TRUE(CheckOpeningStones(board, *ParseOpeningRule("pro"), opening).ok());
}

TEST(MatchOpeningStage, NeitherSpeaksThenTheOpeningFileIsPlayed) {
  auto a = Fake("A", false, {});
  auto b = Fake("B", false, {});
  GameSetup setup = RuleSetup("taraguchi10", Rule::kFreestyle);
  setup.opening = {MakePos(7, 7), MakePos(8, 8), MakePos(9, 7)};
  GameRecord r = Play(setup, *a, *b);
  EXPECT_EQ(r.opening_stones, 3);
  EXPECT_FALSE(r.swapped);
  ASSERT_EQ(r.opening_log.size(), 3u) << Log(r);
  EXPECT_NE(r.opening_log[2].find("neither engine speaks"), std::string::npos) << Log(r);
  EXPECT_EQ(r.moves[3], MakePos(7, 6)) << "the fake's nearest point to the centre";
}

}  // namespace
}  // namespace sente
