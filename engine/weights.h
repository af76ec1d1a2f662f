// Evaluation weights: the one place to tune them. The board sums, over its empty cells,
// each colour's cell value = sum of the line weights of its four lines + a bonus for the
// combined class. The search reads those sums (search/eval).
#pragma once

#include <cstdint>

#include "engine/pattern.h"

namespace sente {

// Indexed by LinePattern.
constexpr int16_t kLineWeight[kNumLinePatterns] = {
    /*kDead*/ 0,   /*kOverline*/ 0, /*kBlock1*/ 1, /*kFlex1*/ 3,  /*kBlock2*/ 4,   /*kFlex2*/ 12,
    /*kBlock3*/ 14, /*kFlex3*/ 40,  /*kBlock4*/ 45, /*kFlex4*/ 160, /*kFourFour*/ 160, /*kFive*/ 400,
};

// Indexed by Pattern4.
constexpr int16_t kPattern4Bonus[kNumPattern4] = {
    /*kP4None*/ 0,        /*kP4Overline*/ 0, /*kP4DoubleFour*/ 0, /*kP4Weak*/ 0,
    /*kP4Two*/ 0,         /*kP4TwoTwo*/ 8,   /*kP4Block3*/ 0,     /*kP4Three*/ 0,
    /*kP4DoubleThree*/ 60, /*kP4Four*/ 0,    /*kP4FourThree*/ 120, /*kP4Flex4*/ 200,
    /*kP4Five*/ 400,
};

}  // namespace sente
