// The opening rules' decisions through the protocol (OPENMOVEBOARD, OPENSWAPBOARD,
// OPENOFFERBOARD, OPENCHOOSEBOARD): every decision point of Taraguchi-10, Soosorv-8 and the pro
// rule answers in its form and within its area, and bad input gets ERROR and changes nothing.
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/gomocup/harness.h"

namespace sente {
namespace {

using testing::Harness;
using testing::IsMove;
using testing::IsMoveList;

std::vector<Pos> List(const std::string& moves) {
  absl::StatusOr<std::vector<Pos>> list = ParseRenjuList(moves, 15, 15);
  EXPECT_TRUE(list.ok()) << moves;
  return list.ok() ? *list : std::vector<Pos>{};
}

// Renju notation to the block's "x,y" lines.
std::string Block(const std::string& command, const std::string& moves) {
  std::string text = command;
  for (Pos p : List(moves)) absl::StrAppend(&text, "\n", FormatGomocup(p));
  return text + "\nDONE";
}

std::vector<Pos> AsMoves(const std::string& line) {
  std::vector<Pos> out;
  for (absl::string_view m : absl::StrSplit(line, ' ')) out.push_back(*ParseGomocup(m, 15, 15));
  return out;
}

Board After(const std::string& moves) {
  Board board(15, 15, Rule::kRenju);
  for (Pos p : List(moves)) board.Play(p);
  return board;
}

void Start(Harness& h) {
  ASSERT_EQ(h.One("START 15"), "OK");
  h.Send("INFO rule 4\nINFO timeout_turn 150\nINFO show_detail 0");
}

TEST(OpeningCommands, TaraguchiStonesWithinTheirSquaresAndSwaps) {
  Harness h;
  Start(h);
  const std::vector<std::string> stones = {"", "h8", "h8 i9", "h8 i9 g10"};
  for (size_t k = 0; k < stones.size(); ++k) {
    const std::string answer = h.One(Block("OPENMOVEBOARD taraguchi10", stones[k]));
    ASSERT_TRUE(IsMove(answer)) << k << ": " << answer;
    const Pos p = AsMoves(answer)[0];
    EXPECT_TRUE(After(stones[k]).IsEmpty(p));
    EXPECT_TRUE(InCentralSquare(h.board(), p, TaraguchiSquare(static_cast<int>(k) + 1))) << answer;
    EXPECT_EQ(h.board().stone_count(), static_cast<int>(k) + 1);
  }
  for (const char* position : {"h8", "h8 i9", "h8 i9 g10", "h8 i9 g10 k11", "h8 i9 g10 k11 d4"}) {
    const std::string answer = h.One(Block("OPENSWAPBOARD taraguchi10", position));
    EXPECT_TRUE(answer == "SWAP" || answer == "NOSWAP") << position << ": " << answer;
  }
  // The 5th: placed in the central 9x9, or ten offers.
  const std::string fifth = h.One(Block("OPENMOVEBOARD taraguchi10", "h8 i9 g10 k11"));
  ASSERT_TRUE(IsMoveList(fifth)) << fifth;
  const std::vector<Pos> moves = AsMoves(fifth);
  Board four = After("h8 i9 g10 k11");
  if (moves.size() == 1) {
    EXPECT_TRUE(InCentralSquare(four, moves[0], 9));
  } else {
    EXPECT_TRUE(CheckFifthMoveOffers(four, moves, 10).ok()) << fifth;
  }
}

TEST(OpeningCommands, FifthMoveOffersAndTheChoice) {
  Harness h;
  Start(h);
  Board four = After("h8 i9 g10 k11");
  const std::string offers = h.One(Block("OPENOFFERBOARD taraguchi10 10", "h8 i9 g10 k11"));
  ASSERT_TRUE(IsMoveList(offers)) << offers;
  EXPECT_TRUE(CheckFifthMoveOffers(four, AsMoves(offers), 10).ok()) << offers;
  EXPECT_EQ(h.board().stone_count(), 4);
  // White takes one offer and plays the 6th.
  const std::string chosen = h.One(Block("OPENCHOOSEBOARD soosorv8 2", "h8 i9 g10 k11 a1 j8"));
  ASSERT_TRUE(IsMoveList(chosen)) << chosen;
  const std::vector<Pos> pair = AsMoves(chosen);
  ASSERT_EQ(pair.size(), 2u);
  EXPECT_TRUE(pair[0] == *ParseRenju("a1", 15, 15) || pair[0] == *ParseRenju("j8", 15, 15));
  EXPECT_EQ(h.board().At(pair[0]), Color::kBlack);
  EXPECT_EQ(h.board().At(pair[1]), Color::kWhite);
  EXPECT_EQ(h.board().stone_count(), 6);
}

TEST(OpeningCommands, SoosorvOpeningFourthAndDeclaration) {
  Harness h;
  Start(h);
  const std::string opening = h.One(Block("OPENMOVEBOARD soosorv8", ""));
  ASSERT_TRUE(IsMoveList(opening)) << opening;
  const std::vector<Pos> three = AsMoves(opening);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_TRUE(CheckOpeningStones(h.board(), *ParseOpeningRule("soosorv8"), three).ok());
  const std::string first_swap = h.One(Block("OPENSWAPBOARD soosorv8", "h8 h9 j10"));
  EXPECT_TRUE(first_swap == "SWAP" || first_swap == "NOSWAP") << first_swap;
  // White's 4th anywhere and the number of 5th moves, 1 to 8.
  const std::vector<std::string> declared =
      absl::StrSplit(h.One(Block("OPENMOVEBOARD soosorv8", "h8 h9 j10")), ' ');
  ASSERT_EQ(declared.size(), 2u);
  ASSERT_TRUE(IsMove(declared[0]));
  int n = 0;
  ASSERT_TRUE(absl::SimpleAtoi(declared[1], &n));
  EXPECT_GE(n, 1);
  EXPECT_LE(n, 8);
  EXPECT_EQ(h.board().At(AsMoves(declared[0])[0]), Color::kWhite);
  const std::string swap = h.One(Block(absl::StrCat("OPENSWAPBOARD soosorv8 ", n), "h8 h9 j10 a1"));
  EXPECT_TRUE(swap == "SWAP" || swap == "NOSWAP") << swap;
  const std::string offers = h.One(Block("OPENOFFERBOARD soosorv8 3", "h8 h9 j10 a1"));
  Board four = After("h8 h9 j10 a1");
  EXPECT_TRUE(CheckFifthMoveOffers(four, AsMoves(offers), 3).ok()) << offers;
}

TEST(OpeningCommands, ProRuleAnswersAsSwap2OnTheTwentySixOpenings) {
  Harness h;
  Start(h);
  const std::string opening = h.One(Block("OPENMOVEBOARD pro", ""));
  ASSERT_TRUE(IsMoveList(opening)) << opening;
  EXPECT_TRUE(CheckOpeningStones(h.board(), *ParseOpeningRule("pro"), AsMoves(opening)).ok());
  const std::string three = h.One(Block("OPENMOVEBOARD pro", "h8 h9 j10"));
  EXPECT_TRUE(three == "SWAP" || (IsMoveList(three) && AsMoves(three).size() <= 2)) << three;
  const std::string five = h.One(Block("OPENMOVEBOARD pro", "h8 h9 j10 a1 o15"));
  EXPECT_TRUE(five == "SWAP" || IsMove(five)) << five;
}

TEST(OpeningCommands, BadInputGetsAnErrorAndLeavesThePosition) {
  Harness h;
  Start(h);
  ASSERT_TRUE(IsMove(h.One("TURN 7,7")));
  const std::vector<std::string> bad = {
      Block("OPENMOVEBOARD taraguchi10", "h8 i9 k11"),             // 3rd outside the 5x5
      Block("OPENSWAPBOARD taraguchi10", "h8 i9 g10 k11 c3"),      // 5th outside the 9x9
      Block("OPENMOVEBOARD soosorv8", "h8 h10 j10"),               // not one of the 26
      Block("OPENMOVEBOARD taraguchi10", "h8 i9 g10 k11 d4"),      // five stones: nothing to place
      Block("OPENOFFERBOARD soosorv8 3", "h8 h9 j10"),             // three stones
      Block("OPENOFFERBOARD taraguchi10 9", "h8 i9 g10 k11"),      // Taraguchi-10 offers ten
      Block("OPENOFFERBOARD soosorv8 9", "h8 i9 g10 k11"),         // Soosorv-8 at most eight
      Block("OPENCHOOSEBOARD soosorv8 2", "h8 h9 h10 h6 g8 i8"),   // mirror images
      Block("OPENCHOOSEBOARD soosorv8 2", "h8 i9 g10 k11 a1"),     // one line short
      Block("OPENCHOOSEBOARD soosorv8 2", "h8 i9 g10 k11 a1 h8"),  // an offer on a stone
      Block("OPENSWAPBOARD soosorv8", "h8 h9 j10 a1"),             // the declared count missing
      Block("OPENSWAPBOARD pro", "h8 h9 j10"),                     // pro chooses by OPENMOVEBOARD
      Block("OPENMOVEBOARD renju26", "h8 h9 j10"),                 // unknown rule
      Block("OPENMOVEBOARD", ""),                                  // no rule
      Block("OPENMOVEBOARD taraguchi10", "h8 h8"),                 // a stone twice
  };
  for (const std::string& command : bad) {
    const std::string answer = h.One(command);
    EXPECT_EQ(answer.rfind("ERROR ", 0), 0u) << command << "\n-> " << answer;
    EXPECT_EQ(h.board().stone_count(), 2) << command;
  }
}

}  // namespace
}  // namespace sente
