// The block format of Sente's data files (tests/data/vcf/README.md and
// tests/data/renju-forbidden/README.md): "case: NAME", then "key: value" lines, a "board:"
// line followed by diagram rows, and "end". Lines outside blocks are comments.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace sente {

struct CaseBlock {
  struct Field {
    std::string key, value;
    int line_number = 0;
  };

  std::string name;
  int line_number = 0;        // of the "case:" line
  std::vector<Field> fields;  // in file order; a key may repeat
  std::vector<std::string> board;

  // The value of the last line with this key, or "" when there is none.
  std::string Get(absl::string_view key) const;
};

// The error for a bad line of a text file: "line N: message".
absl::Status LineError(int line_number, absl::string_view message);

// Errors name the line: a case inside a case, a case without "end", a line that is neither
// "key: value" nor a board row.
absl::StatusOr<std::vector<CaseBlock>> ParseCaseBlocks(absl::string_view text);
absl::StatusOr<std::vector<CaseBlock>> ReadCaseFile(const std::string& path);

}  // namespace sente
