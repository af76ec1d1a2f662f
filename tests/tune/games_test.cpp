// The tuner's games: PGN as `sente match` writes it comes back as played, and its quiet
// positions become samples.
#include "protocol/tune/games.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/io/pgn.h"
#include "protocol/tune/model.h"

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
  auto sample = [&samples](const Board& board, Color us, const NodeThreats& threats,
                           NodeState state, float result, Pos) {
    EXPECT_EQ(state, NodeState::kNormal);
    EXPECT_EQ(us, board.SideToMove());
    samples.push_back(ExtractSample(board, us, threats, state, result));
  };
  ASSERT_TRUE(ForEachQuietPosition((*games)[0], 4, sample).ok());
  ASSERT_FALSE(samples.empty());
  EXPECT_LT(samples.size(), moves->size() - 4);  // the threats near the end are not quiet
  for (const TuneSample& s : samples) {
    const std::pair<uint16_t, int16_t> tempo(ThreatParam(kTermTempo), 1);
    EXPECT_NE(std::find(s.terms.begin(), s.terms.end(), tempo), s.terms.end());
    EXPECT_TRUE(s.result == 0 || s.result == 1);
  }

  EXPECT_FALSE(ParseGames("[Event \"x\"]\n[Rule \"0 freestyle\"]\n[Size \"15x15\"]\n"
                          "[Result \"1-0\"]\n[Moves \"h8 z99\"]\n")
                   .ok());
  TuneGame occupied = (*games)[0];
  occupied.moves.push_back(occupied.moves.front());
  EXPECT_FALSE(ForEachQuietPosition(occupied, 0, sample).ok());
}

}  // namespace
}  // namespace sente
