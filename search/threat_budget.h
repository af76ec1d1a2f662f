// Node, time and stop-flag limits of one threat search, checked cheaply per node.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "search/threat.h"

namespace sente {

class ThreatBudget {
 public:
  explicit ThreatBudget(const ThreatLimits& limits)
      : max_nodes_(limits.max_nodes), stop_(limits.stop), timed_(limits.max_ms > 0) {
    if (timed_) {
      deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits.max_ms);
    }
  }

  // Counts one node; false once a limit is reached (and from then on). A node refused for the
  // node limit is not counted, so a search never reports more nodes than it was allowed.
  bool Step() {
    if (aborted_) return false;
    if (max_nodes_ && nodes_ >= max_nodes_) return !(aborted_ = true);
    ++nodes_;
    if (nodes_ >= next_check_) {
      next_check_ = nodes_ + 1024;
      if (stop_ && stop_->load(std::memory_order_relaxed)) return !(aborted_ = true);
      if (timed_ && std::chrono::steady_clock::now() >= deadline_) return !(aborted_ = true);
    }
    return true;
  }

  // Counts nodes searched by a sub-search with its own limits.
  void Add(uint64_t nodes) {
    nodes_ += nodes;
    if (max_nodes_ && nodes_ > max_nodes_) aborted_ = true;
  }

  bool aborted() const { return aborted_; }
  uint64_t nodes() const { return nodes_; }

 private:
  uint64_t nodes_ = 0;
  uint64_t next_check_ = 1024;
  uint64_t max_nodes_;
  const std::atomic<bool>* stop_;
  bool timed_;
  bool aborted_ = false;
  std::chrono::steady_clock::time_point deadline_;
};

}  // namespace sente
