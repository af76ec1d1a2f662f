// The swap2 opening stage (SWAP2BOARD), decided by short searches.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "protocol/gomocup/player.h"

namespace sente {

struct Swap2Answer {
  bool swap = false;       // take the other colour
  std::vector<Pos> moves;  // otherwise: the stones placed (3 when opening, 1 or 2 with three)
  std::string note;        // the decision and its score, for a MESSAGE line
};

// The time an opening decision may take from now: most of the move's hard limit, or a fixed
// few seconds when no clock limits it.
int64_t DecisionMs(const Player& player, Clock::time_point arrived);

// With 0 stones: proposes the opening whose search score is nearest to even. With 3 (White to
// move): swaps when the search says Black is clearly better, plays White's 4th when White is,
// and else places White's 4th and Black's 5th that leave the position near even. With 5:
// swaps when the search says Black is better, else plays White's 6th. The engine's position
// is updated to match the answer.
absl::StatusOr<Swap2Answer> DecideSwap2(Player& player, const std::vector<Pos>& stones,
                                        Clock::time_point arrived, const std::atomic<bool>& stop,
                                        const InfoCallback& on_info);

}  // namespace sente
