// `sente tune PGN... [options]`: fits the evaluation weights to game results.
#pragma once

#include <iosfwd>

#include "protocol/io/args.h"

namespace sente {

int RunTune(const Args& args, std::ostream& out);

}  // namespace sente
