// The stdin reader: a thread that reads command lines as they arrive and queues them, so
// nothing is lost while the engine thinks. Lines that must interrupt a search (STOP, END)
// raise the stop flag the moment they are read.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"

namespace sente {

using Clock = std::chrono::steady_clock;

// Lines up to this length are taken whole: Piskvork sends `INFO folder <path>`, and a Windows
// path reaches 32,767 characters. A longer line is no command: its first kMaxLineLength bytes
// are kept, the rest is read and dropped up to the line's end, and it gets one ERROR.
constexpr size_t kMaxLineLength = size_t{1} << 20;

struct InputLine {
  std::string text;   // without the line ending; at most kMaxLineLength bytes
  size_t length = 0;  // length of the whole line as sent
  Clock::time_point arrived;
  uint64_t stops_before = 0;  // interrupting lines read before this one
};

enum class Interrupt { kNone, kStop, kQuit };

class CommandQueue {
 public:
  void Push(InputLine line, Interrupt interrupt);
  void Close();  // end of input: Pop returns nullopt once the queue is empty
  // Blocks until a line is there or the input is closed.
  std::optional<InputLine> Pop();

  // The stop flag a search started for `line` watches: raised at once if an interrupting
  // line came after it, and later by any interrupting line read while it runs.
  const std::atomic<bool>& ArmStop(const InputLine& line);
  bool closed();
  size_t size();

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<InputLine> lines_;
  bool closed_ = false;
  uint64_t stops_ = 0;
  std::atomic<bool> stop_{false};
};

// Reads `in` line by line into `queue` until end of input, then closes it. LF and CRLF both
// end a line. `classify` tells which lines interrupt a search.
void ReadLines(std::istream& in, CommandQueue& queue,
               const std::function<Interrupt(absl::string_view)>& classify);

}  // namespace sente
