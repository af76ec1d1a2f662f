#include "protocol/io/pgn.h"

#include <string>
#include <vector>

#include "engine/coord.h"
#include "gtest/gtest.h"

namespace sente {
namespace {

TEST(Pgn, TagsRoundTripWithEscapes) {
  PgnGame game;
  game.tags = {{"Event", "sente match"}, {"White", "b \"quoted\" \\ x"}, {"Result", "0-1"}};
  game.result = "0-1";
  game.moves = {MakePos(7, 7), MakePos(7, 8)};
  const std::string text = FormatPgn(game) + FormatPgn(game);
  std::vector<PgnGame> parsed = ParsePgnTags("[Site \"before any game\"]\n" + text);
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[0].Tag("White"), "b \"quoted\" \\ x");
  EXPECT_EQ(parsed[0].Tag("Site"), "");
  EXPECT_EQ(parsed[1].result, "0-1");
  EXPECT_EQ(parsed[0].line_number, 2);
  const std::string movetext =
      "1. " + FormatRenju(game.moves[0], 15) + " " + FormatRenju(game.moves[1], 15) + " 0-1\n";
  EXPECT_NE(text.find(movetext), std::string::npos) << text;
}

TEST(Pgn, MovetextWrapsAt79Columns) {
  PgnGame game;
  game.result = "1/2-1/2";
  for (int i = 0; i < 60; ++i) game.moves.push_back(MakePos(i % 15, i / 15));
  const std::string text = FormatPgn(game);
  size_t start = 0;
  for (size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    EXPECT_LE(end - start, 79u);
    start = end + 1;
  }
  EXPECT_NE(text.find("30. "), std::string::npos);
  EXPECT_NE(text.find(" 1/2-1/2\n\n"), std::string::npos);
}

}  // namespace
}  // namespace sente
