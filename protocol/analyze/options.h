// Command-line options of `sente analyze`.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "engine/types.h"
#include "protocol/io/args.h"

namespace sente {

struct AnalyzeOptions {
  std::string moves;      // renju move list, Black first (positional arguments and --moves)
  std::string file;       // --file: a diagram, or a case file (case: ... board: ... end)
  std::string case_name;  // --case: which case of a case file (default: the first)
  Rule rule = Rule::kRenju;
  int size = 15;
  bool size_given = false;
  Color to_move = Color::kEmpty;  // kEmpty: derived from the stones
  int64_t time_ms = 0;            // 0: no time limit
  int depth = 0;                  // 0: no limit
  uint64_t nodes = 0;             // 0: no limit
  int threads = 1;
  int hash_mb = 64;
  int multipv = 1;
  uint64_t threat_nodes = 2'000'000;  // node budget of each VCF/VCT run
  bool json = false;
  bool help = false;
  // An opening rule's decision instead of a search (--opening-rule, --stage, --count,
  // --offers): the move list holds the stones in game order.
  std::string opening_rule;
  std::string stage = "move";
  int count = 0;
  std::string offers;  // renju notation
};

// Time used when neither --time, --depth nor --nodes is given.
constexpr int64_t kDefaultAnalyzeMs = 5000;

absl::StatusOr<AnalyzeOptions> ParseAnalyzeOptions(const Args& args);

// "500" and "500ms" are milliseconds, "2s" and "1.5s" seconds.
absl::StatusOr<int64_t> ParseAnalyzeTime(absl::string_view text);

extern const char kAnalyzeUsage[];

}  // namespace sente
