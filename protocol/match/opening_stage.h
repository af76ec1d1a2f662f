// The opening stage of a game under a renju opening rule (Taraguchi-N, Soosorv-N, the pro
// rule, swap2): the manager asks the two engines the rule's decisions in turn through Sente's
// extension (OPENMOVEBOARD, OPENSWAPBOARD, OPENOFFERBOARD, OPENCHOOSEBOARD; SWAP2BOARD for
// swap2), checks each answer with engine/opening_rule.h and places the stones.
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"
#include "protocol/match/engine_driver.h"
#include "protocol/match/game.h"

namespace sente {

struct OpeningStageResult {
  // The engine that holds Black once the opening is decided: 0 the one given as `first`
  // (the tentative Black), 1 the other.
  int black_seat = 0;
  std::vector<std::string> log;  // each decision: "who: COMMAND ARGS -> answer"
  // Neither engine speaks the extension: the game starts from setup.opening, colours as given.
  bool fallback = false;
  bool lost = false;  // an engine broke the rule or gave no answer
  int loser_seat = 0;
  EndReason reason = EndReason::kBadOpening;
  std::string detail;               // "answered ...: why"
  bool broken[2] = {false, false};  // by seat: may still think or be dead
};

// Plays the opening of setup.opening_rule on `board` (empty, started engines). An engine that
// answers its first decision with ERROR or UNKNOWN does not speak the extension: its decisions
// are then taken by the other engine; when neither speaks, `fallback` is set and the board is
// left empty. Each decision must arrive within the turn limit plus tolerance.
OpeningStageResult PlayOpeningStage(const GameSetup& setup, MatchEngine& first, MatchEngine& second,
                                    Board& board);

}  // namespace sente
