// `sente analyze` with its streams made explicit, for tests and for RunAnalyze.
#pragma once

#include <iosfwd>

#include "protocol/commands.h"

namespace sente {

// `interactive`: progress is refreshed in place with '\r' (a terminal) instead of printed as
// lines. Errors go to `err` as one line. Returns 0, 1 on bad input, 2 on bad usage.
int RunAnalyzeWith(const Args& args, std::ostream& out, std::ostream& err, bool interactive);

}  // namespace sente
