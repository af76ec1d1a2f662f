#include "protocol/analyze/threats.h"

#include "engine/forbidden.h"

namespace sente {

ThreatPoints FindThreatPoints(Board& board, Color side) {
  ThreatPoints out;
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    Pattern4 pattern = board.pattern4(p, side);
    if (pattern == kP4Five) {
      out.five.push_back(p);
      continue;
    }
    if (pattern < kP4Three) continue;
    if (side == Color::kBlack && IsForbidden(board, p)) continue;
    switch (pattern) {
      case kP4Flex4:
        out.straight_four.push_back(p);
        break;
      case kP4Four:
      case kP4FourThree:
        out.four.push_back(p);
        break;
      case kP4Three:
      case kP4DoubleThree:
        // Renju Black: a three whose straight-four points are all forbidden is no three.
        if (!IsRenjuBlack(board, side) || CountRealThrees(board, p) > 0) out.three.push_back(p);
        break;
      default:
        break;
    }
  }
  return out;
}

ThreatSearches RunThreatSearches(Board& board, Color to_move, uint64_t max_nodes,
                                 const std::atomic<bool>& stop) {
  ThreatSearches out;
  if (max_nodes == 0) return out;
  ThreatLimits limits;
  limits.max_nodes = max_nodes;
  limits.stop = &stop;
  out.vcf.run = true;
  out.vcf.result = FindVcf(board, to_move, limits);
  if (!out.vcf.result.win && !stop) {
    out.vct.run = true;
    out.vct.result = FindVct(board, to_move, limits);
  }
  if (!stop) {
    out.opponent_vcf.run = true;
    out.opponent_vcf.result = FindVcf(board, Opponent(to_move), limits);
  }
  return out;
}

int ThreatLinePlies(Board& board, Color attacker, const std::vector<Pos>& line) {
  if (line.empty()) return 0;
  Color c = attacker;
  size_t placed = 0;
  for (; placed + 1 < line.size() && board.IsEmpty(line[placed]); ++placed) {
    board.Place(line[placed], c);
    c = Opponent(c);
  }
  bool five =
      placed + 1 == line.size() && board.IsEmpty(line.back()) && board.MakesFive(line.back(), c);
  for (size_t i = 0; i < placed; ++i) board.Undo();
  int plies = static_cast<int>(line.size());
  return five ? plies : plies + 2;
}

}  // namespace sente
