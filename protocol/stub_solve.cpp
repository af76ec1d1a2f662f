// Temporary entry point; delete this file when the real one lands.
#include <iostream>

#include "protocol/commands.h"

namespace sente {

int RunSolve(const Args&, std::ostream&) { std::cerr << "solve: not built yet\n"; return 2; }

}  // namespace sente
