// A small direct-mapped table of threat-search results, keyed by position and attacker.
// A result is stored with the budget (attacker moves) it was proven for: a failure holds
// for every smaller budget, a win for every larger one.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace sente {

class ThreatTable {
 public:
  static constexpr int kUnknownFail = -1;
  static constexpr int kUnknownWin = 32767;

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
  // Smallest budget known to win, or kUnknownWin.
  int WinBudget(uint64_t key) const {
    const Entry& e = entries_[key & mask_];
    return e.key == key ? e.win : kUnknownWin;
  }

  void StoreFail(uint64_t key, int budget) {
    Entry& e = Slot(key);
    if (budget > e.fail) e.fail = static_cast<int16_t>(budget);
  }
  void StoreWin(uint64_t key, int budget) {
    Entry& e = Slot(key);
    if (budget < e.win) e.win = static_cast<int16_t>(budget);
  }

 private:
  struct Entry {
    uint64_t key = 0;
    int16_t fail = kUnknownFail;
    int16_t win = kUnknownWin;
  };

  Entry& Slot(uint64_t key) {
    Entry& e = entries_[key & mask_];
    if (e.key != key) e = Entry{key};
    return e;
  }

  uint64_t mask_;
  std::vector<Entry> entries_;
};

}  // namespace sente
