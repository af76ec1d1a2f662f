// The Gomocup session in process: every command, the board it leaves, and bad input.
#include "protocol/gomocup/session.h"

#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "engine/opening_rule.h"
#include "gtest/gtest.h"
#include "protocol/gomocup/swap2.h"
#include "tests/gomocup/harness.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using testing::Harness;
using testing::IsMove;
using testing::IsMoveList;

Pos AsPos(const std::string& move) {
  absl::StatusOr<Pos> p = ParseGomocup(move, kMaxSize, kMaxSize);
  EXPECT_TRUE(p.ok()) << move;
  return p.ok() ? *p : kNoPos;
}

TEST(GomocupSession, GameCommandsKeepTheBoard) {
  Harness h;
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 40");
  std::string first = h.One("BEGIN");
  ASSERT_TRUE(IsMove(first)) << first;
  EXPECT_EQ(h.board().stone_count(), 1);
  EXPECT_EQ(h.board().At(AsPos(first)), Color::kBlack);
  std::string second = h.One("TURN 0,0");
  ASSERT_TRUE(IsMove(second)) << second;
  EXPECT_EQ(h.board().At(MakePos(0, 0)), Color::kWhite);
  EXPECT_EQ(h.board().At(AsPos(second)), Color::kBlack);
  // The engine's own stone: occupied, and the state is untouched by the error.
  std::string error = h.One("TURN " + first);
  EXPECT_EQ(error.rfind("ERROR", 0), 0u) << error;
  EXPECT_EQ(h.board().stone_count(), 3);
  EXPECT_TRUE(IsMove(h.One("turn 14,14")));
  EXPECT_EQ(h.board().stone_count(), 5);
  // TAKEBACK of a stone in the middle of the game, then it can be played again.
  EXPECT_EQ(h.One("TAKEBACK 0,0"), "OK");
  EXPECT_TRUE(h.board().IsEmpty(MakePos(0, 0)));
  EXPECT_EQ(h.board().stone_count(), 4);
  EXPECT_EQ(h.One("TAKEBACK 0,0").rfind("ERROR", 0), 0u);
  EXPECT_EQ(h.One("PLAY 0,0"), "0,0");
  EXPECT_FALSE(h.board().IsEmpty(MakePos(0, 0)));
  EXPECT_EQ(h.One("RESTART"), "OK");
  EXPECT_EQ(h.board().stone_count(), 0);
  EXPECT_EQ(h.board().width(), 15);
  EXPECT_EQ(h.One("RECTSTART 20,10"), "OK");
  EXPECT_EQ(h.board().width(), 20);
  EXPECT_EQ(h.board().height(), 10);
  std::string wide = h.One("TURN 15,5");
  ASSERT_TRUE(IsMove(wide)) << wide;
  EXPECT_TRUE(h.board().OnBoard(AsPos(wide)));
  EXPECT_LT(PosY(AsPos(wide)), 10);
  EXPECT_EQ(h.One("TURN 3,10").rfind("ERROR", 0), 0u);  // off the 20x10 board
  EXPECT_EQ(h.One("start 15 15"), "OK");
  EXPECT_EQ(h.One("START 23").rfind("ERROR", 0), 0u);
  EXPECT_EQ(h.board().width(), 15);  // the failed START left the game alone
  h.Send("END");
  EXPECT_TRUE(h.ended());
}

