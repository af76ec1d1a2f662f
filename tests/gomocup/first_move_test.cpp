// The first move after a hash table is sized or cleared, timed as a strict manager times it:
// from writing the command to reading the move, through the real pbrain-sente (issue #13).
#include <chrono>
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
using testing::MsSince;
using Clock = std::chrono::steady_clock;

constexpr int kTurnMs = 300;
constexpr int64_t k350MiB = 367001600;
constexpr int64_t k2GiB = int64_t{2} << 30;
// c-gomoku-cli's opening: the engine (White) answers three stones.
const char kBoard[] = "BOARD\n7,7,2\n8,8,1\n7,8,2\nDONE";

// The answer must come within the turn limit itself. The sanitized build runs every node
// several times slower and its allocator does more per call; the engine still stops on its
// clock, so there a looser bound holds.
int64_t Bound() { return testing::Sanitized() ? 3 * kTurnMs : kTurnMs; }

// Sends `command` and returns how long its move took, or -1 when no move came.
int64_t TimedMove(ManagedEngine& engine, const std::string& command) {
  Clock::time_point sent = Clock::now();
  std::string answer = engine.Ask(command);
  int64_t ms = MsSince(sent);
  EXPECT_TRUE(IsMove(answer)) << command << ": '" << answer << "'";
  return IsMove(answer) ? ms : -1;
}

// A fresh process set up as Piskvork or c-gomoku-cli sets it up before the first move. At
// 300 ms a move the table would be sized for the time control (37.5 MiB); hash_size asks for
// all that max_memory allows, the largest table a user can set.
void StartGame(ManagedEngine& engine, int64_t max_memory) {
  engine.Send(absl::StrCat("INFO max_memory ", max_memory));
  engine.Send(absl::StrCat("INFO hash_size ", max_memory / 1024));
  engine.Send(absl::StrCat("INFO timeout_turn ", kTurnMs));
  ASSERT_EQ(engine.Ask("START 15"), "OK");
}

// Fills a good part of the table: a game of a few moves at the full turn time.
void PlaySomeMoves(ManagedEngine& engine) {
  EXPECT_GE(TimedMove(engine, kBoard), 0);
  for (const char* turn : {"TURN 0,0", "TURN 14,0", "TURN 0,14"}) {
    EXPECT_GE(TimedMove(engine, turn), 0);
  }
}

void FreshProcessesAnswerInTime(int64_t max_memory) {
  for (const char* command : {"BEGIN", kBoard}) {
    ManagedEngine engine("\n");
    ASSERT_TRUE(engine.ok());
    StartGame(engine, max_memory);
    int64_t ms = TimedMove(engine, command);
    std::string name = std::string(command).substr(0, 5);
    std::printf("first %s, max_memory %lld MiB: %lld ms\n", name.c_str(),
                static_cast<long long>(max_memory >> 20), static_cast<long long>(ms));
    EXPECT_LT(ms, Bound()) << name << " with max_memory " << max_memory;
  }
}

void RestartNewSizeAndHashClearAnswerInTime(int64_t max_memory) {
  ManagedEngine engine("\n");
  ASSERT_TRUE(engine.ok());
  StartGame(engine, max_memory);
  PlaySomeMoves(engine);
  ASSERT_EQ(engine.Ask("RESTART"), "OK");
  EXPECT_LT(TimedMove(engine, kBoard), Bound()) << "after RESTART";
  PlaySomeMoves(engine);
  ASSERT_EQ(engine.Ask("START 20"), "OK");  // a new size: the table is stale
  EXPECT_LT(TimedMove(engine, "BEGIN"), Bound()) << "after START 20";
  EXPECT_LT(TimedMove(engine, "TURN 0,0"), Bound()) << "after START 20";
  ASSERT_EQ(engine.Ask("START 15"), "OK");
  PlaySomeMoves(engine);
  engine.Send("YXHASHCLEAR");
  EXPECT_LT(TimedMove(engine, "BOARD\n3,3,2\n4,4,1\n5,5,2\nDONE"), Bound()) << "after YXHASHCLEAR";
  // A new max_memory resizes the table before the next move.
  engine.Send(absl::StrCat("INFO max_memory ", max_memory / 2));
  EXPECT_LT(TimedMove(engine, "BOARD\n9,9,2\n10,9,1\n11,9,2\nDONE"), Bound())
      << "after a new max_memory";
}

// AddressSanitizer keeps a shadow byte for every 8 bytes it hands out and writes it on
// calloc and free: 256 MiB of shadow for a 2 GiB table, a second of work that the release
// build does not have (it maps fresh pages and touches nothing).
constexpr char kShadowCost[] =
    "under AddressSanitizer a 2 GiB table costs 256 MiB of shadow writes per (re)allocation";

TEST(GomocupFirstMove, FreshProcessAt350MiB) { FreshProcessesAnswerInTime(k350MiB); }

TEST(GomocupFirstMove, FreshProcessAt2GiB) {
  if (testing::Sanitized()) GTEST_SKIP() << kShadowCost;
  FreshProcessesAnswerInTime(k2GiB);
}

TEST(GomocupFirstMove, RestartNewSizeAndHashClearAt350MiB) {
  RestartNewSizeAndHashClearAnswerInTime(k350MiB);
}

TEST(GomocupFirstMove, RestartNewSizeAndHashClearAt2GiB) {
  if (testing::Sanitized()) GTEST_SKIP() << kShadowCost;
  RestartNewSizeAndHashClearAnswerInTime(k2GiB);
}

}  // namespace
}  // namespace sente
