#include "engine/pattern.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "engine/code_values.h"

namespace sente {
namespace {

// When a run of stones counts as a five.
enum class FiveRule { kFiveOrMore, kExactFive, kCaro, kCaroExact };
constexpr int kNumFiveRules = 4;

constexpr uint32_t kCodeOwn = 1;

// Black and white exchanged: codes 1 and 2 swap their two bits, 0 and 3 keep them.
constexpr uint32_t SwapColors(uint32_t key) {
  return (key & 0x55555) << 1 | ((key >> 1) & 0x55555);
}

// Bits 0, 2, .., 18 of x (one per slot) to bits 0..9, then slots 5..9 one place up to make
// room for the centre: cell i of the window at bit i.
constexpr uint32_t SlotsToCells(uint32_t x) {
  x &= 0x55555;
  x = (x | x >> 1) & 0x33333;
  x = (x | x >> 2) & 0x0F0F0F;
  x = (x | x >> 4) & 0x00FF00FF;
  x = (x | x >> 8) & 0xFFFF;
  return (x & 0x1F) | (x & 0x3E0) << 1;
}

// The eleven cells of a window as bit masks, cell i at bit i, the centre (an own stone) at
// bit 5: the own stones, the empty cells and the opponent's stones.
struct Window {
  uint32_t own, empty, other;

