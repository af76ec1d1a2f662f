// Cell weights: each colour's value of an empty cell = the line weights of its four lines +
// a bonus for their combined class. They stay in engine because they are baked into the
// pattern tables (engine/pattern.cpp), from which the board keeps its value sums
// incrementally; the search's own terms are in search/weights.h. Fitted to self-play results
// by `sente tune` (protocol/tune_command.cpp); those it cannot see in quiet positions (fours,
// fives, fouls) are set by hand.
#pragma once

#include <cstdint>

#include "engine/pattern.h"

namespace sente {

// Indexed by LinePattern.
constexpr int16_t kLineWeight[kNumLinePatterns] = {
    /*kDead*/ 0,     /*kOverline*/ 0,   /*kBlock1*/ 0,
    /*kFlex1*/ 11,   /*kBlock2*/ 7,     /*kFlex2*/ 79,
    /*kBlock3*/ 122, /*kFlex3*/ 0,      /*kBlock4*/ 160,
    /*kFlex4*/ 160,  /*kFourFour*/ 160, /*kFive*/ 400,
};

// Indexed by Pattern4.
constexpr int16_t kPattern4Bonus[kNumPattern4] = {
    /*kP4None*/ 0,        /*kP4Overline*/ 0, /*kP4DoubleFour*/ 0,  /*kP4Weak*/ 97,
    /*kP4Two*/ 15,        /*kP4TwoTwo*/ 0,   /*kP4Block3*/ 0,      /*kP4Three*/ 111,
    /*kP4DoubleThree*/ 0, /*kP4Four*/ 203,   /*kP4FourThree*/ 411, /*kP4Flex4*/ 200,
    /*kP4Five*/ 400,
};

}  // namespace sente
