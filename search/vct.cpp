#include "search/vct.h"

#include <algorithm>
#include <utility>

#include "search/params.h"
#include "search/threat_moves.h"
#include "search/threat_table.h"
#include "search/vct_moves.h"

namespace sente {
namespace {

constexpr uint32_t kInf = kVctInf;
constexpr int kMaxDepthSlots = 64;
constexpr uint64_t kDefenderSalt = 0x94D049BB133111EBull;
// Memory of a cached expansion beyond its children (hash node, two vectors, allocator
// headers), and of a proof (hash node and its vector of moves).
constexpr size_t kExpansionBytes = 160;
constexpr size_t kProofBytes = 128;

uint32_t Sum(uint64_t a, uint64_t b) {
  return static_cast<uint32_t>(std::min<uint64_t>(kInf, a + b));
}

}  // namespace

VctSolver::VctSolver(int max_table_bits)
    : table_(max_table_bits), vcfs_(kVctVcfTableBits, kVctNoVcfBits) {}

ThreatResult VctSolver::Solve(Board& board, Color attacker, const ThreatLimits& limits) {
  ThreatCountsPause pause(board);  // never read here
  ThreatResult result;
  ThreatBudget budget(limits);
  board_ = &board;
  attacker_ = attacker;
  defender_ = Opponent(attacker);
  limits_.budget = &budget;
  limits_.stop = limits.stop;
  limits_.root_attacker_stones = board.count(attacker);
  limits_.max_moves =
      limits.max_attacker_moves > 0 ? limits.max_attacker_moves : kVctDefaultMaxMoves;
  SetMemory(limits.max_bytes);

  if (FiveAtOnce(board, attacker_, result)) return result;
  vcfs_.counter.assign(static_cast<size_t>(std::min(limits_.max_moves, kMaxDepthSlots)) + 1, {});
  const uint64_t root = NodeKey(board.hash(), true);
  // Two passes: fours and threes only, which proves most wins in a fraction of the nodes,
  // then with the quiet moves too. The second pass starts afresh but for what does not
  // depend on quiet moves: the proofs, and the defences of defender nodes (a disproof of the
  // first pass says nothing about quiet moves).
  Entry e;
  proofs_.clear();
  cache_.attacker.clear();
  cache_.defender.clear();
  vcfs_.salt += 0x9E3779B97F4A7C15ull;  // forgets the keys of earlier solves
  cache_.size = 0;
  for (bool quiet : {false, true}) {
    table_.Clear();
    for (const auto& [key, expansion] : cache_.attacker) {
      cache_.size -= expansion.children.size() + cache_.expansion_cost;
    }
    cache_.attacker.clear();
    limits_.quiet = quiet;
    limits_.node_cap = UINT64_MAX;
    if (!quiet) {
      limits_.node_cap =
          limits.max_nodes > 0 ? limits.max_nodes / kVctDirectShare : kVctDirectNodes;
    }
    Search(true, root, kInf, kInf);
    result.win = Lookup(root, e) && e.pn == 0;
    if (result.win || budget.aborted() || proofs_.size() >= limits_.max_proofs) break;
  }
  if (result.win) result.line = ProvenLine(root);
  result.aborted = (budget.aborted() || proofs_.size() >= limits_.max_proofs) && !result.win;
  result.nodes = budget.nodes();
  return result;
}

void VctSolver::Cache(ChildCache& cache, uint64_t key, const std::vector<Child>& children,
                      const std::vector<Pos>& zone_vcf) {
  auto [it, inserted] = cache.try_emplace(key);
  if (!inserted) cache_.size -= it->second.children.size() + cache_.expansion_cost;
  if (cache_.size + children.size() + cache_.expansion_cost > cache_.max_size) {
    cache_.attacker.clear();
    cache_.defender.clear();
    cache_.size = 0;
    it = cache.try_emplace(key).first;
  }
  cache_.size += children.size() + cache_.expansion_cost;
  it->second = Expansion{children, zone_vcf};
}

// The VCF solver's table and the failure slots have their fixed sizes; of the rest, the df-pn
// table gets a quarter (a growing table briefly holds its old copy too), the child caches half
// and the proofs a quarter.
void VctSolver::SetMemory(size_t max_bytes) {
  cache_.max_size = kVctMaxCachedChildren;
  cache_.expansion_cost = 0;
  limits_.max_proofs = SIZE_MAX;
  if (max_bytes == 0) return table_.SetMemory(0);
  const size_t fixed = vcfs_.failed.size() * sizeof(uint64_t) +
                       (size_t{16} << kVctVcfTableBits);  // the VCF table's 16-byte entries
  const size_t rest = max_bytes > fixed ? max_bytes - fixed : 0;
  table_.SetMemory(std::max<size_t>(1, rest / 4));
  cache_.expansion_cost = (kExpansionBytes + sizeof(Child) - 1) / sizeof(Child);
  cache_.max_size = std::min(kVctMaxCachedChildren, rest / 2 / sizeof(Child));
  limits_.max_proofs = std::max<size_t>(1, rest / 4 / kProofBytes);
}

bool VctSolver::Step() {
  return limits_.budget->Step() && limits_.budget->nodes() < limits_.node_cap &&
         proofs_.size() < limits_.max_proofs;
}

bool VctSolver::Stopped() const {
  return limits_.budget->aborted() || limits_.budget->nodes() >= limits_.node_cap ||
         proofs_.size() >= limits_.max_proofs;
}

size_t VctSolver::Depth() const {
  return static_cast<size_t>(board_->count(attacker_) - limits_.root_attacker_stones);
}

int VctSolver::Remaining() const {
  return limits_.max_moves - (board_->count(attacker_) - limits_.root_attacker_stones);
}

uint64_t VctSolver::NodeKey(uint64_t hash, bool attacker_to_move) const {
  return ThreatTable::Key(hash, attacker_) ^ (attacker_to_move ? 0 : kDefenderSalt);
}

// The table, or a recorded proof.
bool VctSolver::Lookup(uint64_t key, Entry& entry) const {
  if (table_.Probe(key, entry)) return true;
  if (proofs_.count(key)) {
    entry = Entry{key, 0, kInf};
    return true;
  }
  return false;
}

// A VCF for `attacker` (who is to move) within the limits, its line in `line` if given.
bool VctSolver::Vcf(Color attacker, int max_moves, uint64_t max_nodes, std::vector<Pos>* line) {
  ThreatLimits limits;
  limits.max_attacker_moves = max_moves;
  limits.max_nodes = max_nodes;
  limits.stop = limits_.stop;
  ThreatResult r = vcfs_.solver.Solve(*board_, attacker, limits);
  limits_.budget->Add(r.nodes);
  if (r.win && line) *line = std::move(r.line);
  return r.win;
}

// Whether the attacker, as if to move, has a VCF within the remaining budget, its line in
// `line`. A position where the VCF solver found none is remembered: the same question comes
// from a defender node (about a defence) and then again from the attacker node it leads to.
bool VctSolver::AttackerVcf(std::vector<Pos>* line) {
  const uint64_t key = NodeKey(board_->hash(), true) ^ vcfs_.salt;
  uint64_t& slot = vcfs_.failed[key & (vcfs_.failed.size() - 1)];
  if (slot == key) return false;
  if (Vcf(attacker_, Remaining(), kVctAttackVcfNodes, line)) return true;
  slot = key;
  return false;
}

// Whether the defender, as if to move, has a VCF: the one found last at this depth is
// replayed first, as a threat next to it seldom stops it.
bool VctSolver::DefenderVcf() {
  std::vector<Pos>& last = vcfs_.counter[std::min(Depth(), vcfs_.counter.size() - 1)];
  if (!last.empty() && ReplaysVcf(*board_, last, defender_)) return true;
  std::vector<Pos> line;
  if (!Vcf(defender_, 0, kVctDefendVcfNodes, &line)) return false;
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

void VctSolver::Search(bool attacker_to_move, uint64_t key, uint32_t pn_limit, uint32_t dn_limit) {
  Entry entry{key, 1, 1};
  if (!Lookup(key, entry) && attacker_to_move && TerminalAttack(key, entry)) {
    table_.Store(entry);
    return;
  }
  if (entry.pn >= pn_limit || entry.dn >= dn_limit || !Step()) return;

  std::vector<Child> children;
  std::vector<Pos> zone_vcf;
  if (Expand(attacker_to_move, key, entry, children, zone_vcf)) {
    table_.Store(entry);
    return;
  }
  while (true) {
    const Selection s = SetNumbers(attacker_to_move, children, entry);
    if (entry.pn == 0 && !zone_vcf.empty()) {
      // Every defence listed so far loses: the rest are listed now.
      ZoneDefences(zone_vcf, children);
      zone_vcf.clear();
      Cache(cache_.defender, key, children, zone_vcf);
      continue;
    }
    if (entry.pn >= pn_limit || entry.dn >= dn_limit || Stopped()) break;
    uint32_t child_pn, child_dn;
    if (attacker_to_move) {
      child_pn = std::min(pn_limit, Sum(s.second, 1));
      child_dn = dn_limit >= kInf ? kInf : Sum(dn_limit - entry.dn, s.best_dn);
    } else {
      child_dn = std::min(dn_limit, Sum(s.second, 1));
      child_pn = pn_limit >= kInf ? kInf : Sum(pn_limit - entry.pn, s.best_pn);
    }
    SearchChild(attacker_to_move, children[s.best], child_pn, child_dn);
  }
  table_.Store(entry);
  if (entry.pn == 0 && !proofs_.count(key)) RecordProof(attacker_to_move, key, children);
}

// Expanding a node costs move generation and VCF searches; df-pn comes back to the same
// nodes, so their children are kept.
bool VctSolver::Expand(bool attacker_to_move, uint64_t key, Entry& entry,
                       std::vector<Child>& children, std::vector<Pos>& zone_vcf) {
  ChildCache& cache = attacker_to_move ? cache_.attacker : cache_.defender;
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
        return true;
      }
    } else if (!DefenderChildren(children, zone_vcf)) {
      children.push_back(Child{kNoPos, kNoPos, 0});
    } else if (children.empty() && !zone_vcf.empty()) {
      ZoneDefences(zone_vcf, children);
      zone_vcf.clear();
    }
    Cache(cache, key, children, zone_vcf);
  }
  if (!attacker_to_move && !children.empty() && children[0].move == kNoPos) {
    entry.pn = kInf;  // no threat
    entry.dn = 0;
    return true;
  }
  if (children.empty()) {
    // The attacker has no threat left, or the defender no defence.
    entry.pn = attacker_to_move ? kInf : 0;
    entry.dn = attacker_to_move ? 0 : kInf;
    if (!attacker_to_move && !proofs_.count(key)) {
      proofs_[key] = Proof{fresh ? refuted_ : std::vector<Pos>{}, true};
    }
    return true;
  }
  return false;
}