TEST(GomocupSession, BadInputGetsAReasonAndChangesNothing) {
  Harness h;
  EXPECT_EQ(h.One("TURN 7,7"), "ERROR TURN: no game: send START first");
  EXPECT_EQ(h.One("BEGIN"), "ERROR BEGIN: no game: send START first");
  // A BOARD block before START is read to its DONE: its lines are not taken for commands.
  EXPECT_EQ(h.Send("BOARD\n7,7,1\n8,8,2\nDONE"),
            std::vector<std::string>{"ERROR BOARD: no game: send START first"});
  EXPECT_EQ(h.One("FOO bar"), "UNKNOWN command 'FOO'");
  EXPECT_EQ(h.One(std::string("\x01\xff\x00zz", 5)), "UNKNOWN command '???zz'");
  EXPECT_EQ(h.One(std::string(10000, 'A')).rfind("UNKNOWN command 'AAAA", 0), 0u);
  EXPECT_EQ(h.One(std::string(kMaxLineLength + 1, 'A')),
            absl::StrCat("ERROR line too long (", kMaxLineLength + 1, " bytes; at most ",
                         kMaxLineLength, ")"));
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 30");
  ASSERT_TRUE(IsMove(h.One("TURN 7,7")));
  const std::vector<Pos> before = h.board().history();
  for (const char* bad :
       {"TURN 15,3", "TURN -1,3", "TURN 7", "TURN a,b", "TURN", "TURN 7,7", "TURN 99999999999,1",
        "PLAY 7,7", "TAKEBACK 3,3", "TAKEBACK x", "YXNBEST 0", "YXNBEST x", "INFO timeout_turn -5",
        "INFO rule 3", "INFO max_memory lots", "DONE"}) {
    std::string answer = h.One(bad);
    EXPECT_EQ(answer.rfind("ERROR ", 0), 0u) << bad << " -> " << answer;
    EXPECT_GT(answer.size(), 8u) << "no reason given for " << bad;
    EXPECT_EQ(h.board().history(), before) << bad;
  }
  // Unknown INFO keys and valid ones print nothing.
  EXPECT_TRUE(h.Send("INFO some_new_key 12\nINFO game_type 1\nINFO folder /tmp\nINFO evaluate 3,3"
                     "\nINFO pondering 1\nINFO caution_factor 2")
                  .empty());
  // Broken BOARD blocks leave the position alone.
  EXPECT_EQ(h.One("BOARD\n1,1,1\njunk\nDONE").rfind("ERROR BOARD", 0), 0u);
  EXPECT_EQ(h.One("BOARD\n1,1,1\n1,1,2\nDONE").rfind("ERROR BOARD", 0), 0u);
  EXPECT_EQ(h.One("BOARD\n1,1,1\n2,2,1\n3,3,2\nDONE").rfind("ERROR BOARD", 0), 0u);
  EXPECT_EQ(h.One("BOARD\n1,1,1\n20,2,2\nDONE").rfind("ERROR BOARD", 0), 0u);
  EXPECT_EQ(h.board().history(), before);
  // A command inside a block ends it with an error and is then carried out.
  std::vector<std::string> answers = h.Send("BOARD\n1,1,1\nABOUT");
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[0].rfind("ERROR BOARD", 0), 0u);
  EXPECT_EQ(answers[1], kAboutLine);
  EXPECT_EQ(h.board().history(), before);
  // And the game goes on.
  EXPECT_TRUE(IsMove(h.One("TURN 0,0")));
}

TEST(GomocupSession, BoardHonoursEveryFieldInAnyOrder) {
  Harness h;
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 30\nINFO rule 4");
  // Own stones listed last, opponent (Black) has one more: the engine is White.
  std::string answer = h.One("BOARD\n7,7,2\n6,6,2\n8,8,1\n12,12,2\n5,5,1\n4,4,2\n10,10,1\nDONE");
  ASSERT_TRUE(IsMove(answer));
  EXPECT_EQ(h.board().At(MakePos(7, 7)), Color::kBlack);
  EXPECT_EQ(h.board().At(MakePos(10, 10)), Color::kWhite);
  EXPECT_EQ(h.board().At(AsPos(answer)), Color::kWhite);
  EXPECT_EQ(h.board().stone_count(), 8);
  // As many stones each: the engine is Black, even when its own stone comes last.
  answer = h.One("BOARD\n7,7,2\n8,8,1\n9,9,2\n1,1,1\nDONE");
  ASSERT_TRUE(IsMove(answer));
  EXPECT_EQ(h.board().At(MakePos(8, 8)), Color::kBlack);
  EXPECT_EQ(h.board().At(MakePos(9, 9)), Color::kWhite);
  EXPECT_EQ(h.board().At(AsPos(answer)), Color::kBlack);
  // An empty BOARD: the engine opens.
  answer = h.One("BOARD\nDONE");
  ASSERT_TRUE(IsMove(answer));
  EXPECT_EQ(h.board().At(AsPos(answer)), Color::kBlack);
  // YXBOARD sets the position without an answer.
  EXPECT_TRUE(h.Send("YXBOARD\n7,7,1\n7,8,2\nDONE").empty());
  EXPECT_EQ(h.board().stone_count(), 2);
  EXPECT_EQ(h.board().At(MakePos(7, 7)), Color::kBlack);
  // Field 3 (a crossed-out line of a continuous game) squares are never answered: with all
  // but one empty point crossed out, that one is the answer.
  std::string block = "BOARD\n7,7,1\n7,8,2\n";
  for (int y = 0; y < 15; ++y) {
    for (int x = 0; x < 15; ++x) {
      if ((x == 7 && (y == 7 || y == 8)) || (x == 3 && y == 12)) continue;
      absl::StrAppend(&block, x, ",", y, ",3\n");
    }
  }
  EXPECT_EQ(h.One(block + "DONE"), "3,12");
}

