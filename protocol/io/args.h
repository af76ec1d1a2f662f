// The arguments of a subcommand (what follows its name on the command line) and the one parser
// every subcommand reads them with.
//
// A subcommand registers its flags, each bound to where its value goes, then parses:
//
//   ArgParser parser("bench");
//   parser.AddInt("--depth", &depth, 1, 100);
//   parser.AddSwitch("--json", &json);
//   parser.SetPositional(take_file);  // a TakeValue
//   absl::Status parsed = parser.Parse(args);  // on error print "bench: " and its message
//
// A flag's value is the next argument, whatever it looks like ("--nodes -5" gives -5), or what
// follows '=' in "--flag=value". An argument not starting with '-' is positional. Errors read
//   unknown option '--x' (see sente CMD --help)
//   option --x needs a value
//   bad value 'V' for --x (expected ...)
//   bad argument 'A' (...)
// and the subcommand prints them after "CMD: ".
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace sente {

using Args = std::vector<std::string>;

// True when args hold --help or -h anywhere.
bool WantsHelp(const Args& args);

// The error for a value a flag does not accept: "bad value 'V' for FLAG (expected EXPECTED)".
absl::Status BadValue(absl::string_view flag, absl::string_view value, absl::string_view expected);

// Parse a number for FLAG within [min, max]; BadValue otherwise.
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, int min, int max,
                             int* out);
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, int64_t min,
                             int64_t max, int64_t* out);
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, uint64_t min,
                             uint64_t max, uint64_t* out);
absl::Status ParseFlagNumber(absl::string_view flag, absl::string_view text, double min, double max,
                             double* out);

class ArgParser {
 public:
  using TakeValue = std::function<absl::Status(absl::string_view value)>;
  using TakeValues = std::function<absl::Status(const std::vector<std::string>& values)>;

  // `command` names the subcommand in the unknown-option hint.
  explicit ArgParser(std::string command) : command_(std::move(command)) {}

  // A flag without a value: sets *out to true, or runs `action`.
  void AddSwitch(std::string name, bool* out);
  void AddSwitch(std::string name, std::function<void()> action);

  // A flag with one value, in [min, max].
  void AddInt(std::string name, int* out, int min, int max);
  void AddInt64(std::string name, int64_t* out, int64_t min, int64_t max);
  void AddUint64(std::string name, uint64_t* out, uint64_t min, uint64_t max);
  void AddDouble(std::string name, double* out, double min, double max);
  void AddString(std::string name, std::string* out);
  // Each occurrence appends its value.
  void AddRepeated(std::string name, std::vector<std::string>* out);
  // A flag with one value that `take` checks and stores.
  void AddCustom(std::string name, TakeValue take);
  // A flag with exactly `count` values.
  void AddValues(std::string name, int count, TakeValues take);
  // A flag with the values up to the next argument starting with "--" (none is fine).
  void AddList(std::string name, TakeValues take);

  // What takes the positional arguments; without it, one is a bad argument.
  void SetPositional(TakeValue take) { positional_ = std::move(take); }

  // Hands each argument to its flag or to the positional taker, in order; stops at the first
  // error. --help is not a flag here: check WantsHelp first.
  absl::Status Parse(const Args& args) const;

 private:
  enum class Arity { kNone, kCount, kList };
  struct Flag {
    std::string name;
    Arity arity = Arity::kNone;
    int count = 0;
    TakeValues take;
  };

  void Add(std::string name, Arity arity, int count, TakeValues take);
  const Flag* Find(absl::string_view name) const;
  absl::Status ParseFlag(const Flag& flag, const Args& args, size_t& i,
                         const std::string* inline_value) const;

  std::string command_;
  std::vector<Flag> flags_;
  TakeValue positional_;
};

}  // namespace sente
