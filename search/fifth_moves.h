// The renju opening rules' choices around Black's offered 5th moves (Taraguchi-N, Soosorv-N):
// which to offer, how many to declare, which to take; each by short searches in a given time.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "search/opening_choice.h"

namespace sente {

// Black's 5th moves worst for White, best for Black first: candidates from a several-line
// search and the points near the stones, each then judged by White's best reply (a short
// search whose proven wins and losses count as such). No two are the same up to a symmetry of
// the position and none is forbidden. score: Black's view. Fewer than `count` only when the
// board has no more such points.
std::vector<RatedMove> RankFifthMoves(const Board& board, int count, const Probe& probe, int64_t ms,
                                      const std::atomic<bool>& stop);

// White's pick among offered 5th moves: the offer after which White's best reply scores
// highest, and that reply as the 6th move.
struct OfferChoice {
  Pos fifth = kNoPos;
  Pos sixth = kNoPos;
  int score = 0;                  // White's view after the 6th
  std::vector<RatedMove> offers;  // each offer with White's score, in the order given
};
OfferChoice ChooseOffer(const Board& board, const std::vector<Pos>& offers, const Probe& probe,
                        int64_t ms, const std::atomic<bool>& stop);

// Soosorv-N, White with three stones: the 4th move and the number of 5th moves to declare
// (1..max_count) that leave the position nearest to even, as the opponent may swap then.
struct DeclareChoice {
  Pos fourth = kNoPos;
  int count = 1;
  int score = 0;  // Black's view: the count-th best offer
};
DeclareChoice ChooseFourthAndCount(const Board& board, int max_count, const Probe& probe,
                                   int64_t ms, const std::atomic<bool>& stop);

// Taraguchi-N, Black with four stones: place the 5th in the central 9x9 (then the opponent may
// swap, so the placer keeps minus the size of its edge), or offer N 5th moves (White takes the
// worst for Black). The larger of the two for Black.
struct TaraguchiFifth {
  bool offer = false;
  std::vector<Pos> moves;  // the placed 5th, or the N offers
  int place_score = 0;     // Black's view of the placed 5th, before the swap
  int offer_score = 0;     // Black's view of the worst of the N offers
};
TaraguchiFifth ChooseTaraguchiFifth(const Board& board, int offers, const Probe& probe, int64_t ms,
                                    const std::atomic<bool>& stop);

}  // namespace sente
