// `sente analyze`: a position in, a verdict out.
#include "protocol/analyze/command.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <memory>
#include <mutex>
#include <new>
#include <thread>

#include "absl/strings/str_cat.h"
#include "engine/forbidden.h"
#include "protocol/analyze/opening.h"
#include "protocol/analyze/options.h"
#include "protocol/analyze/position.h"
#include "protocol/analyze/report.h"
#include "protocol/analyze/threats.h"
#include "protocol/analyze/verdict.h"
#include "protocol/io/platform.h"
#include "search/search.h"
#include "search/timeman.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

// Sets `flag` once `ms` milliseconds have passed (never when ms <= 0), unless destroyed first.
class StopTimer {
 public:
  StopTimer(std::atomic<bool>& flag, int64_t ms) {
    if (ms <= 0) return;
    thread_ = std::thread([this, &flag, ms] {
      std::unique_lock<std::mutex> lock(mutex_);
      if (!cv_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return done_; })) flag = true;
    });
  }
  ~StopTimer() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  StopTimer(const StopTimer&) = delete;
  StopTimer& operator=(const StopTimer&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

// Progress lines: refreshed in place on a terminal, one per report otherwise.
class Progress {
 public:
  Progress(std::ostream& out, bool interactive, int height)
      : out_(out), interactive_(interactive), height_(height) {}
  // In place, only the best line is shown: the others would overwrite it.
  void Report(const SearchInfo& info) {
    if (interactive_ && info.multipv > 1) return;
    std::string line = FormatProgress(info, height_);
    if (interactive_) {
      constexpr size_t kWidth = 79;
      if (line.size() > kWidth) line.resize(kWidth);
      out_ << '\r' << line << std::string(kWidth - line.size(), ' ') << std::flush;
      shown_ = true;
    } else {
      out_ << line << '\n' << std::flush;
    }
  }
  void Finish() {
    if (shown_) out_ << '\n';
  }

 private:
  std::ostream& out_;
  bool interactive_;
  int height_;
  bool shown_ = false;
};

// A hash table larger than half the machine's memory would be refused or swap the machine.
absl::StatusOr<std::unique_ptr<Searcher>> MakeSearcher(int hash_mb) {
  int64_t memory_mb = PhysicalMemoryBytes() >> 20;
  if (memory_mb > 0) {
    if (hash_mb > memory_mb / 2) {
      return absl::ResourceExhaustedError(absl::StrCat("--hash ", hash_mb,
                                                       " MiB is more than half of this machine's ",
                                                       memory_mb, " MiB of memory"));
    }
  }
  try {
    return std::make_unique<Searcher>(static_cast<size_t>(hash_mb) << 20);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate a hash table of ", hash_mb, " MiB"));
  }
}

}  // namespace

int RunAnalyzeWith(const Args& args, std::ostream& out, std::ostream& err, bool interactive) {
  absl::StatusOr<AnalyzeOptions> options = ParseAnalyzeOptions(args);
  if (!options.ok()) {
    err << "analyze: " << options.status().message() << '\n';
    return 2;
  }
  if (options->help) {
    out << kAnalyzeUsage;
    return 0;
  }
  if (!options->opening_rule.empty()) {
    absl::StatusOr<std::unique_ptr<Searcher>> searcher = MakeSearcher(options->hash_mb);
    if (!searcher.ok()) {
      err << "analyze: " << searcher.status().message() << '\n';
      return 1;
    }
    return RunOpeningAnalysis(*options, **searcher, out, err);
  }
  absl::StatusOr<AnalyzePosition> position = LoadAnalyzePosition(*options);
  if (!position.ok()) {
    err << "analyze: " << position.status().message() << '\n';
    return 1;
  }
  absl::StatusOr<std::unique_ptr<Searcher>> searcher = MakeSearcher(options->hash_mb);
  if (!searcher.ok()) {
    err << "analyze: " << searcher.status().message() << '\n';
    return 1;
  }
  const Clock::time_point start = Clock::now();
  Board& board = position->board;
  Analysis a;
  a.to_move = position->to_move;
  a.last_move = position->last_move;
  a.forbidden = ForbiddenPoints(board);
  for (Color c : {Color::kBlack, Color::kWhite}) a.threats[Index(c)] = FindThreatPoints(board, c);
  const bool text = !options->json;
  if (text) out << TextPosition(board, a) << std::flush;

  const int64_t budget = options->time_ms;
  {
    std::atomic<bool> stop{false};
    StopTimer timer(stop, budget / 4);
    a.threat_searches = RunThreatSearches(board, a.to_move, options->threat_nodes, stop);
  }
  if (text) out << TextThreatSearches(board, a) << '\n' << std::flush;

  SearchLimits limits;
  if (budget > 0) {
    int64_t left = std::max<int64_t>(1, budget - MsSince(start));
    limits.hard_ms = left;
    limits.soft_ms = std::max<int64_t>(1, left / 2);
  }
  limits.max_depth = options->depth;
  limits.max_nodes = options->nodes;
  limits.threads = options->threads;
  limits.multipv = options->multipv;
  std::atomic<bool> never_stop{false};
  Progress progress(out, interactive, board.height());
  InfoCallback on_info;
  if (text) on_info = [&progress](const SearchInfo& info) { progress.Report(info); };
  a.search = (*searcher)->Think(board, a.to_move, limits, never_stop, on_info);
  progress.Finish();
  a.verdict = MakeVerdict(board, a.to_move, a.search, a.threat_searches);
  a.total_ms = MsSince(start);
  if (text) {
    out << TextVerdict(board, a);
  } else {
    out << AnalysisJson(board, a) << '\n';
  }
  out.flush();
  return 0;
}

int RunAnalyze(const Args& args, std::ostream& out) {
  bool interactive = &out == &std::cout && StdoutIsTerminal();
  return RunAnalyzeWith(args, out, std::cerr, interactive);
}

}  // namespace sente
