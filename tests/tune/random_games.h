// Positions for the tuner's tests: random games that reach threats.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/board.h"
#include "engine/coord.h"
#include "search/movegen.h"

namespace sente {

// Random games, half of the moves the best by move ordering so that threats appear, until
// a five or `max_stones`; `visit` sees every position.
template <typename Visit>
void PlayRandomGames(Rule rule, int games, int max_stones, uint32_t seed, Visit visit) {
  std::mt19937 rng(seed);
  NodeThreats threats;
  std::vector<ScoredMove> moves(kMaxMoves);
  for (int g = 0; g < games; ++g) {
    Board board(15, 15, rule);
    board.Play(MakePos(7, 7));
    while (board.stone_count() < max_stones) {
      const Color us = board.SideToMove();
      ReadThreats(board, us, threats);
      const NodeState state = ClassifyNode(board, us, threats);
      visit(board, us, threats, state);
      const int n = GenerateMoves(board, us, NodeState::kNormal, threats, moves.data());
      if (n == 0) break;
      int pick = static_cast<int>(rng() % n);
      if (rng() % 2)
        pick = static_cast<int>(std::max_element(moves.begin(), moves.begin() + n,
                                                 [](const ScoredMove& a, const ScoredMove& b) {
                                                   return a.score < b.score;
                                                 }) -
                                moves.begin());
      const ScoredMove& move = moves[pick];
      if (move.own == kP4Five) break;
      board.Place(move.pos, us);
    }
  }
}

}  // namespace sente
