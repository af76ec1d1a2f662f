// The incremental rules core against an independent oracle on many random Renju positions.
#include <random>

#include "engine/board.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "gtest/gtest.h"
#include "tests/engine/renju_oracle.h"
#include "tests/test_util.h"

namespace sente {
namespace {

using testing::RenjuOracle;

Foul Expected(RenjuOracle::Verdict v) {
  switch (v) {
    case RenjuOracle::kOverline:
      return Foul::kOverline;
    case RenjuOracle::kDoubleFour:
      return Foul::kDoubleFour;
    case RenjuOracle::kDoubleThree:
      return Foul::kDoubleThree;
    default:
      return Foul::kNone;
  }
}

int Positions(int full) { return testing::Sanitized() ? full / 5 : full; }

// Dense random positions in a window of the board, Black-heavy so that fouls are common.
TEST(RulesOracle, ForbiddenPointsMatchOnRandomPositions) {
  std::mt19937 rng(20261129);
  int fouls_seen[4] = {};
  const int positions = Positions(3000);
  for (int n = 0; n < positions; ++n) {
    const int size = 15;
    Board board(size, size, Rule::kRenju);
    RenjuOracle oracle(size);
    const int window = 5 + static_cast<int>(rng() % 7);
    const int x0 = static_cast<int>(rng() % static_cast<unsigned>(size - window + 1));
    const int y0 = static_cast<int>(rng() % static_cast<unsigned>(size - window + 1));
    const int stones = static_cast<int>(rng() % static_cast<unsigned>(window * window * 2 / 3));
    for (int i = 0; i < stones; ++i) {
      int x = x0 + static_cast<int>(rng() % static_cast<unsigned>(window));
      int y = y0 + static_cast<int>(rng() % static_cast<unsigned>(window));
      if (oracle.at(x, y) != RenjuOracle::kEmpty) continue;
      bool black = rng() % 100 < 62;
      board.Place(MakePos(x, y), black ? Color::kBlack : Color::kWhite);
      oracle.set(x, y, black ? RenjuOracle::kBlack : RenjuOracle::kWhite);
    }
    for (Pos p : board.points()) {
      if (!board.IsEmpty(p)) continue;
      RenjuOracle::Verdict v = oracle.Judge(PosX(p), PosY(p));
      Foul foul = ForbiddenKind(board, p);
      ++fouls_seen[static_cast<int>(foul)];
      ASSERT_EQ(foul, Expected(v)) << "at " << FormatRenju(p, size) << "\n" << DrawDiagram(board);
      ASSERT_EQ(board.MakesFive(p, Color::kBlack), v == RenjuOracle::kFive)
          << "five at " << FormatRenju(p, size) << "\n"
          << DrawDiagram(board);
      if (v != RenjuOracle::kFive && v != RenjuOracle::kOverline) {
        ASSERT_EQ(CountRealThrees(board, p), oracle.CountRealThrees(PosX(p), PosY(p)))
            << "threes at " << FormatRenju(p, size) << "\n"
            << DrawDiagram(board);
      }
    }
  }
  // The sample must exercise every kind of foul.
  EXPECT_GT(fouls_seen[static_cast<int>(Foul::kDoubleThree)], 50);
  EXPECT_GT(fouls_seen[static_cast<int>(Foul::kDoubleFour)], 50);
  EXPECT_GT(fouls_seen[static_cast<int>(Foul::kOverline)], 50);
}

}  // namespace
}  // namespace sente
