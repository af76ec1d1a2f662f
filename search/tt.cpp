#include "search/tt.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "search/search.h"

namespace sente {
namespace {

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | generation 6.
uint64_t Pack(Pos move, int score, int eval, int depth, Bound bound, uint8_t generation) {
  return static_cast<uint64_t>(static_cast<uint16_t>(move)) |
         static_cast<uint64_t>(static_cast<uint16_t>(score)) << 16 |
         static_cast<uint64_t>(static_cast<uint16_t>(eval)) << 32 |
         static_cast<uint64_t>(static_cast<uint8_t>(depth)) << 48 |
         static_cast<uint64_t>(static_cast<uint8_t>(bound)) << 56 |
         static_cast<uint64_t>(generation) << 58;
}

uint64_t LoadWord(const uint64_t& word) {
  return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(word)).load(std::memory_order_relaxed);
}
void StoreWord(uint64_t& word, uint64_t value) {
  std::atomic_ref<uint64_t>(word).store(value, std::memory_order_relaxed);
}

int DepthOf(uint64_t data) { return static_cast<int8_t>(data >> 48); }
uint8_t GenerationOf(uint64_t data) { return static_cast<uint8_t>(data >> 58); }
Bound BoundOf(uint64_t data) { return static_cast<Bound>((data >> 56) & 3); }

// Win and loss scores are stored relative to the node, read back relative to the root.
int ToTT(int score, int ply) {
  if (IsWinScore(score)) return score + ply;
  if (IsLossScore(score)) return score - ply;
  return score;
}
int FromTT(int score, int ply) {
  if (IsWinScore(score)) return score - ply;
  if (IsLossScore(score)) return score + ply;
  return score;
}

// Smaller tables are cleared by zeroing them in place (under a millisecond).
constexpr size_t kFreshMemoryBytes = size_t{4} << 20;

// Asks for transparent huge pages over the whole 2 MiB extents of a table of at most
// kHugePageTableBytes. A search touches a fresh table at random, one page per probe: with
// 4 KiB pages a new process faulted in a page almost every node (microseconds each on a VM),
// and its first move ran at a tenth of the speed. Huge pages fault 512 times less often and
// miss the TLB less; but one such fault zeroes 2 MiB between two clock checks, and a large
// table would be zeroed whole within a move. So only tables small enough to zero at once in
// a few tens of milliseconds (those of fast time controls: protocol/gomocup/player.cpp sizes the
// table by the turn) get them.
constexpr size_t kHugePageTableBytes = size_t{64} << 20;

void AdviseHugePages(void* p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes > kHugePageTableBytes) return;
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const auto begin = (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
  const auto end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHugePage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

}  // namespace

TranspositionTable::TranspositionTable(size_t bytes) { Resize(bytes); }

TranspositionTable::~TranspositionTable() { std::free(memory_); }

void TranspositionTable::Resize(size_t bytes) {
  size_t n = std::max<size_t>(1, bytes / sizeof(Bucket));
  if (n != num_buckets_) {
    Allocate(n);
  } else {
    Clear();
  }
  generation_ = 0;
}

// Called between searches only: no other thread reads the table meanwhile.
void TranspositionTable::Clear() {
  if (num_buckets_ * sizeof(Bucket) < kFreshMemoryBytes) {
    std::memset(static_cast<void*>(buckets_), 0, num_buckets_ * sizeof(Bucket));
  } else {
    Allocate(num_buckets_);
  }
  generation_ = 0;
}

// calloc hands out large blocks as fresh pages (mmap) that it need not zero: the allocation
// costs nothing until the search touches a page. The old block goes first, so that two tables
// are never resident at once. Unmapping hundreds of MiB of touched pages takes tens of
// milliseconds, and it is done here, on the caller's clock: on another thread it ran beside
// the next search and stalled that search's page faults for as long (50-70 ms measured at
// 2 GiB), between two of its clock checks.
void TranspositionTable::Allocate(size_t num_buckets) {
  std::free(memory_);
  // A size the OS refuses (hash_size beyond the machine) gets the largest half that it grants.
  while ((memory_ = std::calloc(num_buckets * sizeof(Bucket) + alignof(Bucket), 1)) == nullptr) {
    if (num_buckets == 1) throw std::bad_alloc();
    num_buckets /= 2;
  }
  auto address = reinterpret_cast<uintptr_t>(memory_);
  address = (address + alignof(Bucket) - 1) & ~(uintptr_t{alignof(Bucket)} - 1);
  buckets_ = reinterpret_cast<Bucket*>(address);
  num_buckets_ = num_buckets;
  AdviseHugePages(buckets_, num_buckets * sizeof(Bucket));
}

bool TranspositionTable::Probe(uint64_t key, int ply, TTHit& hit) const {
  const Bucket& b = buckets_[Index(key)];
  for (const Entry& e : b.entries) {
    uint64_t data = LoadWord(e.data);
    if ((LoadWord(e.check) ^ data) != key || data == 0) continue;
    hit.move = static_cast<Pos>(static_cast<uint16_t>(data));
    hit.score = FromTT(static_cast<int16_t>(data >> 16), ply);
    hit.eval = static_cast<int16_t>(data >> 32);
    hit.depth = DepthOf(data);
    hit.bound = BoundOf(data);
    return true;
  }
  return false;
}

void TranspositionTable::Store(uint64_t key, int ply, Pos move, int score, int eval, int depth,
                               Bound bound) {
  Bucket& b = buckets_[Index(key)];
  Entry* victim = nullptr;
  int victim_worth = 1 << 30;
  for (Entry& e : b.entries) {
    uint64_t data = LoadWord(e.data);
    uint64_t check = LoadWord(e.check);
    if (data == 0 || (check ^ data) == key) {
      // Same position: keep a deeper entry of this search unless the new one is exact.
      if (data != 0 && GenerationOf(data) == generation_ && bound != Bound::kExact &&
          depth + 2 < DepthOf(data))
        return;
      if (move == kNoPos && data != 0) move = static_cast<Pos>(static_cast<uint16_t>(data));
      victim = &e;
      break;
    }
    int age = (generation_ - GenerationOf(data)) & 63;
    int worth = DepthOf(data) - 8 * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &e;
    }
  }
  if (depth < -100) depth = -100;
  if (depth > 127) depth = 127;
  uint64_t data = Pack(move, ToTT(score, ply), eval, depth, bound, generation_);
  StoreWord(victim->data, data);
  StoreWord(victim->check, key ^ data);
}

}  // namespace sente
