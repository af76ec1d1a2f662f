// The small subcommands of pbrain-sente. Each takes the arguments after its name and returns
// the process exit status.
#pragma once

#include <iosfwd>

#include "protocol/io/args.h"

namespace sente {

int RunForbid(const Args& args, std::istream& in, std::ostream& out);
int RunBench(const Args& args, std::ostream& out);
int RunSolve(const Args& args, std::ostream& out);

}  // namespace sente
