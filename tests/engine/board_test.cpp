// Board invariants: incremental state equals a rebuild; win detection for every rule.
#include "engine/board.h"

#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace sente {
namespace {

// Every incremental field against the same field computed from the stones alone.
void ExpectMatchesStones(const Board& board) {
  const PatternTables& tables = board.tables();
  int32_t sums[2] = {0, 0};
  for (Pos p : board.points()) {
    int near = 0;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        const Color c = board.At(static_cast<Pos>(p + dy * kStride + dx));
        near += c == Color::kBlack || c == Color::kWhite;
      }
    ASSERT_EQ(board.Near(p), near) << FormatGomocup(p);
    ASSERT_EQ(board.IsCandidate(p), board.IsEmpty(p) && near > 0) << FormatGomocup(p);
    uint16_t combo[2] = {0, 0};
    for (int d = 0; d < kNumDirs; ++d) {
      uint32_t key = 0;
      for (int k = -5; k <= 5; ++k) {
        if (k == 0) continue;
        key |= static_cast<uint32_t>(board.At(static_cast<Pos>(p + k * kDirOffset[d])))
               << (2 * LineSlot(k));
      }
      ASSERT_EQ(board.LineKey(p, d), key) << FormatGomocup(p) << " direction " << d;
      combo[0] |= static_cast<uint16_t>((tables.line[key] & 15) << (4 * d));
      combo[1] |= static_cast<uint16_t>((tables.line[key] >> 4) << (4 * d));
    }
    if (!board.IsEmpty(p)) continue;  // patterns are kept for empty cells only
    const Cell& cell = board.cell(p);
    for (int c = 0; c < 2; ++c) {
      ASSERT_EQ(cell.combo[c], combo[c]) << FormatGomocup(p);
      ASSERT_EQ(cell.info[c], tables.info[c][combo[c]]) << FormatGomocup(p);
      sums[c] += InfoValue(cell.info[c]);
    }
  }
  std::vector<Pos> candidates, listed;
  for (Pos p : board.points())
    if (board.IsCandidate(p)) candidates.push_back(p);
  board.ForEachCandidate([&](Pos p) { listed.push_back(p); });
  ASSERT_EQ(listed, candidates);
  ASSERT_EQ(board.ValueSum(Color::kBlack), sums[0]);
  ASSERT_EQ(board.ValueSum(Color::kWhite), sums[1]);
}

void ExpectSameState(const Board& incremental, const Board& rebuilt) {
  ASSERT_EQ(incremental.hash(), rebuilt.hash());
  ExpectMatchesStones(incremental);
  for (Pos p : incremental.points())
    ASSERT_EQ(incremental.At(p), rebuilt.At(p)) << FormatGomocup(p);
}

Board Rebuild(const Board& board) {
  Board fresh(board.width(), board.height(), board.rule());
  for (Pos p : board.history()) fresh.Place(p, board.At(p));
  return fresh;
}

TEST(Board, IncrementalStateEqualsRebuildAfterRandomPlacesAndUndos) {
  const Rule rules[] = {Rule::kFreestyle, Rule::kStandard, Rule::kRenju, Rule::kCaro,
                        Rule::kCaroExact};
  const int sizes[][2] = {{5, 5}, {7, 11}, {15, 15}, {20, 20}, {22, 22}, {22, 6}};
  const int seeds = testing::Sanitized() ? 2 : 6;
  for (Rule rule : rules) {
    for (auto [w, h] : sizes) {
      for (int seed = 1; seed <= seeds; ++seed) {
        SCOPED_TRACE(::testing::Message()
                     << RuleName(rule) << " " << w << "x" << h << " seed " << seed);
        std::mt19937 rng(static_cast<uint32_t>(seed * 7919 + w * 31 + h));
        Board board(w, h, rule);
        for (int step = 0; step < 400; ++step) {
          bool undo = board.stone_count() > 0 && (rng() % 3 == 0 || board.IsFull());
          if (undo) {
            board.Undo();
          } else {
            std::vector<Pos> empty;
            for (Pos p : board.points())
              if (board.IsEmpty(p)) empty.push_back(p);
            board.Place(empty[rng() % empty.size()], rng() % 2 ? Color::kBlack : Color::kWhite);
          }
          if (step % 23 == 0) ExpectSameState(board, Rebuild(board));
        }
        ExpectSameState(board, Rebuild(board));
        while (board.stone_count() > 0) board.Undo();
        ExpectSameState(board, Board(w, h, rule));
      }
    }
  }
}

