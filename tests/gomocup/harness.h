// Test helper: one Gomocup session in process, fed line by line, with its output collected.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "protocol/gomocup/session.h"

namespace sente::testing {

// "x,y": digits, one comma, digits; nothing else.
inline bool IsMove(const std::string& line) {
  size_t comma = line.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 == line.size()) return false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (i != comma && (line[i] < '0' || line[i] > '9')) return false;
  }
  return true;
}

// Moves separated by single blanks.
inline bool IsMoveList(const std::string& line) {
  if (line.empty()) return false;
  for (absl::string_view m : absl::StrSplit(line, ' ')) {
    if (!IsMove(std::string(m))) return false;
  }
  return true;
}

// Feeds lines to one session and collects what it prints, answers and MESSAGE lines apart.
class Harness {
 public:
  // A small hash table keeps the suite fast; the sizing itself is tested apart.
  Harness() { Send("INFO hash_size 4096"); }
  // Sends the lines (separated by '\n') and returns the non-MESSAGE lines printed.
  std::vector<std::string> Send(const std::string& text) {
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      InputLine input;
      input.text = std::string(line.substr(0, kMaxLineLength));
      input.length = line.size();
      input.arrived = Clock::now();
      queue_.Push(std::move(input), ClassifyInterrupt(line));
    }
    while (queue_.size() > 0) {
      std::optional<InputLine> line = queue_.Pop();
      if (!session_.Handle(*line)) ended_ = true;
    }
    std::vector<std::string> answers;
    std::string all = out_.str();
    std::vector<std::string> lines = absl::StrSplit(all.substr(consumed_), '\n', absl::SkipEmpty());
    consumed_ = all.size();
    messages_.clear();
    for (std::string& line : lines) {
      (line.rfind("MESSAGE ", 0) == 0 ? messages_ : answers).push_back(line);
    }
    return answers;
  }
  std::string One(const std::string& text) {
    std::vector<std::string> answers = Send(text);
    EXPECT_EQ(answers.size(), 1u) << text;
    return answers.empty() ? "" : answers[0];
  }
  const std::vector<std::string>& messages() const { return messages_; }
  const Board& board() const { return session_.player().board(); }
  const Player& player() const { return session_.player(); }
  bool ended() const { return ended_; }

 private:
  CommandQueue queue_;
  std::ostringstream out_;
  GomocupSession session_{queue_, out_};
  size_t consumed_ = 0;
  std::vector<std::string> messages_;
  bool ended_ = false;
};

}  // namespace sente::testing
