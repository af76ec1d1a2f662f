#include <iostream>

#include "protocol/match/entry.h"

namespace sente {

int RunMatch(const Args&, std::ostream&) {
  std::cerr << "pbrain-sente: match is not available in the Windows build; run it on Linux\n";
  return 2;
}

}  // namespace sente
