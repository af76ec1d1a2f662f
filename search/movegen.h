// Move generation from the board's per-cell pattern summaries: one scan of the candidate
// cells classifies the node (wins, forced blocks, threats to answer), then the moves that
// matter in that state are generated. Black's forbidden points are never generated for Black.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "engine/board.h"

namespace sente {

constexpr int kMaxMoves = kMaxSize * kMaxSize;

struct CellInfo {
  Pos pos;
  Pattern4 own;  // what the side to move makes here
  Pattern4 opp;  // what the opponent would make here
};

// Every empty cell near a stone, with both sides' patterns, and counts per pattern class.
struct NodeScan {
  int num_cells = 0;
  CellInfo cells[kMaxMoves];
  int own_count[kNumPattern4];
  int opp_count[kNumPattern4];
  Pos own_five = kNoPos;
  Pos own_flex4 = kNoPos;
  Pos opp_five[2] = {kNoPos, kNoPos};
};

void ScanNode(const Board& board, Color us, NodeScan& scan);

// For nodes at the horizon, what ClassifyNode, EvaluateNode and the leaf's VCF trigger read:
// the counts of kP4Three and up, and the five and straight-four points. No cells are listed
// and the lower counts are left 0.
void ScanThreats(const Board& board, Color us, NodeScan& scan);

enum class NodeState : uint8_t {
  kWinNow,       // the side to move makes five (scan.own_five)
  kLost,         // the opponent makes five next move whatever we do
  kWinIn3,       // own straight four (or legal double four), the opponent has no five
  kForcedBlock,  // the opponent has one five point, and we may block it
  kDefend,       // the opponent threatens a straight four: only defences and own fours
  kNormal,
};

// `board` is scratch space for forbidden-point checks and is left as it was.
NodeState ClassifyNode(Board& board, Color us, const NodeScan& scan);

// Whether `c` may play the empty point p (Renju Black's fouls), given its pattern there.
bool IsLegalMove(Board& board, Pos p, Color c, Pattern4 own);

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
// ordering score. Returns how many were written to `out`.
int GenerateMoves(Board& board, Color us, NodeState state, const NodeScan& scan, ScoredMove* out);

// Static ordering score of a move: threats it makes plus threats it stops.
int32_t MoveOrderScore(const Board& board, Color us, Pos p, Pattern4 own, Pattern4 opp);

}  // namespace sente
