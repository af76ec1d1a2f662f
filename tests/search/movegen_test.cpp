// Move generation against a plain reference on random positions: every legal candidate in a
// quiet node, the one block of a five threat, and against a straight-four threat exactly the
// moves that leave no straight-four point or make a four.
#include "search/movegen.h"

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "engine/board.h"
#include "engine/coord.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace sente {
namespace {

bool IsLegal(Board& board, Pos q, Color c) {
  const MoveVerdict v = JudgeMove(board, q, c);
  return v == MoveVerdict::kNormal || v == MoveVerdict::kWin;
}

// What each state should generate, from the board's cells and the rules core alone.
std::set<Pos> ReferenceMoves(Board& board, Color us, NodeState state) {
  const Color opp = Opponent(us);
  std::set<Pos> moves;
  for (Pos q : board.points()) {
    if (!board.IsEmpty(q)) continue;
    switch (state) {
      case NodeState::kForcedBlock:
        if (board.pattern4(q, opp) == kP4Five) moves.insert(q);
        break;
      case NodeState::kNormal:
        if (board.Near(q) > 0 && IsLegal(board, q, us)) moves.insert(q);
        break;
      case NodeState::kDefend: {
        if (!IsLegal(board, q, us)) break;
        board.Place(q, us);
        const bool defends = board.ThreatCount(opp, kP4Flex4) == 0;
        const bool four = board.ThreatCount(us, kP4Five) > 0;
        board.Undo();
        if (defends || four) moves.insert(q);
        break;
      }
      default:
        break;
    }
  }
  return moves;
}

TEST(MoveGen, MovesMatchAReferenceOnRandomPositions) {
  for (Rule rule : {Rule::kFreestyle, Rule::kStandard, Rule::kRenju, Rule::kCaro}) {
    SCOPED_TRACE(RuleName(rule));
    std::mt19937 rng(static_cast<uint32_t>(rule) * 7 + 3);
    NodeThreats threats;
    std::vector<ScoredMove> moves(kMaxMoves);
    int seen[6] = {};
    for (int game = 0; game < 40; ++game) {
      Board board(15, 15, rule);
      board.Play(MakePos(7, 7));
      while (board.stone_count() < 70) {
        const Color us = board.SideToMove();
        ReadThreats(board, us, threats);
        const NodeState state = ClassifyNode(board, us, threats);
        ++seen[static_cast<int>(state)];
        if (state != NodeState::kForcedBlock && state != NodeState::kDefend &&
            state != NodeState::kNormal)
          break;  // decided
        const int n = GenerateMoves(board, us, state, threats, moves.data());
        std::set<Pos> generated;
        for (int i = 0; i < n; ++i) {
          const ScoredMove& m = moves[i];
          EXPECT_TRUE(generated.insert(m.pos).second) << "twice: " << FormatGomocup(m.pos);
          EXPECT_EQ(m.own, board.pattern4(m.pos, us));
          EXPECT_EQ(m.opp, board.pattern4(m.pos, Opponent(us)));
          EXPECT_EQ(m.score, MoveOrderScore(board, us, m.pos));
        }
        ASSERT_EQ(generated, ReferenceMoves(board, us, state))
            << "state " << static_cast<int>(state) << " after "
            << FormatRenjuList(board.history(), 15);
        if (n == 0) break;
        // One of the generated moves: half of the time the best by move ordering, so that
        // threats come up.
        int pick = static_cast<int>(rng() % n);
        if (rng() % 2) {
          pick = static_cast<int>(std::max_element(moves.begin(), moves.begin() + n,
                                                   [](const ScoredMove& a, const ScoredMove& b) {
                                                     return a.score < b.score;
                                                   }) -
                                  moves.begin());
        }
        board.Place(moves[pick].pos, us);
      }
    }
    EXPECT_GT(seen[static_cast<int>(NodeState::kForcedBlock)], 20);
    EXPECT_GT(seen[static_cast<int>(NodeState::kDefend)], 20);
    EXPECT_GT(seen[static_cast<int>(NodeState::kNormal)], 500);
  }
}

// The threats a node reads from the board's counts agree with a count over every empty cell,
// and the five points they name are fives, through random Places and Undos.
TEST(MoveGen, ReadThreatsMatchesTheCells) {
  for (Rule rule : {Rule::kFreestyle, Rule::kRenju, Rule::kCaro}) {
    SCOPED_TRACE(RuleName(rule));
    std::mt19937 rng(static_cast<uint32_t>(rule) + 17);
    Board board(15, 15, rule);
    NodeThreats threats;
    for (int step = 0; step < 300; ++step) {
      testing::RandomPlaceOrUndo(board, rng);
      for (Color c : {Color::kBlack, Color::kWhite}) {
        int count[kNumPattern4] = {};
        for (Pos p : board.points())
          if (board.IsEmpty(p)) ++count[board.pattern4(p, c)];
        ReadThreats(board, c, threats);
        for (int k = kP4Three; k < kNumPattern4; ++k) {
          ASSERT_EQ(threats.own_count[k], count[k]);
          ASSERT_EQ(threats.opp_count[k], board.ThreatCount(Opponent(c), Pattern4(k)));
        }
        if (count[kP4Five] > 0) {
          ASSERT_EQ(board.pattern4(threats.own_five, c), kP4Five);
        } else {
          ASSERT_EQ(threats.own_five, kNoPos);
        }
        if (count[kP4Five] == 0 && threats.opp_count[kP4Five] == 1) {
          ASSERT_EQ(board.pattern4(threats.opp_five, Opponent(c)), kP4Five);
        }
      }
      if (step % 100 == 99)
        while (board.stone_count() > 0) board.Undo();
    }
  }
}

}  // namespace
}  // namespace sente
