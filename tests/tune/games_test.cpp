// The tuner's games: PGN as `sente match` writes it comes back as played, and its quiet
// positions become samples.
#include "protocol/tune/games.h"

#include <string>
#include <vector>

#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/io/pgn.h"

namespace sente {
namespace {

// Games as `sente match` writes them (its tags, through protocol/io/pgn.h) are read back.
TEST(TuneGames, PgnRoundTripAndQuietSamples) {
  absl::StatusOr<std::vector<Pos>> moves =
      ParseRenjuList("h8 h9 i8 g8 j8 k8 i9 i7 j10 k11 g9 h10 j9 k9 j7", 15, 15);
  ASSERT_TRUE(moves.ok());
  auto game_pgn = [&](const std::string& result) {
    PgnGame game;
    game.moves = *moves;
    game.result = result;
    game.tags = {{"Event", "sente match"}, {"Round", "1"},
                 {"Black", "a"},           {"White", "b \"quoted\""},
                 {"Rule", "4 renju"},      {"Size", "15x15"},
                 {"Result", result},       {"Moves", FormatRenjuList(*moves, 15)}};
    return FormatPgn(game);
  };
  std::string pgn = game_pgn("0-1") + game_pgn("1/2-1/2");

  absl::StatusOr<std::vector<TuneGame>> games = ParseGames(pgn);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].rule, Rule::kRenju);
  EXPECT_EQ((*games)[0].moves, *moves);
  EXPECT_EQ((*games)[0].black_score, 0);
  EXPECT_EQ((*games)[1].black_score, 0.5);

  std::vector<TuneSample> samples;
  ASSERT_TRUE(SampleGame((*games)[0], 4, samples).ok());
  ASSERT_FALSE(samples.empty());
  EXPECT_LT(samples.size(), moves->size() - 4);  // the threats near the end are not quiet
  for (const TuneSample& s : samples) {
    EXPECT_EQ(s.x[kTuneTempo], 1);
    EXPECT_TRUE(s.result == 0 || s.result == 1);
  }

  EXPECT_FALSE(ParseGames("[Event \"x\"]\n[Rule \"0 freestyle\"]\n[Size \"15x15\"]\n"
                          "[Result \"1-0\"]\n[Moves \"h8 z99\"]\n")
                   .ok());
  TuneGame occupied = (*games)[0];
  occupied.moves.push_back(occupied.moves.front());
  EXPECT_FALSE(SampleGame(occupied, 0, samples).ok());
}

}  // namespace
}  // namespace sente
