// The Gomocup protocol session: one Player driven by command lines, answers on one stream.
#pragma once

#include <istream>
#include <mutex>
#include <ostream>
#include <string>

#include "absl/strings/string_view.h"
#include "protocol/gomocup/command.h"
#include "protocol/gomocup/command_queue.h"
#include "protocol/gomocup/player.h"

namespace sente {

// SENTE_VERSION comes from project(VERSION) in CMakeLists.txt: one place to bump it.
constexpr const char* kAboutLine = "name=\"Sente\", version=\"" SENTE_VERSION
                                   "\", author=\"The Sente authors\", country=\"International\"";

// Black's pass under renju, sent and accepted only with INFO accept_pass 1.
constexpr const char* kPassAnswer = "-1,-1";

// Answers are whole lines, flushed at once; the search's progress reports may come from
// another thread.
class ProtocolOutput {
 public:
  explicit ProtocolOutput(std::ostream& out) : out_(out) {}
  void Line(absl::string_view text);

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

class GomocupSession {
 public:
  GomocupSession(CommandQueue& queue, std::ostream& out) : queue_(queue), out_(out) {}
  // Handles one line (and the block lines that follow BOARD, YXBOARD or SWAP2BOARD).
  // Returns false when the session is over (END).
  bool Handle(const InputLine& line);
  const Player& player() const { return player_; }

 private:
  bool HandleCommand(const Command& command, const InputLine& line);
  // The commands with more to do than one answer; each answers for itself.
  void Start(const Command& command, const std::string& name);
  void Move(const Command& command, const std::string& name, const InputLine& line);
  void Position(const Command& command, const std::string& name,
                const std::vector<std::string>& block, const InputLine& line);
  void Swap2(const std::string& name, const std::vector<std::string>& block, const InputLine& line);
  void NBest(const Command& command, const InputLine& line);
  // "OK", or the error.
  void Acknowledge(absl::string_view what, const absl::Status& status);
  void Error(absl::string_view what, const absl::Status& status);
  void Think(const InputLine& line, int multipv = 1);
  void Report(const SearchInfo& info);
  // One of the opening rules' OPEN*BOARD decisions (protocol/gomocup/opening_commands.h).
  void Opening(const Command& command, const InputLine& line,
               const std::vector<std::string>& block);
  // Reads block lines up to DONE. A line that is neither a block line nor DONE ends the block
  // with an error and is handled as a command; `rest` receives it.
  bool ReadBlock(absl::string_view name, std::vector<std::string>* lines,
                 std::optional<InputLine>* rest);
  std::string FormatPv(const std::vector<Pos>& pv) const;

  CommandQueue& queue_;
  ProtocolOutput out_;
  Player player_;
  int reports_ = 0;
};

// The Gomocup session on a stream pair: reads commands until END or end of input.
int RunProtocol(std::istream& in, std::ostream& out);

// Formats FORBID's answer: "FORBID xxyy...." or "FORBID .".
std::string FormatForbid(const std::vector<Pos>& points);

}  // namespace sente
