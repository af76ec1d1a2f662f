// Paths to test data and readers for the shared case-file formats.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sente::testing {

inline std::string DataPath(const std::string& relative) {
  return std::string(SENTE_SOURCE_DIR) + "/tests/data/" + relative;
}

// One "case: ... end" block: its keys (the last value of each, multi-line keys joined by
// newlines) and its board rows.
struct CaseBlock {
  std::string name;
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<std::string> board;

  std::string Get(const std::string& key) const {
    std::string out;
    for (const auto& [k, v] : fields)
      if (k == key) out = v;
    return out;
  }
};

inline std::vector<CaseBlock> ReadCaseFile(const std::string& path) {
  std::ifstream in(path);
  std::vector<CaseBlock> cases;
  CaseBlock current;
  bool in_case = false, in_board = false;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("case:", 0) == 0) {
      current = CaseBlock{};
      current.name = line.substr(line.find_first_not_of(' ', 5));
      in_case = true;
      in_board = false;
      continue;
    }
    if (!in_case) continue;
    if (line == "end") {
      cases.push_back(current);
      in_case = in_board = false;
      continue;
    }
    if (line == "board:") {
      in_board = true;
      continue;
    }
    size_t colon = line.find(':');
    if (in_board && colon == std::string::npos) {
      current.board.push_back(line);
      continue;
    }
    if (colon != std::string::npos) {
      in_board = false;
      std::string value = line.substr(colon + 1);
      size_t start = value.find_first_not_of(' ');
      current.fields.emplace_back(line.substr(0, colon),
                                  start == std::string::npos ? "" : value.substr(start));
    }
  }
  return cases;
}

}  // namespace sente::testing