// OR node (attacker): pn = min, dn = sum. AND node (defender): pn = sum, dn = min. The summed
// side is counted "weakly" (largest child plus one per other open child): the same defences
// and threats recur through transpositions, and a plain sum overstates them.
VctSolver::Selection VctSolver::SetNumbers(bool attacker_to_move,
                                           const std::vector<Child>& children, Entry& entry) const {
  Selection s;
  uint64_t largest = 0, open = 0;
  bool unseen_quiet = false;
  uint32_t best = kInf + 1;
  for (size_t i = 0; i < children.size(); ++i) {
    Entry c{children[i].key, children[i].pn, 1};
    if (!Lookup(children[i].key, c) && attacker_to_move && children[i].pn >= kVctQuietPn) {
      // Quiet moves seldom threaten anything: the ones not searched yet count as one.
      if (unseen_quiet) c.dn = 0;
      unseen_quiet = true;
    }
    uint32_t minimized = attacker_to_move ? c.pn : c.dn;
    uint32_t summed = attacker_to_move ? c.dn : c.pn;
    largest = std::max<uint64_t>(largest, summed);
    open += summed != 0;
    if (minimized < best) {
      s.second = best;
      best = minimized;
      s.best = i;
      s.best_pn = c.pn;
      s.best_dn = c.dn;
    } else if (minimized < s.second) {
      s.second = minimized;
    }
  }
  s.second = std::min(s.second, kInf);
  const uint64_t sum = open == 0 ? 0 : largest >= kInf ? kInf : largest + open - 1;
  if (attacker_to_move) {
    entry.pn = best;
    entry.dn = static_cast<uint32_t>(std::min<uint64_t>(sum, kInf));
  } else {
    entry.pn = static_cast<uint32_t>(std::min<uint64_t>(sum, kInf));
    entry.dn = best;
  }
  return s;
}

void VctSolver::SearchChild(bool attacker_to_move, const Child& child, uint32_t pn_limit,
                            uint32_t dn_limit) {
  if (attacker_to_move) {
    board_->Place(child.move, attacker_);
    if (child.reply != kNoPos) board_->Place(child.reply, defender_);
    Search(child.reply != kNoPos, child.key, pn_limit, dn_limit);
    if (child.reply != kNoPos) board_->Undo();
  } else {
    board_->Place(child.move, defender_);
    Search(true, child.key, pn_limit, dn_limit);
  }
  board_->Undo();
}

// A proven node's proof: at an attacker node the proven child, at a defender node the first.
void VctSolver::RecordProof(bool attacker_to_move, uint64_t key,
                            const std::vector<Child>& children) {
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
}  // namespace sente
