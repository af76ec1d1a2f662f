// `sente analyze` with its streams made explicit, for tests and for RunAnalyze.
#pragma once

#include <iosfwd>

#include "protocol/io/args.h"

namespace sente {

// `sente analyze MOVES|--file F [options]` on stdout, errors on stderr.
int RunAnalyze(const Args& args, std::ostream& out);

// `interactive`: progress is refreshed in place with '\r' (a terminal) instead of printed as
// lines. Errors go to `err` as one line. Returns 0, 1 on bad input, 2 on bad usage.
int RunAnalyzeWith(const Args& args, std::ostream& out, std::ostream& err, bool interactive);

}  // namespace sente
