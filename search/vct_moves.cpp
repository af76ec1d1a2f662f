#include "search/vct_moves.h"

#include <algorithm>
#include <bitset>
#include <utility>

#include "search/movegen.h"
#include "search/params.h"
#include "search/threat_moves.h"
#include "search/vct.h"

namespace sente {
namespace {

// Scores of the attacker's candidates: a forced block first, then fours and threes.
constexpr int kDirectMove = 1 << 20;

bool Listed(const std::vector<Pos>& moves, Pos p) {
  return std::find(moves.begin(), moves.end(), p) != moves.end();
}

// What an attacker move makes, read from the line patterns around it with the move set in
// their keys instead of placing it: its five points, and whether it feeds a four.
struct AttackShape {
  Pos threat[2] = {kNoPos, kNoPos};
  int fives = 0;  // five points, counted up to two
  bool feeds = false;
};

// `direct`: a four or a three, which needs no four to feed. A quiet move sets up a VCF only
// through a four it helps make: some four of the attacker must then lie on one of its
// lines, near it. With a single attacker move left after it (`last`), that four must win
// at once. `four_points`: where the attacker has a four or five line.
AttackShape ReadAttack(const Board& board, Color attacker, Pos move, bool direct, bool last,
                       const std::vector<Pos>& four_points) {
  AttackShape s;
  s.feeds = direct;
  auto feeds_at = [&](Pos c, int dir, LinePattern lp) {
    const Pattern4 p4 = lp == board.line(c, attacker, dir)
                            ? board.pattern4(c, attacker)
                            : board.Pattern4With(c, attacker, dir, lp);
    return p4 >= kP4Four && (!last || p4 == kP4Flex4);
  };
  bool scanned[kNumDirs] = {};
  for (int dir = 0; dir < kNumDirs; ++dir) {
    const LinePattern own = board.line(move, attacker, dir);
    const bool four_line = own >= kBlock4 && own <= kFourFour;
    if (!four_line && s.feeds) continue;
    // Where the move makes less than a three, it gives no point of the line a four: only
    // the attacker's four points there are looked at (below).
    if (!four_line && own < kBlock3) continue;
    scanned[dir] = true;
    for (int k = -4; k <= 4; ++k) {
      const Pos c = static_cast<Pos>(move + k * kDirOffset[dir]);
      if (k == 0 || !board.IsEmpty(c)) continue;
      const LinePattern lp = board.LineWith(c, dir, -k, attacker, attacker);
      if (four_line && lp == kFive) {
        if (s.fives == 0 || (s.fives == 1 && s.threat[0] != c)) {
          if (s.fives < 2) s.threat[s.fives] = c;
          ++s.fives;
        }
      }
      if (!s.feeds && feeds_at(c, dir, lp)) s.feeds = true;
    }
  }
  for (size_t i = 0; i < four_points.size() && !s.feeds; ++i) {
    const Pos c = four_points[i];
    int dir, k;
    if (!LineStep(move, c, dir, k) || k == 0 || k < -4 || k > 4 || scanned[dir]) continue;
    if (feeds_at(c, dir, board.LineWith(c, dir, -k, attacker, attacker))) s.feeds = true;
  }
  return s;
}

// Whether Renju Black, defending, may not block the attacker's five point `block` once the
// attacker has played `move`.
bool ForbiddenBlock(Board& board, Color attacker, Pos move, Pos block) {
  if (!MayBeFoul(board, block)) return false;
  board.Place(move, attacker);
  const bool forbidden = IsForbidden(board, block);
  board.Undo();
  return forbidden;
}

// Whether a defender stone at c leaves the attacker none of its winning fours at `wins`
// (win_now: the ones legal now). A defender stone at c changes a winning point f only
// through their common line, if they have one within five: f's pattern on it is read with c
// set in its key. Only a Renju foul check needs c on the board. Black's foul at a
// double-three point may turn on a white stone anywhere near the threes, so Black's
// double-three points (`foul_checks`) are always checked on the board.
bool StopsAllWins(Board& board, Color attacker, Pos c, const std::vector<Pos>& wins,
                  const std::vector<bool>& win_now, bool foul_checks) {
  const Color defender = Opponent(attacker);
  bool need_board = foul_checks;
  for (size_t i = 0; i < wins.size() && !need_board; ++i) {
    const Pos f = wins[i];
    if (f == c) continue;
    int dir, k;
    if (!LineStep(f, c, dir, k)) {
      if (win_now[i]) return false;
      continue;
    }
    const LinePattern lp = board.LineWith(f, dir, k, defender, attacker);
    const Pattern4 p4 = board.Pattern4With(f, attacker, dir, lp);
    if (p4 == kP4Flex4) return false;
    if (p4 == kP4DoubleThree && IsRenjuBlack(board, attacker)) need_board = true;
  }
  if (!need_board) return true;
  board.Place(c, defender);
  bool stopped = true;
  for (size_t i = 0; i < wins.size() && stopped; ++i) {
    Pos f = wins[i];
    if (board.IsEmpty(f) && IsWinningFour(board, f, attacker)) stopped = false;
  }
  board.Undo();
  return stopped;
}

// The empty points, off the VCF line, within five on a line of a point of the VCF or of
// its last two five points: only a stone there changes the patterns the VCF is made of.
// Sorted, each once.
std::vector<Pos> VcfZone(const Board& board, const std::vector<Pos>& vcf_line,
                         const Pos last_fives[2]) {
  std::vector<Pos> zone;
  auto add_zone = [&](Pos q) {
    for (int dir = 0; dir < kNumDirs; ++dir) {
      for (int k = -5; k <= 5; ++k) {
        Pos c = static_cast<Pos>(q + k * kDirOffset[dir]);
        if (board.IsEmpty(c) && !Listed(vcf_line, c)) zone.push_back(c);
      }
    }
  };
  for (Pos p : vcf_line) add_zone(p);
  for (int i = 0; i < 2; ++i) {
    if (last_fives[i] != kNoPos) add_zone(last_fives[i]);
  }
  std::sort(zone.begin(), zone.end());
  zone.erase(std::unique(zone.begin(), zone.end()), zone.end());
  return zone;
}

// Where a stone can break a VCF that plays out (for a non-Renju-Black attacker): only on
// the line of an attacker's four (within five of the move: Caro's blocked fives), next to a
// forced reply (a counter-four through it), or around the last four and its five points.
// (A point where Black would make a four but may not play can break it elsewhere; it is no
// defence anyway.)
std::bitset<kNumCells> SensitiveCells(const std::vector<Pos>& vcf_line, const Pos last_fives[2]) {
  std::bitset<kNumCells> sensitive;
  auto mark = [&](Pos q, int dir, int reach) {
    for (int k = -reach; k <= reach; ++k) sensitive.set(q + k * kDirOffset[dir]);
  };
  for (size_t i = 0; i < vcf_line.size(); ++i) {
    const bool reply = i % 2 == 1;
    int dir, k;
    if (!reply && i + 1 < vcf_line.size() && LineStep(vcf_line[i], vcf_line[i + 1], dir, k)) {
      mark(vcf_line[i], dir, 5);
    } else {
      for (int d = 0; d < kNumDirs; ++d) mark(vcf_line[i], d, 5);
    }
  }
  for (int i = 0; i < 2; ++i) {
    if (last_fives[i] == kNoPos) continue;
    for (int d = 0; d < kNumDirs; ++d) mark(last_fives[i], d, 5);
  }
  return sensitive;
}

}  // namespace

bool ReplaysVcf(Board& board, const std::vector<Pos>& vcf, Color side, Pos final_fives[2]) {
  const Color other = Opponent(side);
  size_t placed = 0;
  bool ok = false;
  for (size_t i = 0; i < vcf.size(); i += 2) {
    const Pos move = vcf[i];
    if (!board.IsEmpty(move) || !IsFourMove(board, move, side)) break;
    board.Place(move, side);
    ++placed;
    Pos fives[2];
    int n = FivePointsAround(board, move, side, fives);
    if (n >= 2 || (n == 1 && IsRenjuBlack(board, other) && IsForbidden(board, fives[0]))) {
      ok = i + 1 == vcf.size();
      if (ok && final_fives) {
        final_fives[0] = fives[0];
        if (n >= 2) final_fives[1] = fives[1];
      }
      break;
    }
    if (n != 1 || i + 1 >= vcf.size() || vcf[i + 1] != fives[0]) break;
    board.Place(fives[0], other);
    ++placed;
    Pos counter[2];
    int m = FivePointsAround(board, fives[0], other, counter);
    if (m >= 2 || (m == 1 && (i + 2 >= vcf.size() || vcf[i + 2] != counter[0]))) break;
  }
  for (size_t i = 0; i < placed; ++i) board.Undo();
  return ok;
}

// The attacker's candidates, best first (most negative score): the block of the defender's
// single five point, or fours and threes, and in the second pass quieter moves. Also the
// points where the attacker has a four or five line.
void VctSolver::ListAttacks(std::vector<std::pair<int, Pos>>& scored,
                            std::vector<Pos>& four_points) {
  Pos fives[2];
  const int defender_fives = FivePoints(*board_, defender_, fives);
  if (defender_fives == 1) {
    if (IsLegalMove(*board_, fives[0], attacker_))
      scored.emplace_back(-(2 * kDirectMove), fives[0]);
    return;
  }
  board_->ForEachCandidate([&](Pos p) {
    if (HasFourOrFiveLine(*board_, p, attacker_)) four_points.push_back(p);
    const Pattern4 p4 = board_->pattern4(p, attacker_);
    if (p4 < kP4Two) return;
    bool direct = IsFourMove(*board_, p, attacker_) || IsThreeMove(*board_, p, attacker_);
    if (!direct && (!limits_.quiet || p4 > kP4Block3 || !IsLegalMove(*board_, p, attacker_)))
      return;
    int score = OrderValue(*board_, p, attacker_) + OrderValue(*board_, p, defender_) / 2;
    scored.emplace_back(direct ? -score - kDirectMove : -score, p);
  });
  std::stable_sort(scored.begin(), scored.end());
}

// The attacker's moves: fours (with the forced reply), threes, and, in the second pass,
// quieter moves that may set up a VCF (the defender node checks). Returns true, with the
// move, when one wins at once (two five points, or a single one that Black may not block).
bool VctSolver::AttackerChildren(std::vector<Child>& children, std::vector<Pos>& instant) {
  std::vector<std::pair<int, Pos>> scored;
  std::vector<Pos> four_points;
  ListAttacks(scored, four_points);
  // Only Renju's fouls around a new stone need the board.
  const uint64_t hash = board_->hash();
  const bool black_defender = IsRenjuBlack(*board_, defender_);
  const bool last = Remaining() <= 2;  // a single attacker move left after this one
  for (auto [score, move] : scored) {
    Child child{move, kNoPos, 0, score < -kDirectMove ? 1u : kVctQuietPn};
    const AttackShape shape =
        ReadAttack(*board_, attacker_, move, child.pn == 1, last, four_points);
    const bool forbidden_block = shape.fives == 1 && black_defender &&
                                 ForbiddenBlock(*board_, attacker_, move, shape.threat[0]);
    if (shape.fives >= 2 || forbidden_block) {
      instant = {move};
      return true;
    }
    const uint64_t after = hash ^ ZobristKey(attacker_, move);
    if (shape.fives == 1) {
      child.reply = shape.threat[0];
      child.key = NodeKey(after ^ ZobristKey(defender_, shape.threat[0]), true);
    } else {
      child.key = NodeKey(after, false);
    }
    if (!shape.feeds) continue;
    children.push_back(child);
  }
  return false;
}

// The attacker has just made a threat that is not a four; neither side has a five point.
// The threat is a winning four next move (an open three or a double-four shape) or, failing
// that, a VCF. Returns false when there is no threat or the defender has a VCF of its own;
// otherwise lists the defences worth trying. Against a VCF threat only the points of the VCF
// and the counter-fours are listed; the VCF is left in `zone_vcf`, and the other defences
// (ZoneDefences) are listed when those all lose.
bool VctSolver::DefenderChildren(std::vector<Child>& children, std::vector<Pos>& zone_vcf) {
  refuted_.clear();
  zone_vcf.clear();
  std::vector<Pos> wins;
  bool any_legal = false;
  board_->ForEachCandidate([&](Pos p) {
    if (IsWinningShape(*board_, p, attacker_)) {
      wins.push_back(p);
      any_legal = any_legal || IsWinningFour(*board_, p, attacker_);
    }
  });

  std::vector<Pos> vcf_line;
  if (!any_legal) {
    if (!AttackerVcf(&vcf_line)) return false;
  }
  if (DefenderVcf()) return false;

  std::vector<Pos> moves;
  if (any_legal) {
    BlocksOfWinningPoints(wins, moves);
  } else {
    // Against a VCF threat any move may defend: the points of the VCF line first, then the
    // counter-fours, then (ZoneDefences) everything else.
    for (Pos p : vcf_line) {
      if (board_->IsEmpty(p) && !Listed(moves, p) && IsLegalMove(*board_, p, defender_)) {
        moves.push_back(p);
      }
    }
    zone_vcf = vcf_line;
  }
  const size_t fours = moves.size();
  board_->ForEachCandidate([&](Pos p) {
    if (IsFourMove(*board_, p, defender_) && !Listed(moves, p)) moves.push_back(p);
  });
  OrderDefences(moves, fours);
  std::vector<std::vector<Pos>> refutations;
  if (!vcf_line.empty()) refutations.push_back(std::move(vcf_line));
  KeepDefences(moves, SIZE_MAX, std::move(refutations),
               any_legal ? kVctVerifiedBlocks : kVctVerifiedDefences, children);
  return true;
}

// Against winning points `wins` (some legal now): every point on their lines that removes
// them all, ordered; the counter-fours are added by the caller. Any other move lets the
// attacker make a winning four.
void VctSolver::BlocksOfWinningPoints(const std::vector<Pos>& wins, std::vector<Pos>& moves) {
  std::vector<bool> win_now(wins.size());
  bool foul_checks = false;
  for (size_t i = 0; i < wins.size(); ++i) {
    win_now[i] = IsWinningFour(*board_, wins[i], attacker_);
    foul_checks = foul_checks || board_->pattern4(wins[i], attacker_) == kP4DoubleThree;
  }
  for (Pos f : wins) {
    for (int dir = 0; dir < kNumDirs; ++dir) {
      if (board_->line(f, attacker_, dir) < kBlock3) continue;
      for (int k = -5; k <= 5; ++k) {
        Pos c = static_cast<Pos>(f + k * kDirOffset[dir]);
        if (!board_->IsEmpty(c) || Listed(moves, c)) continue;
        if (StopsAllWins(*board_, attacker_, c, wins, win_now, foul_checks) &&
            IsLegalMove(*board_, c, defender_)) {
          moves.push_back(c);
        }
      }
    }
  }
  OrderDefences(moves, 0);
}

// Within moves[from..], the points that matter most to either side first: a disproof needs
// one defence that holds, and the first ones listed are tried (and verified) first.
void VctSolver::OrderDefences(std::vector<Pos>& moves, size_t from) const {
  auto score = [&](Pos p) {
    return OrderValue(*board_, p, defender_) + OrderValue(*board_, p, attacker_);
  };
  std::stable_sort(moves.begin() + static_cast<std::ptrdiff_t>(from), moves.end(),
                   [&](Pos a, Pos b) { return score(a) > score(b); });
}

// The defences against the VCF threat `vcf_line` besides its own points and the
// counter-fours. A move after which the same VCF still plays out loses without a search.
void VctSolver::ZoneDefences(const std::vector<Pos>& vcf_line, std::vector<Child>& children) {
  Pos last_fives[2] = {kNoPos, kNoPos};
  const bool replays = ReplaysVcf(*board_, vcf_line, attacker_, last_fives);
  const std::vector<Pos> zone = VcfZone(*board_, vcf_line, last_fives);
  // Renju Black's fouls depend on more than SensitiveCells sees: every zone point is
  // replayed when Black attacks, or when the line ends on Black's forbidden block.
  const bool filter = replays && !IsRenjuBlack(*board_, attacker_) &&
                      !(IsRenjuBlack(*board_, defender_) && last_fives[1] == kNoPos);
  std::bitset<kNumCells> sensitive;
  if (filter) sensitive = SensitiveCells(vcf_line, last_fives);
  std::vector<Pos> moves;
  for (Pos p : zone) {
    // The counter-fours were listed with the VCF's points.
    if (IsFourMove(*board_, p, defender_)) continue;
    if (filter && !sensitive.test(p)) continue;
    board_->Place(p, defender_);
    bool loses = ReplaysVcf(*board_, vcf_line, attacker_);
    board_->Undo();
    if (!loses && IsLegalMove(*board_, p, defender_)) moves.push_back(p);
  }
  OrderDefences(moves, 0);
  KeepDefences(moves, 0, {vcf_line}, kVctVerifiedDefences, children);
}

// Appends the moves that survive to `children`. A defence after which the attacker still
// has a VCF loses: the refutations (VCFs) found so far are replayed first, then the VCF
// solver asked until `verified` defences survive (the rest are only checked against the
// VCFs found so far, and their attacker nodes ask the VCF solver when, if ever, the search
// reaches them: one surviving defence is all a disproof needs, and a proof visits every
// child anyway). moves[replayed_from..] are known to
// survive the first refutation. Counter-fours are left to the search.
void VctSolver::KeepDefences(const std::vector<Pos>& moves, size_t replayed_from,
                             std::vector<std::vector<Pos>> refutations, size_t verified,
                             std::vector<Child>& children) {
  const uint64_t hash = board_->hash();
  size_t kept = 0;
  for (size_t m = 0; m < moves.size(); ++m) {
    const Pos p = moves[m];
    const bool four = IsFourMove(*board_, p, defender_);
    const size_t first = m >= replayed_from ? 1 : 0;
    // The board is needed only to replay or to ask the VCF solver.
    const bool place = !four && (first < refutations.size() || kept < verified);
    if (place) board_->Place(p, defender_);
    size_t beaten_by = refutations.size();
    if (place) {
      for (size_t i = first; i < refutations.size() && beaten_by == refutations.size(); ++i) {
        if (ReplaysVcf(*board_, refutations[i], attacker_)) beaten_by = i;
      }
      std::vector<Pos> line;
      if (beaten_by == refutations.size() && kept < verified && AttackerVcf(&line)) {
        refutations.push_back(std::move(line));
      }
      board_->Undo();
    }
    const bool loses = beaten_by < refutations.size();
    if (loses && refuted_.empty()) {
      // The line shown when every defence loses: this one and a VCF after it.
      refuted_.push_back(p);
      refuted_.insert(refuted_.end(), refutations[beaten_by].begin(), refutations[beaten_by].end());
    }
    if (!loses) {
      children.push_back(Child{p, kNoPos, NodeKey(hash ^ ZobristKey(defender_, p), true)});
      ++kept;
    }
  }
}

}  // namespace sente
