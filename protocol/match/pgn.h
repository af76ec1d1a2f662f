// A finished match game as PGN (protocol/io/pgn.h), with the match's tags.
#pragma once

#include <string>
#include <vector>

#include "protocol/io/pgn.h"
#include "protocol/match/game.h"

namespace sente {

struct PgnHeader {
  int round = 1;
  std::string black, white;
  std::string date;     // "2026.11.29"; empty: omitted
  std::string opening;  // as given, e.g. "h8h9h10"
  std::string time_control;
  std::vector<PgnTag> extra;  // appended after the others (a shard's merge tags)
};

// "1-0" Black won, "0-1" White won, "1/2-1/2" drawn.
const char* ResultText(Outcome outcome);

std::string FormatGamePgn(const PgnHeader& header, const GameSetup& setup, const GameRecord& game);

}  // namespace sente
