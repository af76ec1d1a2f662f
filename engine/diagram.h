// Board diagrams: rows of '.', 'X' (Black), 'O' (White), first row at the top.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"

namespace sente {

struct Diagram {
  int width = 0;
  int height = 0;
  std::vector<std::pair<Pos, Color>> stones;  // row by row from the top
};

// Every row must have the same length; blanks inside a row are ignored.
absl::StatusOr<Diagram> ParseDiagram(const std::vector<std::string>& rows);

// Places a diagram's stones on an empty board of the same size, alternating colours while
// both remain so that the history looks like a game.
absl::Status PlaceDiagram(const Diagram& diagram, Board& board);

std::string DrawDiagram(const Board& board);

}  // namespace sente
