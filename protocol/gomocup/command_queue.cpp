#include "protocol/gomocup/command_queue.h"

#include <istream>
#include <streambuf>
#include <utility>

namespace sente {

void CommandQueue::Push(InputLine line, Interrupt interrupt) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    line.stops_before = stops_;
    if (interrupt != Interrupt::kNone) {
      ++stops_;
      stop_.store(true);
    }
    lines_.push_back(std::move(line));
  }
  ready_.notify_one();
}

void CommandQueue::Close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }
  ready_.notify_all();
}

bool CommandQueue::closed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

size_t CommandQueue::size() {
  std::lock_guard<std::mutex> lock(mutex_);
  return lines_.size();
}

std::optional<InputLine> CommandQueue::Pop() {
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [this] { return !lines_.empty() || closed_; });
  if (lines_.empty()) return std::nullopt;
  InputLine line = std::move(lines_.front());
  lines_.pop_front();
  return line;
}

const std::atomic<bool>& CommandQueue::ArmStop(const InputLine& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  stop_.store(stops_ > line.stops_before);
  return stop_;
}

void ReadLines(std::istream& in, CommandQueue& queue,
               const std::function<Interrupt(absl::string_view)>& classify) {
  std::streambuf* buf = in.rdbuf();
  InputLine line;
  bool any = false;
  auto finish = [&] {
    if (!line.text.empty() && line.text.back() == '\r' && line.length <= kMaxLineLength) {
      line.text.pop_back();
    }
    line.arrived = Clock::now();
    Interrupt interrupt = classify(line.text);
    queue.Push(std::move(line), interrupt);
    line = InputLine{};
    any = false;
  };
  while (buf != nullptr) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) break;
    if (c == '\n') {
      finish();
      continue;
    }
    any = true;
    if (line.length++ < kMaxLineLength) line.text.push_back(static_cast<char>(c));
  }
  if (any) finish();
  queue.Close();
}

}  // namespace sente
