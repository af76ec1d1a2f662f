// Line patterns and the tables that classify them, computed once per rule.
//
// A line key describes the ten cells around a cell on one line (five each side), two bits
// per cell (Color values). Slot s holds offset s-5 for s < 5 and offset s-4 for s >= 5, so
// slots 0..4 are offsets -5..-1 and slots 5..9 are offsets +1..+5.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace sente {

constexpr int kLineKeyBits = 20;

constexpr int LineSlot(int offset) { return offset < 0 ? offset + 5 : offset + 4; }

// A key with a stone of colour `stone` set on the empty cell `offset` steps away
// (0 < |offset| <= 5).
constexpr uint32_t KeyWithStone(uint32_t key, int offset, Color stone) {
  return key | static_cast<uint32_t>(stone) << (2 * LineSlot(offset));
}

// The key of a cell from the codes of the eleven cells centred on it (offset -5 at bits 0..1,
// the cell itself at bits 10..11; higher bits ignored).
constexpr uint32_t KeyOfWindow(uint64_t window) {
  return static_cast<uint32_t>((window & 0x3FF) | ((window >> 2) & 0xFFC00));
}

// What a stone of one colour placed on the centre makes on that line, weakest first.
// kOverline is kept low: it is never a threat (it is a foul for Renju Black). The twos and
// threes are told apart by how many ways they grow: a two by how many cells make it an open
// three, a three by how many make it a straight four.
enum LinePattern : uint8_t {
  kDead = 0,
  kOverline,  // six or more in a row, not a win under this rule
  kBlock1,    // one stone that can still grow to a blocked two
  kFlex1,
  kBlock2,    // can become a blocked three
  kFlex2,     // can become an open three, in one or two ways
  kFlex2A,    // in three ways
  kFlex2B,    // in four or more
  kBlock3,    // can become a four, not a straight four
  kFlex3,     // open three: one cell makes a straight four
  kFlex3S,    // open three that two cells make a straight four (.XXX. with room at both ends)
  kBlock4,    // four: exactly one point makes five
  kFlex4,     // straight four: two adjacent-ends points make five
  kFourFour,  // two fours on this one line (X.XXX.X and the like)
  kFive,
  kNumLinePatterns
};

constexpr bool IsFlex2(LinePattern p) { return p >= kFlex2 && p <= kFlex2B; }
constexpr bool IsFlex3(LinePattern p) { return p == kFlex3 || p == kFlex3S; }

// Combined class of a cell for one colour, from its four line patterns.
enum Pattern4 : uint8_t {
  kP4None = 0,
  kP4Overline,     // Renju Black only: foul by overline
  kP4DoubleFour,   // Renju Black only: foul by double four
  kP4Weak,         // ones and blocked twos
  kP4Two,          // one open two
  kP4TwoTwo,       // two or more open twos
  kP4Block3,       // a blocked three (can become a four)
  kP4Three,        // one open three
  kP4DoubleThree,  // two or more open threes. Renju Black: a candidate foul, whatever fours
                   // come with it; IsForbidden decides, and line() still tells the fours
  kP4Four,         // one four
  kP4FourThree,    // a four and an open three
  kP4Flex4,        // a straight four or two fours: wins next move (not a foul)
  kP4Five,
  kNumPattern4
};

// What a cell's combo means for one colour, packed in one word that the board copies as is:
// the class in bits 0..7 and the cell value (code_values.h, 0..kMaxCellValue) from bit
// kInfoValueShift. The board sums these words over the empty cells: the classes add up to less
// than 2^13 (484 cells, classes below 16), so the value sum is the sum shifted down; and one
// move changes a colour's sum by less than 2^31 (40 cells, 2 * 2047 * 2^13 each), so Place
// can carry both colours' changes in one 64-bit word.
using ComboInfo = uint32_t;
constexpr int kInfoValueShift = 13;
constexpr int kMaxCellValue = 2047;

constexpr ComboInfo MakeComboInfo(int value, Pattern4 pattern4) {
  return static_cast<uint32_t>(value) << kInfoValueShift | pattern4;
}
constexpr Pattern4 InfoPattern4(ComboInfo info) { return static_cast<Pattern4>(info & 0xFF); }
constexpr int InfoValue(ComboInfo info) { return static_cast<int>(info >> kInfoValueShift); }

// The empty cells of each threat class (kP4Three and up) are counted in one word per colour,
// ten bits a class: 484 cells fit, and a sum of words adds every count at once.
constexpr int kThreatCountMask = 1023;
constexpr int ThreatCountShift(Pattern4 k) { return 10 * (k - kP4Three); }
static_assert(10 * (kNumPattern4 - kP4Three) <= 64);
// The word one cell of class k adds: a one in k's field, nothing below kP4Three.
constexpr uint64_t ThreatCountOne(int k) {
  return k >= kP4Three ? uint64_t{1} << ThreatCountShift(static_cast<Pattern4>(k)) : 0;
}

// Tables for one rule. Immutable once built; shared by every board of that rule.
struct PatternTables {
  Rule rule;
  // Line key -> black pattern in the low nibble, white pattern in the high nibble.
  std::vector<uint8_t> line;
  // Combo (four line patterns of one colour, a nibble each, direction d at bits 4d) ->
  // class and cell value, per colour index (0 Black, 1 White).
  std::vector<ComboInfo> info[2];
};

// How far along a line a stone can change other cells' line patterns: five steps where
// overlines or blocked ends matter, four in freestyle (every five cells containing a cell lie
// within four steps of it).
constexpr int LineReach(Rule rule) { return rule == Rule::kFreestyle ? 4 : 5; }

// Built on first use for each rule (thread-safe), then shared.
const PatternTables& TablesFor(Rule rule);

constexpr LinePattern ComboLine(uint16_t combo, int dir) {
  return static_cast<LinePattern>((combo >> (4 * dir)) & 15);
}

// A cell's pattern code for one colour: the multiset of its four line patterns (which line
// runs in which direction does not matter). Codes number the sorted quadruples
// a <= b <= c <= d of LinePattern in lexicographic order.
constexpr int kNumPatternCodes = 3060;  // multisets of 4 from 15
// Each combo's code (pattern.cpp), read by move ordering at every candidate.
extern const std::array<uint16_t, 1 << 16> kCodeOfCombo;
inline int PatternCode(uint16_t combo) { return kCodeOfCombo[combo]; }
// The code's four line patterns, weakest first.
std::array<LinePattern, 4> CodeLines(int code);

// The evaluation's cell-value tables (engine/code_values.h): Renju's colours apart, every
// other rule and colour in one.
enum ValueTable : uint8_t { kValueGeneral, kValueRenjuBlack, kValueRenjuWhite, kNumValueTables };

// The table of colour c's cells under the rule.
constexpr ValueTable ValueTableOf(Rule rule, Color c) {
  if (rule != Rule::kRenju) return kValueGeneral;
  return c == Color::kBlack ? kValueRenjuBlack : kValueRenjuWhite;
}

// The class of a cell whose four lines make `code`, for the table's rule and colour.
Pattern4 CodePattern4(int code, ValueTable table);

// How many of the four lines of a combo are open threes (kFlex3 or kFlex3S).
int CountOpenThrees(uint16_t combo);

const char* LinePatternName(LinePattern p);
const char* Pattern4Name(Pattern4 p);

}  // namespace sente
