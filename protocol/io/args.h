// The arguments of a subcommand: what follows its name on the command line.
#pragma once

#include <string>
#include <vector>

namespace sente {

using Args = std::vector<std::string>;

}  // namespace sente
