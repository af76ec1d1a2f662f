// The swap2 opening stage (SWAP2BOARD), decided by short searches.
#pragma once

#include <atomic>
#include <vector>

#include "absl/status/statusor.h"
#include "protocol/gomocup/player.h"

namespace sente {

struct Swap2Answer {
  bool swap = false;       // take the other colour
  std::vector<Pos> moves;  // otherwise: the stones placed (3 when opening, else 1)
};

// The three-stone openings Sente proposes: Black in the centre, White next to it (directly or
// diagonally), Black within two points of the centre; one of each mirror pair, nearest first.
std::vector<std::vector<Pos>> Swap2Openings(int width, int height);

// With 0 stones: proposes the opening whose search score is nearest to even. With 3 or 5
// (White to move): swaps when the search says Black is better, else plays White's move.
// The engine's position is updated to match the answer.
absl::StatusOr<Swap2Answer> DecideSwap2(Player& player, const std::vector<Pos>& stones,
                                        Clock::time_point arrived, const std::atomic<bool>& stop,
                                        const InfoCallback& on_info);

}  // namespace sente
