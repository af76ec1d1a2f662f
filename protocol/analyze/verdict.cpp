#include "protocol/analyze/verdict.h"

namespace sente {

Verdict MakeVerdict(Board& board, Color to_move, const SearchResult& search,
                    const ThreatSearches& threats) {
  Verdict v;
  v.best = search.best;
  v.score = search.score;
  v.pv = search.pv;
  if (IsWinScore(search.score) || IsLossScore(search.score)) {
    v.outcome = IsWinScore(search.score) ? VerdictOutcome::kWin : VerdictOutcome::kLoss;
    v.plies = PliesToEnd(search.score);
    v.proof = Proof::kSearch;
  }
  const ThreatResult& vcf = threats.vcf.result;
  if (vcf.win && !vcf.line.empty()) {
    int plies = ThreatLinePlies(board, to_move, vcf.line);
    // At equal length the VCF is preferred: its line reaches the end.
    if (v.outcome != VerdictOutcome::kWin || plies <= v.plies) {
      v = Verdict{vcf.line.front(), kScoreWin - plies, VerdictOutcome::kWin, plies,
                  Proof::kVcf,      vcf.line};
    }
  }
  const ThreatResult& vct = threats.vct.result;
  if (vct.win && !vct.line.empty() && v.outcome != VerdictOutcome::kWin) {
    v = Verdict{vct.line.front(), kVctWinScore, VerdictOutcome::kWin, -1, Proof::kVct, vct.line};
  }
  return v;
}

const char* OutcomeName(VerdictOutcome outcome) {
  switch (outcome) {
    case VerdictOutcome::kWin:
      return "win";
    case VerdictOutcome::kLoss:
      return "loss";
    case VerdictOutcome::kUnknown:
      return "unknown";
  }
  return "unknown";
}

const char* ProofName(Proof proof) {
  switch (proof) {
    case Proof::kNone:
      return "";
    case Proof::kSearch:
      return "search";
    case Proof::kVcf:
      return "vcf";
    case Proof::kVct:
      return "vct";
  }
  return "";
}

}  // namespace sente