  explicit Window(uint32_t key)
      : own(SlotsToCells(key & ~(key >> 1)) | 1u << 5),
        empty(SlotsToCells(~key & ~(key >> 1))),
        other(SlotsToCells(key >> 1 & ~key)) {}
};

// Whether the run of stones `own` through cell i (one of them) is a five: its length and
// whether the opponent blocks both its ends (a wall, or the end of the window, does not).
template <FiveRule rule>
bool IsFive(uint32_t own, uint32_t other, int i) {
  const uint32_t gaps = ~own & 0xFFF;  // bit 11 stands for the right end of the window
  const uint32_t below = gaps & ((1u << i) - 1);
  const int left = below ? 31 - __builtin_clz(below) : -1;  // the cells beyond the run
  const int right = __builtin_ctz(gaps >> i) + i;
  const int length = right - left - 1;
  if constexpr (rule == FiveRule::kFiveOrMore) return length >= 5;
  if constexpr (rule == FiveRule::kExactFive) return length == 5;
  const bool both_blocked = left >= 0 && (other >> left & 1) && (other >> right & 1);
  if constexpr (rule == FiveRule::kCaro) return length >= 6 || (length == 5 && !both_blocked);
  return length == 5 && !both_blocked;
}

// The length of the run of stones `own` through the centre.
int CentreRun(uint32_t own) {
  const uint32_t gaps = ~own & 0xFFF;
  const uint32_t below = gaps & 0x1F;
  return __builtin_ctz(gaps >> 5) + 5 - (below ? 31 - __builtin_clz(below) : -1) - 1;
}

// The strongest shape the centre stone makes in the window of `key`; `patterns` holds those
// of the keys with one more own stone. A shape one level below X is one where some empty cell
// turns it into X; see LinePattern.
template <FiveRule rule>
uint8_t Classify(uint32_t key, const uint8_t* patterns) {
  const Window w(key);
  if (IsFive<rule>(w.own, w.other, 5)) return kFive;
  if (CentreRun(w.own) >= 6) return kOverline;

  int five_points[10];
  int num_five_points = 0;
  for (uint32_t e = w.empty; e != 0; e &= e - 1) {
    const int i = __builtin_ctz(e);
    if (IsFive<rule>(w.own | 1u << i, w.other, 5)) five_points[num_five_points++] = i;
  }
  if (num_five_points >= 2) {
    bool straight = num_five_points == 2 && five_points[1] - five_points[0] == 5;
    return straight ? kFlex4 : kFourFour;
  }
  if (num_five_points == 1) return kBlock4;

  // What the centre stone's line becomes with one more stone on each empty cell.
  int straight_fours = 0, fours = 0, threes = 0, block3 = 0, twos = 0, block2 = 0;
  for (uint32_t e = w.empty; e != 0; e &= e - 1) {
    const int i = __builtin_ctz(e);
    // A stone that makes a five elsewhere on the line is a win, not a step of this shape.
    if (IsFive<rule>(w.own | 1u << i, w.other, i)) continue;
    const int slot = i < 5 ? i : i - 1;
    const auto grown = static_cast<LinePattern>(patterns[key | kCodeOwn << (2 * slot)]);
    straight_fours += grown == kFlex4;
    fours += grown == kBlock4 || grown == kFourFour;
    threes += IsFlex3(grown);
    block3 += grown == kBlock3;
    twos += IsFlex2(grown);
    block2 += grown == kBlock2;
  }
  if (straight_fours) return straight_fours >= 2 ? kFlex3S : kFlex3;
  if (fours) return kBlock3;
  if (threes) return threes >= 4 ? kFlex2B : threes == 3 ? kFlex2A : kFlex2;
  if (block3) return kBlock2;
  if (twos) return kFlex1;
  if (block2) return kBlock1;
  return kDead;
}

// Calls f(key) for every key that occurs on a board. Such keys have walls only at their ends:
// l of them on the left (slots 0..l-1) and r on the right, and empty, own or other cells
// between. Within each (l, r) the inner cells count down in base 3, so a key comes after those
// with one more own stone (larger by 1 << 2s).
template <typename F>
void ForEachReachableKey(F&& f) {
  for (int l = 0; l <= 5; ++l) {
    for (int r = 0; r <= 5; ++r) {
      const int inner = 10 - l - r;
      const uint32_t walls = ((1u << 2 * l) - 1) | (0xFFFFFu & ~((1u << 2 * (10 - r)) - 1));
      const uint32_t twos = 0xAAAAAu & ((1u << 2 * inner) - 1);
      for (uint32_t digits = twos;;) {
        f(walls | digits << 2 * l);
        if (digits == 0) break;
        // Trailing zero digits become twos, the lowest non-zero one drops by one.
        const int low = __builtin_ctz(digits) & ~1;
        digits = (digits | (twos & ((1u << low) - 1))) - (1u << low);
      }
    }
  }
}

// Other keys stay dead.
template <FiveRule rule>
void ClassifyAll(std::vector<uint8_t>& patterns) {
  patterns.assign(1u << kLineKeyBits, kDead);
  ForEachReachableKey([&](uint32_t key) { patterns[key] = Classify<rule>(key, patterns.data()); });
}

// The pattern of the centre stone for every key under one five rule, built once and shared
// by the rules that use it (Renju's White plays freestyle's fives, its Black standard's).
const std::vector<uint8_t>& OwnPatterns(FiveRule rule) {
  static std::vector<uint8_t> patterns[kNumFiveRules];
  static std::once_flag once[kNumFiveRules];
  const int i = static_cast<int>(rule);
  std::call_once(once[i], [&] {
    switch (rule) {
      case FiveRule::kFiveOrMore:
        ClassifyAll<FiveRule::kFiveOrMore>(patterns[i]);
        break;
      case FiveRule::kExactFive:
        ClassifyAll<FiveRule::kExactFive>(patterns[i]);
        break;
      case FiveRule::kCaro:
        ClassifyAll<FiveRule::kCaro>(patterns[i]);
        break;
      case FiveRule::kCaroExact:
        ClassifyAll<FiveRule::kCaroExact>(patterns[i]);
        break;
    }
  });
  return patterns[i];
}

Pattern4 Combine(uint16_t combo, bool renju_black) {
  int n[kNumLinePatterns] = {};
  for (int d = 0; d < kNumDirs; ++d) {
    int p = ComboLine(combo, d);
    if (p < kNumLinePatterns) ++n[p];
  }
  if (n[kFive]) return kP4Five;
  const int fours = n[kBlock4] + n[kFlex4] + 2 * n[kFourFour];
  const int threes = n[kFlex3] + n[kFlex3S];
  const int twos = n[kFlex2] + n[kFlex2A] + n[kFlex2B];
  if (renju_black) {
    if (n[kOverline]) return kP4Overline;
    if (fours >= 2) return kP4DoubleFour;
    // A double three is a foul whatever fours come with it (4-3-3), if both threes are real.
    if (threes >= 2) return kP4DoubleThree;
  }
  if (n[kFlex4] || fours >= 2) return kP4Flex4;
  if (n[kBlock4] && threes) return kP4FourThree;
  if (n[kBlock4]) return kP4Four;
  if (threes >= 2) return kP4DoubleThree;
  if (threes) return kP4Three;
  if (n[kBlock3]) return kP4Block3;
  if (twos >= 2) return kP4TwoTwo;
  if (twos) return kP4Two;
  if (n[kBlock2] || n[kFlex1] || n[kBlock1]) return kP4Weak;
  return kP4None;
}

// Whether every value fits the board's packed sums (pattern.h).
constexpr bool CodeValuesFit() {
  for (const auto& table : kCodeValue)
    for (int16_t v : table)
      if (v < 0 || v > kMaxCellValue) return false;
  return true;
}
static_assert(CodeValuesFit(), "cell values must be within 0..kMaxCellValue (pattern.h)");

// The sorted quadruples of line patterns, in code order.
constexpr std::array<std::array<LinePattern, 4>, kNumPatternCodes> MakeCodeLines() {
  std::array<std::array<LinePattern, 4>, kNumPatternCodes> lines{};
  int n = 0;
  for (int a = 0; a < kNumLinePatterns; ++a)
    for (int b = a; b < kNumLinePatterns; ++b)
      for (int c = b; c < kNumLinePatterns; ++c)
        for (int d = c; d < kNumLinePatterns; ++d)
          lines[n++] = {LinePattern(a), LinePattern(b), LinePattern(c), LinePattern(d)};
  return lines;
}
constexpr std::array<std::array<LinePattern, 4>, kNumPatternCodes> kCodeLines = MakeCodeLines();

// Each combo's code: that of its lines sorted, nibbles past the last pattern counting as dead.
std::array<uint16_t, 1 << 16> MakeCodeOfCombo() {
  std::vector<uint16_t> code_of_sorted(1u << 16);
  for (int code = 0; code < kNumPatternCodes; ++code) {
    const std::array<LinePattern, 4>& l = kCodeLines[code];
    code_of_sorted[l[0] | l[1] << 4 | l[2] << 8 | l[3] << 12] = static_cast<uint16_t>(code);
  }
  std::array<uint16_t, 1 << 16> codes{};
  for (uint32_t combo = 0; combo < (1u << 16); ++combo) {
    std::array<int, 4> p{};
    for (int d = 0; d < kNumDirs; ++d) {
      const int line = ComboLine(static_cast<uint16_t>(combo), d);
      p[d] = line < kNumLinePatterns ? line : kDead;
    }
    std::sort(p.begin(), p.end());
    codes[combo] = code_of_sorted[p[0] | p[1] << 4 | p[2] << 8 | p[3] << 12];
  }
  return codes;
}

}  // namespace

// Built before main (too much work for the compiler's constant evaluation); nothing reads it
// during static initialisation: the pattern tables are built on first use.
const std::array<uint16_t, 1 << 16> kCodeOfCombo = MakeCodeOfCombo();

namespace {

// Renju Black's fouls are worth nothing.
int CellValue(uint16_t combo, Pattern4 p4, ValueTable table) {
  if (p4 == kP4Overline || p4 == kP4DoubleFour) return 0;
  return kCodeValue[table][PatternCode(combo)];
}

// Combo -> class and value of one value table; built once.
const std::vector<ComboInfo>& ComboInfos(ValueTable table) {
  static std::vector<ComboInfo> infos[kNumValueTables];
  static std::once_flag once[kNumValueTables];
  std::call_once(once[table], [&] {
    std::vector<ComboInfo>& t = infos[table];
    t.resize(1u << 16);
    for (uint32_t combo = 0; combo < (1u << 16); ++combo) {
      Pattern4 p4 = Combine(static_cast<uint16_t>(combo), table == kValueRenjuBlack);
      t[combo] = MakeComboInfo(CellValue(static_cast<uint16_t>(combo), p4, table), p4);
    }
  });
  return infos[table];
}

void BuildTables(PatternTables& t) {
  FiveRule black_rule = FiveRule::kFiveOrMore, white_rule = FiveRule::kFiveOrMore;
  switch (t.rule) {
    case Rule::kFreestyle:
      break;
    case Rule::kStandard:
      black_rule = white_rule = FiveRule::kExactFive;
      break;
    case Rule::kRenju:
      black_rule = FiveRule::kExactFive;
      break;
    case Rule::kCaro:
      black_rule = white_rule = FiveRule::kCaro;
      break;
    case Rule::kCaroExact:
      black_rule = white_rule = FiveRule::kCaroExact;
      break;
  }
  const std::vector<uint8_t>& black = OwnPatterns(black_rule);
  const std::vector<uint8_t>& white = OwnPatterns(white_rule);
  t.line.assign(1u << kLineKeyBits, 0);  // unreachable keys are dead for both
  ForEachReachableKey([&](uint32_t key) {
    t.line[key] = static_cast<uint8_t>(black[key] | white[SwapColors(key)] << 4);
  });
  t.info[0] = ComboInfos(ValueTableOf(t.rule, Color::kBlack));
  t.info[1] = ComboInfos(ValueTableOf(t.rule, Color::kWhite));
}

}  // namespace

const PatternTables& TablesFor(Rule rule) {
  static PatternTables tables[5];
  static std::once_flag once[5];
  int i = 0;
  switch (rule) {
    case Rule::kFreestyle:
      i = 0;
      break;
    case Rule::kStandard:
      i = 1;
      break;
    case Rule::kRenju:
      i = 2;
      break;
    case Rule::kCaro:
      i = 3;
      break;
    case Rule::kCaroExact:
      i = 4;
      break;
  }
  std::call_once(once[i], [&] {
    tables[i].rule = rule;
    BuildTables(tables[i]);
  });
  return tables[i];
}

std::array<LinePattern, 4> CodeLines(int code) { return kCodeLines[code]; }

Pattern4 CodePattern4(int code, ValueTable table) {
  const std::array<LinePattern, 4> lines = CodeLines(code);
  uint16_t combo = 0;
  for (int d = 0; d < kNumDirs; ++d) combo |= static_cast<uint16_t>(lines[d] << (4 * d));
  return Combine(combo, table == kValueRenjuBlack);
}

int CountOpenThrees(uint16_t combo) {
  int n = 0;
  for (int d = 0; d < kNumDirs; ++d) n += IsFlex3(ComboLine(combo, d));
  return n;
}

const char* LinePatternName(LinePattern p) {
  static const char* const kNames[] = {"dead", "overline", "B1",  "F1", "B2", "F2", "F2A", "F2B",
                                       "B3",   "F3",       "F3S", "B4", "F4", "44", "five"};
  return p < kNumLinePatterns ? kNames[p] : "?";
}

const char* Pattern4Name(Pattern4 p) {
  static const char* const kNames[] = {
      "none",  "overline",     "double-four", "weak",       "two",   "two-two", "block3",
      "three", "double-three", "four",        "four-three", "flex4", "five"};
  return p < kNumPattern4 ? kNames[p] : "?";
}

}  // namespace sente
