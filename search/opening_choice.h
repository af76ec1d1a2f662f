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

// A move and the score of the position it leaves, from the view of the side that played it.
struct RatedMove {
  Pos move = kNoPos;
  int score = 0;
};

// Swap or not, for the player holding `side`, the side to move: swap when it scores below zero.
struct SwapChoice {
  bool swap = false;
  int score = 0;      // the side to move's view
  Pos best = kNoPos;  // the side to move's best move found
};
SwapChoice ChooseSwap(const Board& board, Color side, const Probe& probe, int64_t ms);

// A stone for `side` within `area`, after which the opponent may swap: of the empty points of
// the area that `side` may play (one of each set of points symmetric in the position, nearest
// the stones first, at most kMaxPlacements), the one leaving the position nearest to even.
constexpr int kMaxPlacements = 12;
struct PlacementChoice {
  Pos move = kNoPos;
  int score = 0;                 // `side`'s view after the move
  std::vector<RatedMove> tried;  // each point searched, `side`'s view
};
PlacementChoice PlaceNearEven(const Board& board, Color side, const std::function<bool(Pos)>& area,
                              const Probe& probe, int64_t ms, const std::atomic<bool>& stop);

// The points of `area` that `side` may play, one of each set of points symmetric in the
// position, nearest the stones (then the centre) first; at most `limit`.
std::vector<Pos> CandidatePoints(const Board& board, Color side,
                                 const std::function<bool(Pos)>& area, size_t limit);

// Whether a probe finished a first iteration or proved a result: a score to go by. (The first
// search of a game may spend a short probe on the hash table's first touches.)
bool Searched(const SearchResult& result);

// The root lines of a result, or its best move alone when it reports none.
std::vector<RootLine> ResultLines(const SearchResult& result);

}  // namespace sente
