// The generic "case: ... end" block reader shared by the puzzle and forbidden-case files.
#include "protocol/io/case_file.h"

#include "gtest/gtest.h"

namespace sente {
namespace {

TEST(CaseFile, ReadsBlocksKeysAndBoards) {
  const char* text =
      "# a comment outside any case\r\n"
      "case: first\r\n"
      "note: one\r\n"
      "note: two\r\n"
      "board:\r\n"
      "..X..\r\n"
      ".O...\r\n"
      "forbidden: h8=33 \r\n"
      "end\r\n"
      "free text between cases is a comment\n"
      "case: second\n"
      "legal:\n"
      "end\n";
  absl::StatusOr<std::vector<CaseBlock>> blocks = ParseCaseBlocks(text);
  ASSERT_TRUE(blocks.ok()) << blocks.status();
  ASSERT_EQ(blocks->size(), 2u);
  const CaseBlock& first = (*blocks)[0];
  EXPECT_EQ(first.name, "first");
  EXPECT_EQ(first.line_number, 2);
  EXPECT_EQ(first.Get("note"), "two");  // the last of a repeated key
  EXPECT_EQ(first.Get("forbidden"), "h8=33");
  EXPECT_EQ(first.Get("missing"), "");
  EXPECT_EQ(first.board, (std::vector<std::string>{"..X..", ".O..."}));
  ASSERT_EQ(first.fields.size(), 3u);
  EXPECT_EQ(first.fields[2].line_number, 8);
  EXPECT_EQ((*blocks)[1].name, "second");
  EXPECT_EQ((*blocks)[1].Get("legal"), "");
  EXPECT_TRUE((*blocks)[1].board.empty());
}

TEST(CaseFile, RejectsBrokenBlocksWithTheLine) {
  const std::pair<const char*, const char*> bad[] = {
      {"case: a\ncase: b\nend\n", "line 2: 'case:' inside a case"},
      {"case: a\nkey: value\n", "case a (line 1): no 'end'"},
      {"case: two words\nend\n", "line 1: a case needs a one-word name"},
      {"case:\nend\n", "one-word name"},
      {"case: a\nnot a key\nend\n", "line 2: expected 'key: value'"},
  };
  for (const auto& [text, message] : bad) {
    absl::StatusOr<std::vector<CaseBlock>> blocks = ParseCaseBlocks(text);
    ASSERT_FALSE(blocks.ok()) << text;
    EXPECT_NE(std::string(blocks.status().message()).find(message), std::string::npos)
        << blocks.status();
  }
  absl::StatusOr<std::vector<CaseBlock>> missing = ReadCaseFile("/nonexistent/cases.txt");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace sente
