// The solvers' four checks (search/threat_moves.h) against playing the move.
#include "search/threat_moves.h"

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/io/puzzle_file.h"
#include "search/threat.h"
#include "search/vcf.h"
#include "search/vct.h"
#include "tests/search/threat_checker.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using namespace testing;  // the threat checkers and the shared test helpers

// The solvers' four checks (threat_moves.h) against playing the move: a legal move that
// leaves one five point is a four, one that leaves two a winning four. Random positions
// without five points, freestyle and renju, every candidate point for either colour.
TEST(ThreatMoves, FourChecksAgreeWithPlayingTheMove) {
  std::mt19937 rng(20261201);
  for (Rule rule : {Rule::kFreestyle, Rule::kRenju}) {
    for (int game = 0; game < 10; ++game) {
      Board board(15, 15, rule);
      board.Place(MakePos(7, 7), Color::kBlack);
      Color side = Color::kWhite;
      for (int ply = 1; ply < 40; ++ply) {
        std::vector<Pos> candidates;
        for (Pos p : board.points()) {
          if (board.IsEmpty(p) && board.Near(p) > 0) candidates.push_back(p);
        }
        board.Place(candidates[rng() % candidates.size()], side);
        side = Opponent(side);
        if (!FivePointsOf(board, Color::kBlack).empty() ||
            !FivePointsOf(board, Color::kWhite).empty()) {
          break;
        }
        for (Pos p : candidates) {
          if (!board.IsEmpty(p)) continue;
          for (Color c : {Color::kBlack, Color::kWhite}) {
            const MoveVerdict verdict = JudgeMove(board, p, c);
            if (verdict == MoveVerdict::kWin) continue;
            board.Place(p, c);
            const size_t fives = FivePointsOf(board, c).size();
            board.Undo();
            const bool legal = verdict != MoveVerdict::kForbidden;
            SCOPED_TRACE(FormatRenju(p, 15) + (c == Color::kBlack ? " black" : " white"));
            EXPECT_EQ(IsFourMove(board, p, c), legal && fives >= 1) << DrawDiagram(board);
            EXPECT_EQ(IsWinningFour(board, p, c), legal && fives >= 2) << DrawDiagram(board);
            EXPECT_EQ(IsLegalMove(board, p, c), legal);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace sente
