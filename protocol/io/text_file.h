// Reading a whole data file, with one error for a file that cannot be opened.
#pragma once

#include <string>

#include "absl/status/statusor.h"

namespace sente {

// The file's bytes; NotFound "cannot open 'PATH'" when it cannot be opened.
absl::StatusOr<std::string> ReadTextFile(const std::string& path);

}  // namespace sente
