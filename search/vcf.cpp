#include "search/vcf.h"

#include <algorithm>
#include <cstdlib>

#include "search/threat_moves.h"

namespace sente {
namespace {

constexpr int kNoMoveLimit = 1 << 14;

int Distance(Pos a, Pos b) {
  return std::max(std::abs(PosX(a) - PosX(b)), std::abs(PosY(a) - PosY(b)));
}

// A five point of c once c plays `move`, read from the line tables, when there is exactly
// one: it lies on one of move's four lines, `dir`, `k` steps from move.
bool SingleFiveAfter(const Board& board, Pos move, Color c, Pos& five, int& dir, int& k) {
  int n = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    const LinePattern own = board.line(move, c, d);
    if (own < kBlock4 || own > kFourFour) continue;
    for (int j = -4; j <= 4; ++j) {
      const Pos q = static_cast<Pos>(move + j * kDirOffset[d]);
      if (j == 0 || !board.IsEmpty(q)) continue;
      if (board.LineWith(q, d, -j, c, c) != kFive) continue;
      if (++n > 1) return false;
      five = q, dir = d, k = j;
    }
  }
  return n == 1;
}

}  // namespace

ThreatResult VcfSolver::Solve(Board& board, Color attacker, const ThreatLimits& limits) {
  ThreatCountsPause pause(board);  // never read here
  ThreatResult result;
  ThreatBudget budget(limits);
  board_ = &board;
  attacker_ = attacker;
  defender_ = Opponent(attacker);
  budget_ = &budget;
  moves_.clear();

  // One pass over the board: the attacker's five (the whole proof), the defender's five
  // points, and the root's candidate fours.
  Pos win = kNoPos;
  Pos fives[2];
  int defender_fives = 0;
  // A five or four point has a stone within two steps (three stones in its five cells):
  // only candidate cells can be one.
  board.ForEachCandidate([&](Pos p) {
    if (!HasFourOrFiveLine(board, p, attacker_) && !HasFourOrFiveLine(board, p, defender_)) return;
    if (win == kNoPos && board.MakesFive(p, attacker_)) win = p;
    if (board.MakesFive(p, defender_)) {
      if (defender_fives < 2) fives[defender_fives] = p;
      ++defender_fives;
    }
    if (HasFourLine(board, p, attacker_)) moves_.push_back(p);
  });
  if (win != kNoPos) {
    moves_.clear();
    result.win = true;
    result.line = {win};
    result.nodes = 1;
    return result;
  }
  if (defender_fives < 2) {
    int moves = limits.max_attacker_moves > 0 ? limits.max_attacker_moves : kNoMoveLimit;
    result.win = Attack(moves, defender_fives == 1 ? fives[0] : kNoPos, 0, kNoPos, &result.line);
  }
  if (result.win) std::reverse(result.line.begin(), result.line.end());
  result.aborted = budget.aborted() && !result.win;
  result.nodes = budget.nodes();
  return result;
}

