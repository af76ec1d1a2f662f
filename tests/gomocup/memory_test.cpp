// Peak memory of the real pbrain-sente on long thinks where the threat search works hard
// (issue #13): the hash table and the VCT's tables share one budget from INFO max_memory.
#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/gomocup/manager.h"

namespace sente {
namespace {

using testing::IsMove;
using testing::ManagedEngine;

// Two hard renju VCT cases of tests/data/vcf/cases.txt (X is Black, to move), rows top down.
const char* const kSmallButLong[] = {
    "...............", "...............", "...............", "...............", "...............",
    "...............", "...............", ".....XOX.......", ".....OXO.......", ".......O.......",
    "......X........", "...............", "...............", "...............", "..............."};
const char* const kUnstable[] = {
    "...............", "...............", "...............", "...............", "........O......",
    ".....OX.XX.....", ".....XOOOX.....", ".......XOXO....", ".......OXO.O...", ".......OXXX....",
    "........X.O....", "...............", "...............", "...............", "..............."};

// The BOARD block that gives the engine Black's stones (field 1).
std::string BoardBlock(const char* const rows[15]) {
  std::string block = "BOARD";
  for (int y = 0; y < 15; ++y) {
    for (int x = 0; x < 15; ++x) {
      if (rows[y][x] == 'X' || rows[y][x] == 'O') {
        absl::StrAppend(&block, "\n", x, ",", y, ",", rows[y][x] == 'X' ? 1 : 2);
      }
    }
  }
  return block + "\nDONE";
}

// Two long thinks with `threads` threads; the peak resident size must stay under max_memory.
// Before the shared budget they peaked at 89 MiB under 64 MiB and 379 MiB under 350 MiB (the
// VCT's tables grew with its time, its df-pn table past its own cap).
void ExpectPeakUnder(int64_t max_memory, int threads) {
  ManagedEngine engine("\r\n");
  ASSERT_TRUE(engine.ok());
  ASSERT_EQ(engine.Ask("START 15"), "OK");
  engine.Send("INFO rule 4");
  engine.Send("INFO timeout_turn 5000");  // about a quarter second of it goes to the VCT
  engine.Send(absl::StrCat("INFO max_memory ", max_memory));
  engine.Send(absl::StrCat("INFO thread_num ", threads));
  for (const char* const* rows : {kSmallButLong, kUnstable}) {
    ASSERT_TRUE(IsMove(engine.Ask(BoardBlock(rows), 15000)));
  }
  int64_t peak = engine.process().PeakRssBytes();
  std::printf("max_memory %lld MiB, %d threads: peak %lld MiB\n",
              static_cast<long long>(max_memory >> 20), threads,
              static_cast<long long>(peak >> 20));
  // AddressSanitizer's shadow memory and quarantine add to the resident size of the
  // sanitized build: there only a loose bound holds.
  int64_t limit = testing::Sanitized() ? max_memory * 3 / 2 : max_memory;
  EXPECT_LT(peak, limit) << "peak " << (peak >> 20) << " MiB, " << threads << " threads";
  engine.Send("END");
}

TEST(GomocupMemory, LongThinksOnHardThreatsStayUnder350MiB) {
  for (int threads : {1, 2}) ExpectPeakUnder(367001600, threads);
}

TEST(GomocupMemory, LongThinksOnHardThreatsStayUnder64MiB) {
  if (testing::Sanitized()) {
    GTEST_SKIP() << "AddressSanitizer's own resident memory (shadow pages, quarantine, its "
                    "allocator's pools: tens of MiB) is of the order of a 64 MiB limit";
  }
  for (int threads : {1, 2}) ExpectPeakUnder(int64_t{64} << 20, threads);
}

}  // namespace
}  // namespace sente
