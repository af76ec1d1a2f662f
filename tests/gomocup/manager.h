// Test helper: drives a real pbrain-sente through the Gomocup protocol the way a manager does.
#pragma once

#include <chrono>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/io/process.h"
#include "tests/gomocup/harness.h"
#include "tests/test_util.h"

namespace sente::testing {

class ManagedEngine {
 public:
  // eol: "\r\n" like Piskvork and GomocupJudge, "\n" like c-gomoku-cli.
  explicit ManagedEngine(std::string eol = "\r\n") : eol_(std::move(eol)) {
    auto child = ChildProcess::Start(EngineCommand(), "", /*quiet_stderr=*/false);
    EXPECT_TRUE(child.ok()) << child.status();
    if (child.ok()) child_ = std::move(*child);
  }
  bool ok() const { return child_ != nullptr; }
  ChildProcess& process() { return *child_; }

  void Send(const std::string& line) {
    absl::Status s = child_->Write(line + eol_);
    EXPECT_TRUE(s.ok()) << line << ": " << s;
  }
  // The next line that is not MESSAGE/DEBUG, or "" on timeout or end of output.
  std::string Answer(int timeout_ms = 10000) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      int left = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                      deadline - std::chrono::steady_clock::now())
                                      .count());
      if (left <= 0) return "";
      absl::StatusOr<std::string> line = child_->ReadLine(left);
      if (!line.ok()) return "";
      if (line->rfind("MESSAGE", 0) == 0) {
        messages_.push_back(*line);
        continue;
      }
      if (line->rfind("DEBUG", 0) == 0) continue;
      return *line;
    }
  }
  std::string Ask(const std::string& line, int timeout_ms = 10000) {
    Send(line);
    return Answer(timeout_ms);
  }
  const std::vector<std::string>& messages() const { return messages_; }

 private:
  std::string eol_;
  std::unique_ptr<ChildProcess> child_;
  std::vector<std::string> messages_;
};

// What a fresh process may take to load before it can answer anything, on top of the limits
// the tests set the engine: SENTE_TEST_STARTUP_MS, 0 unless set (tests/wine/wine_test.sh sets
// it for wine's loader, which is not the engine's and not Windows').
inline int64_t StartupAllowanceMs() {
  const char* s = std::getenv("SENTE_TEST_STARTUP_MS");
  int64_t ms = 0;
  return s != nullptr && absl::SimpleAtoi(s, &ms) ? ms : 0;
}

inline int64_t MsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t)
      .count();
}

}  // namespace sente::testing
