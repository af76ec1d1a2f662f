// The search: tactical basics, Renju legality, proven wins checked by an independent referee
// that tries every defence, limits, determinism and threads.
#include "search/search.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "search/threat.h"
#include "tests/test_util.h"

namespace sente {
namespace {

constexpr auto& FromDiagram = testing::BoardFromDiagram;

SearchResult SearchTo(const Board& board, Color side, int depth, Searcher* searcher = nullptr) {
  Searcher local(4u << 20);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.max_depth = depth;
  return (searcher ? *searcher : local).Think(board, side, limits, stop);
}

// Referee checks below use only the rules core.
bool IsLegalAnswer(Board& board, Pos p, Color side) {
  MoveVerdict v = JudgeMove(board, p, side);
  return v == MoveVerdict::kNormal || v == MoveVerdict::kWin;
}

// Whether `c` has a point that makes a straight four (two distinct five points).
bool HasStraightFourPoint(Board& board, Color c) {
  for (Pos q : board.points()) {
    if (!board.IsEmpty(q) || JudgeMove(board, q, c) != MoveVerdict::kNormal) continue;
    board.Place(q, c);
    int fives = 0;
    for (Pos r : board.points())
      if (board.IsEmpty(r) && JudgeMove(board, r, c) == MoveVerdict::kWin) ++fives;
    board.Undo();
    if (fives >= 2) return true;
  }
  return false;
}

// Undecided middle-game positions (move lists, Black first).
constexpr const char* kMiddleGame = "h8 h9 i7 i9 g9 f10 f8 g8 i10 f7";
constexpr const char* kRenjuMiddleGame = "h8 h9 i7 i9 g9 f10 f8 g8 i10 f7 h10 e7 j10 k10";

TEST(Search, CompletesOwnFive) {
  // Both sides have a four; Black to move takes the five.
  Board board = FromDiagram(Rule::kFreestyle, {
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...XXXX........",
                                                  "...............",
                                                  "...OOOO........",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...O...........",
                                                  "...............",
                                                  "...............",
                                              });
  SearchResult r = SearchTo(board, Color::kBlack, 4);
  EXPECT_EQ(JudgeMove(board, r.best, Color::kBlack), MoveVerdict::kWin) << FormatRenju(r.best, 15);
  EXPECT_EQ(r.score, kScoreWin - 1);
}

TEST(Search, BlocksTheOpponentsFour) {
  Board board = FromDiagram(Rule::kFreestyle, {
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "....XOOOO......",
                                                  "...............",
                                                  ".....X.X.......",
                                                  "......X........",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                                  "...............",
                                              });
  SearchResult r = SearchTo(board, Color::kBlack, 4);
  EXPECT_EQ(r.best, MakePos(9, 5)) << FormatRenju(r.best, 15);
}

TEST(Search, DefendsAnOpenThree) {
  Board board = FromDiagram(Rule::kStandard, {
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                                 "....X.OOO......",
                                                 "...............",
                                                 ".......X.......",
                                                 "......X........",
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                                 "...............",
                                             });
  SearchResult r = SearchTo(board, Color::kBlack, 5);
  ASSERT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));
  board.Place(r.best, Color::kBlack);
  EXPECT_FALSE(HasStraightFourPoint(board, Color::kWhite)) << FormatRenju(r.best, 15);
}

TEST(Search, RenjuNeverDefendsWithAForbiddenPoint) {
  // White's open three on the anti-diagonal has two defences: h8, a double three for Black,
  // and l12.
  Board board = FromDiagram(Rule::kRenju, {
                                              "...............",
                                              "...............",
                                              "...............",
                                              "...............",
                                              "..........O....",
                                              ".......X.O.....",
                                              ".......XO......",
                                              ".....XX........",
                                              "...............",
                                              "...............",
                                              "...............",
                                              "...............",
                                              "...............",
                                              "...............",
                                              "O..............",
                                          });
  const Pos foul = MakePos(7, 7);
  ASSERT_TRUE(IsForbidden(board, foul));
  for (int depth : {1, 3, 6}) {
    SearchResult r = SearchTo(board, Color::kBlack, depth);
    EXPECT_NE(r.best, foul);
    EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack)) << FormatRenju(r.best, 15);
    EXPECT_EQ(r.best, MakePos(11, 3)) << FormatRenju(r.best, 15);
  }
}

