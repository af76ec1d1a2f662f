// Text forms of board points: Gomocup "x,y" (0-based, y from the top) and renju notation
// ("h8": column letter from the left, row number from the bottom).
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/types.h"

namespace sente {

// Parses "x,y" (blanks around the numbers allowed); the point must lie on a width x height board.
absl::StatusOr<Pos> ParseGomocup(absl::string_view text, int width, int height);
std::string FormatGomocup(Pos p);

// Parses one renju point such as "h8" or "H8".
absl::StatusOr<Pos> ParseRenju(absl::string_view text, int width, int height);
std::string FormatRenju(Pos p, int height);

// Parses a move list in renju notation, separated by blanks or commas, or written together
// ("h8h9i8"). Occupancy is not checked here.
absl::StatusOr<std::vector<Pos>> ParseRenjuList(absl::string_view text, int width, int height);
std::string FormatRenjuList(const std::vector<Pos>& moves, int height);

}  // namespace sente
