// Temporary entry points, replaced as each subsystem lands.
#include <iostream>

#include "protocol/commands.h"

namespace sente {

int RunProtocol(std::istream&, std::ostream&) { return 0; }
int RunBench(const Args&, std::ostream&) { std::cerr << "bench: not built yet\n"; return 2; }
int RunSolve(const Args&, std::ostream&) { std::cerr << "solve: not built yet\n"; return 2; }
int RunAnalyze(const Args&, std::ostream&) { std::cerr << "analyze: not built yet\n"; return 2; }
int RunMatch(const Args&, std::ostream&) { std::cerr << "match: not built yet\n"; return 2; }

}  // namespace sente
