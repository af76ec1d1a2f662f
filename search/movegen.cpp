#include "search/movegen.h"

#include <algorithm>

#include "engine/rules.h"
#include "search/order_codes.h"
#include "search/threat_moves.h"
#include "search/weights.h"

namespace sente {

namespace {

// The `count` points where c's class is k (count = Board::ThreatCount), in board order.
// They are looked for first on the lines through `near`, where the last move made them most
// of the time, and on the whole board only if some are elsewhere.
int FindThreats(const Board& board, Color c, Pattern4 k, int count, Pos near, Pos* out) {
  int n = 0;
  if (near != kNoPos) {
    for (int d = 0; d < kNumDirs; ++d)
      for (int step = -5; step <= 5; ++step) {
        const Pos q = static_cast<Pos>(near + step * kDirOffset[d]);
        if (step != 0 && board.IsEmpty(q) && board.pattern4(q, c) == k) out[n++] = q;
      }
  }
  if (n == count) {
    std::sort(out, out + n);
    return n;
  }
  n = 0;
  board.ForEachCandidate([&](Pos p) {
    if (board.pattern4(p, c) == k) out[n++] = p;
  });
  return n;
}

// The first of them, or kNoPos if the counts were wrong (they never should be).
Pos FindThreat(const Board& board, Color c, Pattern4 k, int count, Pos near) {
  Pos points[kMaxMoves];
  return FindThreats(board, c, k, count, near, points) > 0 ? points[0] : kNoPos;
}

}  // namespace

void ReadThreats(const Board& board, Color us, NodeThreats& threats) {
  const Color opp = Opponent(us);
  std::fill(threats.own_count, threats.own_count + kP4Three, 0);
  std::fill(threats.opp_count, threats.opp_count + kP4Three, 0);
  for (int k = kP4Three; k < kNumPattern4; ++k) {
    threats.own_count[k] = board.ThreatCount(us, static_cast<Pattern4>(k));
    threats.opp_count[k] = board.ThreatCount(opp, static_cast<Pattern4>(k));
  }
  threats.own_five =
      threats.own_count[kP4Five] > 0
          ? FindThreat(board, us, kP4Five, threats.own_count[kP4Five], board.LastMove())
          : kNoPos;
  threats.opp_five = threats.own_five == kNoPos && threats.opp_count[kP4Five] == 1
                         ? FindThreat(board, opp, kP4Five, 1, board.LastMove())
                         : kNoPos;
}

NodeState ClassifyNode(Board& board, Color us, const NodeThreats& threats) {
  if (threats.own_count[kP4Five] > 0) return NodeState::kWinNow;
  if (threats.opp_count[kP4Five] >= 2) return NodeState::kLost;
  if (threats.opp_count[kP4Five] == 1) {
    const Pos block = threats.opp_five;
    return IsLegalMove(board, block, us, board.pattern4(block, us)) ? NodeState::kForcedBlock
                                                                    : NodeState::kLost;
  }
  if (threats.own_count[kP4Flex4] > 0) return NodeState::kWinIn3;
  if (threats.opp_count[kP4Flex4] > 0) return NodeState::kDefend;
  return NodeState::kNormal;
}

int OrderValue(const Board& board, Pos p, Color c) {
  const Pattern4 p4 = board.pattern4(p, c);
  if (p4 == kP4Overline || p4 == kP4DoubleFour) return 0;
  const uint16_t combo = board.combo(p, c);
  return kOrderPattern4Bonus[p4] + kOrderLineWeight[combo & 15] +
         kOrderLineWeight[combo >> 4 & 15] + kOrderLineWeight[combo >> 8 & 15] +
         kOrderLineWeight[combo >> 12];
}

int32_t MoveOrderScore(const Board& board, Color us, Pos p) {
  const auto& table = kOrderCode[ValueTableOf(board.rule(), us)];
  return table[0][PatternCode(board.combo(p, us))] +
         table[1][PatternCode(board.combo(p, Opponent(us)))];
}

namespace {

// Every legal candidate, scored, in one pass over the cells.
int GenerateAll(Board& board, Color us, ScoredMove* out) {
  const Color opp = Opponent(us);
  const bool fouls = IsRenjuBlack(board, us);
  int n = 0;
  board.ForEachCandidate([&](Pos p) {
    const Pattern4 own4 = board.pattern4(p, us), opp4 = board.pattern4(p, opp);
    out[n] = ScoredMove{p, own4, opp4, MoveOrderScore(board, us, p)};
    n += !fouls || IsLegalMove(board, p, us, own4);
  });
  return n;
}

bool Contains(const ScoredMove* moves, int n, Pos p) {
  for (int i = 0; i < n; ++i)
    if (moves[i].pos == p) return true;
  return false;
}

// Whether the opponent still has one of its straight-four points after our stone on q.
bool StillThreatened(const Board& board, Color us, Pos q, const Pos* points, int n) {
  for (int i = 0; i < n; ++i)
    if (points[i] != q && board.Pattern4After(q, us, points[i], Opponent(us)) == kP4Flex4)
      return true;
  return false;
}

int GenerateDefences(Board& board, Color us, const NodeThreats& node, ScoredMove* out) {
  const Color opp = Opponent(us);
  // The opponent's straight-four points.
  Pos threats[kMaxMoves];
  const int num_threats =
      FindThreats(board, opp, kP4Flex4, node.opp_count[kP4Flex4], board.LastMove(), threats);
  // Our fours gain the tempo a block needs. Renju Black's double-three class may hide one.
  Pos fours[kMaxMoves];
  int num_fours = 0;
  const bool hidden_fours = IsRenjuBlack(board, us) && node.own_count[kP4DoubleThree] > 0;
  if (node.own_count[kP4Four] + node.own_count[kP4FourThree] > 0 || hidden_fours) {
    board.ForEachCandidate([&](Pos p) {
      // No straight four here: the node would be kWinIn3.
      if (IsFourShape(board, p, us, board.pattern4(p, us))) fours[num_fours++] = p;
    });
  }

  // Blocks lie on a threatening line within four cells of a straight-four point; keep the
  // ones after which no straight-four point is left.
  Pos tried[kMaxMoves];
  int num_tried = 0;
  int n = 0;
  for (int t = 0; t < num_threats; ++t) {
    const Pos f = threats[t];
    for (int d = 0; d < kNumDirs; ++d) {
      LinePattern line = board.line(f, opp, d);
      if (line < kBlock4 || line > kFourFour) continue;
      for (int k = -4; k <= 4; ++k) {
        const Pos q = static_cast<Pos>(f + k * kDirOffset[d]);
        if (!board.IsEmpty(q) || std::find(tried, tried + num_tried, q) != tried + num_tried)
          continue;
        tried[num_tried++] = q;
        Pattern4 own = board.pattern4(q, us);
        if (!IsLegalMove(board, q, us, own)) continue;
        if (!StillThreatened(board, us, q, threats, num_threats))
          out[n++] = ScoredMove{q, own, board.pattern4(q, opp), 0};
      }
    }
  }
  for (int i = 0; i < num_fours; ++i) {
    const Pos p = fours[i];
    const Pattern4 own = board.pattern4(p, us);
    if (!Contains(out, n, p) && IsLegalMove(board, p, us, own))
      out[n++] = ScoredMove{p, own, board.pattern4(p, opp), 0};
  }
  for (int i = 0; i < n; ++i) out[i].score = MoveOrderScore(board, us, out[i].pos);
  return n;
}

}  // namespace

int GenerateMoves(Board& board, Color us, NodeState state, const NodeThreats& threats,
                  ScoredMove* out) {
  switch (state) {
    case NodeState::kForcedBlock: {
      const Pos p = threats.opp_five;
      const Pattern4 own = board.pattern4(p, us), opp = board.pattern4(p, Opponent(us));
      out[0] = ScoredMove{p, own, opp, MoveOrderScore(board, us, p)};
      return 1;
    }
    case NodeState::kDefend:
      return GenerateDefences(board, us, threats, out);
    case NodeState::kNormal:
      return GenerateAll(board, us, out);
    default:
      return 0;
  }
}

}  // namespace sente
