// The one flag parser of the subcommands.
#include "protocol/io/args.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

std::string Message(const absl::Status& status) { return std::string(status.message()); }

TEST(Args, BindsEveryKindOfFlag) {
  int depth = 10;
  int64_t ms = 0;
  uint64_t nodes = 0;
  double l2 = 0;
  bool json = false;
  std::string file;
  std::vector<std::string> cases, positional, fields;
  std::vector<std::string> sprt;
  ArgParser parser("test");
  parser.AddInt("--depth", &depth, 1, 100);
  parser.AddInt64("--ms", &ms, 0, INT64_MAX);
  parser.AddUint64("--nodes", &nodes, 0, UINT64_MAX);
  parser.AddDouble("--l2", &l2, 0, 1);
  parser.AddSwitch("--json", &json);
  parser.AddString("--file", &file);
  parser.AddRepeated("--case", &cases);
  parser.AddList("--engine", [&](const std::vector<std::string>& values) {
    fields.insert(fields.end(), values.begin(), values.end());
    return absl::OkStatus();
  });
  parser.AddValues("--sprt", 2, [&](const std::vector<std::string>& values) {
    sprt = values;
    return absl::OkStatus();
  });
  parser.SetPositional([&](absl::string_view arg) {
    positional.emplace_back(arg);
    return absl::OkStatus();
  });
  absl::Status s =
      parser.Parse({"a",        "--depth", "7",      "--ms=250", "--nodes", "9",      "--l2", "0.5",
                    "--json",   "--file",  "-f",     "--case",   "x",       "--case", "y",    "b",
                    "--engine", "cmd=e",   "name=E", "--sprt",   "0",       "--x"});
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(depth, 7);
  EXPECT_EQ(ms, 250);
  EXPECT_EQ(nodes, 9u);
  EXPECT_DOUBLE_EQ(l2, 0.5);
  EXPECT_TRUE(json);
  EXPECT_EQ(file, "-f");  // a value is the next argument, whatever it looks like
  EXPECT_EQ(cases, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(positional, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(fields, (std::vector<std::string>{"cmd=e", "name=E"}));
  EXPECT_EQ(sprt, (std::vector<std::string>{"0", "--x"}));
}

TEST(Args, ListStopsAtTheNextFlagAndMayBeEmpty) {
  std::vector<int> sizes;
  bool quiet = false;
  ArgParser parser("test");
  parser.AddList("--engine", [&](const std::vector<std::string>& values) {
    sizes.push_back(static_cast<int>(values.size()));
    return absl::OkStatus();
  });
  parser.AddSwitch("--quiet", &quiet);
  ASSERT_TRUE(parser.Parse({"--engine", "a", "-b", "--engine", "--quiet"}).ok());
  EXPECT_EQ(sizes, (std::vector<int>{2, 0}));
  EXPECT_TRUE(quiet);
}

TEST(Args, ErrorMessages) {
  int depth = 10;
  bool json = false;
  ArgParser parser("bench");
  parser.AddInt("--depth", &depth, 1, 100);
  parser.AddSwitch("--json", &json);
  parser.AddValues("--pair", 2, [](const std::vector<std::string>&) { return absl::OkStatus(); });
  EXPECT_EQ(Message(parser.Parse({"--frobnicate"})),
            "unknown option '--frobnicate' (see sente bench --help)");
  EXPECT_EQ(Message(parser.Parse({"--depth"})), "option --depth needs a value");
  EXPECT_EQ(Message(parser.Parse({"--pair", "1"})), "option --pair needs 2 values");
  EXPECT_EQ(Message(parser.Parse({"--depth", "abc"})),
            "bad value 'abc' for --depth (expected an integer from 1 to 100)");
  EXPECT_EQ(Message(parser.Parse({"--depth=0"})),
            "bad value '0' for --depth (expected an integer from 1 to 100)");
  EXPECT_EQ(Message(parser.Parse({"--json=1"})), "option --json takes no value");
  EXPECT_EQ(Message(parser.Parse({"file"})), "bad argument 'file'");
  EXPECT_EQ(depth, 10);  // a bad value leaves the destination alone
}

TEST(Args, RangesAndNumberKinds) {
  int64_t at_least = 0;
  uint64_t unsigned_value = 0;
  double fraction = 0;
  ArgParser parser("test");
  parser.AddInt64("--n", &at_least, 0, INT64_MAX);
  parser.AddUint64("--u", &unsigned_value, 0, UINT64_MAX);
  parser.AddDouble("--f", &fraction, 0, HUGE_VAL);
  EXPECT_EQ(Message(parser.Parse({"--n", "-1"})),
            "bad value '-1' for --n (expected an integer of at least 0)");
  EXPECT_EQ(Message(parser.Parse({"--u", "-1"})), "bad value '-1' for --u (expected an integer)");
  EXPECT_EQ(Message(parser.Parse({"--f", "nan"})),
            "bad value 'nan' for --f (expected a number of at least 0)");
  EXPECT_FALSE(parser.Parse({"--n", "1.5"}).ok());
  ASSERT_TRUE(
      parser.Parse({"--n", "9223372036854775807", "--u", "18446744073709551615", "--f", "1e300"})
          .ok());
  EXPECT_EQ(at_least, INT64_MAX);
  EXPECT_EQ(unsigned_value, UINT64_MAX);
  EXPECT_DOUBLE_EQ(fraction, 1e300);
}

TEST(Args, CustomFlagsAndPositionalsReturnTheirOwnErrors) {
  ArgParser parser("test");
  parser.AddCustom("--colour", [](absl::string_view value) {
    return value == "black" ? absl::OkStatus() : BadValue("--colour", value, "black");
  });
  parser.SetPositional([](absl::string_view arg) {
    return absl::InvalidArgumentError(absl::StrCat("bad argument '", arg, "' (none wanted)"));
  });
  EXPECT_TRUE(parser.Parse({"--colour", "black"}).ok());
  EXPECT_EQ(Message(parser.Parse({"--colour", "red"})),
            "bad value 'red' for --colour (expected black)");
  EXPECT_EQ(Message(parser.Parse({"x"})), "bad argument 'x' (none wanted)");
}

TEST(Args, WantsHelpAnywhere) {
  EXPECT_TRUE(WantsHelp({"--help"}));
  EXPECT_TRUE(WantsHelp({"--depth", "3", "-h"}));
  EXPECT_FALSE(WantsHelp({"--depth", "3"}));
  EXPECT_FALSE(WantsHelp({}));
}

}  // namespace
}  // namespace sente
