#include "engine/types.h"

#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sente {

absl::StatusOr<Rule> RuleFromCode(int code) {
  switch (code) {
    case 0:
      return Rule::kFreestyle;
    case 1:
      return Rule::kStandard;
    case 2:
    case 4:
      return Rule::kRenju;
    case 8:
      return Rule::kCaro;
    case 9:
      return Rule::kCaroExact;
    default:
      return absl::InvalidArgumentError(absl::StrCat("unsupported rule ", code));
  }
}

absl::StatusOr<Rule> RuleFromName(absl::string_view name) {
  std::string lower = absl::AsciiStrToLower(name);
  if (lower == "freestyle" || lower == "gomoku") return Rule::kFreestyle;
  if (lower == "standard") return Rule::kStandard;
  if (lower == "renju") return Rule::kRenju;
  if (lower == "caro") return Rule::kCaro;
  if (lower == "caro5" || lower == "caro-exact") return Rule::kCaroExact;
  int code = 0;
  if (absl::SimpleAtoi(lower, &code)) return RuleFromCode(code);
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown rule '", name, "' (freestyle, standard, renju, caro, caro5 or 0/1/4/8/9)"));
}

const char* RuleName(Rule rule) {
  switch (rule) {
    case Rule::kFreestyle:
      return "freestyle";
    case Rule::kStandard:
      return "standard";
    case Rule::kRenju:
      return "renju";
    case Rule::kCaro:
      return "caro";
    case Rule::kCaroExact:
      return "caro5";
  }
  return "?";
}

}  // namespace sente
