// What differs between the POSIX and the Windows build, kept here rather than in #ifdefs:
// the standard streams, the protocol's line ending, and what the machine has.
// platform_posix.cpp and platform_win.cpp implement it; CMake picks one.
#pragma once

#include <cstdint>

#include "absl/strings/string_view.h"

namespace sente {

// Call first in main. POSIX: a manager that closes its end of the pipe must not kill us
// mid-write (SIGPIPE ignored; writes fail instead). Windows: stdin and stdout in binary mode,
// so that no byte is translated or taken for end of file, and no error dialog ever opens: a
// failure is reported on stdout as "ERROR ..." and the process exits.
void PrepareProcess();

// Ends each protocol line: "\r\n" on Windows, where managers expect it, "\n" elsewhere.
absl::string_view ProtocolLineEnd();

// Whether stdout is a terminal (then progress may be redrawn in place).
bool StdoutIsTerminal();

// The machine's physical memory in bytes, or 0 when unknown.
int64_t PhysicalMemoryBytes();

}  // namespace sente
