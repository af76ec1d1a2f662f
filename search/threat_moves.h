// What one move makes for one colour, read from the board's per-cell pattern summaries with
// Renju's fouls applied exactly. Shared by the VCF and VCT solvers.
#pragma once

#include "engine/board.h"
#include "engine/forbidden.h"
#include "engine/rules.h"
#include "search/threat.h"

namespace sente {

inline bool HasLine(const Board& board, Pos p, Color c, LinePattern lo, LinePattern hi) {
  uint16_t combo = board.cell(p).combo[Index(c)];
  for (int d = 0; d < kNumDirs; ++d) {
    LinePattern lp = ComboLine(combo, d);
    if (lp >= lo && lp <= hi) return true;
  }
  return false;
}

// Colour c's four line patterns at p, a byte each, so that a number added to every byte
// carries into none of the others.
inline uint32_t LineBytes(const Board& board, Pos p, Color c) {
  const uint32_t combo = board.cell(p).combo[Index(c)];
  return (combo & 0x0F0F) | (combo & 0xF0F0) << 12;
}
// Bit 4 of each byte: whether that byte's pattern is at least `lo`.
constexpr uint32_t AtLeast(uint32_t bytes, int lo) {
  return (bytes + static_cast<uint32_t>(16 - lo) * 0x01010101u) & 0x10101010u;
}

// Whether c playing the empty point p makes a four on some line, legal or not: a line of
// kBlock4, kFlex4 or kFourFour.
inline bool HasFourLine(const Board& board, Pos p, Color c) {
  static_assert(kFourFour + 1 == kFive && kFive + 1 == kNumLinePatterns);
  const uint32_t bytes = LineBytes(board, p, c);
  return (AtLeast(bytes, kBlock4) & ~AtLeast(bytes, kFive)) != 0;
}

// Whether c has a four or a five line at the empty point p.
inline bool HasFourOrFiveLine(const Board& board, Pos p, Color c) {
  return AtLeast(LineBytes(board, p, c), kBlock4) != 0;
}

// Whether c playing the empty point p makes a four, legal or not, its class there being p4.
// Five points themselves are not fours. Only Renju Black's double-three class hides fours
// (4-3-3); for every other colour a four shows in the class.
inline bool IsFourShape(const Board& board, Pos p, Color c, Pattern4 p4) {
  if (p4 >= kP4Four) return p4 != kP4Five;
  return p4 == kP4DoubleThree && HasFourLine(board, p, c);
}

// A legal move of c at p that makes at least one four (a five point next move). The four
// classes are never fouls; Renju Black's 4-3-3 shape needs the exact foul check.
inline bool IsFourMove(Board& board, Pos p, Color c) {
  const Pattern4 p4 = board.pattern4(p, c);
  if (p4 >= kP4Four) return p4 != kP4Five;
  return IsFourShape(board, p, c, p4) && IsLegalMove(board, p, c, p4);
}

// Whether c playing the empty point p makes two five points at once (straight four or
// double four), legal or not. Renju Black's double-three class may hide one.
inline bool IsWinningShape(const Board& board, Pos p, Color c) {
  const Pattern4 p4 = board.pattern4(p, c);
  return p4 == kP4Flex4 ||
         (p4 == kP4DoubleThree && IsRenjuBlack(board, c) && HasLine(board, p, c, kFlex4, kFlex4));
}

// A legal move of c at p that makes two five points at once: it wins next move unless the
// opponent can make five first. A straight four is never a foul.
inline bool IsWinningFour(Board& board, Pos p, Color c) {
  const Pattern4 p4 = board.pattern4(p, c);
  if (p4 == kP4Flex4) return true;
  return IsWinningShape(board, p, c) && IsLegalMove(board, p, c, p4);
}

// A legal move of c at p that makes an open three shape and no four. Whether the three is
// a real threat (its straight-four point playable) is decided after the move.
inline bool IsThreeMove(Board& board, Pos p, Color c) {
  Pattern4 p4 = board.pattern4(p, c);
  if (p4 == kP4Three) return true;
  if (p4 == kP4DoubleThree) {
    if (HasFourLine(board, p, c)) return false;
    return IsLegalMove(board, p, c, p4);
  }
  return false;
}

// Whether Renju Black might be forbidden to play p once a white stone is added: a white
// stone only takes from Black's lines, so p must be a candidate foul already.
inline bool MayBeFoul(const Board& board, Pos p) {
  const Pattern4 p4 = board.pattern4(p, Color::kBlack);
  return p4 == kP4Overline || p4 == kP4DoubleFour || p4 >= kP4DoubleThree;
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
