#include "search/vct_table.h"

#include <algorithm>

#include "search/params.h"

namespace sente {
VctTable::VctTable(int max_bits)
    : cap_entries_(size_t{1} << std::max(max_bits, kVctInitialTableBits)),
      max_entries_(cap_entries_),
      mask_((uint64_t{1} << kVctInitialTableBits) - 1),
      entries_(mask_ + 1) {}

void VctTable::SetMemory(size_t bytes) {
  max_entries_ = cap_entries_;
  if (bytes == 0) return;
  while (max_entries_ > entries_.size() && max_entries_ * sizeof(VctEntry) * 5 / 4 > bytes) {
    max_entries_ /= 2;
  }
}

void VctTable::Clear() {
  if (used_) entries_.assign(entries_.size(), VctEntry{});
  used_ = true;
  filled_ = 0;
}

bool VctTable::Probe(uint64_t key, VctEntry& entry) const {
  const size_t i = key & mask_;
  for (size_t slot : {i, i ^ 1}) {
    if (entries_[slot].key == key) {
      entry = entries_[slot];
      return true;
    }
  }
  return false;
}

// A new entry goes to an empty slot, else over an unresolved one.
void VctTable::Store(const VctEntry& entry) {
  const size_t i = entry.key & mask_;
  for (size_t slot : {i, i ^ 1}) {
    if (entries_[slot].key == entry.key) {
      entries_[slot] = entry;
      return;
    }
  }
  if (++filled_ > entries_.size() / 2 && entries_.size() < max_entries_) {
    // Small searches stay in a small table; big ones grow it, keeping what it holds.
    std::vector<VctEntry> old(std::min(entries_.size() * 4, max_entries_));
    old.swap(entries_);
    mask_ = entries_.size() - 1;
    filled_ = 0;
    for (const VctEntry& e : old) {
      if (e.key != 0) Store(e);
    }
  }
  const size_t j = entry.key & mask_;  // the table may have grown
  VctEntry& first = entries_[j];
  VctEntry& second = entries_[j ^ 1];
  auto resolved = [](const VctEntry& e) { return e.key != 0 && (e.pn == 0 || e.dn == 0); };
  if (first.key == 0 || (!resolved(first) && second.key != 0)) {
    first = entry;
  } else if (second.key == 0 || !resolved(second)) {
    second = entry;
  } else {
    first = entry;
  }
}

}  // namespace sente
