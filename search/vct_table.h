// The VCT solver's df-pn table: proof and disproof numbers by node key, two slots a key. It
// starts small and grows, keeping what it holds, so that small solves stay cheap to clear.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sente {

// Proof and disproof numbers this large are infinite.
constexpr uint32_t kVctInf = 1u << 30;

struct VctEntry {
  uint64_t key = 0;
  uint32_t pn = 0;
  uint32_t dn = 0;
};

class VctTable {
 public:
  // Up to 2^max_bits entries of 16 bytes; never fewer than the initial size.
  explicit VctTable(int max_bits);

  // Caps the growth so that the table, with its old copy while it grows, fits in `bytes`;
  // 0: the constructor's cap. A table already larger stays as it is.
  void SetMemory(size_t bytes);

  // Empties the table for a new search.
  void Clear();
  bool Probe(uint64_t key, VctEntry& entry) const;
  void Store(const VctEntry& entry);

 private:
  const size_t cap_entries_;  // max_entries_ without a memory budget
  size_t max_entries_;
  uint64_t mask_;
  std::vector<VctEntry> entries_;
  size_t filled_ = 0;
  bool used_ = false;  // holds entries of an earlier search
};

}  // namespace sente
