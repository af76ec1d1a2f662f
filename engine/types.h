// Basic value types shared by every part of Sente: colours, rules, board geometry.
#pragma once

#include <array>
#include <cstdint>

#include "absl/status/statusor.h"

namespace sente {

// The numeric values are the 2-bit codes stored in line keys (see pattern.h).
enum class Color : uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3 };

constexpr Color Opponent(Color c) { return Color(3 - static_cast<int>(c)); }
constexpr int Index(Color c) { return static_cast<int>(c) - 1; }  // kBlack -> 0, kWhite -> 1
constexpr const char* ColorName(Color c) { return c == Color::kBlack ? "Black" : "White"; }

// Gomocup `INFO rule` values that Sente plays (engine/RULES.md).
enum class Rule : uint8_t {
  kFreestyle = 0,  // five or more
  kStandard = 1,   // exactly five
  kRenju = 4,      // Black exactly five, with forbidden points; White five or more
  kCaro = 8,       // six or more, or five not blocked at both ends by the opponent
  kCaroExact = 9,  // exactly five, not blocked at both ends
};

// Accepts the protocol's codes 0, 1, 2 (Yixin-Board's renju), 4, 8, 9.
absl::StatusOr<Rule> RuleFromCode(int code);
// Accepts a code or a name: freestyle, standard, renju, caro, caro5.
absl::StatusOr<Rule> RuleFromName(absl::string_view name);
const char* RuleName(Rule rule);

// Board geometry. Cells live in a padded 32x32 array: every on-board cell has at least five
// wall cells on each side, so line scans of half-length 5 need no bounds checks.
constexpr int kMinSize = 5;
constexpr int kMaxSize = 22;
constexpr int kPad = 5;
constexpr int kStride = 32;
constexpr int kNumCells = kStride * kStride;

// A cell index into the padded array. 0 is a wall cell and doubles as "no move".
using Pos = int16_t;
constexpr Pos kNoPos = 0;

constexpr Pos MakePos(int x, int y) { return static_cast<Pos>((y + kPad) * kStride + (x + kPad)); }
constexpr int PosX(Pos p) { return p % kStride - kPad; }
constexpr int PosY(Pos p) { return p / kStride - kPad; }

// Line directions: horizontal, vertical, diagonal (down-right), anti-diagonal (down-left).
constexpr int kNumDirs = 4;
constexpr int kDirOffset[kNumDirs] = {1, kStride, kStride + 1, kStride - 1};

// For a difference q - p of two points within five steps on a line: 1 + the direction in bits
// 0..3 and the signed step count in bits 4..7; 0 for any other difference. On the padded grid
// such a difference of two board points has one meaning (boards are at most 22 wide).
constexpr int kMaxLineDiff = 5 * kDirOffset[2];
inline constexpr std::array<uint8_t, 2 * kMaxLineDiff + 1> kLineStep = [] {
  std::array<uint8_t, 2 * kMaxLineDiff + 1> t{};
  for (int d = 0; d < kNumDirs; ++d)
    for (int k = -5; k <= 5; ++k)
      if (k != 0)
        t[kMaxLineDiff + k * kDirOffset[d]] = static_cast<uint8_t>((d + 1) | (k & 15) << 4);
  return t;
}();

// Whether q lies on a line through p within five steps of it (q != p): q = p + k * the offset
// of direction dir.
inline bool LineStep(Pos p, Pos q, int& dir, int& k) {
  const int diff = q - p;
  const int step = diff < -kMaxLineDiff || diff > kMaxLineDiff ? 0 : kLineStep[kMaxLineDiff + diff];
  dir = (step & 15) - 1;
  k = static_cast<int8_t>(step) >> 4;
  return step != 0;
}

}  // namespace sente
