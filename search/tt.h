// Transposition table shared by every search thread. Entries are two 64-bit words written
// without locks; the first word stores key ^ data, so a torn entry fails the key check.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"

namespace sente {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTHit {
  Pos move = kNoPos;
  int score = 0;  // already adjusted to the probing node's ply
  int eval = 0;
  int depth = 0;
  Bound bound = Bound::kNone;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t bytes);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Neither fills the table: a large table is replaced by fresh memory, which the OS supplies
  // as zero pages on first use. Freeing the old one takes up to tens of milliseconds.
  void Resize(size_t bytes);
  void Clear();
  size_t bytes() const { return num_buckets_ * sizeof(Bucket); }
  // Starts a new search: older entries become preferred victims.
  void NewSearch() { generation_ = static_cast<uint8_t>((generation_ + 1) & 63); }

  bool Probe(uint64_t key, int ply, TTHit& hit) const;
  void Store(uint64_t key, int ply, Pos move, int score, int eval, int depth, Bound bound);

  void Prefetch(uint64_t key) const { __builtin_prefetch(&buckets_[Index(key)]); }

 private:
  static constexpr int kWays = 4;
  // Plain words read and written through std::atomic_ref while searching, so that Clear
  // can use plain stores.
  struct Entry {
    uint64_t check;  // key ^ data
    uint64_t data;
  };
  struct alignas(64) Bucket {
    Entry entries[kWays];
  };

  size_t Index(uint64_t key) const {
    return static_cast<size_t>((static_cast<unsigned __int128>(key) * num_buckets_) >> 64);
  }

  // Replaces the table by num_buckets zeroed buckets.
  void Allocate(size_t num_buckets);

  void* memory_ = nullptr;  // from calloc; buckets_ is its first 64-byte boundary
  Bucket* buckets_ = nullptr;
  size_t num_buckets_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace sente
