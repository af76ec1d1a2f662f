// The evaluation's threat terms, which the search adds on top of the board's cell values
// (engine/code_values.h), fitted with them by `sente tune` (protocol/tune/command.cpp); and
// the threat solvers' cell values (OrderValue), set by hand: they are the evaluation's of
// before the code tables. The alpha-beta's move ordering has its own tables
// (search/order_codes.h).
#pragma once

#include <cstdint>

#include "engine/pattern.h"

namespace sente {

// Threat terms of the evaluation, for the side to move ("own") and the other side.
constexpr int kEvalTempo = 84;
constexpr int kEvalOwnFourThree = 4510;   // wins unless the opponent has fours to counter
constexpr int kEvalOwnDoubleThree = 579;  // when the opponent has no four to counter
constexpr int kEvalOwnThreePoint = 242;   // per cell where we make an open three
constexpr int kEvalOppFourThree = 602;    // we must spend our move on it
constexpr int kEvalOppDoubleThree = 0;
constexpr int kEvalOppOpenThree = 120;  // an open three on the board we must answer
// The same, in the order of ThreatTerm (search/eval.h).
constexpr int kThreatTermWeight[] = {kEvalTempo,         kEvalOwnFourThree, kEvalOwnDoubleThree,
                                     kEvalOwnThreePoint, kEvalOppFourThree, kEvalOppDoubleThree,
                                     kEvalOppOpenThree};

// Move ordering's cell values (OrderValue): a weight per line pattern (indexed by
// LinePattern; nibbles past kFive never occur) plus a bonus per class (by Pattern4).
constexpr int16_t kOrderLineWeight[16] = {
    /*kDead*/ 0,   /*kOverline*/ 0, /*kBlock1*/ 0,  /*kFlex1*/ 11,     /*kBlock2*/ 7,
    /*kFlex2*/ 79, /*kFlex2A*/ 79,  /*kFlex2B*/ 79, /*kBlock3*/ 122,   /*kFlex3*/ 0,
    /*kFlex3S*/ 0, /*kBlock4*/ 160, /*kFlex4*/ 160, /*kFourFour*/ 160, /*kFive*/ 400,
};
constexpr int16_t kOrderPattern4Bonus[kNumPattern4] = {
    /*kP4None*/ 0,        /*kP4Overline*/ 0, /*kP4DoubleFour*/ 0,  /*kP4Weak*/ 97,
    /*kP4Two*/ 15,        /*kP4TwoTwo*/ 0,   /*kP4Block3*/ 0,      /*kP4Three*/ 111,
    /*kP4DoubleThree*/ 0, /*kP4Four*/ 203,   /*kP4FourThree*/ 411, /*kP4Flex4*/ 200,
    /*kP4Five*/ 400,
};

}  // namespace sente
