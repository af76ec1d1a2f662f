// VCT: a win by fours and threes, proven against every defence, by depth-first
// proof-number search (df-pn). The attacker plays fours, threats of a winning four next
// move (open threes, double-four shapes) and quieter moves that threaten a VCF; the defender
// tries every move that removes the threat and every counter-four. Each attacker node first
// asks the VCF solver; each defender node first asks whether the defender has a VCF of its
// own, which refutes the threat. The attacker's stones since the root count against the
// limit, so a node's remaining budget is a function of its position. A first pass with a
// node cap tries fours and threes only; the second adds the quiet moves.
#pragma once

#include <atomic>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "search/params.h"
#include "search/threat.h"
#include "search/threat_budget.h"
#include "search/vcf.h"
#include "search/vct_table.h"

namespace sente {

class VctSolver {
 public:
  // The table starts small and grows up to 2^max_table_bits entries of 16 bytes.
  explicit VctSolver(int max_table_bits = kFindVctTableBits);

  // `attacker` is to move. The board is scratch space and is left as it was.
  ThreatResult Solve(Board& board, Color attacker, const ThreatLimits& limits);

 private:
  using Entry = VctEntry;
  // A child of a node: an attacker move (with the defender's forced reply when it is a
  // four), or a defence.
  struct Child {
    Pos move = kNoPos;
    Pos reply = kNoPos;
    uint64_t key = 0;
    uint32_t pn = 1;  // proof number assumed before the child is searched
  };
  // A node's children, and at a defender node against a VCF threat, the VCF when the
  // defences away from its points are still to be listed.
  struct Expansion {
    std::vector<Child> children;
    std::vector<Pos> zone_vcf;
  };
  using ChildCache = std::unordered_map<uint64_t, Expansion>;
  // Children of expanded attacker and defender nodes; at a defender node, a single child
  // with no move marks "no threat". Cleared when they hold too many children.
  struct ChildCaches {
    ChildCache attacker;
    ChildCache defender;
    size_t size = 0;  // children held, and with a memory budget the cost of their expansions
    size_t max_size = kVctMaxCachedChildren;
    size_t expansion_cost = 0;  // an expansion's memory beyond its children, in children
  };
  // How a proven node wins: its whole remaining line when it was proven on the spot, or the
  // child to follow.
  struct Proof {
    std::vector<Pos> moves;
    bool terminal = false;
  };
  // This solve's limits, and this pass's.
  struct Limits {
    int max_moves = 0;
    int root_attacker_stones = 0;
    ThreatBudget* budget = nullptr;
    const std::atomic<bool>* stop = nullptr;
    uint64_t node_cap = UINT64_MAX;  // this pass stops at this many nodes
    bool quiet = true;               // this pass tries quiet moves
    size_t max_proofs = SIZE_MAX;    // the solve gives up past this many proofs
  };
  // What the VCF solver has told.
  struct VcfMemory {
    explicit VcfMemory(int table_bits, int failure_bits)
        : solver(table_bits), failed(size_t{1} << failure_bits) {}
    VcfSolver solver;
    // Positions (as attacker node keys) where the attacker's VCF check found nothing; one
    // key a slot, the newest kept.
    std::vector<uint64_t> failed;
    uint64_t salt = 0;  // new for each Solve, in the keys of `failed`
    // Per depth (attacker moves since the root), the defender's VCF found last.
    std::vector<std::vector<Pos>> counter;
  };
  // Where the best child of a node stands among its children.
  struct Selection {
    size_t best = 0;
    uint32_t second = kVctInf;  // the second-best minimized number
    uint32_t best_pn = 0;
    uint32_t best_dn = 0;
  };

  // df-pn (vct.cpp).
  void Search(bool attacker_to_move, uint64_t key, uint32_t pn_limit, uint32_t dn_limit);
  // Proves or disproves an attacker node without children when it can; true if it did.
  bool TerminalAttack(uint64_t key, Entry& entry);
  // Lists the node's children; true when that settles the node (`entry` then set).
  bool Expand(bool attacker_to_move, uint64_t key, Entry& entry, std::vector<Child>& children,
              std::vector<Pos>& zone_vcf);
  // Sets the node's numbers from its children's, and picks the child to search.
  Selection SetNumbers(bool attacker_to_move, const std::vector<Child>& children,
                       Entry& entry) const;
  void SearchChild(bool attacker_to_move, const Child& child, uint32_t pn_limit, uint32_t dn_limit);
  void RecordProof(bool attacker_to_move, uint64_t key, const std::vector<Child>& children);
  void Cache(ChildCache& cache, uint64_t key, const std::vector<Child>& children,
             const std::vector<Pos>& zone_vcf);
  bool DefenderVcf();
  bool Vcf(Color attacker, int max_moves, uint64_t max_nodes, std::vector<Pos>* line);
  bool AttackerVcf(std::vector<Pos>* line);
  int Remaining() const;
  // The attacker's moves since the root.
  size_t Depth() const;
  // Shares ThreatLimits::max_bytes among the df-pn table, the child caches and the proofs.
  void SetMemory(size_t max_bytes);
  // Counts a node; false when the budget or this pass's node cap is spent.
  bool Step();
  bool Stopped() const;
  uint64_t NodeKey(uint64_t hash, bool attacker_to_move) const;
  bool Lookup(uint64_t key, Entry& entry) const;
  std::vector<Pos> ProvenLine(uint64_t root_key);

  // Move generation (vct_moves.cpp).
  void ListAttacks(std::vector<std::pair<int, Pos>>& scored, std::vector<Pos>& four_points);
  bool AttackerChildren(std::vector<Child>& children, std::vector<Pos>& instant);
  bool DefenderChildren(std::vector<Child>& children, std::vector<Pos>& zone_vcf);
  void BlocksOfWinningPoints(const std::vector<Pos>& wins, std::vector<Pos>& moves);
  void ZoneDefences(const std::vector<Pos>& vcf_line, std::vector<Child>& children);
  void OrderDefences(std::vector<Pos>& moves, size_t from) const;
  void KeepDefences(const std::vector<Pos>& moves, size_t replayed_from,
                    std::vector<std::vector<Pos>> refutations, size_t verified,
                    std::vector<Child>& children);

  Board* board_ = nullptr;
  Color attacker_ = Color::kBlack;
  Color defender_ = Color::kWhite;
  Limits limits_;
  VctTable table_;
  std::unordered_map<uint64_t, Proof> proofs_;
  ChildCaches cache_;
  VcfMemory vcfs_;
  // Set by DefenderChildren: a losing defence and the VCF that beats it, when one was found.
  std::vector<Pos> refuted_;
};

}  // namespace sente
