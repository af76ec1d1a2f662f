// A small direct-mapped table of VCF failures, keyed by position and attacker. A failure is
// stored with the budget (attacker moves) it was proven for and holds for every smaller one.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace sente {

class ThreatTable {
 public:
  static constexpr int kUnknownFail = -1;

  explicit ThreatTable(int bits) : mask_((uint64_t{1} << bits) - 1), entries_(mask_ + 1) {}

  void Clear() { entries_.assign(entries_.size(), Entry{}); }

  static uint64_t Key(uint64_t board_hash, Color attacker) {
    return board_hash ^ (attacker == Color::kWhite ? 0x6A09E667F3BCC909ull : 0x3C6EF372FE94F82Bull);
  }

  // Largest budget known to fail, or kUnknownFail.
  int FailBudget(uint64_t key) const {
    const Entry& e = entries_[key & mask_];
    return e.key == key ? e.fail : kUnknownFail;
  }

  void StoreFail(uint64_t key, int budget) {
    Entry& e = entries_[key & mask_];
    if (e.key != key) e = Entry{key};
    if (budget > e.fail) e.fail = budget;
  }

 private:
  struct Entry {
    uint64_t key = 0;
    int32_t fail = kUnknownFail;
  };

  uint64_t mask_;
  std::vector<Entry> entries_;
};

}  // namespace sente
