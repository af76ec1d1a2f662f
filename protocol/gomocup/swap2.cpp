#include "protocol/gomocup/swap2.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/opening_rule.h"
#include "search/opening_decision.h"
#include "search/timeman.h"

namespace sente {
namespace {

constexpr int64_t kUnlimitedSwap2Ms = 5000;  // when neither clock limits the answer

}  // namespace

int64_t DecisionMs(const Player& player, Clock::time_point arrived) {
  const TimeBudget budget = player.Budget();
  const int64_t total = (budget.hard_ms > 0 ? budget.hard_ms : kUnlimitedSwap2Ms);
  return std::max<int64_t>(1, (total - MsSince(arrived)) * 4 / 5);
}

namespace {

// With 0 or 3 stones: swap2's opening, or its choice among three options.
absl::StatusOr<Swap2Answer> DecideByShortSearches(Player& player, Clock::time_point arrived,
                                                  const std::atomic<bool>& stop) {
  OpeningRequest request;
  request.rule = OpeningRule{OpeningRuleKind::kSwap2, 0};
  request.stones = player.board().history();
  const Probe probe = [&player, &stop](const Board& board, Color side, int64_t ms, int multipv) {
    return player.Analyse(board, side, ms, stop, multipv);
  };
  const OpeningDecision decision =
      DecideOpening(player.board(), request, probe, DecisionMs(player, arrived), stop);
  absl::Status set = player.SetMoves(request.stones);
  for (Pos p : decision.placed) {
    if (set.ok()) set = player.PlayMove(p);
  }
  if (!set.ok()) return set;
  Swap2Answer answer;
  answer.swap = decision.swap;
  answer.moves = request.stones.empty() ? player.board().history() : decision.placed;
  answer.note = decision.summary;
  return answer;
}

}  // namespace

absl::StatusOr<Swap2Answer> DecideSwap2(Player& player, const std::vector<Pos>& stones,
                                        Clock::time_point arrived, const std::atomic<bool>& stop,
                                        const InfoCallback& on_info) {
  if (stones.size() != 0 && stones.size() != 3 && stones.size() != 5) {
    return absl::InvalidArgumentError(
        absl::StrCat("SWAP2BOARD takes 0, 3 or 5 stones, got ", stones.size()));
  }
  absl::Status placed = player.SetMoves(stones);
  if (!placed.ok()) return placed;
  if (stones.size() < 5) return DecideByShortSearches(player, arrived, stop);
  // Five stones: choose a colour. The search's score is White's view of the position.
  absl::StatusOr<SearchResult> result = player.Think(arrived, stop, on_info);
  if (!result.ok()) return result.status();
  Swap2Answer answer;
  if (result->score < 0) {
    answer.swap = true;
    absl::Status undone = player.Takeback(result->best);
    if (!undone.ok()) return undone;
  } else {
    answer.moves = {result->best};
  }
  answer.note = absl::StrCat("swap2 ", result->score,
                             " for White: ", answer.swap ? "take Black" : "play White's 6th");
  return answer;
}

}  // namespace sente
