// A finished game as PGN-like text: tags, then the moves in renju notation, for replay.
#pragma once

#include <string>

#include "protocol/match/game.h"

namespace sente {

struct PgnHeader {
  int round = 1;
  std::string black, white;
  std::string date;  // "2026.11.29"; empty: omitted
  std::string opening;  // as given, e.g. "h8h9h10"
  std::string time_control;
};

// "1-0" Black won, "0-1" White won, "1/2-1/2" drawn.
const char* ResultText(Outcome outcome);

std::string FormatPgn(const PgnHeader& header, const GameSetup& setup, const GameRecord& game);

}  // namespace sente
