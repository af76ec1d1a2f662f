// Openings for matches: stone lists read from a file, one opening a line, either as offsets
// from the board centre ("0,0, 1,0, 1,3", Gomocup's format) or in renju notation ("h8h9h10").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/types.h"

namespace sente {

// Stones in the order played: Black first, then alternating.
using Opening = std::vector<Pos>;

// Parses one line. Offsets are added to the centre (width/2, height/2) in Gomocup
// coordinates (x right, y down). Every stone must lie on the board, once.
absl::StatusOr<Opening> ParseOpening(absl::string_view line, int width, int height);

// Reads every opening of a file (blank lines and lines starting with '#' are skipped) and
// checks that each can be played under the rule: no five and no Renju foul along the way.
// Errors name the file and line.
absl::StatusOr<std::vector<Opening>> LoadOpenings(const std::string& path, int width, int height,
                                                  Rule rule);

// The board's symmetries: 8 on a square board, 4 on a rectangular one. Symmetry 0 is the
// identity.
int NumSymmetries(int width, int height);
Pos ApplySymmetry(Pos p, int symmetry, int width, int height);
Opening ApplySymmetry(const Opening& opening, int symmetry, int width, int height);

}  // namespace sente
