#include "engine/forbidden.h"

namespace sente {
namespace {

// Recursion in the double-three check places one stone per level; real positions need a
// few levels. The cap only guards against pathological inputs.
constexpr int kMaxDepth = 24;

Foul Classify(Board& board, Pos p, int depth);

// Black has just been placed at p, whose line dir was an open three before. Is it a real
// three: is there a point that turns it into a straight four through p, without making a
// five at the same time, and that Black may legally play?
bool IsRealThree(Board& board, Pos p, int dir, int depth) {
  const uint32_t key = board.LineKey(p, dir);
  const auto& line = board.tables().line;
  for (int k = -4; k <= 4; ++k) {
    if (k == 0) continue;
    Pos e = static_cast<Pos>(p + k * kDirOffset[dir]);
    if (!board.IsEmpty(e)) continue;
    uint32_t grown = key | uint32_t{1} << (2 * LineSlot(k));
    if ((line[grown] & 15) != kFlex4) continue;
    if (board.MakesFive(e, Color::kBlack)) continue;  // engine/RULES.md decision 1
    if (depth < kMaxDepth && Classify(board, e, depth + 1) != Foul::kNone) continue;
    return true;
  }
  return false;
}

// Real threes Black makes at the empty point p, counting up to `enough`.
int RealThrees(Board& board, Pos p, int depth, int enough) {
  const uint16_t combo = board.cell(p).combo[0];
  ThreatCountsPause pause(board);
  board.Place(p, Color::kBlack);
  int threes = 0;
  for (int d = 0; d < kNumDirs && threes < enough; ++d) {
    if (IsFlex3(ComboLine(combo, d)) && IsRealThree(board, p, d, depth)) ++threes;
  }
  board.Undo();
  return threes;
}

Foul Classify(Board& board, Pos p, int depth) {
  switch (board.pattern4(p, Color::kBlack)) {
    case kP4Five:
      return Foul::kNone;
    case kP4Overline:
      return Foul::kOverline;
    case kP4DoubleFour:
      return Foul::kDoubleFour;
    case kP4DoubleThree:
      break;
    default:
      return Foul::kNone;
  }
  return RealThrees(board, p, depth, 2) >= 2 ? Foul::kDoubleThree : Foul::kNone;
}

}  // namespace

const char* FoulCode(Foul foul) {
  switch (foul) {
    case Foul::kNone:
      return "";
    case Foul::kDoubleThree:
      return "33";
    case Foul::kDoubleFour:
      return "44";
    case Foul::kOverline:
      return "6";
  }
  return "";
}

Foul ForbiddenKind(Board& board, Pos p) {
  if (board.rule() != Rule::kRenju || !board.IsEmpty(p)) return Foul::kNone;
  return Classify(board, p, 0);
}

int CountRealThrees(Board& board, Pos p) {
  if (board.rule() != Rule::kRenju || !board.IsEmpty(p)) return 0;
  if (CountOpenThrees(board.cell(p).combo[0]) == 0) return 0;
  return RealThrees(board, p, 0, kNumDirs);
}

std::vector<std::pair<Pos, Foul>> ForbiddenPoints(Board& board) {
  std::vector<std::pair<Pos, Foul>> out;
  if (board.rule() != Rule::kRenju) return out;
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    Foul foul = Classify(board, p, 0);
    if (foul != Foul::kNone) out.emplace_back(p, foul);
  }
  return out;
}

}  // namespace sente
