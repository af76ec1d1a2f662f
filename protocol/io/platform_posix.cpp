#include <unistd.h>

#include <csignal>

#include "protocol/io/platform.h"

namespace sente {

void PrepareProcess() { std::signal(SIGPIPE, SIG_IGN); }

absl::string_view ProtocolLineEnd() { return "\n"; }

bool StdoutIsTerminal() { return isatty(STDOUT_FILENO) == 1; }

int64_t PhysicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<int64_t>(pages) * page_size;
}

}  // namespace sente