// Pattern4After(p, stone, at, c) against Place(p, stone) then pattern4(at, c), for every empty
// `at` and random positions and stones.
TEST(Board, Pattern4AfterMatchesPlace) {
  for (Rule rule :
       {Rule::kFreestyle, Rule::kStandard, Rule::kRenju, Rule::kCaro, Rule::kCaroExact}) {
    for (auto [w, h] : {std::pair{15, 15}, std::pair{9, 20}}) {
      SCOPED_TRACE(::testing::Message() << RuleName(rule) << " " << w << "x" << h);
      std::mt19937 rng(static_cast<uint32_t>(w * 131 + h + static_cast<int>(rule)));
      Board board(w, h, rule);
      for (int step = 0; step < 60; ++step) {
        std::vector<Pos> empty;
        for (Pos p : board.points())
          if (board.IsEmpty(p)) empty.push_back(p);
        const Pos p = empty[rng() % empty.size()];
        const Color stone = rng() % 2 ? Color::kBlack : Color::kWhite;
        std::vector<Pattern4> predicted;
        for (Pos at : empty)
          for (Color c : {Color::kBlack, Color::kWhite})
            if (at != p) predicted.push_back(board.Pattern4After(p, stone, at, c));
        board.Place(p, stone);
        size_t i = 0;
        for (Pos at : empty)
          for (Color c : {Color::kBlack, Color::kWhite}) {
            if (at == p) continue;
            ASSERT_EQ(predicted[i++], board.pattern4(at, c)) << FormatGomocup(at);
          }
        if (rng() % 4 == 0) board.Undo();
      }
    }
  }
}

// The incremental threat counts agree with a count over every empty cell, through random
// Places and Undos, some of them paused.
TEST(Board, ThreatCountsMatchTheCells) {
  for (Rule rule : {Rule::kFreestyle, Rule::kRenju, Rule::kCaro}) {
    SCOPED_TRACE(RuleName(rule));
    std::mt19937 rng(static_cast<uint32_t>(rule) + 17);
    Board board(15, 15, rule);
    int seen[kNumPattern4] = {};
    for (int step = 0; step < 300; ++step) {
      const std::vector<Pos> empty = testing::RandomPlaceOrUndo(board, rng);
      if (step % 7 == 0) {
        // Stones placed and taken back while the counts are paused leave them right.
        ThreatCountsPause pause(board);
        for (int i = 0; i < 3; ++i) {
          Pos q = empty[rng() % empty.size()];
          while (!board.IsEmpty(q)) q = empty[rng() % empty.size()];
          board.Place(q, rng() % 2 ? Color::kBlack : Color::kWhite);
        }
        for (int i = 0; i < 3; ++i) board.Undo();
      }
      for (Color c : {Color::kBlack, Color::kWhite}) {
        int count[kNumPattern4] = {};
        for (Pos p : board.points()) {
          if (!board.IsEmpty(p)) continue;
          const Pattern4 k = board.pattern4(p, c);
          ++count[k];
          if (k >= kP4Three) {
            ASSERT_GT(board.Near(p), 0) << FormatGomocup(p);
          }
        }
        for (int k = kP4Three; k < kNumPattern4; ++k) {
          ASSERT_EQ(board.ThreatCount(c, Pattern4(k)), count[k]) << Pattern4Name(Pattern4(k));
          seen[k] += count[k] > 0;
        }
      }
      if (step % 100 == 99)
        while (board.stone_count() > 0) board.Undo();
    }
    for (int k = kP4Three; k < kNumPattern4; ++k)
      if (k != kP4Flex4 || rule != Rule::kCaro) {
        EXPECT_GT(seen[k], 0) << Pattern4Name(Pattern4(k));
      }
  }
}

