#include "protocol/io/args.h"

#include <limits>
#include <type_traits>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sente {
namespace {

// "an integer from 1 to 100", "an integer of at least 0", "an integer".
template <typename T>
std::string Expected(absl::string_view kind, T min, T max) {
  bool has_min = min != std::numeric_limits<T>::lowest();
  bool has_max = max != std::numeric_limits<T>::max();
  if constexpr (std::is_floating_point_v<T>) {
    has_min = has_min && min != -std::numeric_limits<T>::infinity();
    has_max = has_max && max != std::numeric_limits<T>::infinity();
  }
  if (has_min && has_max) return absl::StrCat(kind, " from ", min, " to ", max);
  if (has_min) return absl::StrCat(kind, " of at least ", min);
  if (has_max) return absl::StrCat(kind, " of at most ", max);
  return std::string(kind);
}

template <typename T>
absl::Status ParseNumber(absl::string_view flag, absl::string_view text, T min, T max, T* out) {
  T value{};
  bool ok;
  if constexpr (std::is_floating_point_v<T>) {
    ok = absl::SimpleAtod(text, &value);
  } else {
    ok = absl::SimpleAtoi(text, &value);
  }
  // Written so that NaN is out of range.
  if (!ok || !(value >= min && value <= max)) {
    return BadValue(flag, text,
                    Expected(std::is_floating_point_v<T> ? "a number" : "an integer", min, max));
  }
  *out = value;
  return absl::OkStatus();
}

// Binds a one-value flag to a number destination.
template <typename T>
ArgParser::TakeValue NumberTaker(std::string name, T* out, T min, T max) {
  return [name, out, min, max](absl::string_view value) {
    return ParseNumber(name, value, min, max, out);
  };
}

}  // namespace

bool WantsHelp(const Args& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

absl::Status BadValue(absl::string_view flag, absl::string_view value, absl::string_view expected) {
  return absl::InvalidArgumentError(
      absl::StrCat("bad value '", value, "' for ", flag, " (expected ", expected, ")"));
}

absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, int min, int max,
                             int* out) {
  return ParseNumber(flag, text, min, max, out);
}
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, int64_t min,
                             int64_t max, int64_t* out) {
  return ParseNumber(flag, text, min, max, out);
}
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, uint64_t min,
                             uint64_t max, uint64_t* out) {
  return ParseNumber(flag, text, min, max, out);
}
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, double min, double max,
                             double* out) {
  return ParseNumber(flag, text, min, max, out);
}

void ArgParser::Add(std::string name, Arity arity, int count, TakeValues take) {
  flags_.push_back(Flag{std::move(name), arity, count, std::move(take)});
}

void ArgParser::AddSwitch(std::string name, bool* out) {
  AddSwitch(std::move(name), [out] { *out = true; });
}

void ArgParser::AddSwitch(std::string name, std::function<void()> action) {
  Add(std::move(name), Arity::kNone, 0, [action](const std::vector<std::string>&) {
    action();
    return absl::OkStatus();
  });
}

void ArgParser::AddInt(std::string name, int* out, int min, int max) {
  AddCustom(name, NumberTaker(name, out, min, max));
}

void ArgParser::AddInt64(std::string name, int64_t* out, int64_t min, int64_t max) {
  AddCustom(name, NumberTaker(name, out, min, max));
}

void ArgParser::AddUint64(std::string name, uint64_t* out, uint64_t min, uint64_t max) {
  AddCustom(name, NumberTaker(name, out, min, max));
}

void ArgParser::AddDouble(std::string name, double* out, double min, double max) {
  AddCustom(name, NumberTaker(name, out, min, max));
}

void ArgParser::AddString(std::string name, std::string* out) {
  AddCustom(std::move(name), [out](absl::string_view value) {
    *out = std::string(value);
    return absl::OkStatus();
  });
}

void ArgParser::AddRepeated(std::string name, std::vector<std::string>* out) {
  AddCustom(std::move(name), [out](absl::string_view value) {
    out->emplace_back(value);
    return absl::OkStatus();
  });
}

void ArgParser::AddCustom(std::string name, TakeValue take) {
  AddValues(std::move(name), 1,
            [take](const std::vector<std::string>& values) { return take(values[0]); });
}

void ArgParser::AddValues(std::string name, int count, TakeValues take) {
  Add(std::move(name), Arity::kCount, count, std::move(take));
}

void ArgParser::AddList(std::string name, TakeValues take) {
  Add(std::move(name), Arity::kList, 0, std::move(take));
}

const ArgParser::Flag* ArgParser::Find(absl::string_view name) const {
  for (const Flag& flag : flags_) {
    if (flag.name == name) return &flag;
  }
  return nullptr;
}

absl::Status ArgParser::ParseFlag(const Flag& flag, const Args& args, size_t& i,
                                  const std::string* inline_value) const {
  std::vector<std::string> values;
  if (inline_value != nullptr) {
    if (flag.arity == Arity::kNone) {
      return absl::InvalidArgumentError(absl::StrCat("option ", flag.name, " takes no value"));
    }
    values.push_back(*inline_value);
  }
  if (flag.arity == Arity::kCount) {
    while (static_cast<int>(values.size()) < flag.count && i + 1 < args.size()) {
      values.push_back(args[++i]);
    }
    if (static_cast<int>(values.size()) < flag.count) {
      return absl::InvalidArgumentError(
          flag.count == 1 ? absl::StrCat("option ", flag.name, " needs a value")
                          : absl::StrCat("option ", flag.name, " needs ", flag.count, " values"));
    }
  } else if (flag.arity == Arity::kList) {
    while (i + 1 < args.size() && !absl::StartsWith(args[i + 1], "--")) values.push_back(args[++i]);
  }
  return flag.take(values);
}

absl::Status ArgParser::Parse(const Args& args) const {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (!absl::StartsWith(arg, "-")) {
      if (!positional_) return absl::InvalidArgumentError(absl::StrCat("bad argument '", arg, "'"));
      if (absl::Status s = positional_(arg); !s.ok()) return s;
      continue;
    }
    std::string name = arg;
    std::string inline_value;
    const size_t eq = name.find('=');
    if (eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const Flag* flag = Find(name);
    if (flag == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown option '", name, "' (see sente ", command_, " --help)"));
    }
    absl::Status s = ParseFlag(*flag, args, i, eq != std::string::npos ? &inline_value : nullptr);
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace sente
