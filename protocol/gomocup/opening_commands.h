// Sente's protocol extension for the renju opening rules' decisions (Taraguchi-N, Soosorv-N,
// the pro rule), in the style of SWAP2BOARD: one command per decision, the stones in game
// order (Black's first) as x,y lines, DONE, then one answer line. README.md documents it.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "protocol/gomocup/command.h"
#include "protocol/gomocup/player.h"

namespace sente {

struct OpeningAnswer {
  std::string line;  // the answer
  std::string note;  // the decision and the scores behind it, for a MESSAGE line
};

// Decides `kind` (one of the OPEN*BOARD commands) for the rule and count in `args` and the
// block's lines. Bad input (an unknown rule, a wrong stone count, a stone outside its area, a
// bad or symmetric offer) is an error and leaves the position alone. On success the engine's
// position holds the stones and the answer's placed moves.
absl::StatusOr<OpeningAnswer> DecideOpening(Player& player, CommandKind kind,
                                            absl::string_view args,
                                            const std::vector<std::string>& block,
                                            Clock::time_point arrived,
                                            const std::atomic<bool>& stop);

}  // namespace sente
