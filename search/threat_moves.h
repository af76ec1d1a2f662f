// What one move makes for one colour, read from the board's per-cell pattern summaries with
// Renju's fouls applied exactly. Shared by the VCF and VCT solvers.
#pragma once

#include "engine/board.h"
#include "engine/forbidden.h"
#include "search/threat.h"

namespace sente {

// Whether c may play the empty point p (Renju Black's fouls are not allowed).
inline bool Legal(Board& board, Pos p, Color c) {
  return !IsRenjuBlack(board, c) || !IsForbidden(board, p);
}

inline bool HasLine(const Board& board, Pos p, Color c, LinePattern lo, LinePattern hi) {
  uint16_t combo = board.cell(p).combo[Index(c)];
  for (int d = 0; d < kNumDirs; ++d) {
    LinePattern lp = ComboLine(combo, d);
    if (lp >= lo && lp <= hi) return true;
  }
  return false;
}

// Whether c playing the empty point p makes a four on some line, legal or not: a nibble of
// 8, 9 or 10, that is bit 3 set and not both bits 0 and 1 (11 is a five).
inline bool HasFourLine(const Board& board, Pos p, Color c) {
  static_assert(kBlock4 == 8 && kFlex4 == 9 && kFourFour == 10 && kFive == 11 &&
                kNumLinePatterns == 12);
  const uint32_t combo = board.cell(p).combo[Index(c)];
  return ((combo >> 3) & ~(combo >> 1 & combo) & 0x1111) != 0;
}

// Whether c has a four or a five line at the empty point p.
inline bool HasFourOrFiveLine(const Board& board, Pos p, Color c) {
  static_assert(kBlock4 == 8 && kFive == 11 && kNumLinePatterns == 12);
  return ((board.cell(p).combo[Index(c)] >> 3) & 0x1111) != 0;
}

// A legal move of c at p that makes at least one four (a five point next move). Five
// points themselves are not fours. Renju Black's 4-3-3 shape needs the exact foul check.
inline bool IsFourMove(Board& board, Pos p, Color c) {
  Pattern4 p4 = board.pattern4(p, c);
  if (p4 >= kP4Four) return p4 != kP4Five;
  if (p4 == kP4DoubleThree && IsRenjuBlack(board, c))
    return HasFourLine(board, p, c) && !IsForbidden(board, p);
  return false;
}

// A legal move of c at p that makes two five points at once (straight four or double four):
// it wins next move unless the opponent can make five first.
inline bool IsWinningFour(Board& board, Pos p, Color c) {
  Pattern4 p4 = board.pattern4(p, c);
  if (p4 == kP4Flex4) return true;
  if (p4 == kP4DoubleThree && IsRenjuBlack(board, c))
    return HasLine(board, p, c, kFlex4, kFlex4) && !IsForbidden(board, p);
  return false;
}

// A legal move of c at p that makes an open three shape and no four. Whether the three is
// a real threat (its straight-four point playable) is decided after the move.
inline bool IsThreeMove(Board& board, Pos p, Color c) {
  Pattern4 p4 = board.pattern4(p, c);
  if (p4 == kP4Three) return true;
  if (p4 == kP4DoubleThree) {
    if (HasFourLine(board, p, c)) return false;
    return !IsRenjuBlack(board, c) || !IsForbidden(board, p);
  }
  return false;
}

// Empty points on the four lines through p (up to `reach` away) where c would make five.
// Returns how many were found; stores at most two.
inline int FivePointsAround(const Board& board, Pos p, Color c, Pos out[2], int reach = 4) {
  int n = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    for (int k = -reach; k <= reach; ++k) {
      Pos q = static_cast<Pos>(p + k * kDirOffset[d]);
      if (k == 0 || !board.IsEmpty(q) || board.pattern4(q, c) != kP4Five) continue;
      bool seen = false;
      for (int i = 0; i < n && i < 2; ++i) seen |= out[i] == q;
      if (seen) continue;
      if (n < 2) out[n] = q;
      ++n;
    }
  }
  return n;
}

// Every empty point of the board where c would make five; stores at most two. A five point
// has a stone within two steps, so only candidate cells are looked at.
inline int FivePoints(const Board& board, Color c, Pos out[2]) {
  int n = 0;
  board.ForEachCandidate([&](Pos q) {
    if (board.pattern4(q, c) != kP4Five) return;
    if (n < 2) out[n] = q;
    ++n;
  });
  return n;
}

// When the attacker can make five at once, the whole proof is that move.
inline bool FiveAtOnce(const Board& board, Color attacker, ThreatResult& result) {
  Pos fives[2];
  if (FivePoints(board, attacker, fives) == 0) return false;
  result.win = true;
  result.line = {fives[0]};
  result.nodes = 1;
  return true;
}

}  // namespace sente
