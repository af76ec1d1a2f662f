// The verdict of an analysis: the search's answer, overruled by a threat search's proof
// when that proves a win the search did not, or one no longer than the search's.
#pragma once

#include <vector>

#include "engine/board.h"
#include "protocol/analyze/threats.h"
#include "search/search.h"

namespace sente {

enum class VerdictOutcome { kWin, kLoss, kUnknown };  // for the side to move

// What proved the outcome.
enum class Proof { kNone, kSearch, kVcf, kVct };

struct Verdict {
  Pos best = kNoPos;
  int score = 0;  // search.h scale, side to move's view
  VerdictOutcome outcome = VerdictOutcome::kUnknown;
  int plies = -1;  // plies to the five when the length is proven, else -1
  Proof proof = Proof::kNone;
  std::vector<Pos> pv;
};

// A win proven by VCT alone: its length is not proven, so it scores the weakest win.
constexpr int kVctWinScore = kScoreWinBound;

Verdict MakeVerdict(Board& board, Color to_move, const SearchResult& search,
                    const ThreatSearches& threats);

const char* OutcomeName(VerdictOutcome outcome);  // "win", "loss", "unknown"
const char* ProofName(Proof proof);               // "search", "vcf", "vct", "" for kNone

}  // namespace sente
