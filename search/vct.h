// VCT: a win by fours and threes, proven against every defence, by depth-first
// proof-number search (df-pn). The attacker plays fours, threats of a winning four next
// move (open threes, double-four shapes) and quieter moves that threaten a VCF; the defender
// tries every move that removes the threat and every counter-four. Each attacker node first
// asks the VCF solver; each defender node first asks whether the defender has a VCF of its
// own, which refutes the threat. The attacker's stones since the root count against the
// limit, so a node's remaining budget is a function of its position. A first pass with a
// node cap tries fours and threes only; the second adds the quiet moves.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "search/threat.h"
#include "search/threat_budget.h"
#include "search/vcf.h"

namespace sente {

class VctSolver {
 public:
  // The table starts small and grows up to 2^max_table_bits entries of 16 bytes.
  explicit VctSolver(int max_table_bits = 20);

  // `attacker` is to move. The board is scratch space and is left as it was.
  ThreatResult Solve(Board& board, Color attacker, const ThreatLimits& limits);

 private:
  // A child of a node: an attacker move (with the defender's forced reply when it is a
  // four), or a defence.
  struct Child {
    Pos move = kNoPos;
    Pos reply = kNoPos;
    uint64_t key = 0;
    uint32_t pn = 1;  // proof number assumed before the child is searched
  };
  struct Entry {
    uint64_t key = 0;
    uint32_t pn = 0;
    uint32_t dn = 0;
  };
  // A node's children, and at a defender node against a VCF threat, the VCF when the
  // defences away from its points are still to be listed.
  struct Expansion {
    std::vector<Child> children;
    std::vector<Pos> zone_vcf;
  };
  using ChildCache = std::unordered_map<uint64_t, Expansion>;
  // How a proven node wins: its whole remaining line when it was proven on the spot, or the
  // child to follow.
  struct Proof {
    std::vector<Pos> moves;
    bool terminal = false;
  };

  void Search(bool attacker_to_move, uint64_t key, uint32_t pn_limit, uint32_t dn_limit);
  // Proves or disproves an attacker node without children when it can; true if it did.
  bool TerminalAttack(uint64_t key, Entry& entry);
  bool AttackerChildren(std::vector<Child>& children, std::vector<Pos>& instant);
  bool DefenderChildren(std::vector<Child>& children, std::vector<Pos>& zone_vcf);
  void ZoneDefences(const std::vector<Pos>& vcf_line, std::vector<Child>& children);
  void OrderDefences(std::vector<Pos>& moves, size_t from) const;
  void KeepDefences(const std::vector<Pos>& moves, size_t replayed_from,
                    std::vector<std::vector<Pos>> refutations, size_t verified,
                    std::vector<Child>& children);
  void Cache(ChildCache& cache, uint64_t key, const std::vector<Child>& children,
             const std::vector<Pos>& zone_vcf);
  // Whether `side`'s VCF line still wins as played, `side` to move.
  bool Replays(const std::vector<Pos>& vcf, Color side, Pos final_fives[2] = nullptr);
  bool DefenderVcf();
  bool Vcf(Color attacker, int max_moves, uint64_t max_nodes, std::vector<Pos>* line);
  bool AttackerVcf(std::vector<Pos>* line);
  int Remaining() const;
  // The attacker's moves since the root.
  size_t Depth() const;
  // Counts a node; false when the budget or this pass's node cap is spent.
  bool Step();
  bool Stopped() const;
  uint64_t NodeKey(uint64_t hash, bool attacker_to_move) const;
  // Shares ThreatLimits::max_bytes among the tables.
  void SetMemory(size_t max_bytes);
  bool Lookup(uint64_t key, Entry& entry) const;
  void Store(const Entry& entry);
  std::vector<Pos> ProvenLine(uint64_t root_key);

  Board* board_ = nullptr;
  Color attacker_ = Color::kBlack;
  Color defender_ = Color::kWhite;
  int root_attacker_stones_ = 0;
  bool quiet_ = true;             // this pass tries quiet moves
  uint64_t node_cap_ = UINT64_MAX;  // this pass stops at this many nodes
  int max_moves_ = 0;
  ThreatBudget* budget_ = nullptr;
  const std::atomic<bool>* stop_ = nullptr;
  size_t max_entries_;
  const size_t table_entries_cap_;  // max_entries_ without a memory budget
  uint64_t mask_;
  std::vector<Entry> table_;
  size_t filled_ = 0;
  bool used_ = false;  // the table holds entries of an earlier Solve
  std::unordered_map<uint64_t, Proof> proofs_;
  // Children of expanded attacker nodes (children_) and defender nodes (defences_); at a
  // defender node, a single child with no move marks "no threat". Cleared when they hold too
  // many children.
  ChildCache children_;
  ChildCache defences_;
  size_t cached_children_ = 0;
  // With a memory budget, each cached expansion also counts for the memory of its map node
  // and vectors (in children), and the proofs are limited.
  size_t max_cached_children_;
  size_t expansion_cost_ = 0;
  size_t max_proofs_ = SIZE_MAX;
  VcfSolver vcf_;
  // Positions (as attacker node keys) where the attacker's VCF check found nothing; one key
  // a slot, the newest kept.
  std::vector<uint64_t> no_vcf_;
  uint64_t no_vcf_salt_ = 0;  // new for each Solve, in the keys of no_vcf_
  // Set by DefenderChildren: a losing defence and the VCF that beats it, when one was found.
  std::vector<Pos> refuted_;
  // Per depth (attacker moves since the root), the defender's VCF found last.
  std::vector<std::vector<Pos>> counter_vcfs_;
};

}  // namespace sente
