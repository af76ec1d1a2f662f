// `sente match`: the command line of the match runner.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "protocol/io/args.h"
#include "protocol/match/entry.h"
#include "protocol/match/runner.h"

namespace sente {

struct MatchCommand {
  MatchConfig config;
  std::string pgn_path;  // empty: games are not saved
  std::string log_path;  // empty: engine I/O is not logged
  bool progress = true;  // live progress on stderr
  bool help = false;
};

// Parses the arguments after "match" (openings files are read here).
absl::StatusOr<MatchCommand> ParseMatchArgs(const std::vector<std::string>& args);

extern const char* const kMatchHelp;

}  // namespace sente
