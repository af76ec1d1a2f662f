// `sente analyze --opening-rule`: one decision of an opening rule, with the scores of the
// options it weighed, as text or JSON.
#pragma once

#include <ostream>

#include "protocol/analyze/options.h"
#include "search/search.h"

namespace sente {

// Returns the exit status: 0, or 1 with the reason on `err` when the request is bad.
int RunOpeningAnalysis(const AnalyzeOptions& options, Searcher& searcher, std::ostream& out,
                       std::ostream& err);

}  // namespace sente
