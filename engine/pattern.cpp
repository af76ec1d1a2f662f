#include "engine/pattern.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "engine/weights.h"

namespace sente {
namespace {

// When a run of stones counts as a five.
enum class FiveRule { kFiveOrMore, kExactFive, kCaro, kCaroExact };

constexpr uint8_t kUnset = 0xFF;
constexpr int kEmpty = 0, kOwn = 1, kOther = 2, kWall = 3;

// The eleven cells of a window, centre at index 5, own colour = 1.
using Window = std::array<int, 11>;

Window Unpack(uint32_t key) {
  Window w{};
  for (int i = 0; i < 11; ++i) {
    if (i == 5) {
      w[i] = kOwn;
      continue;
    }
    int slot = i < 5 ? i : i - 1;
    w[i] = (key >> (2 * slot)) & 3;
  }
  return w;
}

uint32_t WithOwnAt(uint32_t key, int index) {
  int slot = index < 5 ? index : index - 1;
  return key | (uint32_t{kOwn} << (2 * slot));
}

// Walls only ever stand at the ends of a line: keys with a wall nearer the centre than a
// non-wall cell never occur on a board. Most keys are such, and building the tables is charged
// to the first move after START, so they are skipped early.
bool ReachableKey(uint32_t key) {
  const uint32_t wall = key & (key >> 1) & 0x55555;  // bit 2s set: slot s is a wall
  const uint32_t left = wall & 0x003FF, right = wall & 0xFFC00;
  // A wall at slot s needs walls further out: slot s-1 on the left, slot s+1 on the right.
  return ((left >> 2) & ~left) == 0 && ((right << 2) & ~right & 0xFFC00) == 0;
}

struct Run {
  int length;
  int left_end;   // cell beyond the run on the left, kWall past the window
  int right_end;
};

Run RunThrough(const Window& w, int i) {
  int l = i, r = i;
  while (l > 0 && w[l - 1] == kOwn) --l;
  while (r < 10 && w[r + 1] == kOwn) ++r;
  return {r - l + 1, l > 0 ? w[l - 1] : kWall, r < 10 ? w[r + 1] : kWall};
}

bool IsFive(const Run& run, FiveRule rule) {
  bool both_blocked = run.left_end == kOther && run.right_end == kOther;
  switch (rule) {
    case FiveRule::kFiveOrMore: return run.length >= 5;
    case FiveRule::kExactFive: return run.length == 5;
    case FiveRule::kCaro: return run.length >= 6 || (run.length == 5 && !both_blocked);
    case FiveRule::kCaroExact: return run.length == 5 && !both_blocked;
  }
  return false;
}

// Classifies windows by the strongest shape the centre stone makes, memoised over keys.
// A shape one level below X is one where some empty cell turns it into X; see LinePattern.
class LineClassifier {
 public:
  explicit LineClassifier(FiveRule rule) : rule_(rule), memo_(1u << kLineKeyBits, kUnset) {}

  LinePattern Classify(uint32_t key) {
    uint8_t& slot = memo_[key];
    if (slot == kUnset) slot = Compute(key);
    return static_cast<LinePattern>(slot);
  }

 private:
  uint8_t Compute(uint32_t key) {
    if (!ReachableKey(key)) return kDead;
    Window w = Unpack(key);
    Run centre = RunThrough(w, 5);
    if (IsFive(centre, rule_)) return kFive;
    if (centre.length >= 6) return kOverline;

    int five_points[10];
    int num_five_points = 0;
    for (int i = 0; i < 11; ++i) {
      if (w[i] != kEmpty) continue;
      w[i] = kOwn;
      if (IsFive(RunThrough(w, 5), rule_)) five_points[num_five_points++] = i;
      w[i] = kEmpty;
    }
    if (num_five_points >= 2) {
      bool straight = num_five_points == 2 && five_points[1] - five_points[0] == 5;
      return straight ? kFlex4 : kFourFour;
    }
    if (num_five_points == 1) return kBlock4;

    LinePattern best = kDead;
    for (int i = 0; i < 11; ++i) {
      if (w[i] != kEmpty) continue;
      w[i] = kOwn;
      // A stone that makes a five elsewhere on the line is a win, not a step of this shape.
      bool five_elsewhere = IsFive(RunThrough(w, i), rule_);
      w[i] = kEmpty;
      if (five_elsewhere) continue;
      LinePattern grown = Classify(WithOwnAt(key, i));
      LinePattern shape = kDead;
      switch (grown) {
        case kFlex4: shape = kFlex3; break;
        case kBlock4:
        case kFourFour: shape = kBlock3; break;
        case kFlex3: shape = kFlex2; break;
        case kBlock3: shape = kBlock2; break;
        case kFlex2: shape = kFlex1; break;
        case kBlock2: shape = kBlock1; break;
        default: break;
      }
      best = std::max(best, shape);
    }
    return best;
  }

