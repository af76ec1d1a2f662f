// Shards: a long job (a match, a puzzle suite) cut into N contiguous slices, so that N
// processes (Slurm array tasks) can each run one and a merge can add the results up.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "protocol/io/args.h"

namespace sente {

struct ShardSpec {
  int index = 1;  // 1-based
  int count = 1;
  std::string Text() const;  // "I/N"
};

// "I/N" with 1 <= I <= N <= 100000.
absl::StatusOr<ShardSpec> ParseShard(absl::string_view text);

// The units [begin, end) of shard `spec` when `total` units are cut into spec.count slices
// of whole groups of `group` units (a match keeps the two games of an opening together). The
// slices differ in size by one group at most; some are empty when there are fewer groups.
struct ShardRange {
  int64_t begin = 0, end = 0;
};
ShardRange ShardUnits(int64_t total, ShardSpec spec, int64_t group = 1);

// The end of a merge's coverage check, given the shards (of `count`) found missing or short,
// each as text: OK when there are none; else an error naming them, unless incomplete merges
// are allowed, when it is OK and `note` says what was merged.
absl::Status CheckMissingShards(const std::vector<std::string>& missing, int count,
                                bool allow_incomplete, std::string& note);

// The arguments of a merge: `--merge FILES... [--allow-incomplete]`, at least one file.
struct MergeArgs {
  std::vector<std::string> paths;
  bool allow_incomplete = false;
};
absl::StatusOr<MergeArgs> ParseMergeArgs(const Args& args, const std::string& command);

// A stable 64-bit fingerprint (FNV-1a) as 16 hex digits: the same text gives the same value
// in every build and process, so shards run on different machines can be matched up.
std::string Fingerprint(absl::string_view text);

}  // namespace sente