// Board::Place updates only the cells within LineReach(rule) of a stone: under a rule with
// reach 4, no line pattern may depend on the cells five steps away (key slots 0 and 9).
TEST(Board, LinePatternsIgnoreCellsBeyondTheLineReach) {
  for (Rule rule :
       {Rule::kFreestyle, Rule::kStandard, Rule::kRenju, Rule::kCaro, Rule::kCaroExact}) {
    if (LineReach(rule) == 5) continue;
    const PatternTables& tables = TablesFor(rule);
    auto code = [](uint32_t key, int slot) { return (key >> (2 * slot)) & 3; };
    int checked = 0;
    for (uint32_t key = 0; key < (1u << kLineKeyBits); ++key) {
      // Keys that occur on a board: walls only at the ends, and none next to the centre.
      bool occurs = code(key, 4) != 3 && code(key, 5) != 3;
      for (int slot = 1; slot <= 3; ++slot)
        occurs &= code(key, slot) != 3 || code(key, slot - 1) == 3;
      for (int slot = 8; slot >= 6; --slot)
        occurs &= code(key, slot) != 3 || code(key, slot + 1) == 3;
      if (!occurs) continue;
      for (uint32_t far_left = 0; far_left < 4; ++far_left) {
        for (uint32_t far_right = 0; far_right < 4; ++far_right) {
          // A wall five steps away is possible only with a wall or any cell inside it.
          uint32_t other = (key & ~3u & ~(3u << 18)) | far_left | far_right << 18;
          if (far_left != 3 && code(key, 1) == 3) continue;
          if (far_right != 3 && code(key, 8) == 3) continue;
          ASSERT_EQ(tables.line[other], tables.line[key]) << RuleName(rule) << " key " << key;
          ++checked;
        }
      }
    }
    EXPECT_GT(checked, 1000000) << RuleName(rule);
  }
}

// Builds a board from rows (top first) and asks whether `color` playing `point` wins.
bool Wins(Rule rule, const std::vector<std::string>& rows, const char* point, Color color) {
  Board board = testing::BoardFromDiagram(rule, rows);
  absl::StatusOr<Pos> p = ParseRenju(point, board.width(), board.height());
  EXPECT_TRUE(p.ok()) << p.status();
  return JudgeMove(board, *p, color) == MoveVerdict::kWin;
}

const std::vector<std::string> kFour = {".......", ".......", ".......", ".XXXX..",
                                        ".......", ".......", "......."};
const std::vector<std::string> kFiveOfSix = {  // a stone at f4 makes six in a row
    "........", "........", "........", "XXXX.X..", "........", "........", "........", "........"};
const std::vector<std::string> kBlockedFour = {  // O on both ends once e4 or a4 is played
    "........", "........", "........", ".XXXXO..", "........", "........", "........", "........"};
const std::vector<std::string> kEdgeFour = {  // the board edge on the left
    ".......", ".......", ".......", "XXXX.O.", ".......", ".......", "......."};
const std::vector<std::string> kDiagonal = {"X......", ".X.....", "..X....", "...X...",
                                            ".......", ".......", "......."};

TEST(Board, FreestyleFiveAndOverlineWin) {
  EXPECT_TRUE(Wins(Rule::kFreestyle, kFour, "a4", Color::kBlack));
  EXPECT_TRUE(Wins(Rule::kFreestyle, kFour, "f4", Color::kBlack));
  EXPECT_FALSE(Wins(Rule::kFreestyle, kFour, "g4", Color::kBlack));
  EXPECT_FALSE(Wins(Rule::kFreestyle, kFour, "a4", Color::kWhite));
  EXPECT_FALSE(Wins(Rule::kFreestyle, kFiveOfSix, "e6", Color::kBlack));
  EXPECT_TRUE(Wins(Rule::kFreestyle, kFiveOfSix, "e5", Color::kBlack));  // six wins in freestyle
  EXPECT_TRUE(Wins(Rule::kFreestyle, kDiagonal, "e3", Color::kBlack));
}

