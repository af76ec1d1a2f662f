#include "search/vct.h"

#include <algorithm>
#include <utility>

#include "search/threat_moves.h"

namespace sente {
namespace {

constexpr int kDefaultMaxMoves = 40;
constexpr uint64_t kAttackVcfNodes = 2000;
constexpr uint64_t kDefendVcfNodes = 200;

// Points where c would make two five points at once, by shape (legality not checked).
bool IsWinningShape(const Board& board, Pos p, Color c) {
  Pattern4 p4 = board.pattern4(p, c);
  return p4 == kP4Flex4 ||
         (p4 == kP4DoubleThree && IsRenjuBlack(board, c) && HasLine(board, p, c, kFlex4, kFlex4));
}

}  // namespace

ThreatResult VctSolver::Solve(Board& board, Color attacker, const ThreatLimits& limits) {
  ThreatResult result;
  ThreatBudget budget(limits);
  board_ = &board;
  attacker_ = attacker;
  defender_ = Opponent(attacker);
  budget_ = &budget;
  stop_ = limits.stop;
  moves_.clear();

  Pos fives[2];
  if (FivePoints(board, attacker_, fives) > 0) {
    result.win = true;
    result.line = {fives[0]};
    result.nodes = 1;
    return result;
  }
  const int max_moves = limits.max_attacker_moves > 0 ? limits.max_attacker_moves : kDefaultMaxMoves;
  for (int depth = 1; depth <= max_moves && !result.win && !budget.aborted(); ++depth) {
    result.line.clear();
    result.win = Attack(depth, &result.line);
  }
  if (result.win) {
    std::reverse(result.line.begin(), result.line.end());
  } else {
    result.line.clear();
  }
  result.aborted = budget.aborted() && !result.win;
  result.nodes = budget.nodes();
  return result;
}

// A VCF for `attacker` (who is to move) within the limits; its line is appended reversed.
bool VctSolver::Vcf(Color attacker, int max_moves, uint64_t max_nodes, std::vector<Pos>* line) {
  ThreatLimits limits;
  limits.max_attacker_moves = max_moves;
  limits.max_nodes = max_nodes;
  limits.stop = stop_;
  ThreatResult r = vcf_.Solve(*board_, attacker, limits);
  for (uint64_t i = 0; i < r.nodes; ++i) budget_->Step();
  if (r.win && line) line->insert(line->end(), r.line.rbegin(), r.line.rend());
  return r.win;
}

// The attacker is to move and has no five point. On success the line from here on is
// appended in reverse order (when `line` is given).
bool VctSolver::Attack(int budget, std::vector<Pos>* line) {
  if (budget <= 0 || budget_->aborted()) return false;
  Pos fives[2];
  const int defender_fives = FivePoints(*board_, defender_, fives);
  if (defender_fives >= 2) return false;

  const uint64_t key = ThreatTable::Key(board_->hash(), attacker_);
  if (!line && table_.WinBudget(key) <= budget) return true;
  if (table_.FailBudget(key) >= budget) return false;

  if (defender_fives == 0) {
    for (Pos p : board_->points()) {
      if (board_->IsEmpty(p) && IsWinningFour(*board_, p, attacker_)) {
        if (line) line->push_back(p);
        table_.StoreWin(key, 1);
        return true;
      }
    }
  }
  if (Vcf(attacker_, budget, kAttackVcfNodes, line)) {
    table_.StoreWin(key, budget);
    return true;
  }
  if (budget <= 1) {
    if (!budget_->aborted()) table_.StoreFail(key, budget);
    return false;
  }

  // Candidates with a rough priority: what the move makes for the attacker, plus what it
  // takes from the defender.
  const size_t begin = moves_.size();
  std::vector<std::pair<int, Pos>> scored;
  const int a = Index(attacker_), d = Index(defender_);
  // Fours and threes first; then quieter moves that may set up a VCF, which the defender
  // node checks.
  auto consider = [&](Pos p) {
    const Pattern4 p4 = board_->pattern4(p, attacker_);
    if (p4 < kP4Two) return;
    bool direct = IsFourMove(*board_, p, attacker_) || IsThreeMove(*board_, p, attacker_);
    if (!direct && (p4 > kP4Block3 || !Legal(*board_, p, attacker_))) return;
    const Cell& cell = board_->cell(p);
    int score = board_->tables().value[a][cell.combo[a]] + board_->tables().value[d][cell.combo[d]] / 2;
    scored.emplace_back(direct ? -score - (1 << 20) : -score, p);
  };
  if (defender_fives == 1) {
    if (Legal(*board_, fives[0], attacker_)) scored.emplace_back(0, fives[0]);
  } else {
    for (Pos p : board_->points()) {
      if (board_->IsEmpty(p) && board_->cell(p).near > 0) consider(p);
    }
    std::stable_sort(scored.begin(), scored.end());
  }
  for (auto [score, p] : scored) moves_.push_back(p);

  bool win = false;
  for (size_t i = begin; i < moves_.size() && !win; ++i) {
    const Pos move = moves_[i];
    if (!budget_->Step()) break;
    const size_t mark = line ? line->size() : 0;
    board_->Place(move, attacker_);
    Pos threat[2];
    int n = FivePointsAround(*board_, move, attacker_, threat);
    if (n >= 2 || (n == 1 && IsRenjuBlack(*board_, defender_) && IsForbidden(*board_, threat[0]))) {
      win = true;
    } else if (n == 1) {
      board_->Place(threat[0], defender_);
      win = Attack(budget - 1, line);
      board_->Undo();
      if (win && line) line->push_back(threat[0]);
    } else {
      win = Defend(budget - 1, line);
    }
    board_->Undo();
    if (win && line) line->push_back(move);
    if (!win && line) line->resize(mark);
  }
  moves_.resize(begin);
  if (win) {
    table_.StoreWin(key, budget);
  } else if (!budget_->aborted()) {
    table_.StoreFail(key, budget);
  }
  return win;
}

// Whether the attacker's VCF line still wins as played: every attacker move a legal four
// with a single forced reply, no counter-four on the way, and a winning last four.
bool VctSolver::Replays(const std::vector<Pos>& vcf, Pos final_fives[2]) {
  size_t placed = 0;
  bool ok = false;
  for (size_t i = 0; i < vcf.size(); i += 2) {
    const Pos move = vcf[i];
    if (!board_->IsEmpty(move) || !IsFourMove(*board_, move, attacker_)) break;
    board_->Place(move, attacker_);
    ++placed;
    Pos fives[2];
    int n = FivePointsAround(*board_, move, attacker_, fives);
    if (n >= 2 || (n == 1 && IsRenjuBlack(*board_, defender_) && IsForbidden(*board_, fives[0]))) {
      ok = i + 1 == vcf.size();
      if (ok && final_fives) {
        final_fives[0] = fives[0];
        if (n >= 2) final_fives[1] = fives[1];
      }
      break;
    }
    if (n != 1 || i + 1 >= vcf.size() || vcf[i + 1] != fives[0]) break;
    board_->Place(fives[0], defender_);
    ++placed;
    Pos counter[2];
    int m = FivePointsAround(*board_, fives[0], defender_, counter);
    if (m >= 2 || (m == 1 && (i + 2 >= vcf.size() || vcf[i + 2] != counter[0]))) break;
  }
  for (size_t i = 0; i < placed; ++i) board_->Undo();
  return ok;
}

// The attacker has just made a threat that is not a four; neither side has a five point.
// The threat is a winning four next move (an open three or a double-four shape) or, failing
// that, a VCF. Succeeds when every defence loses.
bool VctSolver::Defend(int budget, std::vector<Pos>* line) {
  const size_t wins_begin = wins_.size();
  bool any_legal = false;
  for (Pos p : board_->points()) {
    if (board_->IsEmpty(p) && IsWinningShape(*board_, p, attacker_)) {
      wins_.push_back(p);
      any_legal = any_legal || IsWinningFour(*board_, p, attacker_);
    }
  }
  const size_t wins_end = wins_.size();
  auto done = [&](bool result) {
    wins_.resize(wins_begin);
    return result;
  };

  std::vector<Pos> vcf_line;
  if (!any_legal) {
    ThreatLimits limits;
    limits.max_attacker_moves = budget;
    limits.max_nodes = kAttackVcfNodes;
    limits.stop = stop_;
    ThreatResult r = vcf_.Solve(*board_, attacker_, limits);
    for (uint64_t i = 0; i < r.nodes; ++i) budget_->Step();
    if (!r.win) return done(false);
    vcf_line = std::move(r.line);
  }
  if (Vcf(defender_, 0, kDefendVcfNodes, nullptr)) return done(false);

  const size_t begin = moves_.size();
  auto listed = [&](Pos p) {
    return std::find(moves_.begin() + static_cast<std::ptrdiff_t>(begin), moves_.end(), p) !=
           moves_.end();
  };
  if (any_legal) {
    // Every point on the lines of the winning points that removes them all, then every
    // counter-four: any other move lets the attacker make a winning four.
    auto stops_all = [&](Pos c) {
      board_->Place(c, defender_);
      bool stopped = true;
      for (size_t i = wins_begin; i < wins_end && stopped; ++i) {
        Pos f = wins_[i];
        if (board_->IsEmpty(f) && IsWinningFour(*board_, f, attacker_)) stopped = false;
      }
      board_->Undo();
      return stopped;
    };
    for (size_t i = wins_begin; i < wins_end; ++i) {
      const Pos f = wins_[i];
      for (int dir = 0; dir < kNumDirs; ++dir) {
        if (board_->line(f, attacker_, dir) < kBlock3) continue;
        for (int k = -5; k <= 5; ++k) {
          Pos c = static_cast<Pos>(f + k * kDirOffset[dir]);
          if (!board_->IsEmpty(c) || listed(c)) continue;
          if (stops_all(c) && Legal(*board_, c, defender_)) moves_.push_back(c);
        }
      }
    }
    for (Pos p : board_->points()) {
      if (board_->IsEmpty(p) && !listed(p) && IsFourMove(*board_, p, defender_)) moves_.push_back(p);
    }
  } else {
    // Against a VCF threat any move may defend: the points of the VCF line first, then the
    // counter-fours, then everything else. A move after which the same VCF still plays out
    // loses without a search.
    for (Pos p : vcf_line) {
      if (board_->IsEmpty(p) && !listed(p) && Legal(*board_, p, defender_)) moves_.push_back(p);
    }
    for (Pos p : board_->points()) {
      if (board_->IsEmpty(p) && !listed(p) && IsFourMove(*board_, p, defender_)) moves_.push_back(p);
    }
    // Only a stone on a line within five of a point of the VCF (or of its last two five
    // points) changes the patterns the VCF is made of.
    std::vector<Pos> zone;
    auto add_zone = [&](Pos q) {
      for (int dir = 0; dir < kNumDirs; ++dir) {
        for (int k = -5; k <= 5; ++k) {
          Pos c = static_cast<Pos>(q + k * kDirOffset[dir]);
          if (board_->IsEmpty(c) && !listed(c)) zone.push_back(c);
        }
      }
    };
    for (Pos p : vcf_line) add_zone(p);
    Pos last_fives[2] = {kNoPos, kNoPos};
    Replays(vcf_line, last_fives);
    for (Pos q : last_fives) {
      if (q != kNoPos) add_zone(q);
    }
    std::sort(zone.begin(), zone.end());
    zone.erase(std::unique(zone.begin(), zone.end()), zone.end());
    for (Pos p : zone) {
      if (!board_->IsEmpty(p) || listed(p)) continue;
      if (!IsFourMove(*board_, p, defender_)) {
        board_->Place(p, defender_);
        bool loses = Replays(vcf_line);
        board_->Undo();
        if (loses) continue;
      }
      if (Legal(*board_, p, defender_)) moves_.push_back(p);
    }
  }

  bool win = true;
  std::vector<Pos> first_line;
  for (size_t i = begin; i < moves_.size() && win; ++i) {
    const Pos defence = moves_[i];
    if (!budget_->Step()) {
      win = false;
      break;
    }
    board_->Place(defence, defender_);
    win = Attack(budget, line && i == begin ? &first_line : nullptr);
    board_->Undo();
  }
  if (win && line && moves_.size() > begin) {
    line->insert(line->end(), first_line.begin(), first_line.end());
    line->push_back(moves_[begin]);
  }
  moves_.resize(begin);
  return done(win);
}

}  // namespace sente
