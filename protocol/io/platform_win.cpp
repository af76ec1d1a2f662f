#include <fcntl.h>
#include <io.h>
#include <windows.h>

#include <csignal>
#include <cstdio>
#include <exception>

#include "protocol/io/platform.h"

namespace sente {
namespace {

// An uncaught exception or abort() would print to the console or ask Windows to report it;
// the manager gets a line it can show instead.
[[noreturn]] void ReportFailure() {
  static const char kLine[] = "ERROR pbrain-sente: internal failure, the engine stops\r\n";
  _write(_fileno(stdout), kLine, sizeof kLine - 1);
  _exit(3);
}

void ReportSignal(int) { ReportFailure(); }

}  // namespace

void PrepareProcess() {
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
  std::signal(SIGABRT, ReportSignal);
  std::set_terminate(ReportFailure);
}

absl::string_view ProtocolLineEnd() { return "\r\n"; }

bool StdoutIsTerminal() { return _isatty(_fileno(stdout)) != 0; }

int64_t PhysicalMemoryBytes() {
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status)) return 0;
  return static_cast<int64_t>(status.ullTotalPhys);
}

}  // namespace sente