// The attacker is to move with no five point of its own; `forced` is the defender's only
// five point, if any. The node's candidates are the parent's, from index `parent` to the end
// of moves_, still empty and still four-shaped, plus those of the attacker's last stone
// `placed`. On success the line is appended in reverse order.
bool VcfSolver::Attack(int budget, Pos forced, size_t parent, Pos placed, std::vector<Pos>* line) {
  if (budget <= 0) return false;
  const uint64_t key = ThreatTable::Key(board_->hash(), attacker_);
  if (table_.FailBudget(key) >= budget) return false;

  const size_t begin = moves_.size();
  for (size_t i = parent; i < begin; ++i) {
    const Pos p = moves_[i];
    if (board_->IsEmpty(p) && HasFourLine(*board_, p, attacker_)) moves_.push_back(p);
  }
  if (placed != kNoPos) {
    // A four shape needs the new stone inside its five cells: at most four steps away.
    const size_t inherited = moves_.size();
    for (int d = 0; d < kNumDirs; ++d) {
      for (int k = -4; k <= 4; ++k) {
        const Pos q = static_cast<Pos>(placed + k * kDirOffset[d]);
        if (k == 0 || !board_->IsEmpty(q) || !HasFourLine(*board_, q, attacker_)) continue;
        if (std::find(moves_.begin() + static_cast<std::ptrdiff_t>(begin),
                      moves_.begin() + static_cast<std::ptrdiff_t>(inherited),
                      q) == moves_.begin() + static_cast<std::ptrdiff_t>(inherited))
          moves_.push_back(q);
      }
    }
  }
  const size_t end = moves_.size();
  // Fours next to the last stones first: continuations of the current fight. Ties in board
  // order, so that the order does not depend on how the candidates were found.
  const Pos last = board_->LastMove();
  if (forced == kNoPos) {
    std::sort(moves_.begin() + static_cast<std::ptrdiff_t>(begin),
              moves_.begin() + static_cast<std::ptrdiff_t>(end), [last](Pos a, Pos b) {
                const int da = last == kNoPos ? 0 : Distance(a, last);
                const int db = last == kNoPos ? 0 : Distance(b, last);
                return da != db ? da < db : a < b;
              });
  }

  bool win = false;
  for (size_t i = begin; i < end && !win; ++i) {
    const Pos move = moves_[i];
    if (forced != kNoPos && move != forced) continue;
    if (!IsFourMove(*board_, move, attacker_)) continue;
    if (!budget_->Step()) break;
    if (FailsUnplayed(move, budget - 1, begin, end)) continue;
    board_->Place(move, attacker_);
    Pos fives[2];
    int n = FivePointsAround(*board_, move, attacker_, fives);
    if (n >= 2 || (n == 1 && IsRenjuBlack(*board_, defender_) && IsForbidden(*board_, fives[0]))) {
      win = true;
      line->push_back(move);
    } else if (n == 1) {
      const Pos block = fives[0];
      board_->Place(block, defender_);
      Pos counter[2];
      int m = FivePointsAround(*board_, block, defender_, counter);
      if (m < 2 && Attack(budget - 1, m == 1 ? counter[0] : kNoPos, begin, move, line)) {
        win = true;
        line->push_back(block);
        line->push_back(move);
      }
      board_->Undo();
    }
    board_->Undo();
  }
  moves_.resize(begin);
  if (!win && !budget_->aborted()) table_.StoreFail(key, budget);
  return win;
}

// Whether the four `move` loses without playing it (most of them do): its single five point
// is a block the defender may play, after which the attacker is out of moves, or the table
// knows the position fails, or the attacker has no four left. moves_[begin, end) are all the
// attacker's four points.
bool VcfSolver::FailsUnplayed(Pos move, int budget, size_t begin, size_t end) {
  Pos block = kNoPos;
  int block_dir = 0, block_k = 0;
  if (!SingleFiveAfter(*board_, move, attacker_, block, block_dir, block_k)) return false;
  if (IsRenjuBlack(*board_, defender_) && MayBeFoul(*board_, block)) return false;
  if (budget <= 0) return true;
  const uint64_t hash = board_->hash() ^ ZobristKey(attacker_, move) ^ ZobristKey(defender_, block);
  if (table_.FailBudget(ThreatTable::Key(hash, attacker_)) >= budget) return true;
  for (size_t i = begin; i < end; ++i) {
    if (moves_[i] != move && moves_[i] != block) return false;
  }
  // New fours come only from lines through the move where it makes a three or more; the
  // block is on one of them.
  for (int d = 0; d < kNumDirs; ++d) {
    if (board_->line(move, attacker_, d) < kBlock3) continue;
    for (int k = -4; k <= 4; ++k) {
      const Pos q = static_cast<Pos>(move + k * kDirOffset[d]);
      if (k == 0 || q == block || !board_->IsEmpty(q)) continue;
      uint32_t key = KeyWithStone(board_->LineKey(q, d), -k, attacker_);
      if (d == block_dir && std::abs(block_k - k) <= 5)
        key = KeyWithStone(key, block_k - k, defender_);
      const LinePattern lp = board_->LineOfKey(key, attacker_);
      if (lp >= kBlock4 && lp <= kFourFour) return false;
    }
  }
  return true;
}

}  // namespace sente
