// `sente match`'s entry point alone, for the command line dispatcher: the runner behind it
// drives engines through POSIX processes and is not built for Windows (entry_win.cpp).
#pragma once

#include <ostream>

#include "protocol/io/args.h"

namespace sente {

// `sente match [options]`: plays the match and prints its report.
int RunMatch(const Args& args, std::ostream& out);

}  // namespace sente
