// VCT: a win by fours and threes, proven against every defence. The attacker plays fours,
// and threats of a winning four next move (open threes, and shapes that threaten a double
// four); the defender tries every move that removes all of the attacker's winning points,
// and every counter-four. Each attacker node first asks the VCF solver; each defender node
// first asks whether the defender has a VCF of its own, which refutes the threat.
// Iterative deepening on the number of attacker moves, with a table of proven results.
#pragma once

#include <vector>

#include "search/threat.h"
#include "search/threat_budget.h"
#include "search/threat_table.h"
#include "search/vcf.h"

namespace sente {

class VctSolver {
 public:
  explicit VctSolver(int table_bits = 18) : table_(table_bits), vcf_(16) {}

  void Clear() {
    table_.Clear();
    vcf_.Clear();
  }

  // `attacker` is to move. The board is scratch space and is left as it was.
  ThreatResult Solve(Board& board, Color attacker, const ThreatLimits& limits);

 private:
  bool Attack(int budget, std::vector<Pos>* line);
  bool Defend(int budget, std::vector<Pos>* line);
  bool Replays(const std::vector<Pos>& vcf, Pos final_fives[2] = nullptr);
  bool Vcf(Color attacker, int max_moves, uint64_t max_nodes, std::vector<Pos>* line);

  Board* board_ = nullptr;
  Color attacker_ = Color::kBlack;
  Color defender_ = Color::kWhite;
  ThreatBudget* budget_ = nullptr;
  const std::atomic<bool>* stop_ = nullptr;
  std::vector<Pos> moves_;  // candidate stack shared by every ply
  std::vector<Pos> wins_;   // the attacker's winning points, per defender node
  ThreatTable table_;
  VcfSolver vcf_;
};

}  // namespace sente
