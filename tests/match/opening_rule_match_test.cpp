// `sente match --opening-rule`: complete Sente-vs-Sente games under each of the four rules,
// every decision and move judged again from the PGN by the rules core.
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/match/command.h"
#include "protocol/match/runner.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using Tags = std::map<std::string, std::string>;

// The tags of each game in a PGN text.
std::vector<Tags> Games(const std::string& pgn) {
  std::vector<Tags> games;
  std::istringstream in(pgn);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("[Event ", 0) == 0) games.emplace_back();
    if (games.empty() || line.size() < 4 || line[0] != '[') continue;
    const size_t space = line.find(' ');
    games.back()[line.substr(1, space - 1)] = line.substr(space + 2, line.size() - space - 4);
  }
  return games;
}

// Replays a game: the opening stones within the rule's areas, then every move legal for the
// side to move (Black's passes where the Passes tag says), the last one as the result says.
void Judge(const Tags& game, Rule rule, const OpeningRule& opening_rule) {
  SCOPED_TRACE(game.at("Moves"));
  absl::StatusOr<std::vector<Pos>> moves = ParseRenjuList(game.at("Moves"), 15, 15);
  absl::StatusOr<std::vector<Pos>> opening = ParseRenjuList(game.at("OpeningMoves"), 15, 15);
  ASSERT_TRUE(moves.ok() && opening.ok());
  Board board(15, 15, rule);
  EXPECT_TRUE(CheckOpeningStones(board, opening_rule, *opening).ok());
  ASSERT_GE(opening->size(), 3u);
  std::vector<int> passes;
  if (game.count("Passes"))
    for (absl::string_view n : absl::StrSplit(game.at("Passes"), ' ')) {
      int stones = 0;
      ASSERT_TRUE(absl::SimpleAtoi(n, &stones));
      passes.push_back(stones);
    }
  const std::string termination = game.at("Termination");
  Color to_move = Color::kBlack;
  size_t next_pass = 0;
  for (size_t i = 0; i < moves->size(); ++i) {
    if (i < opening->size()) {
      EXPECT_EQ((*moves)[i], (*opening)[i]);
      board.Play((*moves)[i]);
      to_move = board.SideToMove();
      continue;
    }
    while (next_pass < passes.size() && passes[next_pass] == board.stone_count()) {
      EXPECT_EQ(to_move, Color::kBlack);
      EXPECT_TRUE(BlackMustPass(board));
      to_move = Color::kWhite;
      ++next_pass;
    }
    const bool last = i + 1 == moves->size();
    EXPECT_EQ(JudgeMove(board, (*moves)[i], to_move),
              last && termination == "five" ? MoveVerdict::kWin : MoveVerdict::kNormal)
        << "move " << i + 1;
    board.Place((*moves)[i], to_move);
    to_move = Opponent(to_move);
  }
  if (termination == "five")
    EXPECT_EQ(game.at("Result"), board.At(board.LastMove()) == Color::kBlack ? "1-0" : "0-1");
  else
    EXPECT_TRUE(termination == "board-full" || termination == "two-passes") << termination;
}

struct Case {
  const char* rule_name;
  Rule rule;
  std::vector<const char*> decisions;  // each game's log holds all of these
};

TEST(MatchOpeningRule, SenteAgainstItselfUnderEachRule) {
  const bool sanitized = testing::Sanitized();
  const std::vector<Case> cases = {
      {"taraguchi10",
       Rule::kRenju,
       {"OPENMOVEBOARD taraguchi10 @0 -> 7,7", "OPENSWAPBOARD taraguchi10 @1",
        "OPENMOVEBOARD taraguchi10 @3", "OPENSWAPBOARD taraguchi10 @4",
        "OPENMOVEBOARD taraguchi10 @4"}},
      {"soosorv8",
       Rule::kRenju,
       {"OPENMOVEBOARD soosorv8 @0", "OPENSWAPBOARD soosorv8 @3", "OPENMOVEBOARD soosorv8 @3",
        "OPENOFFERBOARD soosorv8", "OPENCHOOSEBOARD soosorv8"}},
      {"pro", Rule::kRenju, {"OPENMOVEBOARD pro @0", "OPENMOVEBOARD pro @3"}},
      {"swap2", Rule::kFreestyle, {"SWAP2BOARD @0", "SWAP2BOARD @3"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.rule_name);
    absl::StatusOr<MatchCommand> cmd =
        ParseMatchArgs({"--engine",
                        absl::StrCat("cmd=", SENTE_ENGINE_PATH),
                        "name=a",
                        "--engine",
                        absl::StrCat("cmd=", SENTE_ENGINE_PATH),
                        "name=b",
                        "--each",
                        sanitized ? "info.max_depth=1" : "info.max_depth=2",
                        "info.thread_num=1",
                        "--rule",
                        RuleName(c.rule),
                        "--opening-rule",
                        c.rule_name,
                        "--games",
                        "2",
                        "--concurrency",
                        "2",
                        "--tc-turn",
                        sanitized ? "400" : "150",
                        "--tolerance",
                        "3000",
                        "--max-memory",
                        "67108864"});
    ASSERT_TRUE(cmd.ok()) << cmd.status();
    std::ostringstream pgn;
    absl::StatusOr<MatchResult> result = PlayMatch(cmd->config, nullptr, &pgn);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(result->games, 2);
    // Sente never loses by breaking a rule: no bad decisions, fouls, bad passes or timeouts.
    for (const EngineTotals& t : result->engines)
      for (int r = 0; r < kNumEndReasons; ++r)
        EXPECT_EQ(t.losses_by[r], 0) << EndReasonName(EndReason(r)) << "\n" << pgn.str();
    const std::vector<Tags> games = Games(pgn.str());
    ASSERT_EQ(games.size(), 2u) << pgn.str();
    for (const Tags& game : games) {
      ASSERT_EQ(game.at("OpeningRule"), c.rule_name);
      const std::string& log = game.at("OpeningDecisions");
      for (const char* decision : c.decisions)
        EXPECT_NE(log.find(decision), std::string::npos) << decision << " in " << log;
      Judge(game, c.rule, *ParseOpeningRule(c.rule_name));
    }
  }
}

TEST(MatchOpeningRule, TheFlagIsChecked) {
  auto parse = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"--engine", "cmd=x", "--engine", "cmd=y"};
    args.insert(args.end(), extra.begin(), extra.end());
    return ParseMatchArgs(args);
  };
  absl::StatusOr<MatchCommand> ok = parse({"--rule", "renju", "--opening-rule", "Soosorv5"});
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(OpeningRuleName(*ok->config.opening_rule), "soosorv5");
  EXPECT_TRUE(parse({"--opening-rule", "swap2"}).ok());
  absl::StatusOr<MatchCommand> freestyle = parse({"--opening-rule", "taraguchi10"});
  ASSERT_FALSE(freestyle.ok());
  EXPECT_NE(freestyle.status().message().find("needs --rule renju"), std::string::npos);
  EXPECT_FALSE(parse({"--rule", "renju", "--opening-rule", "taraguchi"}).ok());
  EXPECT_FALSE(parse({"--rule", "renju", "--opening-rule", "soosorv17"}).ok());
}

}  // namespace
}  // namespace sente
