// One decision of an opening rule (engine/RULES.md; the stages of engine/opening_rule.h), made by
// the short searches of opening_choice.h and fifth_moves.h. The protocol extension and
// `sente analyze --opening-rule` both ask here.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/board.h"
#include "engine/opening_rule.h"
#include "search/opening_choice.h"

namespace sente {

struct OpeningRequest {
  OpeningRule rule;
  OpeningStage stage = OpeningStage::kMove;
  int count = 0;            // the count argument (Soosorv's declared 5th moves, offers); 0: none
  std::vector<Pos> stones;  // in game order, Black's first
  std::vector<Pos> offers;  // kChoose: the offered 5th moves
};

// Checks the request against the rule, on an empty board of the game's size and rule: the
// stone count and count argument of the stage, the stones' areas, no stone twice, and the
// offers (CheckFifthMoveOffers).
absl::Status CheckOpeningRequest(const Board& empty, const OpeningRequest& request);

// An option weighed, with its score from the view of the side it is played for.
struct OpeningOption {
  std::vector<Pos> moves;
  int score = 0;
};

struct OpeningDecision {
  bool swap = false;                   // take the other colour
  bool keep = false;                   // a swap stage's "no swap"
  std::vector<Pos> placed;             // the stones placed, in game order
  std::vector<Pos> offered;            // the 5th moves offered (not placed)
  int count = 0;                       // Soosorv's 4th: the number of 5th moves declared
  std::vector<OpeningOption> options;  // what was weighed
  std::string summary;                 // the decision and its scores, one line
};

// Decides a checked request; `board` holds its stones.
OpeningDecision DecideOpening(const Board& board, const OpeningRequest& request, const Probe& probe,
                              int64_t ms, const std::atomic<bool>& stop);

}  // namespace sente