// Renju positions with known forbidden points: YXSHOWFORBID lists exactly them, and Sente as
// Black never answers one.
TEST(GomocupSession, RenjuForbiddenPointsThroughTheProtocol) {
  int checked = 0;
  Harness h;
  ASSERT_EQ(h.One("START 15"), "OK");
  h.Send("INFO rule 4\nINFO timeout_turn 100\nINFO show_detail 0");
  for (const char* file : {"mintaka.txt", "alphagomoku.txt", "quintet.txt", "constructed.txt"}) {
    for (const CaseBlock& c : testing::ReadCases(std::string("renju-forbidden/") + file)) {
      absl::StatusOr<Diagram> diagram = ParseDiagram(c.board);
      ASSERT_TRUE(diagram.ok()) << c.name;
      int black = 0, white = 0;
      std::string block;
      for (auto [p, color] : diagram->stones) {
        (color == Color::kBlack ? black : white)++;
        absl::StrAppend(&block, PosX(p), ",", PosY(p), ",", color == Color::kBlack ? 1 : 2, "\n");
      }
      if (black != white || diagram->width != 15) continue;  // Black is not to move
      SCOPED_TRACE(c.name);
      h.Send("YXBOARD\n" + block + "DONE");
      Board board(15, 15, Rule::kRenju);
      ASSERT_TRUE(PlaceDiagram(*diagram, board).ok());
      std::vector<Pos> expected;
      for (auto [p, foul] : ForbiddenPoints(board)) expected.push_back(p);
      EXPECT_EQ(h.One("YXSHOWFORBID"), FormatForbid(expected));
      std::string answer = h.One("BOARD\n" + block + "DONE");
      ASSERT_TRUE(IsMove(answer)) << answer;
      Pos p = AsPos(answer);
      EXPECT_TRUE(board.IsEmpty(p)) << answer;
      EXPECT_FALSE(IsForbidden(board, p)) << answer << " is forbidden";
      ++checked;
    }
  }
  EXPECT_GE(checked, 5);
}

TEST(GomocupSession, ForbidFormat) {
  EXPECT_EQ(FormatForbid({}), "FORBID .");
  EXPECT_EQ(FormatForbid({MakePos(7, 7), MakePos(12, 3)}), "FORBID 07071203.");
}

TEST(GomocupSession, MessagesWhileThinkingUnlessTurnedOff) {
  Harness h;
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 60");
  ASSERT_TRUE(IsMove(h.One("TURN 7,7")));
  ASSERT_FALSE(h.messages().empty());
  for (const std::string& m : h.messages()) {
    std::vector<std::string> words = absl::StrSplit(m, ' ');
    ASSERT_GE(words.size(), 13u) << m;
    EXPECT_EQ(words[1], "depth") << m;
    EXPECT_EQ(words[3], "score") << m;
    EXPECT_EQ(words[5], "nodes") << m;
    EXPECT_EQ(words[7], "speed") << m;
    EXPECT_EQ(words[9], "time") << m;
    EXPECT_EQ(words[11], "pv") << m;
    for (size_t i = 12; i < words.size(); ++i) EXPECT_TRUE(IsMove(words[i])) << m;
  }
  h.Send("INFO show_detail 0");
  ASSERT_TRUE(IsMove(h.One("TURN 8,8")));
  EXPECT_TRUE(h.messages().empty());
}

