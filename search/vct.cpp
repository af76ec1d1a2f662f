#include "search/vct.h"

#include <algorithm>
#include <bitset>
#include <utility>

#include "search/threat_moves.h"
#include "search/threat_table.h"

namespace sente {
namespace {

constexpr int kDefaultMaxMoves = 40;
constexpr uint64_t kAttackVcfNodes = 100;
// The defender's own VCF is a shortcut: missed, its fours are still tried one by one.
constexpr uint64_t kDefendVcfNodes = 20;
constexpr uint32_t kInf = 1u << 30;
constexpr int kInitialTableBits = 15;
constexpr uint32_t kQuietPn = 10;  // a quiet move threatens less than a four or a three
// The first pass (no quiet moves) gets at most this many nodes, or this share of a node limit.
constexpr uint64_t kDirectNodes = 300'000;
constexpr uint64_t kDirectShare = 3;
constexpr size_t kMaxCachedChildren = size_t{1} << 21;
// A defender node asks the VCF solver about its defences until this many survive (one
// against a three, two against a VCF threat, whose defences are many and weaker); the rest
// are only checked against the VCFs found so far, and their attacker nodes ask the VCF
// solver when (if ever) the search reaches them. One surviving defence is all a disproof
// needs, and a proof visits every child anyway.
constexpr size_t kVerifiedBlocks = 1;
constexpr size_t kVerifiedDefences = 2;
constexpr int kNoVcfBits = 18;
constexpr int kMaxDepthSlots = 64;
constexpr uint64_t kDefenderSalt = 0x94D049BB133111EBull;
// Memory of a cached expansion beyond its children (hash node, two vectors, allocator
// headers), and of a proof (hash node and its vector of moves).
constexpr size_t kExpansionBytes = 160;
constexpr size_t kProofBytes = 128;

uint32_t Sum(uint64_t a, uint64_t b) { return static_cast<uint32_t>(std::min<uint64_t>(kInf, a + b)); }

// Points where c would make two five points at once, by shape (legality not checked).
bool IsWinningShape(const Board& board, Pos p, Color c) {
  Pattern4 p4 = board.pattern4(p, c);
  return p4 == kP4Flex4 ||
         (p4 == kP4DoubleThree && IsRenjuBlack(board, c) && HasLine(board, p, c, kFlex4, kFlex4));
}

}  // namespace

VctSolver::VctSolver(int max_table_bits)
    : max_entries_(size_t{1} << std::max(max_table_bits, kInitialTableBits)),
      table_entries_cap_(max_entries_),
      mask_((uint64_t{1} << kInitialTableBits) - 1),
      table_(mask_ + 1),
      max_cached_children_(kMaxCachedChildren),
      vcf_(16),
      no_vcf_(size_t{1} << kNoVcfBits) {}

ThreatResult VctSolver::Solve(Board& board, Color attacker, const ThreatLimits& limits) {
  ThreatCountsPause pause(board);  // never read here
  ThreatResult result;
  ThreatBudget budget(limits);
  board_ = &board;
  attacker_ = attacker;
  defender_ = Opponent(attacker);
  budget_ = &budget;
  stop_ = limits.stop;
  root_attacker_stones_ = board.count(attacker);
  max_moves_ = limits.max_attacker_moves > 0 ? limits.max_attacker_moves : kDefaultMaxMoves;
  SetMemory(limits.max_bytes);

  if (FiveAtOnce(board, attacker_, result)) return result;
  counter_vcfs_.assign(static_cast<size_t>(std::min(max_moves_, kMaxDepthSlots)) + 1, {});
  const uint64_t root = NodeKey(board.hash(), true);
  // Two passes: fours and threes only, which proves most wins in a fraction of the nodes,
  // then with the quiet moves too. The second pass starts afresh but for what does not
  // depend on quiet moves: the proofs, and the defences of defender nodes (a disproof of the
  // first pass says nothing about quiet moves).
  Entry e;
  proofs_.clear();
  defences_.clear();
  no_vcf_salt_ += 0x9E3779B97F4A7C15ull;  // forgets the keys of earlier solves
  cached_children_ = 0;
  for (bool quiet : {false, true}) {
    if (used_) table_.assign(table_.size(), Entry{});
    used_ = true;
    filled_ = 0;
    for (const auto& [key, expansion] : children_) {
      cached_children_ -= expansion.children.size() + expansion_cost_;
    }
    children_.clear();
    quiet_ = quiet;
    node_cap_ = UINT64_MAX;
    if (!quiet) {
      node_cap_ = limits.max_nodes > 0 ? limits.max_nodes / kDirectShare : kDirectNodes;
    }
    Search(true, root, kInf, kInf);
    result.win = Lookup(root, e) && e.pn == 0;
    if (result.win || budget.aborted() || proofs_.size() >= max_proofs_) break;
  }
  if (result.win) result.line = ProvenLine(root);
  result.aborted = (budget.aborted() || proofs_.size() >= max_proofs_) && !result.win;
  result.nodes = budget.nodes();
  return result;
}

void VctSolver::Cache(ChildCache& cache, uint64_t key, const std::vector<Child>& children,
                      const std::vector<Pos>& zone_vcf) {
  auto [it, inserted] = cache.try_emplace(key);
  if (!inserted) cached_children_ -= it->second.children.size() + expansion_cost_;
  if (cached_children_ + children.size() + expansion_cost_ > max_cached_children_) {
    children_.clear();
    defences_.clear();
    cached_children_ = 0;
    it = cache.try_emplace(key).first;
  }
  cached_children_ += children.size() + expansion_cost_;
  it->second = Expansion{children, zone_vcf};
}

// The VCF solver's table and no_vcf_ have their fixed sizes; of the rest, the df-pn table
// gets a quarter (a growing table briefly holds its old copy too), the child caches half and
// the proofs a quarter.
void VctSolver::SetMemory(size_t max_bytes) {
  max_entries_ = table_entries_cap_;
  max_cached_children_ = kMaxCachedChildren;
  expansion_cost_ = 0;
  max_proofs_ = SIZE_MAX;
  if (max_bytes == 0) return;
  const size_t fixed = no_vcf_.size() * sizeof(uint64_t) + (size_t{16} << 16);
  const size_t rest = max_bytes > fixed ? max_bytes - fixed : 0;
  while (max_entries_ > table_.size() && max_entries_ * sizeof(Entry) * 5 / 4 > rest / 4) {
    max_entries_ /= 2;
  }
  expansion_cost_ = (kExpansionBytes + sizeof(Child) - 1) / sizeof(Child);
  max_cached_children_ = std::min(kMaxCachedChildren, rest / 2 / sizeof(Child));
  max_proofs_ = std::max<size_t>(1, rest / 4 / kProofBytes);
}

bool VctSolver::Step() {
  return budget_->Step() && budget_->nodes() < node_cap_ && proofs_.size() < max_proofs_;
}

bool VctSolver::Stopped() const {
  return budget_->aborted() || budget_->nodes() >= node_cap_ || proofs_.size() >= max_proofs_;
}

size_t VctSolver::Depth() const {
  return static_cast<size_t>(board_->count(attacker_) - root_attacker_stones_);
}

int VctSolver::Remaining() const {
  return max_moves_ - (board_->count(attacker_) - root_attacker_stones_);
}

uint64_t VctSolver::NodeKey(uint64_t hash, bool attacker_to_move) const {
  return ThreatTable::Key(hash, attacker_) ^ (attacker_to_move ? 0 : kDefenderSalt);
}

bool VctSolver::Lookup(uint64_t key, Entry& entry) const {
  const size_t i = key & mask_;
  for (size_t slot : {i, i ^ 1}) {
    if (table_[slot].key == key) {
      entry = table_[slot];
      return true;
    }
  }
  if (proofs_.count(key)) {
    entry = Entry{key, 0, kInf};
    return true;
  }
  return false;
}

// Two slots per key. A new entry goes to an empty slot, else over an unresolved one.
void VctSolver::Store(const Entry& entry) {
  const size_t i = entry.key & mask_;
  for (size_t slot : {i, i ^ 1}) {
    if (table_[slot].key == entry.key) {
      table_[slot] = entry;
      return;
    }
  }
  if (++filled_ > table_.size() / 2 && table_.size() < max_entries_) {
    // Small searches stay in a small table; big ones grow it, keeping what it holds.
    std::vector<Entry> old(std::min(table_.size() * 4, max_entries_));
    old.swap(table_);
    mask_ = table_.size() - 1;
    filled_ = 0;
    for (const Entry& e : old) {
      if (e.key != 0) Store(e);
    }
  }
  const size_t j = entry.key & mask_;  // the table may have grown
  Entry& first = table_[j];
  Entry& second = table_[j ^ 1];
  auto resolved = [](const Entry& e) { return e.key != 0 && (e.pn == 0 || e.dn == 0); };
  if (first.key == 0 || (!resolved(first) && second.key != 0)) {
    first = entry;
  } else if (second.key == 0 || !resolved(second)) {
    second = entry;
  } else {
    first = entry;
  }
}

// A VCF for `attacker` (who is to move) within the limits, its line in `line` if given.
bool VctSolver::Vcf(Color attacker, int max_moves, uint64_t max_nodes, std::vector<Pos>* line) {
  ThreatLimits limits;
  limits.max_attacker_moves = max_moves;
  limits.max_nodes = max_nodes;
  limits.stop = stop_;
  ThreatResult r = vcf_.Solve(*board_, attacker, limits);
  budget_->Add(r.nodes);
  if (r.win && line) *line = std::move(r.line);
  return r.win;
}

// Whether the attacker, as if to move, has a VCF within the remaining budget, its line in
// `line`. A position where the VCF solver found none is remembered: the same question comes
// from a defender node (about a defence) and then again from the attacker node it leads to.
bool VctSolver::AttackerVcf(std::vector<Pos>* line) {
  const uint64_t key = NodeKey(board_->hash(), true) ^ no_vcf_salt_;
  uint64_t& slot = no_vcf_[key & (no_vcf_.size() - 1)];
  if (slot == key) return false;
  if (Vcf(attacker_, Remaining(), kAttackVcfNodes, line)) return true;
  slot = key;
  return false;
}

// Whether the defender, as if to move, has a VCF: the one found last at this depth is
// replayed first, as a threat next to it seldom stops it.
bool VctSolver::DefenderVcf() {
  std::vector<Pos>& last = counter_vcfs_[std::min(Depth(), counter_vcfs_.size() - 1)];
  if (!last.empty() && Replays(last, defender_)) return true;
  std::vector<Pos> line;
  if (!Vcf(defender_, 0, kDefendVcfNodes, &line)) return false;
  last = std::move(line);
  return true;
}

// Attacker to move, seen for the first time: wins at once, wins by VCF, or cannot win.
bool VctSolver::TerminalAttack(uint64_t key, Entry& entry) {
  const int remaining = Remaining();
  // One pass over the candidate cells: five points and fours have a stone within two steps.
  int defender_fives = 0;
  Pos win = kNoPos;
  board_->ForEachCandidate([&](Pos p) {
    defender_fives += board_->MakesFive(p, defender_);
    if (win == kNoPos && IsWinningFour(*board_, p, attacker_)) win = p;
  });
  bool proven = false;
  std::vector<Pos> line;
  if (defender_fives >= 2 || remaining <= 0) {
    // lost, or out of moves
  } else if (defender_fives == 0 && win != kNoPos) {
    line = {win};
    proven = true;
  } else if (AttackerVcf(&line)) {
    proven = true;
  } else if (remaining > 1) {
    return false;
  }
  if (proven) {
    entry.pn = 0;
    entry.dn = kInf;
    proofs_[key] = Proof{std::move(line), true};
  } else {
    entry.pn = kInf;
    entry.dn = 0;
  }
  return true;
}

void VctSolver::Search(bool attacker_to_move, uint64_t key, uint32_t pn_limit,
                       uint32_t dn_limit) {
  Entry entry{key, 1, 1};
  if (!Lookup(key, entry) && attacker_to_move && TerminalAttack(key, entry)) {
    Store(entry);
    return;
  }
  if (entry.pn >= pn_limit || entry.dn >= dn_limit || !Step()) return;

  // Expanding a node costs move generation and VCF searches; df-pn comes back to the same
  // nodes, so their children are kept.
  std::vector<Child> children;
  std::vector<Pos> zone_vcf;
  auto& cache = attacker_to_move ? children_ : defences_;
  auto cached = cache.find(key);
  const bool fresh = cached == cache.end();
  if (!fresh) {
    children = cached->second.children;
    zone_vcf = cached->second.zone_vcf;
  } else {
    if (attacker_to_move) {
      std::vector<Pos> instant;
      if (AttackerChildren(children, instant)) {
        entry.pn = 0;
        entry.dn = kInf;
        proofs_[key] = Proof{std::move(instant), true};
        Store(entry);
        return;
      }
    } else if (!DefenderChildren(children, zone_vcf)) {
      children.push_back(Child{kNoPos, kNoPos, 0});
    } else if (children.empty() && !zone_vcf.empty()) {
      ZoneDefences(zone_vcf, children);
      zone_vcf.clear();
    }
    Cache(cache, key, children, zone_vcf);
  }
  if (!attacker_to_move) {
    if (!children.empty() && children[0].move == kNoPos) {
      entry.pn = kInf;
      entry.dn = 0;
      Store(entry);
      return;
    }
  }
  if (children.empty()) {
    // The attacker has no threat left, or the defender no defence.
    entry.pn = attacker_to_move ? kInf : 0;
    entry.dn = attacker_to_move ? 0 : kInf;
    if (!attacker_to_move && !proofs_.count(key)) {
      proofs_[key] = Proof{fresh ? refuted_ : std::vector<Pos>{}, true};
    }
    Store(entry);
    return;
  }

  while (true) {
    // OR node (attacker): pn = min, dn = sum. AND node (defender): pn = sum, dn = min.
    // The summed side is counted "weakly" (largest child plus one per other open child):
    // the same defences and threats recur through transpositions, and a plain sum
    // overstates them.
    uint64_t largest = 0, open = 0;
    bool unseen_quiet = false;
    uint32_t best = kInf + 1, second = kInf;
    size_t best_i = 0;
    uint32_t best_pn = 0, best_dn = 0;
    for (size_t i = 0; i < children.size(); ++i) {
      Entry c{children[i].key, children[i].pn, 1};
      if (!Lookup(children[i].key, c) && attacker_to_move && children[i].pn >= kQuietPn) {
        // Quiet moves seldom threaten anything: the ones not searched yet count as one.
        if (unseen_quiet) c.dn = 0;
        unseen_quiet = true;
      }
      uint32_t minimized = attacker_to_move ? c.pn : c.dn;
      uint32_t summed = attacker_to_move ? c.dn : c.pn;
      largest = std::max<uint64_t>(largest, summed);
      open += summed != 0;
      if (minimized < best) {
        second = best;
        best = minimized;
        best_i = i;
        best_pn = c.pn;
        best_dn = c.dn;
      } else if (minimized < second) {
        second = minimized;
      }
    }
    second = std::min(second, kInf);
    const uint64_t sum = open == 0 ? 0 : largest >= kInf ? kInf : largest + open - 1;
    if (attacker_to_move) {
      entry.pn = best;
      entry.dn = static_cast<uint32_t>(std::min<uint64_t>(sum, kInf));
    } else {
      entry.pn = static_cast<uint32_t>(std::min<uint64_t>(sum, kInf));
      entry.dn = best;
    }
    if (entry.pn == 0 && !zone_vcf.empty()) {
      // Every defence listed so far loses: the rest are listed now.
      ZoneDefences(zone_vcf, children);
      zone_vcf.clear();
      Cache(defences_, key, children, zone_vcf);
      continue;
    }
    if (entry.pn >= pn_limit || entry.dn >= dn_limit || Stopped()) break;

    uint32_t child_pn, child_dn;
    if (attacker_to_move) {
      child_pn = std::min(pn_limit, Sum(second, 1));
      child_dn = dn_limit >= kInf ? kInf : Sum(dn_limit - entry.dn, best_dn);
    } else {
      child_dn = std::min(dn_limit, Sum(second, 1));
      child_pn = pn_limit >= kInf ? kInf : Sum(pn_limit - entry.pn, best_pn);
    }
    const Child& c = children[best_i];
    if (attacker_to_move) {
      board_->Place(c.move, attacker_);
      if (c.reply != kNoPos) board_->Place(c.reply, defender_);
      Search(c.reply != kNoPos, c.key, child_pn, child_dn);
      if (c.reply != kNoPos) board_->Undo();
    } else {
      board_->Place(c.move, defender_);
      Search(true, c.key, child_pn, child_dn);
    }
    board_->Undo();
  }
  Store(entry);
  if (entry.pn == 0 && !proofs_.count(key)) {
    for (const Child& c : children) {
      Entry e;
      if (!attacker_to_move || (Lookup(c.key, e) && e.pn == 0)) {
        Proof proof;
        proof.moves.push_back(c.move);
        if (c.reply != kNoPos) proof.moves.push_back(c.reply);
        proofs_[key] = std::move(proof);
        break;
      }
    }
  }
}

// Follows the recorded proofs from the root: the winning move at attacker nodes, the first
// defence at defender nodes.
std::vector<Pos> VctSolver::ProvenLine(uint64_t root) {
  std::vector<Pos> line;
  int placed = 0;
  uint64_t key = root;
  bool attacker_to_move = true;
  while (true) {
    auto it = proofs_.find(key);
    if (it == proofs_.end()) break;
    const Proof& proof = it->second;
    line.insert(line.end(), proof.moves.begin(), proof.moves.end());
    if (proof.terminal) break;
    Color mover = attacker_to_move ? attacker_ : defender_;
    for (Pos p : proof.moves) {
      board_->Place(p, mover);
      ++placed;
      mover = Opponent(mover);
    }
    attacker_to_move = mover == attacker_;
    key = NodeKey(board_->hash(), attacker_to_move);
  }
  for (int i = 0; i < placed; ++i) board_->Undo();
  return line;
}

// The attacker's moves: fours (with the forced reply), threes, and, in the second pass,
// quieter moves that may set up a VCF (the defender node checks). Returns true, with the move, when one wins at
// once (two five points, or a single one that Black may not block).
bool VctSolver::AttackerChildren(std::vector<Child>& children, std::vector<Pos>& instant) {
  Pos fives[2];
  const int defender_fives = FivePoints(*board_, defender_, fives);
  std::vector<std::pair<int, Pos>> scored;
  std::vector<Pos> four_points;  // where the attacker has a four or five line
  if (defender_fives == 1) {
    if (Legal(*board_, fives[0], attacker_)) scored.emplace_back(-(2 << 20), fives[0]);
  } else {
    board_->ForEachCandidate([&](Pos p) {
      if (HasFourOrFiveLine(*board_, p, attacker_)) four_points.push_back(p);
      const Pattern4 p4 = board_->pattern4(p, attacker_);
      if (p4 < kP4Two) return;
      bool direct = IsFourMove(*board_, p, attacker_) || IsThreeMove(*board_, p, attacker_);
      if (!direct && (!quiet_ || p4 > kP4Block3 || !Legal(*board_, p, attacker_))) return;
      int score = board_->Value(p, attacker_) + board_->Value(p, defender_) / 2;
      scored.emplace_back(direct ? -score - (1 << 20) : -score, p);
    });
    std::stable_sort(scored.begin(), scored.end());
  }
  // What each move makes is read from the line patterns around it, with the move set in
  // their keys, instead of placing it: fours and their five points, and for a quiet move
  // the fours it helps make. Only Renju's fouls around a new stone need the board.
  const uint64_t hash = board_->hash();
  const bool black_defender = IsRenjuBlack(*board_, defender_);
  const bool last = Remaining() <= 2;  // a single attacker move left after this one
  for (auto [score, move] : scored) {
    Child child{move, kNoPos, 0, score < -(1 << 20) ? 1u : kQuietPn};
    Pos threat[2];
    int n = 0;
    bool feeds = child.pn == 1;
    // A quiet move sets up a VCF only through a four it helps make: some four of the
    // attacker must then lie on one of its lines, near it. With a single attacker move left
    // after it, that four must win at once.
    auto feeds_at = [&](Pos c, int dir, LinePattern lp) {
      const Pattern4 p4 = lp == board_->line(c, attacker_, dir)
                              ? board_->pattern4(c, attacker_)
                              : board_->Pattern4With(c, attacker_, dir, lp);
      return p4 >= kP4Four && (!last || p4 == kP4Flex4);
    };
    bool scanned[kNumDirs] = {};
    for (int dir = 0; dir < kNumDirs; ++dir) {
      const LinePattern own = board_->line(move, attacker_, dir);
      const bool four_line = own >= kBlock4 && own <= kFourFour;
      if (!four_line && feeds) continue;
      // Where the move makes less than a three, it gives no point of the line a four: only
      // the attacker's four points there are looked at (below).
      if (!four_line && own < kBlock3) continue;
      scanned[dir] = true;
      for (int k = -4; k <= 4; ++k) {
        const Pos c = static_cast<Pos>(move + k * kDirOffset[dir]);
        if (k == 0 || !board_->IsEmpty(c)) continue;
        const LinePattern lp = board_->LineWith(c, dir, -k, attacker_, attacker_);
        if (four_line && lp == kFive) {
          if (n == 0 || (n == 1 && threat[0] != c)) {
            if (n < 2) threat[n] = c;
            ++n;
          }
        }
        if (!feeds && feeds_at(c, dir, lp)) feeds = true;
      }
    }
    for (size_t i = 0; i < four_points.size() && !feeds; ++i) {
      const Pos c = four_points[i];
      int dir, k;
      if (!LineStep(move, c, dir, k) || k == 0 || k < -4 || k > 4 || scanned[dir]) continue;
      if (feeds_at(c, dir, board_->LineWith(c, dir, -k, attacker_, attacker_))) feeds = true;
    }
    bool forbidden_block = false;
    if (n == 1 && black_defender) {
      // A white stone only takes from Black's lines: a point that was no candidate foul
      // before it is none after it.
      const Pattern4 p4 = board_->pattern4(threat[0], defender_);
      if (p4 == kP4Overline || p4 == kP4DoubleFour || p4 >= kP4DoubleThree) {
        board_->Place(move, attacker_);
        forbidden_block = IsForbidden(*board_, threat[0]);
        board_->Undo();
      }
    }
    if (n >= 2 || forbidden_block) {
      instant = {move};
      return true;
    }
    const uint64_t after = hash ^ ZobristKey(attacker_, move);
    if (n == 1) {
      child.reply = threat[0];
      child.key = NodeKey(after ^ ZobristKey(defender_, threat[0]), true);
    } else {
      child.key = NodeKey(after, false);
    }
    if (!feeds) continue;
    children.push_back(child);
  }
  return false;
}

// Whether the attacker's VCF line still wins as played: every attacker move a legal four
// with a single forced reply, no counter-four on the way, and a winning last four.
bool VctSolver::Replays(const std::vector<Pos>& vcf, Color side, Pos final_fives[2]) {
  const Color other = Opponent(side);
  size_t placed = 0;
  bool ok = false;
  for (size_t i = 0; i < vcf.size(); i += 2) {
    const Pos move = vcf[i];
    if (!board_->IsEmpty(move) || !IsFourMove(*board_, move, side)) break;
    board_->Place(move, side);
    ++placed;
    Pos fives[2];
    int n = FivePointsAround(*board_, move, side, fives);
    if (n >= 2 || (n == 1 && IsRenjuBlack(*board_, other) && IsForbidden(*board_, fives[0]))) {
      ok = i + 1 == vcf.size();
      if (ok && final_fives) {
        final_fives[0] = fives[0];
        if (n >= 2) final_fives[1] = fives[1];
      }
      break;
    }
    if (n != 1 || i + 1 >= vcf.size() || vcf[i + 1] != fives[0]) break;
    board_->Place(fives[0], other);
    ++placed;
    Pos counter[2];
    int m = FivePointsAround(*board_, fives[0], other, counter);
    if (m >= 2 || (m == 1 && (i + 2 >= vcf.size() || vcf[i + 2] != counter[0]))) break;
  }
  for (size_t i = 0; i < placed; ++i) board_->Undo();
  return ok;
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
  auto listed = [&](Pos p) { return std::find(moves.begin(), moves.end(), p) != moves.end(); };
  if (any_legal) {
    // Every point on the lines of the winning points that removes them all, then every
    // counter-four: any other move lets the attacker make a winning four.
    // A defender stone at c changes a winning point f only through their common line, if
    // they have one within five: f's pattern on it is read with c set in its key. Only a
    // Renju foul check needs c on the board.
    // Black's foul at a double-three point may turn on a white stone anywhere near the
    // threes, so Black's double-three points are always checked on the board.
    std::vector<bool> win_now(wins.size());
    bool foul_checks = false;
    for (size_t i = 0; i < wins.size(); ++i) {
      win_now[i] = IsWinningFour(*board_, wins[i], attacker_);
      foul_checks = foul_checks || board_->pattern4(wins[i], attacker_) == kP4DoubleThree;
    }
    auto stops_all = [&](Pos c) {
      bool need_board = foul_checks;
      for (size_t i = 0; i < wins.size() && !need_board; ++i) {
        const Pos f = wins[i];
        if (f == c) continue;
        int dir, k;
        if (!LineStep(f, c, dir, k)) {
          if (win_now[i]) return false;
          continue;
        }
        const LinePattern lp = board_->LineWith(f, dir, k, defender_, attacker_);
        const Pattern4 p4 = board_->Pattern4With(f, attacker_, dir, lp);
        if (p4 == kP4Flex4) return false;
        if (p4 == kP4DoubleThree && IsRenjuBlack(*board_, attacker_)) need_board = true;
      }
      if (!need_board) return true;
      board_->Place(c, defender_);
      bool stopped = true;
      for (size_t i = 0; i < wins.size() && stopped; ++i) {
        Pos f = wins[i];
        if (board_->IsEmpty(f) && IsWinningFour(*board_, f, attacker_)) stopped = false;
      }
      board_->Undo();
      return stopped;
    };
    for (Pos f : wins) {
      for (int dir = 0; dir < kNumDirs; ++dir) {
        if (board_->line(f, attacker_, dir) < kBlock3) continue;
        for (int k = -5; k <= 5; ++k) {
          Pos c = static_cast<Pos>(f + k * kDirOffset[dir]);
          if (!board_->IsEmpty(c) || listed(c)) continue;
          if (stops_all(c) && Legal(*board_, c, defender_)) moves.push_back(c);
        }
      }
    }
    OrderDefences(moves, 0);
  } else {
    // Against a VCF threat any move may defend: the points of the VCF line first, then the
    // counter-fours, then (ZoneDefences) everything else.
    for (Pos p : vcf_line) {
      if (board_->IsEmpty(p) && !listed(p) && Legal(*board_, p, defender_)) moves.push_back(p);
    }
    zone_vcf = vcf_line;
  }
  const size_t fours = moves.size();
  board_->ForEachCandidate([&](Pos p) {
    if (IsFourMove(*board_, p, defender_) && !listed(p)) moves.push_back(p);
  });
  OrderDefences(moves, fours);
  std::vector<std::vector<Pos>> refutations;
  if (!vcf_line.empty()) refutations.push_back(std::move(vcf_line));
  KeepDefences(moves, SIZE_MAX, std::move(refutations), any_legal ? kVerifiedBlocks : kVerifiedDefences,
               children);
  return true;
}

// Within moves[from..], the points that matter most to either side first: a disproof needs
// one defence that holds, and the first ones listed are tried (and verified) first.
void VctSolver::OrderDefences(std::vector<Pos>& moves, size_t from) const {
  auto score = [&](Pos p) { return board_->Value(p, defender_) + board_->Value(p, attacker_); };
  std::stable_sort(moves.begin() + static_cast<std::ptrdiff_t>(from), moves.end(),
                   [&](Pos a, Pos b) { return score(a) > score(b); });
}

// The defences against the VCF threat `vcf_line` besides its own points and the
// counter-fours. A move after which the same VCF still plays out loses without a search.
void VctSolver::ZoneDefences(const std::vector<Pos>& vcf_line, std::vector<Child>& children) {
  auto on_line = [&](Pos p) { return std::find(vcf_line.begin(), vcf_line.end(), p) != vcf_line.end(); };
  // Only a stone on a line within five of a point of the VCF (or of its last two five
  // points) changes the patterns the VCF is made of.
  std::vector<Pos> zone;
  auto add_zone = [&](Pos q) {
    for (int dir = 0; dir < kNumDirs; ++dir) {
      for (int k = -5; k <= 5; ++k) {
        Pos c = static_cast<Pos>(q + k * kDirOffset[dir]);
        if (board_->IsEmpty(c) && !on_line(c)) zone.push_back(c);
      }
    }
  };
  for (Pos p : vcf_line) add_zone(p);
  Pos last_fives[2] = {kNoPos, kNoPos};
  const bool replays = Replays(vcf_line, attacker_, last_fives);
  for (Pos q : last_fives) {
    if (q != kNoPos) add_zone(q);
  }
  // Within the zone, a stone can break the line (when it plays out here) only on the
  // line of an attacker's four (within five of the move: Caro's blocked fives), next to
  // a forced reply (a counter-four through it), or around the last four and its five
  // points. (A point where Black would make a four but may not play can break it
  // elsewhere; it is no defence anyway.) Renju Black's fouls depend on more: every zone
  // point is replayed when Black attacks, or when the line ends on Black's forbidden block.
  std::bitset<kNumCells> sensitive;
  const bool filter = replays && !IsRenjuBlack(*board_, attacker_) &&
                      !(IsRenjuBlack(*board_, defender_) && last_fives[1] == kNoPos);
  if (filter) {
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
    for (Pos q : last_fives) {
      if (q == kNoPos) continue;
      for (int d = 0; d < kNumDirs; ++d) mark(q, d, 5);
    }
  }
  std::sort(zone.begin(), zone.end());
  zone.erase(std::unique(zone.begin(), zone.end()), zone.end());
  std::vector<Pos> moves;
  for (Pos p : zone) {
    // The counter-fours were listed with the VCF's points.
    if (IsFourMove(*board_, p, defender_)) continue;
    if (filter && !sensitive.test(p)) continue;
    board_->Place(p, defender_);
    bool loses = Replays(vcf_line, attacker_);
    board_->Undo();
    if (!loses && Legal(*board_, p, defender_)) moves.push_back(p);
  }
  OrderDefences(moves, 0);
  KeepDefences(moves, 0, {vcf_line}, kVerifiedDefences, children);
}

// Appends the moves that survive to `children`. A defence after which the attacker still
// has a VCF loses: the refutations (VCFs) found so far are replayed first, then the VCF
// solver asked until `verified` defences survive. moves[replayed_from..] are known to
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
        if (Replays(refutations[i], attacker_)) beaten_by = i;
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