TEST(Search, RenjuNeverPlaysADoubleFour) {
  Board board = FromDiagram(Rule::kRenju, {
                                              "...............",
                                              "...............",
                                              "...............",
                                              ".......O.......",
                                              ".......X.......",
                                              ".......X.......",
                                              ".......X.......",
                                              "...OXXX........",
                                              "...............",
                                              "...............",
                                              "......O........",
                                              "...........O...",
                                              "...............",
                                              "...............",
                                              "...............",
                                          });
  const Pos foul = MakePos(7, 7);
  ASSERT_EQ(ForbiddenKind(board, foul), Foul::kDoubleFour);
  for (int depth : {1, 4}) {
    SearchResult r = SearchTo(board, Color::kBlack, depth);
    EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack)) << FormatRenju(r.best, 15);
    for (Pos p : r.pv) EXPECT_TRUE(board.OnBoard(p));
  }
}

TEST(Search, AnswersAnEmptyPointWhenEveryPointIsForbidden) {
  Board board = FromDiagram(Rule::kRenju, {
                                              "OOOXOOO",
                                              "OOOXOOO",
                                              "OOOXOOO",
                                              "XXX.XXX",
                                              "OOOXOOO",
                                              "OOOXOOO",
                                              "OOOXOOO",
                                          });
  const Pos only = MakePos(3, 3);
  ASSERT_TRUE(IsForbidden(board, only));
  SearchResult r = SearchTo(board, Color::kBlack, 3);
  EXPECT_EQ(r.best, only);
}

TEST(Search, EmptyAndFullBoards) {
  Board empty(15, 15, Rule::kFreestyle);
  EXPECT_EQ(SearchTo(empty, Color::kBlack, 3).best, MakePos(7, 7));
  Board full = FromDiagram(Rule::kFreestyle, {"XOXOX", "XOXOX", "OXOXO", "OXOXO", "XOXOX"});
  EXPECT_EQ(SearchTo(full, Color::kWhite, 3).best, kNoPos);
}

// Plays a claimed win out: the attacker follows the search, the defender tries every reply.
class WinReferee {
 public:
  // The attacker is to move and must make five within `plies` plies.
  bool AttackerWins(Board& board, Color attacker, int plies) {
    if (plies <= 0) return false;
    for (Pos p : board.points())
      if (board.IsEmpty(p) && JudgeMove(board, p, attacker) == MoveVerdict::kWin) return true;
    if (plies < 3) return false;
    SearchLimits limits;
    limits.max_depth = plies;
    SearchResult r = searcher_.Think(board, attacker, limits, stop_);
    ++thinks_;
    if (!IsWinScore(r.score) || PliesToEnd(r.score) > plies) return false;
    if (JudgeMove(board, r.best, attacker) != MoveVerdict::kNormal) return false;
    board.Place(r.best, attacker);
    bool won = !IsDrawn(board) && DefenderLoses(board, attacker, plies - 1);
    board.Undo();
    return won;
  }

  bool DefenderLoses(Board& board, Color attacker, int plies) {
    const Color defender = Opponent(attacker);
    for (Pos p : board.points()) {
      if (!board.IsEmpty(p)) continue;
      MoveVerdict v = JudgeMove(board, p, defender);
      if (v == MoveVerdict::kWin) return false;
      if (v == MoveVerdict::kForbidden) continue;  // Black loses by playing it
      board.Place(p, defender);
      bool lost = !IsDrawn(board) && AttackerWins(board, attacker, plies - 1);
      board.Undo();
      if (!lost) return false;
    }
    return true;
  }

  int thinks() const { return thinks_; }

 private:
  Searcher searcher_{4u << 20};
  std::atomic<bool> stop_{false};
  int thinks_ = 0;
};

TEST(Search, FindsADoubleThreeWinAndTheWinIsReal) {
  Board board = FromDiagram(Rule::kFreestyle, {
                                                  "O........",
                                                  ".........",
                                                  ".....X...",
                                                  ".....X...",
                                                  "...XX....",
                                                  ".........",
                                                  ".........",
                                                  ".........",
                                                  "O.......O",
                                              });
  SearchResult r = SearchTo(board, Color::kBlack, 7);
  ASSERT_TRUE(IsWinScore(r.score)) << r.score << " " << FormatRenju(r.best, 9);
  EXPECT_EQ(PliesToEnd(r.score), 5);
  EXPECT_EQ(r.best, MakePos(5, 4));
  WinReferee referee;
  EXPECT_TRUE(referee.AttackerWins(board, Color::kBlack, PliesToEnd(r.score)));
}

