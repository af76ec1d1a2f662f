// The transposition table: store and probe, win scores relative to the node, replacement.
#include "search/tt.h"

#if defined(__linux__)
#include <sys/resource.h>

#include <fstream>
#include <string>
#endif

#include "gtest/gtest.h"
#include "search/search.h"

namespace sente {
namespace {

TEST(TranspositionTable, StoresAndProbes) {
  TranspositionTable tt(1u << 20);
  const uint64_t key = 0x123456789ABCDEFull;
  TTHit hit;
  EXPECT_FALSE(tt.Probe(key, 0, hit));
  tt.Store(key, 3, MakePos(4, 5), -120, 37, 6, Bound::kLower);
  ASSERT_TRUE(tt.Probe(key, 3, hit));
  EXPECT_EQ(hit.move, MakePos(4, 5));
  EXPECT_EQ(hit.score, -120);
  EXPECT_EQ(hit.eval, 37);
  EXPECT_EQ(hit.depth, 6);
  EXPECT_EQ(hit.bound, Bound::kLower);
  EXPECT_FALSE(tt.Probe(key ^ 1, 3, hit));
}

TEST(TranspositionTable, WinScoresAreRelativeToTheNode) {
  TranspositionTable tt(1u << 20);
  const uint64_t key = 42;
  // Found at ply 4: a win 7 plies from the root, 3 from the node.
  tt.Store(key, 4, MakePos(1, 1), kScoreWin - 7, 0, 5, Bound::kExact);
  TTHit hit;
  ASSERT_TRUE(tt.Probe(key, 6, hit));  // the same node reached two plies deeper
  EXPECT_EQ(hit.score, kScoreWin - 9);
  tt.Store(key, 4, MakePos(1, 1), -(kScoreWin - 6), 0, 5, Bound::kExact);
  ASSERT_TRUE(tt.Probe(key, 2, hit));
  EXPECT_EQ(hit.score, -(kScoreWin - 4));
}

TEST(TranspositionTable, KeepsTheDeeperEntryOfABucketAndClears) {
  TranspositionTable tt(64);  // one bucket of four entries
  for (uint64_t k = 1; k <= 4; ++k)
    tt.Store(k * 1000003, 0, MakePos(1, 1), 0, 0, static_cast<int>(k), Bound::kUpper);
  tt.Store(99, 0, MakePos(2, 2), 0, 0, 9, Bound::kUpper);  // replaces the shallowest (depth 1)
  TTHit hit;
  EXPECT_FALSE(tt.Probe(1000003, 0, hit));
  EXPECT_TRUE(tt.Probe(4 * 1000003, 0, hit));
  EXPECT_TRUE(tt.Probe(99, 0, hit));
  tt.Clear();
  EXPECT_FALSE(tt.Probe(99, 0, hit));
}

#if defined(__linux__)
long MinorFaults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// A table of a fast time control sits on huge pages where the kernel offers them, so that a
// fresh one costs a few dozen page faults instead of one per 4 KiB (8192 for this one, and
// 200 ms instead of 23 on this project's VM).
TEST(TranspositionTable, SmallTableFaultsInHugePages) {
  std::ifstream thp("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(thp, modes);
  if (modes.find("[never]") != std::string::npos || modes.empty())
    GTEST_SKIP() << "this kernel offers no transparent huge pages: " << modes;
  constexpr size_t kBytes = size_t{32} << 20;
  TranspositionTable tt(kBytes);
  const long before = MinorFaults();
  const uint64_t step = ~uint64_t{0} / (kBytes / 4096);  // one key per 4 KiB of table
  for (uint64_t i = 0; i < kBytes / 4096; ++i) tt.Store(i * step + 1, 0, 1, 5, 5, 3, Bound::kExact);
  const long faults = MinorFaults() - before;
  EXPECT_LT(faults, 4096) << "modes: " << modes;  // leaves room for sanitizer shadow pages
  TTHit hit;
  EXPECT_TRUE(tt.Probe(step * 100 + 1, 0, hit));
}
#endif

}  // namespace
}  // namespace sente
