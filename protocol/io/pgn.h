// Games as PGN-like text: `[Key "Value"]` tags, a blank line, then the numbered moves in renju
// notation and the result. `sente match` writes them and `sente tune` reads them back.
#pragma once

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/types.h"

namespace sente {

struct PgnTag {
  std::string key, value;
};

struct PgnGame {
  std::vector<PgnTag> tags;  // in file order
  std::vector<Pos> moves;    // the movetext; a parsed game keeps its moves in a tag instead
  int board_height = 15;     // renju notation counts rows from the bottom
  std::string result;        // "1-0", "0-1", "1/2-1/2" or "*"
  int line_number = 0;       // of the game's first tag, when parsed

  // The value of the last tag with this key, or "" when there is none.
  std::string Tag(absl::string_view key) const;
};

std::string FormatPgn(const PgnGame& game);

// The tags of every game in the text: a game starts at each Event tag. Other lines, and tags
// before the first Event, are skipped.
std::vector<PgnGame> ParsePgnTags(absl::string_view text);

}  // namespace sente
