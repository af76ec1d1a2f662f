// `sente forbid`: one output line per input line, errors reported in place.
#include <sstream>

#include "gtest/gtest.h"
#include "protocol/cli/commands.h"

namespace sente {
namespace {

std::string RunLines(const std::string& input, const Args& args, int* status) {
  std::istringstream in(input);
  std::ostringstream out;
  *status = RunForbid(args, in, out);
  return out.str();
}

TEST(ForbidCommand, ListsFoulsPerLine) {
  int status = 0;
  std::string out = RunLines(
      "\n"
      "h8\n"
      "f8 a1 g8 c1 h8 e1 j8 g1 k8 i1\n"  // i8 joins f8..k8: six
      "g8 a1 i8 a2 h7 a3 h9 a4\n",       // h8 -> two open threes
      {}, &status);
  EXPECT_EQ(status, 0);
  std::istringstream lines(out);
  std::string l1, l2, l3, l4;
  std::getline(lines, l1);
  std::getline(lines, l2);
  std::getline(lines, l3);
  std::getline(lines, l4);
  EXPECT_EQ(l1, "-");
  EXPECT_EQ(l2, "-");
  EXPECT_NE(l3.find("i8=6"), std::string::npos) << l3;
  EXPECT_NE(l4.find("h8=33"), std::string::npos) << l4;
}

TEST(ForbidCommand, CompactInputAndSize) {
  int status = 0;
  std::string out = RunLines("g8a1i8a2h7a3h9a4\n", {"--size", "15"}, &status);
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("h8=33"), std::string::npos) << out;
}

TEST(ForbidCommand, BadLinesReportAndContinue) {
  int status = 0;
  std::string out = RunLines("h8 z9\nh8 h8\nh8 h16\nxyz\nh8\n", {}, &status);
  EXPECT_EQ(status, 1);
  std::istringstream lines(out);
  std::string line;
  int errors = 0, total = 0;
  while (std::getline(lines, line)) {
    ++total;
    if (line.rfind("error: ", 0) == 0) ++errors;
  }
  EXPECT_EQ(total, 5);
  EXPECT_EQ(errors, 4);
  EXPECT_NE(out.find("occupied"), std::string::npos);
  EXPECT_EQ(out.substr(out.size() - 2), "-\n");
}

TEST(ForbidCommand, BadArguments) {
  int status = 0;
  RunLines("h8\n", {"--size", "30"}, &status);
  EXPECT_EQ(status, 2);
  RunLines("h8\n", {"--bogus"}, &status);
  EXPECT_EQ(status, 2);
}

}  // namespace
}  // namespace sente
