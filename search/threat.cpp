// Placeholder: proves nothing. Replaced by the real VCF/VCT solvers.
#include "search/threat.h"

namespace sente {

ThreatResult FindVcf(Board&, Color, const ThreatLimits&) { return {}; }
ThreatResult FindVct(Board&, Color, const ThreatLimits&) { return {}; }

}  // namespace sente