TEST(GomocupSession, NBestReportsDistinctMovesAndPlaysTheFirst) {
  Harness h;
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 80\nINFO show_detail 0\nYXBOARD\n7,7,2\n8,8,1\nDONE");
  std::string move = h.One("YXNBEST 3");
  ASSERT_TRUE(IsMove(move));
  std::set<std::string> moves;
  for (const std::string& m : h.messages()) {
    std::vector<std::string> parts = absl::StrSplit(m, ' ');
    ASSERT_GE(parts.size(), 4u) << m;
    ASSERT_EQ(parts[1], "nbest") << m;
    moves.insert(parts[3]);
    if (parts[2] == "1") {
      EXPECT_EQ(parts[3], move);
    }
  }
  EXPECT_EQ(moves.size(), 3u);
  EXPECT_EQ(h.board().At(AsPos(move)), Color::kBlack);
}

TEST(GomocupSession, Swap2Decisions) {
  Harness h;
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 300\nINFO show_detail 0");
  std::vector<std::string> opening = absl::StrSplit(h.One("SWAP2BOARD\nDONE"), ' ');
  ASSERT_EQ(opening.size(), 3u);
  std::set<std::string> distinct(opening.begin(), opening.end());
  EXPECT_EQ(distinct.size(), 3u);
  for (const std::string& m : opening) ASSERT_TRUE(IsMove(m)) << m;
  EXPECT_EQ(h.board().stone_count(), 3);
  EXPECT_EQ(h.board().At(AsPos(opening[0])), Color::kBlack);
  EXPECT_EQ(h.board().At(AsPos(opening[1])), Color::kWhite);
  // Three stones: SWAP, White's fourth move, or White's fourth and Black's fifth.
  h.Send("INFO show_detail 1");
  std::string answer = h.One("SWAP2BOARD\n7,7\n7,6\n8,8\nDONE");
  ASSERT_TRUE(answer == "SWAP" || IsMoveList(answer)) << answer;
  std::vector<std::string> placed;
  if (answer != "SWAP") placed = absl::StrSplit(answer, ' ');
  ASSERT_LE(placed.size(), 2u) << answer;
  EXPECT_EQ(h.board().stone_count(), 3 + static_cast<int>(placed.size()));
  for (size_t i = 0; i < placed.size(); ++i)
    EXPECT_EQ(h.board().At(AsPos(placed[i])), i == 0 ? Color::kWhite : Color::kBlack);
  ASSERT_EQ(h.messages().size(), 1u);
  EXPECT_EQ(h.messages()[0].rfind("MESSAGE swap2 ", 0), 0u) << h.messages()[0];
  EXPECT_NE(h.messages()[0].find(" for White: "), std::string::npos) << h.messages()[0];
  // Black has an open four: White must swap.
  answer = h.One("SWAP2BOARD\n7,7\n0,0\n7,8\n14,14\n7,9\nDONE");
  EXPECT_TRUE(answer == "SWAP" || IsMove(answer)) << answer;
  EXPECT_EQ(h.One("SWAP2BOARD\n7,7\n7,8\nDONE").rfind("ERROR", 0), 0u);
  EXPECT_EQ(h.One("SWAP2BOARD\n7,7\n7,7\n8,8\nDONE").rfind("ERROR", 0), 0u);
}

TEST(GomocupSession, Swap2OpeningsAreTheTwentySixShapes) {
  std::vector<std::vector<Pos>> openings = StandardOpenings(15, 15);
  EXPECT_EQ(openings.size(), 26u);
  std::set<std::vector<Pos>> distinct(openings.begin(), openings.end());
  EXPECT_EQ(distinct.size(), openings.size());
  for (const auto& o : openings) {
    ASSERT_EQ(o.size(), 3u);
    EXPECT_EQ(o[0], MakePos(7, 7));
    EXPECT_NE(o[2], o[1]);
  }
}

TEST(GomocupSession, TheHashTableIsWhatTheTimeControlCanFill) {
  Harness h;
  constexpr size_t kMiB = size_t{1} << 20;
  // Gomocup's 350 MiB at 300 ms a move: 128 KiB per millisecond of a think.
  h.Send("INFO hash_size 0\nINFO max_memory 367001600\nINFO timeout_turn 300");
  EXPECT_EQ(h.player().HashBytes(), size_t{300} * 128 * 1024);
  h.Send("INFO thread_num 2");
  EXPECT_EQ(h.player().HashBytes(), size_t{600} * 128 * 1024);
  // Long thinks fill all max_memory allows.
  h.Send("INFO thread_num 1\nINFO timeout_turn 5000");
  EXPECT_EQ(h.player().HashBytes(), h.player().MaxHashBytes());
  // A match clock shortens the longest think: 20 s over a game, 2 s at most.
  h.Send("INFO timeout_match 20000");
  EXPECT_EQ(h.player().HashBytes(), size_t{2000} * 128 * 1024);
  // Answers at once still get a usable table, and hash_size overrides the time control.
  h.Send("INFO timeout_match 0\nINFO timeout_turn 0");
  EXPECT_EQ(h.player().HashBytes(), 16 * kMiB);
  h.Send("INFO hash_size 131072");
  EXPECT_EQ(h.player().HashBytes(), 128 * kMiB);
}

