// VCF: a win by continuous fours. The attacker plays only fours; the defender's reply is the
// single completion point. A defender whose block makes a four must be answered by a move
// that blocks it while making a four. Renju on both sides: Black never plays a foul, and
// White wins at once when Black's only block is forbidden.
#pragma once

#include <vector>

#include "search/params.h"
#include "search/threat.h"
#include "search/threat_budget.h"
#include "search/threat_table.h"

namespace sente {

class VcfSolver {
 public:
  // The table has 2^table_bits entries of 16 bytes; it survives between calls, so a search
  // that asks at many nodes should keep one solver per thread. Clear it when the rule or
  // the board size changes.
  explicit VcfSolver(int table_bits = kSearchVcfTableBits) : table_(table_bits) {}

  void Clear() { table_.Clear(); }

  // `attacker` is to move. The board is scratch space and is left as it was.
  ThreatResult Solve(Board& board, Color attacker, const ThreatLimits& limits);

 private:
  bool Attack(int budget, Pos forced, size_t parent, Pos placed, std::vector<Pos>* line);
  bool FailsUnplayed(Pos move, int budget, size_t begin, size_t end);

  Board* board_ = nullptr;
  Color attacker_ = Color::kBlack;
  Color defender_ = Color::kWhite;
  ThreatBudget* budget_ = nullptr;
  std::vector<Pos> moves_;  // candidate stack: each node's candidates after its parent's
  ThreatTable table_;
};

}  // namespace sente
