#include "protocol/io/shard.h"

#include <algorithm>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
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

}  // namespace sente
