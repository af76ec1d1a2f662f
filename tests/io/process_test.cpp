#include "protocol/io/process.h"

#include <signal.h>

#include <chrono>
#include <string>

#include "gtest/gtest.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

int64_t ElapsedMs(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

std::unique_ptr<ChildProcess> StartOk(const std::vector<std::string>& argv) {
  auto child = ChildProcess::Start(argv);
  EXPECT_TRUE(child.ok()) << child.status();
  return child.ok() ? std::move(*child) : nullptr;
}

TEST(ChildProcess, EchoesLinesThroughCat) {
  auto cat = StartOk({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  EXPECT_TRUE(cat->Running());
  ASSERT_TRUE(cat->WriteLine("START 15").ok());
  ASSERT_TRUE(cat->Write("TURN 7,7\r\nBEGIN\n").ok());
  EXPECT_EQ(*cat->ReadLine(5000), "START 15");
  EXPECT_EQ(*cat->ReadLine(5000), "TURN 7,7");  // "\r\n" stripped
  EXPECT_EQ(*cat->ReadLine(5000), "BEGIN");
  cat->CloseInput();
  EXPECT_EQ(cat->ReadLine(5000).status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(cat->Wait(5000), 0);
  EXPECT_FALSE(cat->Running());
}

TEST(ChildProcess, ReadTimesOutWhenChildIsSilent) {
  auto cat = StartOk({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  Clock::time_point start = Clock::now();
  auto line = cat->ReadLine(100);
  EXPECT_EQ(line.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_GE(ElapsedMs(start), 90);
  EXPECT_LT(ElapsedMs(start), 3000);
  // A partial line stays buffered until its end arrives.
  ASSERT_TRUE(cat->Write("12").ok());
  EXPECT_EQ(cat->ReadLine(100).status().code(), absl::StatusCode::kDeadlineExceeded);
  ASSERT_TRUE(cat->Write(",7\n").ok());
  EXPECT_EQ(*cat->ReadLine(5000), "12,7");
}

TEST(ChildProcess, ReturnsUnterminatedLastLineThenUnavailable) {
  auto sh = StartOk({"/bin/sh", "-c", "printf 'a\\nb'"});
  ASSERT_NE(sh, nullptr);
  EXPECT_EQ(*sh->ReadLine(5000), "a");
  EXPECT_EQ(*sh->ReadLine(5000), "b");
  EXPECT_EQ(sh->ReadLine(5000).status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(sh->Wait(5000), 0);
}

TEST(ChildProcess, ReportsExitStatus) {
  auto sh = StartOk({"/bin/sh", "-c", "exit 3"});
  ASSERT_NE(sh, nullptr);
  EXPECT_EQ(sh->Wait(5000), 3);
  EXPECT_EQ(sh->exit_status(), 3);
}

TEST(ChildProcess, CrashIsSeenAsClosedOutputAndSignalStatus) {
  auto sh = StartOk({"/bin/sh", "-c", "echo hello; kill -SEGV $$"});
  ASSERT_NE(sh, nullptr);
  EXPECT_EQ(*sh->ReadLine(5000), "hello");
  EXPECT_EQ(sh->ReadLine(5000).status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(sh->Wait(5000), 128 + 11);
}

TEST(ChildProcess, WriteToExitedChildFailsWithoutSigpipe) {
  auto sh = StartOk({"/bin/sh", "-c", "exec 0<&-; exit 0"});
  ASSERT_NE(sh, nullptr);
  EXPECT_EQ(sh->Wait(5000), 0);
  absl::Status status = sh->WriteLine("START 15");
  EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable) << status;
}

TEST(ChildProcess, WaitTimesOutAndKillEndsHungChild) {
  auto sleeper = StartOk({"/bin/sh", "-c", "sleep 30; echo late"});
  ASSERT_NE(sleeper, nullptr);
  EXPECT_EQ(sleeper->Wait(50), std::nullopt);
  EXPECT_TRUE(sleeper->Running());
  Clock::time_point start = Clock::now();
  sleeper->Kill();
  EXPECT_LT(ElapsedMs(start), 3000);
  EXPECT_FALSE(sleeper->Running());
  EXPECT_EQ(sleeper->exit_status(), 128 + 9);
  // The killed group included the sleep, so stdout is closed, not just silent.
  EXPECT_EQ(sleeper->ReadLine(3000).status().code(), absl::StatusCode::kUnavailable);
}

TEST(ChildProcess, SuspendedChildMakesNoProgressUntilResumed) {
  auto ticker = StartOk({"/bin/sh", "-c", "while :; do echo tick; sleep 0.01; done"});
  ASSERT_NE(ticker, nullptr);
  EXPECT_EQ(*ticker->ReadLine(5000), "tick");
  ticker->Suspend();
  while (ticker->ReadLine(50).ok()) {  // drain what was written before the stop
  }
  EXPECT_EQ(ticker->ReadLine(300).status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_TRUE(ticker->Running());
  ticker->Resume();
  EXPECT_EQ(*ticker->ReadLine(5000), "tick");
  ticker->Suspend();
  ticker->Kill();  // a stopped child still dies
  EXPECT_FALSE(ticker->Running());
}

TEST(ChildProcess, DestructorKillsRunningChild) {
  int pid;
  {
    auto cat = StartOk({"/bin/cat"});
    ASSERT_NE(cat, nullptr);
    pid = cat->pid();
    ASSERT_GT(pid, 0);
  }
  EXPECT_NE(kill(pid, 0), 0);  // reaped: no such process
}

TEST(ChildProcess, MissingProgramIsAnError) {
  auto child = ChildProcess::Start({"/nonexistent/engine"});
  ASSERT_FALSE(child.ok());
  EXPECT_NE(child.status().message().find("/nonexistent/engine"), absl::string_view::npos);
  EXPECT_FALSE(ChildProcess::Start({}).ok());
}

TEST(ChildProcess, RunsInWorkingDirectory) {
  auto pwd = ChildProcess::Start({"/bin/sh", "-c", "pwd"}, "/tmp");
  ASSERT_TRUE(pwd.ok()) << pwd.status();
  EXPECT_EQ(*(*pwd)->ReadLine(5000), "/tmp");
  EXPECT_FALSE(ChildProcess::Start({"/bin/sh", "-c", "pwd"}, "/nonexistent-dir").ok());
}

TEST(ChildProcess, MeasuresPeakMemory) {
  // The shell allocates a ~8 MB string, then waits for input.
  auto sh =
      StartOk({"/bin/sh", "-c", "x=$(head -c 8000000 /dev/zero | tr '\\0' a); echo ready; read y"});
  ASSERT_NE(sh, nullptr);
  EXPECT_EQ(*sh->ReadLine(10000), "ready");
  int64_t running_peak = sh->PeakRssBytes();
  EXPECT_GT(running_peak, 8'000'000);
  EXPECT_LT(running_peak, 1'000'000'000);
  ASSERT_TRUE(sh->WriteLine("bye").ok());
  EXPECT_EQ(sh->Wait(5000), 0);
  EXPECT_GE(sh->PeakRssBytes(), running_peak);  // kept after exit
}

TEST(ChildProcess, OverlongLineIsAnError) {
  auto sh = StartOk({"/bin/sh", "-c", "head -c 3000000 /dev/zero | tr '\\0' a; echo; echo ok"});
  ASSERT_NE(sh, nullptr);
  int errors = 0;
  for (int i = 0; i < 10; ++i) {
    auto line = sh->ReadLine(10000);
    if (line.ok() && *line == "ok") break;
    if (!line.ok()) {
      ASSERT_EQ(line.status().code(), absl::StatusCode::kResourceExhausted) << line.status();
      ++errors;
    }
  }
  EXPECT_GE(errors, 1);
}

}  // namespace
}  // namespace sente
