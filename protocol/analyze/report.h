// Rendering an analysis: the text report for people and the JSON object for tools.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/forbidden.h"
#include "protocol/analyze/threats.h"
#include "protocol/analyze/verdict.h"
#include "search/search.h"

namespace sente {

// Every fact of one analysis. Threat points are indexed by Index(colour).
struct Analysis {
  Color to_move = Color::kBlack;
  Pos last_move = kNoPos;
  std::vector<std::pair<Pos, Foul>> forbidden;
  ThreatPoints threats[2];
  ThreatSearches threat_searches;
  SearchResult search;
  Verdict verdict;
  int64_t total_ms = 0;
};

// The board with coordinates (row 1 at the bottom), the last move in parentheses and Black's
// forbidden points as 3, 4 or 6 (double three, double four, overline).
std::string DrawAnalyzeBoard(const Board& board, Pos last_move,
                             const std::vector<std::pair<Pos, Foul>>& forbidden);

// A score for people, side to move's view: "+85", "win in 5 plies", "loss in 4 plies".
std::string FormatScore(int score);

// One progress line (no newline).
std::string FormatProgress(const SearchInfo& info, int height);

// The position, the board, Black's forbidden points and each side's threat points.
std::string TextPosition(const Board& board, const Analysis& a);
// The VCF/VCT searches' findings.
std::string TextThreatSearches(const Board& board, const Analysis& a);
// Best move, result, principal variation, other lines and search statistics.
std::string TextVerdict(const Board& board, const Analysis& a);

// One JSON object (no newline).
std::string AnalysisJson(const Board& board, const Analysis& a);

}  // namespace sente
