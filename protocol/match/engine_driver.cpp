#include "protocol/match/engine_driver.h"

#include <algorithm>
#include <chrono>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace sente {
namespace {

bool IsChatter(absl::string_view line) {
  return line.empty() || line == "OK" || absl::StartsWith(line, "MESSAGE") ||
         absl::StartsWith(line, "DEBUG");
}

}  // namespace

absl::StatusOr<EngineSpec> ParseEngineSpec(const std::vector<std::string>& fields) {
  EngineSpec spec;
  for (const std::string& field : fields) {
    size_t eq = field.find('=');
    if (eq == std::string::npos)
      return absl::InvalidArgumentError(
          absl::StrCat("engine field '", field, "' is not key=value"));
    std::string key = field.substr(0, eq), value = field.substr(eq + 1);
    if (key == "cmd") {
      spec.argv = absl::StrSplit(value, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    } else if (key == "name") {
      spec.name = value;
    } else if (key == "dir") {
      spec.working_dir = value;
    } else if (absl::StartsWith(key, "info.") && key.size() > 5) {
      spec.infos.emplace_back(key.substr(5), value);
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown engine field '", key, "'"));
    }
  }
  if (spec.argv.empty()) return absl::InvalidArgumentError("an engine needs cmd=PROGRAM");
  if (spec.name.empty()) {
    std::string base = spec.argv[0].substr(spec.argv[0].find_last_of('/') + 1);
    spec.name = absl::StartsWith(base, "pbrain-") ? base.substr(7) : base;
  }
  return spec;
}

void IoLog::Line(const std::string& engine, int pid, char direction, absl::string_view text) {
  std::lock_guard<std::mutex> lock(mu_);
  out_ << engine << " " << pid << " " << direction << " " << text << "\n" << std::flush;
}

absl::Status MatchEngine::SendRaw(absl::string_view text) {
  if (log_)
    for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty()))
      log_->Line(spec_.name, process_->pid(), '<', line);
  return process_->Write(text);
}

absl::StatusOr<std::string> MatchEngine::ReadLineBy(
    std::chrono::steady_clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  return ReadLine(static_cast<int>(std::max<int64_t>(0, left.count())));
}

absl::StatusOr<std::string> MatchEngine::ReadLine(int timeout_ms) {
  absl::StatusOr<std::string> line = process_->ReadLine(timeout_ms);
  if (log_ && line.ok()) log_->Line(spec_.name, process_->pid(), '>', *line);
  return line;
}

absl::StatusOr<std::unique_ptr<MatchEngine>> MatchEngine::Launch(const EngineSpec& spec,
                                                                 bool quiet_stderr) {
  absl::StatusOr<std::unique_ptr<ChildProcess>> process =
      ChildProcess::Start(spec.argv, spec.working_dir, quiet_stderr);
  if (!process.ok()) return process.status();
  return std::unique_ptr<MatchEngine>(new MatchEngine(spec, *std::move(process)));
}

absl::Status MatchEngine::NewGame(int width, int height, Rule rule, const MatchTimeControl& tc) {
  while (ReadLine(0).ok()) {
  }
  last_error_.clear();
  std::string start = width == height ? absl::StrCat("START ", width)
                                      : absl::StrCat("RECTSTART ", width, ",", height);
  if (absl::Status s = Send(start); !s.ok()) return s;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(tc.start_ms + tc.tolerance_ms);
  while (true) {
    absl::StatusOr<std::string> line = ReadLineBy(deadline);
    if (!line.ok()) return line.status();
    absl::string_view text = absl::StripAsciiWhitespace(*line);
    if (absl::EqualsIgnoreCase(text, "OK")) break;
    if (absl::StartsWith(text, "ERROR") || absl::StartsWith(text, "UNKNOWN"))
      return absl::FailedPreconditionError(absl::StrCat(start, " refused: ", text));
  }
  int64_t turn = tc.turn_ms > 0 ? tc.turn_ms : tc.game_ms;  // timeout_turn 0 means "at once"
  std::vector<std::pair<std::string, std::string>> infos = {
      {"timeout_turn", absl::StrCat(turn)},           {"timeout_match", absl::StrCat(tc.game_ms)},
      {"max_memory", absl::StrCat(tc.max_memory)},    {"game_type", "1"},
      {"rule", absl::StrCat(static_cast<int>(rule))},
  };
  if (tc.game_ms > 0) infos.emplace_back("time_left", absl::StrCat(tc.game_ms));
  infos.insert(infos.end(), spec_.infos.begin(), spec_.infos.end());
  for (const auto& [key, value] : infos)
    if (absl::Status s = Send(absl::StrCat("INFO ", key, " ", value)); !s.ok()) return s;
  return absl::OkStatus();
}

absl::StatusOr<std::string> MatchEngine::ReadAnswer(int timeout_ms) {
  return ReadUntilAnswer(timeout_ms, false);
}

absl::StatusOr<std::string> MatchEngine::ReadDecision(int timeout_ms) {
  return ReadUntilAnswer(timeout_ms, true);
}

absl::StatusOr<std::string> MatchEngine::ReadUntilAnswer(int timeout_ms, bool errors_answer) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    absl::StatusOr<std::string> line = ReadLineBy(deadline);
    if (!line.ok()) return line.status();
    std::string text(absl::StripAsciiWhitespace(*line));
    if (IsChatter(text)) continue;
    if (absl::StartsWith(text, "ERROR") || absl::StartsWith(text, "UNKNOWN")) {
      last_error_ = text;
      if (errors_answer) return absl::UnimplementedError(text);
      continue;
    }
    return text;
  }
}

void MatchEngine::Quit() {
  if (process_->Running()) {
    Send("END").IgnoreError();
    process_->CloseInput();
    if (!process_->Wait(1000)) process_->Kill();
  }
}

}  // namespace sente
