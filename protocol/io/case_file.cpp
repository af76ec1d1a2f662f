#include "protocol/io/case_file.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "protocol/io/text_file.h"

namespace sente {

absl::Status LineError(int line_number, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ": ", message));
}

std::string CaseBlock::Get(absl::string_view key) const {
  std::string value;
  for (const Field& field : fields)
    if (field.key == key) value = field.value;
  return value;
}

absl::StatusOr<std::vector<CaseBlock>> ParseCaseBlocks(absl::string_view text) {
  std::vector<CaseBlock> blocks;
  CaseBlock block;
  bool in_case = false, in_board = false;
  int line_number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++line_number;
    absl::string_view line = absl::StripTrailingAsciiWhitespace(raw);
    if (absl::ConsumePrefix(&line, "case:")) {
      if (in_case) return LineError(line_number, "'case:' inside a case (missing 'end')");
      block = CaseBlock{};
      block.name = std::string(absl::StripAsciiWhitespace(line));
      block.line_number = line_number;
      if (block.name.empty() || block.name.find(' ') != std::string::npos)
        return LineError(line_number, "a case needs a one-word name");
      in_case = true;
      in_board = false;
      continue;
    }
    if (!in_case) continue;
    if (line == "end") {
      blocks.push_back(std::move(block));
      in_case = in_board = false;
      continue;
    }
    if (line == "board:") {
      in_board = true;
      continue;
    }
    const size_t colon = line.find(':');
    if (colon == absl::string_view::npos) {
      if (absl::StripAsciiWhitespace(line).empty()) continue;
      if (!in_board)
        return LineError(line_number, absl::StrCat("expected 'key: value', got '", line, "'"));
      block.board.emplace_back(line);
      continue;
    }
    in_board = false;
    block.fields.push_back(CaseBlock::Field{
        std::string(absl::StripAsciiWhitespace(line.substr(0, colon))),
        std::string(absl::StripAsciiWhitespace(line.substr(colon + 1))), line_number});
  }
  if (in_case) {
    return absl::InvalidArgumentError(
        absl::StrCat("case ", block.name, " (line ", block.line_number, "): no 'end'"));
  }
  return blocks;
}

absl::StatusOr<std::vector<CaseBlock>> ReadCaseFile(const std::string& path) {
  absl::StatusOr<std::string> text = ReadTextFile(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<CaseBlock>> blocks = ParseCaseBlocks(*text);
  if (!blocks.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", blocks.status().message()));
  }
  return blocks;
}

}  // namespace sente