TEST(Search, ShortestWinIsPreferred) {
  // Black can make five now, or win later with an open four.
  Board board = FromDiagram(Rule::kFreestyle, {
                                                  "...........",
                                                  "...........",
                                                  "..XXXX.....",
                                                  "...........",
                                                  "...OOO.....",
                                                  "...........",
                                                  "..X........",
                                                  "...X.......",
                                                  "....X......",
                                                  "..O..O....O",
                                                  "...........",
                                              });
  SearchResult r = SearchTo(board, Color::kBlack, 6);
  EXPECT_EQ(r.score, kScoreWin - 1);
  EXPECT_EQ(JudgeMove(board, r.best, Color::kBlack), MoveVerdict::kWin);
}

TEST(Search, RenjuPuzzleWinsAreReal) {
  const std::set<std::string> names = {"vcf_black", "vcf_white", "vcf_counter"};
  int checked = 0;
  for (const CaseBlock& c : testing::ReadCases("vcf/cases.txt")) {
    if (!names.count(c.name)) continue;
    SCOPED_TRACE(c.name);
    Board board = FromDiagram(Rule::kRenju, c.board);
    const Color attacker = c.Get("attacker") == "white" ? Color::kWhite : Color::kBlack;
    Searcher searcher(4u << 20);
    SearchResult r = SearchTo(board, attacker, 0, &searcher);
    ASSERT_TRUE(IsWinScore(r.score)) << r.score;
    WinReferee referee;
    EXPECT_TRUE(referee.AttackerWins(board, attacker, PliesToEnd(r.score)));
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// White's 9-ply win through two open threes (the shared case vct_white): at depth 4, since
// the defences against a three cost no depth; without that it took depth 6. No threat-space
// search at the root here (a fixed depth runs VCF alone, and this win needs threes).
TEST(Search, DefencesAgainstAThreeCostNoDepth) {
  const CaseBlock c = testing::FindCase("vcf/cases.txt", "vct_white");
  ASSERT_FALSE(c.board.empty());
  Board board = FromDiagram(Rule::kRenju, c.board);
  SearchResult r = SearchTo(board, Color::kWhite, 4);
  ASSERT_TRUE(IsWinScore(r.score)) << r.score;
  EXPECT_EQ(PliesToEnd(r.score), 9);
  WinReferee referee;
  EXPECT_TRUE(referee.AttackerWins(board, Color::kWhite, PliesToEnd(r.score)));
}

TEST(Search, LosingSideDefendsLongest) {
  // White has an open three and a four-three threat Black cannot stop for long; Black to
  // move has no four. The search must see the loss and still answer a legal defence.
  Board board = FromDiagram(Rule::kFreestyle, {
                                                  ".........",
                                                  ".........",
                                                  "..OOO....",
                                                  ".........",
                                                  "....O....",
                                                  "....O....",
                                                  "....O....",
                                                  "X.X......",
                                                  "X.X......",
                                              });
  SearchResult r = SearchTo(board, Color::kBlack, 6);
  EXPECT_TRUE(IsLossScore(r.score)) << r.score;
  EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));
}

TEST(Search, NodeLimitIsHonoured) {
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, kMiddleGame);
  Searcher searcher(4u << 20);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  // Many limits: the leaf and root threat searches share the budget and must not overrun it.
  for (uint64_t max_nodes = 1000; max_nodes <= 6000; max_nodes += 137) {
    searcher.ClearHash();
    limits.max_nodes = max_nodes;
    SearchResult r = searcher.Think(board, Color::kBlack, limits, stop);
    EXPECT_LE(r.nodes, max_nodes);
    EXPECT_GT(r.nodes, max_nodes * 9 / 10) << "stopped well short of the limit";
    EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));
  }
}

TEST(Search, DepthLimitIsHonouredAndReported) {
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, kMiddleGame);
  Searcher searcher(4u << 20);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.max_depth = 4;
  std::vector<int> depths;
  SearchResult r = searcher.Think(board, Color::kBlack, limits, stop, [&](const SearchInfo& info) {
    depths.push_back(info.depth);
    EXPECT_FALSE(info.pv.empty());
    EXPECT_GE(info.seldepth, 1);
  });
  EXPECT_EQ(r.depth, 4);
  ASSERT_FALSE(depths.empty());
  EXPECT_EQ(depths.back(), 4);
  for (size_t i = 1; i < depths.size(); ++i) EXPECT_EQ(depths[i], depths[i - 1] + 1);
  EXPECT_EQ(r.pv.front(), r.best);
}

