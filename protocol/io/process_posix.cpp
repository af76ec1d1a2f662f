#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "protocol/io/process.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kMaxLine = 1 << 20;

int RemainingMs(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::max<int64_t>(0, left.count()));
}

// Milliseconds to wait for in poll(): -1 forever, else what is left until the deadline.
int PollTimeout(int timeout_ms, Clock::time_point deadline) {
  return timeout_ms < 0 ? -1 : RemainingMs(deadline);
}

void CloseFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Writing to a pipe whose reader is gone raises SIGPIPE in the writing thread. Blocking it
// for the duration of the write, and swallowing the one we caused, keeps the manager alive
// without changing the process-wide disposition.
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set_, &old_);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeGuard() {
    if (raised_ && !was_pending_) {
      timespec zero{0, 0};
      while (sigtimedwait(&set_, nullptr, &zero) < 0 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  void raised() { raised_ = true; }

 private:
  sigset_t set_, old_;
  bool was_pending_ = false;
  bool raised_ = false;
};

int DecodeStatus(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

absl::StatusOr<std::unique_ptr<ChildProcess>> ChildProcess::Start(
    const std::vector<std::string>& argv, const std::string& working_dir, bool quiet_stderr) {
  if (argv.empty() || argv[0].empty()) return absl::InvalidArgumentError("empty command line");
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  int to_child[2], from_child[2], exec_error[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return absl::InternalError("pipe failed");
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]), close(to_child[1]);
    return absl::InternalError("pipe failed");
  }
  if (pipe2(exec_error, O_CLOEXEC) != 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
    return absl::InternalError("pipe failed");
  }

  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGPIPE, SIG_DFL);
    int err = 0;
    if (dup2(to_child[0], 0) < 0 || dup2(from_child[1], 1) < 0) err = errno;
    if (err == 0 && quiet_stderr) {
      int null_fd = open("/dev/null", O_WRONLY);
      if (null_fd < 0 || dup2(null_fd, 2) < 0) err = errno;
    }
    if (err == 0 && !working_dir.empty() && chdir(working_dir.c_str()) != 0) err = errno;
    if (err == 0) {
      execvp(args[0], args.data());
      err = errno;
    }
    ssize_t ignored = write(exec_error[1], &err, sizeof err);
    (void)ignored;
    _exit(127);
  }
  int fork_errno = errno;
  close(to_child[0]);
  close(from_child[1]);
  close(exec_error[1]);
  if (pid < 0) {
    close(to_child[1]), close(from_child[0]), close(exec_error[0]);
    return absl::InternalError(absl::StrCat("fork failed: ", strerror(fork_errno)));
  }
  setpgid(pid, pid);  // also here, so Kill works even if the child has not run yet

  int child_errno = 0;
  ssize_t n;
  do {
    n = read(exec_error[0], &child_errno, sizeof child_errno);
  } while (n < 0 && errno == EINTR);
  close(exec_error[0]);
  std::unique_ptr<ChildProcess> child(new ChildProcess(pid, to_child[1], from_child[0]));
  if (n > 0) {
    child->Reap(true);
    return absl::NotFoundError(absl::StrCat("cannot start '", argv[0], "'",
                                            working_dir.empty() ? "" : " in " + working_dir, ": ",
                                            strerror(child_errno)));
  }
  fcntl(child->in_fd_, F_SETFL, fcntl(child->in_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(child->out_fd_, F_SETFL, fcntl(child->out_fd_, F_GETFL) | O_NONBLOCK);
  return child;
}

ChildProcess::~ChildProcess() {
  CloseFd(in_fd_);
  CloseFd(out_fd_);
  if (!exit_status_) Kill();
}

absl::Status ChildProcess::Write(absl::string_view raw, int write_timeout_ms) {
  if (in_fd_ < 0) return absl::FailedPreconditionError("input already closed");
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(write_timeout_ms);
  SigpipeGuard guard;
  while (!raw.empty()) {
    ssize_t n = write(in_fd_, raw.data(), raw.size());
    if (n > 0) {
      raw.remove_prefix(static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) {
      guard.raised();
      return absl::UnavailableError("the child closed its input");
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
      return absl::InternalError(absl::StrCat("write failed: ", strerror(errno)));
    pollfd pfd{in_fd_, POLLOUT, 0};
    int ready = poll(&pfd, 1, PollTimeout(write_timeout_ms, deadline));
    if (ready == 0) return absl::DeadlineExceededError("the child does not read its input");
  }
  return absl::OkStatus();
}

absl::Status ChildProcess::WriteLine(absl::string_view line) {
  return Write(absl::StrCat(line, "\n"));
}

void ChildProcess::CloseInput() { CloseFd(in_fd_); }

absl::StatusOr<std::string> ChildProcess::ReadLine(int timeout_ms) {
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(std::max(0, timeout_ms));
  size_t scanned = 0;
  while (true) {
    size_t newline = buffer_.find('\n', scanned);
    if (newline != std::string::npos || (out_eof_ && !buffer_.empty())) {
      size_t end = newline == std::string::npos ? buffer_.size() : newline;
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, newline == std::string::npos ? end : end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    scanned = buffer_.size();
    if (buffer_.size() > kMaxLine) {
      buffer_.clear();
      return absl::ResourceExhaustedError("line longer than 1 MiB");
    }
    if (out_eof_ || out_fd_ < 0) return absl::UnavailableError("the child closed its output");

    pollfd pfd{out_fd_, POLLIN, 0};
    int ready = poll(&pfd, 1, PollTimeout(timeout_ms, deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return absl::DeadlineExceededError("no line before the deadline");
    char chunk[4096];
    while (true) {
      ssize_t n = read(out_fd_, chunk, sizeof chunk);
      if (n > 0) {
        buffer_.append(chunk, static_cast<size_t>(n));
        if (buffer_.size() > kMaxLine) break;
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) out_eof_ = true;
      break;
    }
  }
}

bool ChildProcess::Reap(bool block) {
  if (exit_status_) return true;
  int status = 0;
  rusage usage{};
  pid_t r;
  do {
    r = wait4(pid_, &status, block ? 0 : WNOHANG, &usage);
  } while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  if (r < 0) {  // not our child any more (e.g. reaped elsewhere): treat as gone
    exit_status_ = -1;
    return true;
  }
  exit_status_ = DecodeStatus(status);
  peak_rss_ = std::max<int64_t>(peak_rss_, static_cast<int64_t>(usage.ru_maxrss) * 1024);
  return true;
}

bool ChildProcess::Running() { return !Reap(false); }

std::optional<int> ChildProcess::Wait(int timeout_ms) {
  if (timeout_ms < 0) {
    Reap(true);
    return exit_status_;
  }
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  int step_ms = 1;
  while (!Reap(false)) {
    int left = RemainingMs(deadline);
    if (left == 0) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(step_ms, left)));
    step_ms = std::min(step_ms * 2, 20);
  }
  return exit_status_;
}

void ChildProcess::Kill() {
  if (Reap(false)) return;
  kill(-pid_, SIGKILL);
  kill(pid_, SIGKILL);
  Reap(true);
}

void ChildProcess::Suspend() {
  if (!Running()) return;
  kill(-pid_, SIGSTOP);
  kill(pid_, SIGSTOP);
}

void ChildProcess::Resume() {
  if (!Running()) return;
  kill(-pid_, SIGCONT);
  kill(pid_, SIGCONT);
}

int64_t ChildProcess::PeakRssBytes() {
  if (Running()) {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(status, line)) {
      absl::string_view rest(line);
      if (!absl::ConsumePrefix(&rest, "VmHWM:")) continue;
      rest = absl::StripAsciiWhitespace(rest);
      absl::ConsumeSuffix(&rest, "kB");
      int64_t kb = 0;
      if (absl::SimpleAtoi(absl::StripAsciiWhitespace(rest), &kb))
        peak_rss_ = std::max(peak_rss_, kb * 1024);
      break;
    }
  }
  return peak_rss_;
}

}  // namespace sente
