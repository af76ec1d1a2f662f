#include "protocol/io/shard.h"

#include <algorithm>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace sente {

std::string ShardSpec::Text() const { return absl::StrCat(index, "/", count); }

absl::StatusOr<ShardSpec> ParseShard(absl::string_view text) {
  std::vector<absl::string_view> parts = absl::StrSplit(text, '/');
  ShardSpec spec;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &spec.index) ||
      !absl::SimpleAtoi(parts[1], &spec.count) || spec.count < 1 || spec.count > 100000 ||
      spec.index < 1 || spec.index > spec.count)
    return absl::InvalidArgumentError(
        absl::StrCat("bad shard '", text, "': expected I/N with 1 <= I <= N, e.g. 3/8"));
  return spec;
}

ShardRange ShardUnits(int64_t total, ShardSpec spec, int64_t group) {
  int64_t groups = (total + group - 1) / group;
  auto start = [&](int64_t i) { return std::min(total, groups * i / spec.count * group); };
  return {start(spec.index - 1), start(spec.index)};
}

std::string Fingerprint(absl::string_view text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char ch : text) {
    hash ^= ch;
    hash *= 1099511628211ull;
  }
  return absl::StrFormat("%016x", hash);
}

absl::StatusOr<MergeArgs> ParseMergeArgs(const Args& args, const std::string& command) {
  MergeArgs merge;
  ArgParser parser(command);
  parser.AddList("--merge", [&merge](const std::vector<std::string>& values) {
    merge.paths.insert(merge.paths.end(), values.begin(), values.end());
    return absl::OkStatus();
  });
  parser.AddSwitch("--allow-incomplete", &merge.allow_incomplete);
  if (absl::Status status = parser.Parse(args); !status.ok()) return status;
  if (merge.paths.empty()) return absl::InvalidArgumentError("--merge needs files");
  return merge;
}

absl::Status CheckMissingShards(const std::vector<std::string>& missing, int count,
                                bool allow_incomplete, std::string& note) {
  if (missing.empty()) return absl::OkStatus();
  const std::string list =
      absl::StrCat("shards missing or incomplete, of ", count, ": ", absl::StrJoin(missing, ", "));
  if (!allow_incomplete)
    return absl::InvalidArgumentError(
        absl::StrCat(list, " (re-run them, or merge with --allow-incomplete)"));
  note = absl::StrCat(list, "; merged what is there (--allow-incomplete)");
  return absl::OkStatus();
}

}  // namespace sente
