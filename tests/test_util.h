// Paths to test data, and reading its case files.
#pragma once

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "protocol/io/case_file.h"

namespace sente::testing {

inline std::string DataPath(const std::string& relative) {
  return std::string(SENTE_SOURCE_DIR) + "/tests/data/" + relative;
}

// Every block of a data file; a test fails when the file cannot be read or parsed.
inline std::vector<CaseBlock> ReadCases(const std::string& relative) {
  absl::StatusOr<std::vector<CaseBlock>> blocks = ReadCaseFile(DataPath(relative));
  EXPECT_TRUE(blocks.ok()) << blocks.status();
  return blocks.ok() ? *std::move(blocks) : std::vector<CaseBlock>{};
}

}  // namespace sente::testing
