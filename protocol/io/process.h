// A child process driven through pipes: the way a manager talks to a Gomocup engine.
// POSIX fork/exec; the child runs in its own process group so Kill also ends its helpers.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace sente {

class ChildProcess {
 public:
  // Starts argv[0] (searched in PATH when it has no '/') with its arguments in working_dir
  // (empty: the current one). stdin and stdout are piped; stderr is inherited, or goes to
  // /dev/null when quiet_stderr. Fails when the program cannot be started.
  static absl::StatusOr<std::unique_ptr<ChildProcess>> Start(const std::vector<std::string>& argv,
                                                             const std::string& working_dir = "",
                                                             bool quiet_stderr = false);
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();  // kills (SIGKILL) and reaps if still running

  // Raw bytes to the child's stdin. A child that closed its stdin gives UnavailableError
  // (never SIGPIPE). Blocks while the pipe is full, at most write_timeout_ms.
  absl::Status Write(absl::string_view raw, int write_timeout_ms = 10000);
  absl::Status WriteLine(absl::string_view line);  // line + "\n"
  void CloseInput();                               // the child sees end of file

  // One line of the child's stdout without its "\n" or "\r\n". timeout_ms < 0 waits forever.
  // DeadlineExceededError on timeout, UnavailableError once the child closed stdout (an
  // unterminated last line is returned first), ResourceExhaustedError for a line over 1 MiB.
  absl::StatusOr<std::string> ReadLine(int timeout_ms);

  bool Running();                           // not yet exited
  std::optional<int> Wait(int timeout_ms);  // exit status (128+signal if killed) or nullopt
  void Kill();                              // SIGKILL to the child's group, then reaps
  // SIGSTOP / SIGCONT to the child's group: a frozen engine cannot think on the other's time.
  void Suspend();
  void Resume();
  int64_t PeakRssBytes();  // VmHWM from /proc/<pid>/status while running, else last seen
  int pid() const { return pid_; }
  std::optional<int> exit_status() const { return exit_status_; }

 private:
  ChildProcess(pid_t pid, int in_fd, int out_fd) : pid_(pid), in_fd_(in_fd), out_fd_(out_fd) {}
  bool Reap(bool block);  // true once the child is reaped

  pid_t pid_;
  int in_fd_;
  int out_fd_;
  bool out_eof_ = false;
  std::string buffer_;
  std::optional<int> exit_status_;
  int64_t peak_rss_ = 0;
};

}  // namespace sente
