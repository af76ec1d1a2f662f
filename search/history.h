// Per-thread move-ordering memory: killer moves per ply and a history score per colour and
// cell, updated with a gravity rule so that scores stay bounded.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "engine/types.h"

namespace sente {

constexpr int kMaxPly = 128;

struct History {
  std::array<std::array<Pos, 2>, kMaxPly + 4> killers{};
  int32_t score[2][kNumCells] = {};

  void Clear() { *this = History{}; }

  void AddKiller(int ply, Pos p) {
    if (killers[ply][0] == p) return;
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = p;
  }
  bool IsKiller(int ply, Pos p) const { return killers[ply][0] == p || killers[ply][1] == p; }

  // bonus in (-kMax, kMax); the entry moves toward the sign of the bonus.
  void Update(Color c, Pos p, int bonus) {
    constexpr int kMax = 1 << 14;
    int32_t& s = score[Index(c)][p];
    s += bonus - s * std::abs(bonus) / kMax;
  }
};

}  // namespace sente