TEST(Search, StopFlagIsHonoured) {
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, kMiddleGame);
  Searcher searcher(4u << 20);
  std::atomic<bool> stop{true};
  SearchResult r = searcher.Think(board, Color::kBlack, SearchLimits{}, stop);
  EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));

  // Unlimited search stopped from another thread.
  stop = false;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  r = searcher.Think(board, Color::kBlack, SearchLimits{}, stop);
  stopper.join();
  EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));
}

TEST(Search, FixedDepthIsDeterministic) {
  Board board = testing::BoardFromMoves(Rule::kRenju, 15, kRenjuMiddleGame);
  SearchResult a = SearchTo(board, Color::kBlack, 5);
  SearchResult b = SearchTo(board, Color::kBlack, 5);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.pv, b.pv);
}

TEST(Search, MultiPvGivesDistinctOrderedLines) {
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, kMiddleGame);
  Searcher searcher(4u << 20);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.max_depth = 4;
  limits.multipv = 3;
  SearchResult r = searcher.Think(board, Color::kBlack, limits, stop);
  ASSERT_EQ(r.lines.size(), 3u);
  std::set<Pos> moves;
  for (size_t i = 0; i < r.lines.size(); ++i) {
    moves.insert(r.lines[i].move);
    ASSERT_FALSE(r.lines[i].pv.empty());
    EXPECT_EQ(r.lines[i].pv.front(), r.lines[i].move);
    if (i > 0) {
      EXPECT_LE(r.lines[i].score, r.lines[i - 1].score);
    }
  }
  EXPECT_EQ(moves.size(), 3u);
  EXPECT_EQ(r.lines[0].move, r.best);
}

// Freestyle, Black to move (from a game Sente lost to Rapfi): the search without the guard
// prefers e10, after which White wins by a VCT of 13 plies beyond the search's horizon.
constexpr const char* kWalksIntoVct =
    "h8 i7 j6 i8 i9 g7 h7 h9 j7 j8 h6 h5 i5 i6 j4 j3 i4 h4 k5 k3 i3 l6 l7 g8 k6 j5 k7 k8 m8 n7 "
    "l4 f7 e6 g10 g9 f10";

bool OpponentWinsByVct(Board board, Color side, Pos move) {
  board.Place(move, side);
  ThreatLimits limits;
  limits.max_nodes = 2'000'000;
  return FindVct(board, Opponent(side), limits).win;
}

TEST(Search, TimedSearchAvoidsAMoveTheOpponentWinsByVct) {
  Board board = testing::BoardFromMoves(Rule::kFreestyle, 15, kWalksIntoVct);
  const Pos trap = *ParseRenju("e10", 15, 15);
  ASSERT_TRUE(OpponentWinsByVct(board, Color::kBlack, trap));
  // The depth-limited search has no guard (its result must not hang on time) and walks in.
  EXPECT_EQ(SearchTo(board, Color::kBlack, 12).best, trap);

  Searcher searcher(16u << 20);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  // The guard proves e10 lost in about 40 ms here; a sanitized build is many times slower.
  limits.hard_ms = limits.soft_ms = testing::Sanitized() ? 20000 : 2000;
  limits.save_time = false;
  const SearchResult r = searcher.Think(board, Color::kBlack, limits, stop);
  EXPECT_NE(r.best, trap);
  EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));
  EXPECT_FALSE(OpponentWinsByVct(board, Color::kBlack, r.best)) << FormatRenju(r.best, 15);
}

TEST(Search, TwoThreadsReturnALegalMove) {
  for (Rule rule : {Rule::kFreestyle, Rule::kRenju}) {
    Board board =
        testing::BoardFromMoves(rule, 15, rule == Rule::kRenju ? kRenjuMiddleGame : kMiddleGame);
    Searcher searcher(4u << 20);
    std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.max_depth = 5;
    limits.threads = 2;
    SearchResult r = searcher.Think(board, Color::kBlack, limits, stop);
    EXPECT_TRUE(IsLegalAnswer(board, r.best, Color::kBlack));
    EXPECT_GT(r.nodes, 0u);
  }
}

}  // namespace
}  // namespace sente
