#include "search/movegen.h"

#include <algorithm>
#include <cstring>

#include "engine/forbidden.h"
#include "engine/weights.h"
#include "search/threat_moves.h"

namespace sente {

namespace {

Pos FirstWith(const NodeScan& scan, Pattern4 CellInfo::*side, Pattern4 pattern) {
  for (int i = 0; i < scan.num_cells; ++i)
    if (scan.cells[i].*side == pattern) return scan.cells[i].pos;
  return kNoPos;
}

}  // namespace

void ScanNode(const Board& board, Color us, NodeScan& scan) {
  std::fill(std::begin(scan.own_count), std::end(scan.own_count), 0);
  std::fill(std::begin(scan.opp_count), std::end(scan.opp_count), 0);
  const int own_i = Index(us), opp_i = 1 - own_i;
  int n = 0;
  board.ForEachCandidate([&](Pos p) {
    const Cell& cell = board.cell(p);
    const Pattern4 own = InfoPattern4(cell.info[own_i]);
    const Pattern4 opp = InfoPattern4(cell.info[opp_i]);
    scan.cells[n++] = CellInfo{p, own, opp};
    ++scan.own_count[own];
    ++scan.opp_count[opp];
  });
  scan.num_cells = n;
  // The first five and straight-four points in scan order, looked for only when there are some.
  scan.own_five = scan.own_flex4 = kNoPos;
  scan.opp_five[0] = scan.opp_five[1] = kNoPos;
  if (scan.own_count[kP4Five] > 0) scan.own_five = FirstWith(scan, &CellInfo::own, kP4Five);
  if (scan.own_count[kP4Flex4] > 0) scan.own_flex4 = FirstWith(scan, &CellInfo::own, kP4Flex4);
  if (scan.opp_count[kP4Five] > 0) {
    int found = 0;
    for (int i = 0; i < n && found < 2; ++i)
      if (scan.cells[i].opp == kP4Five) scan.opp_five[found++] = scan.cells[i].pos;
  }
}

void ScanThreats(const Board& board, Color us, NodeScan& scan) {
  std::fill(std::begin(scan.own_count), std::end(scan.own_count), 0);
  std::fill(std::begin(scan.opp_count), std::end(scan.opp_count), 0);
  scan.num_cells = 0;
  scan.own_five = scan.own_flex4 = kNoPos;
  scan.opp_five[0] = scan.opp_five[1] = kNoPos;
  const int own_i = Index(us), opp_i = 1 - own_i;
  static_assert(kP4Three == 7 && kNumPattern4 <= 128 - 7);
  board.ForEachCandidate([&](Pos p) {
    const Cell& cell = board.cell(p);
    uint64_t infos;
    std::memcpy(&infos, cell.info, sizeof infos);
    // Either class byte at kP4Three or more: its bit 7 set once 128 - 7 is added.
    if ((((infos & 0x000000FF000000FFull) + 0x0000007900000079ull) & 0x0000008000000080ull) == 0)
      return;
    const Pattern4 own = InfoPattern4(cell.info[own_i]);
    const Pattern4 opp = InfoPattern4(cell.info[opp_i]);
    if (own >= kP4Three) ++scan.own_count[own];
    if (opp >= kP4Three) ++scan.opp_count[opp];
    if (own == kP4Five && scan.own_five == kNoPos) scan.own_five = p;
    if (own == kP4Flex4 && scan.own_flex4 == kNoPos) scan.own_flex4 = p;
    if (opp == kP4Five) {
      if (scan.opp_five[0] == kNoPos) scan.opp_five[0] = p;
      else if (scan.opp_five[1] == kNoPos) scan.opp_five[1] = p;
    }
  });
}

bool IsLegalMove(Board& board, Pos p, Color c, Pattern4 own) {
  if (c != Color::kBlack || board.rule() != Rule::kRenju) return true;
  switch (own) {
    case kP4Overline:
    case kP4DoubleFour: return false;
    case kP4DoubleThree:
    case kP4FourThree: return !IsForbidden(board, p);
    default: return true;
  }
}

NodeState ClassifyNode(Board& board, Color us, const NodeScan& scan) {
  if (scan.own_five != kNoPos) return NodeState::kWinNow;
  if (scan.opp_count[kP4Five] >= 2) return NodeState::kLost;
  if (scan.opp_count[kP4Five] == 1) {
    Pos block = scan.opp_five[0];
    return IsLegalMove(board, block, us, board.pattern4(block, us)) ? NodeState::kForcedBlock
                                                                     : NodeState::kLost;
  }
  if (scan.own_flex4 != kNoPos) return NodeState::kWinIn3;
  if (scan.opp_count[kP4Flex4] > 0) return NodeState::kDefend;
  return NodeState::kNormal;
}

int32_t MoveOrderScore(const Board& board, Color us, Pos p, Pattern4 own, Pattern4 opp) {
  return kOrderAttack[own] + kOrderDefence[opp] + board.Value(p, us) + board.Value(p, Opponent(us));
}

namespace {

// Renju Black's double-three class may hide a legal four (4-3-3 with a false three).
bool MakesFour(const Board& board, Pos p, Color us, Pattern4 own) {
  if (own == kP4Four || own == kP4FourThree) return true;
  return own == kP4DoubleThree && HasFourLine(board, p, us);
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

int GenerateDefences(Board& board, Color us, const NodeScan& scan, ScoredMove* out) {
  const Color opp = Opponent(us);
  Pos threats[kMaxMoves];
  int num_threats = 0;
  for (int i = 0; i < scan.num_cells; ++i)
    if (scan.cells[i].opp == kP4Flex4) threats[num_threats++] = scan.cells[i].pos;

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
  for (int i = 0; i < scan.num_cells; ++i) {
    const CellInfo& c = scan.cells[i];
    if (MakesFour(board, c.pos, us, c.own) && !Contains(out, n, c.pos) &&
        IsLegalMove(board, c.pos, us, c.own))
      out[n++] = ScoredMove{c.pos, c.own, c.opp, 0};
  }
  return n;
}

}  // namespace

int GenerateMoves(Board& board, Color us, NodeState state, const NodeScan& scan, ScoredMove* out) {
  int n = 0;
  switch (state) {
    case NodeState::kForcedBlock: {
      Pos p = scan.opp_five[0];
      out[n++] = ScoredMove{p, board.pattern4(p, us), board.pattern4(p, Opponent(us)), 0};
      break;
    }
    case NodeState::kDefend: n = GenerateDefences(board, us, scan, out); break;
    case NodeState::kNormal:
      for (int i = 0; i < scan.num_cells; ++i) {
        const CellInfo& c = scan.cells[i];
        if (IsLegalMove(board, c.pos, us, c.own)) out[n++] = ScoredMove{c.pos, c.own, c.opp, 0};
      }
      break;
    default: break;
  }
  for (int i = 0; i < n; ++i)
    out[i].score = MoveOrderScore(board, us, out[i].pos, out[i].own, out[i].opp);
  return n;
}

}  // namespace sente