  FiveRule rule_;
  std::vector<uint8_t> memo_;
};

uint32_t SwapColors(uint32_t key) {
  uint32_t out = 0;
  for (int s = 0; s < 10; ++s) {
    uint32_t c = (key >> (2 * s)) & 3;
    if (c == kOwn) c = kOther;
    else if (c == kOther) c = kOwn;
    out |= c << (2 * s);
  }
  return out;
}

Pattern4 Combine(uint16_t combo, bool renju_black) {
  int n[kNumLinePatterns] = {};
  for (int d = 0; d < kNumDirs; ++d) {
    int p = ComboLine(combo, d);
    if (p < kNumLinePatterns) ++n[p];
  }
  if (n[kFive]) return kP4Five;
  int fours = n[kBlock4] + n[kFlex4] + 2 * n[kFourFour];
  if (renju_black) {
    if (n[kOverline]) return kP4Overline;
    if (fours >= 2) return kP4DoubleFour;
    // A double three is a foul whatever fours come with it (4-3-3), if both threes are real.
    if (n[kFlex3] >= 2) return kP4DoubleThree;
  }
  if (n[kFlex4] || fours >= 2) return kP4Flex4;
  if (n[kBlock4] && n[kFlex3]) return kP4FourThree;
  if (n[kBlock4]) return kP4Four;
  if (n[kFlex3] >= 2) return kP4DoubleThree;
  if (n[kFlex3]) return kP4Three;
  if (n[kBlock3]) return kP4Block3;
  if (n[kFlex2] >= 2) return kP4TwoTwo;
  if (n[kFlex2]) return kP4Two;
  if (n[kBlock2] || n[kFlex1] || n[kBlock1]) return kP4Weak;
  return kP4None;
}

// The largest cell value the weights allow, or -1 when a weight is negative.
constexpr int MaxCellValue() {
  int line = 0, bonus = 0;
  for (int16_t w : kLineWeight) {
    if (w < 0) return -1;
    line = std::max<int>(line, w);
  }
  for (int16_t w : kPattern4Bonus) {
    if (w < 0) return -1;
    bonus = std::max<int>(bonus, w);
  }
  return kNumDirs * line + bonus;
}
static_assert(MaxCellValue() >= 0 && MaxCellValue() <= kMaxCellValue,
              "weights must be non-negative and a cell value at most kMaxCellValue (pattern.h)");

int CellValue(uint16_t combo, Pattern4 p4) {
  if (p4 == kP4Overline || p4 == kP4DoubleFour) return 0;
  int v = kPattern4Bonus[p4];
  for (int d = 0; d < kNumDirs; ++d) {
    int p = ComboLine(combo, d);
    if (p < kNumLinePatterns) v += kLineWeight[p];
  }
  return v;
}

void BuildTables(PatternTables& t) {
  FiveRule black_rule = FiveRule::kFiveOrMore, white_rule = FiveRule::kFiveOrMore;
  switch (t.rule) {
    case Rule::kFreestyle: break;
    case Rule::kStandard: black_rule = white_rule = FiveRule::kExactFive; break;
    case Rule::kRenju: black_rule = FiveRule::kExactFive; break;
    case Rule::kCaro: black_rule = white_rule = FiveRule::kCaro; break;
    case Rule::kCaroExact: black_rule = white_rule = FiveRule::kCaroExact; break;
  }
  LineClassifier black(black_rule);
  LineClassifier white_storage(white_rule);
  LineClassifier& white = black_rule == white_rule ? black : white_storage;

  t.line.assign(1u << kLineKeyBits, 0);
  for (uint32_t key = 0; key < (1u << kLineKeyBits); ++key) {
    if (!ReachableKey(key)) continue;
    uint8_t b = black.Classify(key);
    uint8_t w = white.Classify(SwapColors(key));
    t.line[key] = static_cast<uint8_t>(b | (w << 4));
  }
  for (int c = 0; c < 2; ++c) {
    bool renju_black = t.rule == Rule::kRenju && c == 0;
    t.info[c].resize(1u << 16);
    for (uint32_t combo = 0; combo < (1u << 16); ++combo) {
      Pattern4 p4 = Combine(static_cast<uint16_t>(combo), renju_black);
      t.info[c][combo] = MakeComboInfo(CellValue(static_cast<uint16_t>(combo), p4), p4);
    }
  }
}

}  // namespace

const PatternTables& TablesFor(Rule rule) {
  static PatternTables tables[5];
  static std::once_flag once[5];
  int i = 0;
  switch (rule) {
    case Rule::kFreestyle: i = 0; break;
    case Rule::kStandard: i = 1; break;
    case Rule::kRenju: i = 2; break;
    case Rule::kCaro: i = 3; break;
    case Rule::kCaroExact: i = 4; break;
  }
  std::call_once(once[i], [&] {
    tables[i].rule = rule;
    BuildTables(tables[i]);
  });
  return tables[i];
}

int CountLines(uint16_t combo, LinePattern pattern) {
  int n = 0;
  for (int d = 0; d < kNumDirs; ++d) n += ComboLine(combo, d) == pattern;
  return n;
}

const char* LinePatternName(LinePattern p) {
  static const char* const kNames[] = {"dead", "overline", "B1", "F1", "B2", "F2",
                                       "B3",   "F3",       "B4", "F4", "44", "five"};
  return p < kNumLinePatterns ? kNames[p] : "?";
}

const char* Pattern4Name(Pattern4 p) {
  static const char* const kNames[] = {"none", "overline", "double-four", "weak", "two",
                                       "two-two", "block3", "three", "double-three", "four",
                                       "four-three", "flex4", "five"};
  return p < kNumPattern4 ? kNames[p] : "?";
}

}  // namespace sente
