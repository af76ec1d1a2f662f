#include "protocol/io/pgn.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/coord.h"

namespace sente {
namespace {

constexpr size_t kLineWidth = 79;

void AppendTag(std::string& out, const PgnTag& tag) {
  std::string escaped;
  for (char ch : tag.value) {
    if (ch == '"' || ch == '\\') escaped += '\\';
    escaped += ch;
  }
  absl::StrAppend(&out, "[", tag.key, " \"", escaped, "\"]\n");
}

// Adds a token to the movetext line, first moving a full line to `out`.
void AppendToken(std::string& out, std::string& line, absl::string_view token) {
  if (!line.empty() && line.size() + token.size() + 1 > kLineWidth) {
    absl::StrAppend(&out, line, "\n");
    line.clear();
  }
  absl::StrAppend(&line, line.empty() ? "" : " ", token);
}

// `[Key "Value"]` -> key and unescaped value; false for any other line.
bool ParseTag(absl::string_view line, PgnTag& tag) {
  line = absl::StripAsciiWhitespace(line);
  if (!absl::ConsumePrefix(&line, "[") || !absl::ConsumeSuffix(&line, "\"]")) return false;
  const size_t quote = line.find(" \"");
  if (quote == absl::string_view::npos) return false;
  tag.key = std::string(line.substr(0, quote));
  tag.value.clear();
  for (size_t i = quote + 2; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size()) ++i;
    tag.value += line[i];
  }
  return true;
}

}  // namespace

std::string PgnGame::Tag(absl::string_view key) const {
  for (auto it = tags.rbegin(); it != tags.rend(); ++it)
    if (it->key == key) return it->value;
  return "";
}

std::string FormatPgn(const PgnGame& game) {
  std::string out;
  for (const PgnTag& tag : game.tags) AppendTag(out, tag);
  out += "\n";
  std::string line;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    std::string token = FormatRenju(game.moves[i], game.board_height);
    if (i % 2 == 0) token = absl::StrCat(i / 2 + 1, ". ", token);
    AppendToken(out, line, token);
  }
  AppendToken(out, line, game.result);
  absl::StrAppend(&out, line, "\n\n");
  return out;
}

std::vector<PgnGame> ParsePgnTags(absl::string_view text) {
  std::vector<PgnGame> games;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    PgnTag tag;
    if (!ParseTag(line, tag)) continue;
    if (tag.key == "Event") {
      games.emplace_back();
      games.back().line_number = line_number;
    }
    if (games.empty()) continue;
    if (tag.key == "Result") games.back().result = tag.value;
    games.back().tags.push_back(std::move(tag));
  }
  return games;
}

}  // namespace sente
