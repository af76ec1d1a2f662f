// Pattern codes: one per multiset of four line patterns, whatever the directions.
#include <algorithm>
#include <array>
#include <vector>

#include "engine/pattern.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

uint16_t Combo(std::array<int, 4> lines) {
  return static_cast<uint16_t>(lines[0] | lines[1] << 4 | lines[2] << 8 | lines[3] << 12);
}

TEST(PatternCode, OneCodePerMultisetOfLines) {
  std::vector<int> hits(kNumPatternCodes, 0);
  for (int a = 0; a < kNumLinePatterns; ++a)
    for (int b = 0; b < kNumLinePatterns; ++b)
      for (int c = 0; c < kNumLinePatterns; ++c)
        for (int d = 0; d < kNumLinePatterns; ++d) {
          std::array<int, 4> lines = {a, b, c, d};
          const int code = PatternCode(Combo(lines));
          ASSERT_GE(code, 0);
          ASSERT_LT(code, kNumPatternCodes);
          std::sort(lines.begin(), lines.end());
          // The sorted order has the same code, and the code gives back the lines.
          ASSERT_EQ(PatternCode(Combo(lines)), code);
          const std::array<LinePattern, 4> back = CodeLines(code);
          for (int i = 0; i < 4; ++i) ASSERT_EQ(back[i], lines[i]);
          ++hits[code];
        }
  // Every code is reached, and codes follow the lexicographic order of the sorted lines.
  for (int code = 0; code < kNumPatternCodes; ++code) {
    EXPECT_GT(hits[code], 0) << code;
    if (code > 0) {
      EXPECT_LT(CodeLines(code - 1), CodeLines(code)) << code;
    }
  }
  EXPECT_EQ(PatternCode(0), 0);
}

}  // namespace
}  // namespace sente
