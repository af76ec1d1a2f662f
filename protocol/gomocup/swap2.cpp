#include "protocol/gomocup/swap2.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "absl/strings/str_cat.h"
#include "search/opening_choice.h"

namespace sente {
namespace {

constexpr int64_t kUnlimitedSwap2Ms = 5000;  // when neither clock limits the answer
constexpr int64_t kMinProbeMs = 5;

int64_t MsSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

}  // namespace

std::vector<std::vector<Pos>> Swap2Openings(int width, int height) {
  const int cx = width / 2, cy = height / 2;
  // White directly above, or diagonally up-right; each shape's mirror keeps both stones fixed.
  struct Shape {
    int wx, wy;
    std::pair<int, int> (*mirror)(int, int);
  };
  const Shape shapes[] = {
      {0, -1, [](int x, int y) { return std::make_pair(-x, y); }},
      {1, -1, [](int x, int y) { return std::make_pair(-y, -x); }},
  };
  std::vector<std::pair<int, std::vector<Pos>>> ranked;
  for (const Shape& shape : shapes) {
    for (int dy = -2; dy <= 2; ++dy) {
      for (int dx = -2; dx <= 2; ++dx) {
        if ((dx == 0 && dy == 0) || (dx == shape.wx && dy == shape.wy)) continue;
        if (std::make_pair(dx, dy) > shape.mirror(dx, dy)) continue;  // keep one of the pair
        int x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        int distance = std::max(std::abs(dx), std::abs(dy)) * 8 + std::abs(dx) + std::abs(dy);
        ranked.push_back(
            {distance, {MakePos(cx, cy), MakePos(cx + shape.wx, cy + shape.wy), MakePos(x, y)}});
      }
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::vector<Pos>> openings;
  for (auto& [distance, moves] : ranked) openings.push_back(std::move(moves));
  return openings;
}

int64_t DecisionMs(const Player& player, Clock::time_point arrived) {
  const TimeBudget budget = player.Budget();
  const int64_t total = (budget.hard_ms > 0 ? budget.hard_ms : kUnlimitedSwap2Ms);
  return std::max<int64_t>(1, (total - MsSince(arrived)) * 4 / 5);
}

namespace {

// With 0 stones: the standard opening whose search score is nearest to even.
absl::StatusOr<Swap2Answer> ProposeOpening(Player& player, Clock::time_point arrived,
                                           const std::atomic<bool>& stop) {
  const Board& board = player.board();
  std::vector<std::vector<Pos>> openings = Swap2Openings(board.width(), board.height());
  const int64_t total = DecisionMs(player, arrived);
  size_t count = static_cast<size_t>(std::clamp<int64_t>(total / kMinProbeMs, 1, openings.size()));
  int64_t per_opening = std::max<int64_t>(1, total / static_cast<int64_t>(count));
  size_t best = 0;
  int best_score = kScoreInfinite;
  for (size_t i = 0; i < count && !stop.load(); ++i) {
    Board probe(board.width(), board.height(), board.rule());
    for (Pos p : openings[i]) probe.Play(p);
    SearchResult result = player.Analyse(probe, Color::kWhite, per_opening, stop);
    if (Searched(result) && std::abs(result.score) < best_score) {
      best_score = std::abs(result.score);
      best = i;
    }
  }
  Swap2Answer answer;
  answer.moves = openings[best];
  absl::Status set = player.SetMoves(answer.moves);
  if (!set.ok()) return set;
  answer.note = absl::StrCat("three-stone opening, score ", best_score, " from even");
  return answer;
}

// With 3 stones: SWAP, White's 4th, or White's 4th and Black's 5th.
absl::StatusOr<Swap2Answer> ChooseFromThree(Player& player, Clock::time_point arrived,
                                            const std::atomic<bool>& stop) {
  Probe probe = [&](const Board& board, Color side, int64_t ms, int multipv) {
    return player.Analyse(board, side, ms, stop, multipv);
  };
  const Swap2Choice choice =
      ChooseSwap2Option(player.board(), probe, DecisionMs(player, arrived), stop);
  Swap2Answer answer;
  answer.swap = choice.option == Swap2Option::kSwap;
  answer.moves = answer.swap ? std::vector<Pos>{} : choice.stones;
  for (Pos p : answer.moves) {
    absl::Status played = player.PlayMove(p);
    if (!played.ok()) return played;
  }
  answer.note = absl::StrCat("swap2 score ", choice.score, " for White: ",
                             answer.swap                ? "take Black"
                             : answer.moves.size() == 1 ? "play White's 4th"
                                                        : "place two stones");
  if (choice.option == Swap2Option::kPlaceTwo)
    absl::StrAppend(&answer.note, ", leaving ", choice.pair_score);
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
  if (stones.empty()) return ProposeOpening(player, arrived, stop);
  if (stones.size() == 3) return ChooseFromThree(player, arrived, stop);
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
  answer.note = absl::StrCat("swap2 score ", result->score,
                             " for White: ", answer.swap ? "take Black" : "play White's 6th");
  return answer;
}

}  // namespace sente
