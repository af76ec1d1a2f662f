// The choices of the opening rules (engine/RULES.md: swap2, the pro rule, Taraguchi-N,
// Soosorv-N), each made by a few short searches that share a given time.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/board.h"
#include "search/search.h"

namespace sente {

// A search of `board` for `side` taking about `ms`, reporting `multipv` root lines. The caller
// supplies the searcher, its settings and the stop flag.
using Probe = std::function<SearchResult(const Board& board, Color side, int64_t ms, int multipv)>;

// Scores within this margin of zero count as even: the side to move's edge of a few tempo-free
// threes is well above it.
constexpr int kEvenMargin = 120;

// Swap2 with three stones, for the player to move (White): take Black, play White's 4th, or
// place White's 4th and Black's 5th and let the opponent choose. A position near even gets the
// two stones that leave it nearest to even again.
enum class Swap2Option { kSwap, kPlayFourth, kPlaceTwo };
struct Swap2Choice {
  Swap2Option option = Swap2Option::kSwap;
  std::vector<Pos> stones;  // White's 4th; or White's 4th and Black's 5th
  int score = 0;            // the three-stone position, White to move, White's view
  int pair_score = 0;       // kPlaceTwo: the five-stone position, White to move, White's view
};
Swap2Choice ChooseSwap2Option(const Board& board, const Probe& probe, int64_t ms,
                              const std::atomic<bool>& stop);

}  // namespace sente
