// Move generation from the board's per-cell pattern summaries: the board's threat counts
// classify the node (wins, forced blocks, threats to answer), then the moves that matter in
// that state are generated. Black's forbidden points are never generated for Black.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "engine/board.h"

namespace sente {

constexpr int kMaxMoves = kMaxSize * kMaxSize;

// What both sides threaten, for the side to move: the board's threat counts (kP4Three and up;
// the lower entries are 0) and the points the search needs at once.
struct NodeThreats {
  int own_count[kNumPattern4];
  int opp_count[kNumPattern4];
  Pos own_five = kNoPos;  // a five point of the side to move, if it has one
  Pos opp_five = kNoPos;  // the opponent's five point, when it has exactly one
};

void ReadThreats(const Board& board, Color us, NodeThreats& threats);

enum class NodeState : uint8_t {
  kWinNow,       // the side to move makes five (threats.own_five)
  kLost,         // the opponent makes five next move whatever we do
  kWinIn3,       // own straight four (or legal double four), the opponent has no five
  kForcedBlock,  // the opponent has one five point, and we may block it
  kDefend,       // the opponent threatens a straight four: only defences and own fours
  kNormal,
};

// `board` is scratch space for forbidden-point checks and is left as it was.
NodeState ClassifyNode(Board& board, Color us, const NodeThreats& threats);

struct ScoredMove {
  Pos pos;
  Pattern4 own;
  Pattern4 opp;
  int32_t score;
};

// Selection sort step: swaps the best of moves[i..n) into moves[i], the first of equal scores.
// The maximum first, in a loop the compiler vectorises, then where it is.
inline void PickBest(ScoredMove* moves, int i, int n) {
  int32_t best = moves[i].score;
  for (int j = i + 1; j < n; ++j) best = std::max(best, moves[j].score);
  int pick = i;
  while (moves[pick].score != best) ++pick;
  std::swap(moves[i], moves[pick]);
}

// Generates the moves of a kForcedBlock, kDefend or kNormal node, each with a static
// ordering score. Returns how many were written to `out`. kNormal nodes get every legal
// candidate point (Board::ForEachCandidate), in board order.
int GenerateMoves(Board& board, Color us, NodeState state, const NodeThreats& threats,
                  ScoredMove* out);

// A cell's worth to colour c for the threat solvers' move ordering, from its line patterns
// and class by the weights of search/weights.h. Renju Black's fouls are worth nothing.
int OrderValue(const Board& board, Pos p, Color c);

// Static ordering score of a move: the ordering table's value of the pattern code we make on
// p plus that of the code the opponent would (search/order_codes.h), fitted to the moves of
// strong engines (`sente tune --policy`).
int32_t MoveOrderScore(const Board& board, Color us, Pos p);

}  // namespace sente
