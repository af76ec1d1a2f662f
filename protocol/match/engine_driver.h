// One Gomocup engine driven by the match runner as a child process: the manager's half of
// the protocol (START, INFO, BEGIN/TURN/BOARD, END) and reading its answers.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/types.h"
#include "protocol/io/process.h"

namespace sente {

struct EngineSpec {
  std::string name;
  std::vector<std::string> argv;
  std::string working_dir;                                 // empty: the current one
  std::vector<std::pair<std::string, std::string>> infos;  // extra "INFO key value" per game
};

// Parses "cmd=PROGRAM [ARGS...]" "name=N" "dir=D" "info.KEY=VALUE" ... (cmd split on blanks).
absl::StatusOr<EngineSpec> ParseEngineSpec(const std::vector<std::string>& fields);

// Limits of one game, enforced the way Gomocup's referee does: a move must arrive within
// min(turn, time left) + tolerance. 0 means no limit; at least one of turn and game is set.
struct MatchTimeControl {
  int64_t turn_ms = 5000;
  int64_t game_ms = 0;
  int64_t tolerance_ms = 1000;
  int64_t start_ms = 10000;        // answering START (not charged to the clock)
  int64_t max_memory = 367001600;  // sent as INFO max_memory; 0 = none
  bool memory_loss = false;        // a peak resident size over max_memory loses
};

// Every line between the manager and the engines, for debugging an engine:
// "name pid < line" sent to it, "name pid > line" from it. Shared by threads.
class IoLog {
 public:
  explicit IoLog(std::ostream& out) : out_(out) {}
  void Line(const std::string& engine, int pid, char direction, absl::string_view text);

 private:
  std::mutex mu_;
  std::ostream& out_;
};

class MatchEngine {
 public:
  // Fails (NotFound) when the program cannot be executed.
  static absl::StatusOr<std::unique_ptr<MatchEngine>> Launch(const EngineSpec& spec,
                                                             bool quiet_stderr);

  const EngineSpec& spec() const { return spec_; }
  ChildProcess& process() { return *process_; }

  // Drops stale output, sends START (or RECTSTART) and waits for OK, then the INFO settings.
  // FailedPrecondition carries the engine's ERROR text when it refuses.
  absl::Status NewGame(int width, int height, Rule rule, const MatchTimeControl& tc);

  void set_log(IoLog* log) { log_ = log; }
  absl::Status Send(const std::string& line) { return SendRaw(line + "\n"); }
  absl::Status SendRaw(absl::string_view text);  // one or more whole lines
  // The next answer line, skipping MESSAGE, DEBUG, OK and blank lines and noting ERROR and
  // UNKNOWN ones (see last_error).
  absl::StatusOr<std::string> ReadAnswer(int timeout_ms);
  const std::string& last_error() const { return last_error_; }
  // Like ReadAnswer, but an ERROR or UNKNOWN line is the answer: Unimplemented with its text
  // (an engine that does not speak an opening rule's command says so this way).
  absl::StatusOr<std::string> ReadDecision(int timeout_ms);

  // END, up to a second to exit, then SIGKILL.
  void Quit();

 private:
  MatchEngine(EngineSpec spec, std::unique_ptr<ChildProcess> process)
      : spec_(std::move(spec)), process_(std::move(process)) {}

  EngineSpec spec_;
  std::unique_ptr<ChildProcess> process_;
  absl::StatusOr<std::string> ReadLine(int timeout_ms);
  absl::StatusOr<std::string> ReadLineBy(std::chrono::steady_clock::time_point deadline);
  absl::StatusOr<std::string> ReadUntilAnswer(int timeout_ms, bool errors_answer);

  std::string last_error_;
  IoLog* log_ = nullptr;
};

}  // namespace sente