TEST(Board, StandardNeedsExactlyFive) {
  EXPECT_TRUE(Wins(Rule::kStandard, kFour, "a4", Color::kBlack));
  EXPECT_FALSE(Wins(Rule::kStandard, kFiveOfSix, "e5", Color::kBlack));
  const std::vector<std::string> white = {"........", "........", "........", "OOOO.O..",
                                          "........", "........", "........", "........"};
  EXPECT_FALSE(Wins(Rule::kStandard, white, "e5", Color::kWhite));
}

TEST(Board, RenjuBlackExactWhiteAnyLength) {
  EXPECT_FALSE(Wins(Rule::kRenju, kFiveOfSix, "e5", Color::kBlack));
  const std::vector<std::string> white = {"........", "........", "........", "OOOO.O..",
                                          "........", "........", "........", "........"};
  EXPECT_TRUE(Wins(Rule::kRenju, white, "e5", Color::kWhite));
  absl::StatusOr<Diagram> d = ParseDiagram(kFiveOfSix);
  Board board(d->width, d->height, Rule::kRenju);
  ASSERT_TRUE(PlaceDiagram(*d, board).ok());
  EXPECT_EQ(JudgeMove(board, *ParseRenju("e5", 8, 8), Color::kBlack), MoveVerdict::kForbidden);
}

TEST(Board, CaroFiveMustNotBeBlockedAtBothEnds) {
  // a5 makes a five between the board edge and an O: the edge does not block, so it wins.
  EXPECT_TRUE(Wins(Rule::kCaro, kBlockedFour, "a5", Color::kBlack));
  const std::vector<std::string> both = {"........", "........", "........", "O.XXXXO.",
                                         "........", "........", "........", "........"};
  EXPECT_FALSE(Wins(Rule::kCaro, both, "b5", Color::kBlack));
  EXPECT_FALSE(Wins(Rule::kCaroExact, both, "b5", Color::kBlack));
  EXPECT_TRUE(Wins(Rule::kCaro, kEdgeFour, "e4", Color::kBlack));   // edge + O: not both by O
  EXPECT_TRUE(Wins(Rule::kCaro, kFiveOfSix, "e5", Color::kBlack));  // six wins in caro
  EXPECT_FALSE(Wins(Rule::kCaroExact, kFiveOfSix, "e5", Color::kBlack));
  EXPECT_TRUE(Wins(Rule::kCaroExact, kFour, "a4", Color::kBlack));
}

TEST(Board, RectangularBoardEdges) {
  Board board(22, 6, Rule::kFreestyle);
  for (int x = 17; x < 21; ++x) board.Place(MakePos(x, 5), Color::kBlack);
  EXPECT_TRUE(board.MakesFive(MakePos(21, 5), Color::kBlack));
  EXPECT_FALSE(board.OnBoard(MakePos(22, 5)));
  EXPECT_FALSE(board.OnBoard(MakePos(0, 6)));
  EXPECT_TRUE(board.OnBoard(MakePos(21, 0)));
}

TEST(Board, DrawRules) {
  Board renju(15, 15, Rule::kRenju);
  EXPECT_FALSE(IsDrawn(renju));
  Board tiny(5, 5, Rule::kFreestyle);
  // Fill without ever making five: alternate colours in a pattern with no five in a row.
  for (Pos p : tiny.points())
    tiny.Place(p, (PosX(p) / 2 + PosY(p)) % 2 ? Color::kBlack : Color::kWhite);
  EXPECT_TRUE(IsDrawn(tiny));
}

TEST(Board, RejectsBadSizes) {
  EXPECT_FALSE(Board::ValidateSize(4, 15).ok());
  EXPECT_FALSE(Board::ValidateSize(15, 23).ok());
  EXPECT_TRUE(Board::ValidateSize(5, 22).ok());
}

}  // namespace
}  // namespace sente