TEST(GomocupSession, InfoSettingsReachTheEngine) {
  Harness h;
  h.Send(
      "INFO max_memory 8589934592\nINFO thread_num 2\nINFO max_depth 3\nINFO max_node 5000"
      "\nINFO hash_size 4096\nINFO timeout_match 100000\nINFO time_left 50000");
  std::vector<std::string> info = h.Send("YXSHOWINFO");
  EXPECT_TRUE(info.empty());
  ASSERT_EQ(h.messages().size(), 2u);
  EXPECT_EQ(h.messages()[0].rfind("MESSAGE INFO MAX_THREAD_NUM ", 0), 0u);
  // 8 GiB arrived whole (a 32-bit parse would have wrapped it).
  int64_t max_hash_kib = std::stoll(h.messages()[1].substr(strlen("MESSAGE INFO MAX_HASH_SIZE ")));
  EXPECT_GT(max_hash_kib, int64_t{4} << 20);
  EXPECT_LT(max_hash_kib, int64_t{8} << 20);
  const PlayerSettings& s = h.player().settings();
  EXPECT_EQ(s.max_memory, int64_t{8589934592});
  EXPECT_EQ(s.threads, 2);
  EXPECT_EQ(s.max_depth, 3);
  EXPECT_EQ(s.max_nodes, 5000u);
  h.Send("INFO hash_size 8192");
  EXPECT_EQ(s.hash_kib, 8192);
  EXPECT_EQ(h.player().HashBytes(), size_t{8192} * 1024);
  // Gomocup's 350 MiB: the table and everything else must fit.
  h.Send("INFO max_memory 367001600\nINFO hash_size 0");
  EXPECT_EQ(h.player().HashBytes(), h.player().MaxHashBytes());
  h.Send("INFO hash_size 1000000000");  // more than max_memory allows
  EXPECT_EQ(h.player().HashBytes(), h.player().MaxHashBytes());
  h.Send("INFO hash_size 0");
  EXPECT_LT(h.player().HashBytes(), size_t{335} << 20);
  EXPECT_GE(h.player().HashBytes(), size_t{250} << 20);
  h.Send("INFO max_memory 0");
  EXPECT_EQ(h.player().settings().max_memory, 0);
  h.Send("INFO rule 1");
  EXPECT_EQ(h.player().settings().rule, Rule::kStandard);
  h.Send("INFO rule 2");  // Yixin-Board's renju
  EXPECT_EQ(h.player().settings().rule, Rule::kRenju);
}

TEST(GomocupSession, RuleChangeKeepsTheStones) {
  Harness h;
  EXPECT_EQ(h.One("START 15"), "OK");
  h.Send("INFO timeout_turn 20");
  ASSERT_TRUE(IsMove(h.One("TURN 7,7")));
  h.Send("INFO rule 4");
  EXPECT_EQ(h.board().rule(), Rule::kRenju);
  EXPECT_EQ(h.board().stone_count(), 2);
  EXPECT_EQ(h.board().At(MakePos(7, 7)), Color::kBlack);
  EXPECT_EQ(h.One("START 15"), "OK");
  EXPECT_EQ(h.board().rule(), Rule::kRenju);
}

TEST(GomocupSession, ZeroTurnTimeStillAnswersLegally) {
  Harness h;
  EXPECT_EQ(h.One("START 20"), "OK");
  h.Send("INFO timeout_turn 0\nINFO show_detail 0");
  for (int i = 0; i < 5; ++i) {
    int x = 0;
    while (!h.board().IsEmpty(MakePos(x, 0))) ++x;
    std::string move = h.One(absl::StrCat("TURN ", x, ",0"));
    ASSERT_TRUE(IsMove(move)) << move;
  }
  EXPECT_EQ(h.board().stone_count(), 10);
}

}  // namespace
}  // namespace sente
