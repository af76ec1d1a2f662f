// The VCT solver's move generation (vct_moves.cpp defines VctSolver's AttackerChildren,
// DefenderChildren and the defence lists), and what it shares with the solver.
#pragma once

#include <vector>

#include "engine/board.h"

namespace sente {

// Whether `side`'s VCF line still wins as played, `side` to move: every move of `side` a
// legal four with a single forced reply, no counter-four on the way, and a winning last
// four. The last four's five points go to `final_fives` if given. The board is left as it was.
bool ReplaysVcf(Board& board, const std::vector<Pos>& vcf, Color side,
                Pos final_fives[2] = nullptr);

}  // namespace sente
