// Better labels than a game's result alone: what a deeper search of the position expects.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.h"
#include "protocol/tune/model.h"

namespace sente {

// A sample's position, kept to search it.
struct SamplePosition {
  Rule rule = Rule::kFreestyle;
  int width = 15, height = 15;
  std::vector<Pos> moves;
};

// Blends each sample's result with what a search of its position to `nodes` nodes expects:
// result = (1 - weight) * result + weight * sigmoid(k * score), a proven win 1 and a proven
// loss 0. The positions are searched on `threads` threads, each with its own small hash.
void LabelBySearch(const std::vector<SamplePosition>& positions, uint64_t nodes, double k,
                   double weight, int threads, std::vector<TuneSample>& samples);

}  // namespace sente
