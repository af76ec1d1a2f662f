// Sharded matches: the slices of the schedule, and the merge of the shards' PGN files.
#include "protocol/io/shard.h"

#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/io/pgn.h"
#include "protocol/match/merge.h"
#include "protocol/match/runner.h"

namespace sente {
namespace {

EngineSpec Fake(const std::string& name, std::vector<std::string> script = {}) {
  EngineSpec spec;
  spec.name = name;
  spec.argv = {SENTE_FAKE_ENGINE_PATH};
  spec.argv.insert(spec.argv.end(), script.begin(), script.end());
  return spec;
}

MatchConfig Config(std::vector<EngineSpec> engines, int64_t games) {
  MatchConfig config;
  config.engines = std::move(engines);
  config.width = config.height = 9;
  config.tc.turn_ms = 2000;
  config.tc.tolerance_ms = 500;
  config.games_per_pair = games;
  config.openings = {{MakePos(4, 4)}, {MakePos(4, 4), MakePos(5, 5)}, {MakePos(1, 1)}};
  config.shuffle_openings = config.random_symmetry = true;
  config.seed = 7;
  return config;
}

// Plays every shard of `config` and returns their PGN files.
std::vector<PgnFile> PlayShards(MatchConfig config, int count) {
  std::vector<PgnFile> files;
  for (int i = 1; i <= count; ++i) {
    config.shard = ShardSpec{i, count};
    std::ostringstream pgn;
    absl::StatusOr<MatchResult> result = PlayMatch(config, nullptr, &pgn);
    EXPECT_TRUE(result.ok()) << result.status();
    files.push_back({absl::StrCat("shard", i, ".pgn"), pgn.str()});
  }
  return files;
}

// The report without the Engine lines (their time per move differs from run to run).
std::string Scores(const MatchConfig& config, const MatchResult& result) {
  std::string out;
  for (absl::string_view line : absl::StrSplit(FormatMatchReport(config, result), '\n'))
    if (!absl::StartsWith(line, "Engine ")) absl::StrAppend(&out, line, "\n");
  return out;
}

TEST(Shard, MergeArgumentsNeedFilesAndKnowOneSwitch) {
  absl::StatusOr<MergeArgs> merge =
      ParseMergeArgs({"--merge", "a.pgn", "b.pgn", "--allow-incomplete"}, "match");
  ASSERT_TRUE(merge.ok()) << merge.status();
  EXPECT_EQ(merge->paths, (std::vector<std::string>{"a.pgn", "b.pgn"}));
  EXPECT_TRUE(merge->allow_incomplete);
  merge = ParseMergeArgs({"--merge", "a.pgn"}, "solve");
  ASSERT_TRUE(merge.ok()) << merge.status();
  EXPECT_FALSE(merge->allow_incomplete);
  EXPECT_FALSE(ParseMergeArgs({"--merge"}, "match").ok());
  EXPECT_FALSE(ParseMergeArgs({"--merge", "a.pgn", "--games", "4"}, "match").ok());
}

TEST(Shard, SlicesCoverTheScheduleOnceWithPairsTogether) {
  for (int64_t total : {0, 2, 8, 10, 98, 1000}) {
    for (int count : {1, 2, 3, 4, 7, 64}) {
      int64_t next = 0;
      for (int i = 1; i <= count; ++i) {
        ShardRange range = ShardUnits(total, {i, count}, 2);
        EXPECT_EQ(range.begin, next) << total << " " << i << "/" << count;
        EXPECT_EQ(range.begin % 2, 0);
        EXPECT_EQ(range.end % 2, 0);
        EXPECT_LE(range.end - range.begin, 2 * ((total / 2 + count - 1) / count));
        next = range.end;
      }
      EXPECT_EQ(next, total);
    }
  }
  EXPECT_FALSE(ParseShard("0/4").ok());
  EXPECT_FALSE(ParseShard("5/4").ok());
  EXPECT_FALSE(ParseShard("2").ok());
  EXPECT_EQ(ParseShard("3/4")->Text(), "3/4");
}

TEST(Shard, ShardsPlayTheGamesOfTheWholeSchedule) {
  MatchConfig config = Config({Fake("A"), Fake("B")}, 10);
  std::ostringstream whole;
  ASSERT_TRUE(PlayMatch(config, nullptr, &whole).ok());
  std::vector<PgnGame> expected = ParsePgnTags(whole.str());
  ASSERT_EQ(expected.size(), 10u);
  std::set<int64_t> seen;
  for (const PgnFile& file : PlayShards(config, 3)) {
    for (const PgnGame& game : ParsePgnTags(file.text)) {
      int64_t index = std::stoll(game.Tag("GameIndex"));
      EXPECT_TRUE(seen.insert(index).second) << "game " << index << " twice";
      const PgnGame& same = expected[index];
      EXPECT_EQ(game.Tag("Round"), same.Tag("Round"));
      EXPECT_EQ(game.Tag("Black"), same.Tag("Black"));
      EXPECT_EQ(game.Tag("OpeningMoves"), same.Tag("OpeningMoves"));
      EXPECT_EQ(game.Tag("Moves"), same.Tag("Moves"));
      EXPECT_EQ(game.Tag("MatchId").size(), 16u);
      if (index % 2 == 1) {
        EXPECT_TRUE(seen.count(index - 1)) << "pair split at " << index;
      }
    }
  }
  EXPECT_EQ(seen.size(), 10u);
}

TEST(Shard, MergeEqualsTheSingleRun) {
  // A round robin with results both ways: B crashes, C answers garbage, at their first move.
  MatchConfig config = Config({Fake("A"), Fake("B", {"crash"}), Fake("C", {"garbage"})}, 4);
  absl::StatusOr<MatchResult> single = PlayMatch(config, nullptr, nullptr);
  ASSERT_TRUE(single.ok()) << single.status();
  absl::StatusOr<MergedMatch> merged = MergeShardPgns(PlayShards(config, 4), false);
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_EQ(Scores(merged->config, merged->result), Scores(config, *single));
  EXPECT_NE(Scores(config, *single).find("Score of B vs C: 2 - 2 - 0"), std::string::npos);
  for (size_t p = 0; p < single->pairs.size(); ++p)
    EXPECT_EQ(merged->result.pairs[p].pairs, single->pairs[p].pairs);
  for (size_t e = 0; e < single->engines.size(); ++e) {
    EXPECT_EQ(merged->result.engines[e].games, single->engines[e].games);
    EXPECT_EQ(merged->result.engines[e].moves, single->engines[e].moves);
    for (int r = 0; r < kNumEndReasons; ++r)
      EXPECT_EQ(merged->result.engines[e].losses_by[r], single->engines[e].losses_by[r]);
  }
}

TEST(Shard, MergeStopsWhereTheSprtOfOneRunStops) {
  MatchConfig config = Config({Fake("A"), Fake("B", {"crash"})}, 40);
  config.sprt = Sprt{0, 100, 0.1, 0.1};
  config.pentanomial = true;
  absl::StatusOr<MatchResult> single = PlayMatch(config, nullptr, nullptr);
  ASSERT_TRUE(single.ok()) << single.status();
  ASSERT_EQ(single->decision, SprtDecision::kAcceptH1);
  ASSERT_LT(single->games, 40);
  absl::StatusOr<MergedMatch> merged = MergeShardPgns(PlayShards(config, 3), false);
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_EQ(merged->result.games, single->games);
  EXPECT_EQ(merged->result.decision, single->decision);
  EXPECT_DOUBLE_EQ(merged->result.llr, single->llr);
  std::string scores = Scores(merged->config, merged->result);
  EXPECT_EQ(scores, Scores(config, *single));
  EXPECT_NE(scores.find("H1 was accepted"), std::string::npos) << scores;
  ASSERT_EQ(merged->notes.size(), 1u);  // the games the shards played past the decision
}

TEST(Shard, MergeRejectsMixedDuplicateAndIncompleteSets) {
  MatchConfig config = Config({Fake("A"), Fake("B")}, 8);
  std::vector<PgnFile> files = PlayShards(config, 4);
  MatchConfig other = config;
  other.seed = 8;
  std::vector<PgnFile> others = PlayShards(other, 4);

  std::vector<PgnFile> mixed = {files[0], files[1], others[2], files[3]};
  absl::StatusOr<MergedMatch> merged = MergeShardPgns(mixed, true);
  ASSERT_FALSE(merged.ok());
  EXPECT_NE(merged.status().message().find("mixed set"), std::string::npos) << merged.status();

  std::vector<PgnFile> twice = files;
  twice.push_back(files[2]);
  twice.back().name = "copy.pgn";
  merged = MergeShardPgns(twice, true);
  ASSERT_FALSE(merged.ok());
  EXPECT_NE(merged.status().message().find("shard 3/4 is in two files"), std::string::npos)
      << merged.status();

  std::vector<PgnFile> incomplete = {files[0], files[3]};
  merged = MergeShardPgns(incomplete, false);
  ASSERT_FALSE(merged.ok());
  EXPECT_NE(merged.status().message().find("of 4: 2, 3"), std::string::npos) << merged.status();
  merged = MergeShardPgns(incomplete, true);
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_EQ(merged->result.games, 4);
  EXPECT_FALSE(merged->notes.empty());

  EXPECT_FALSE(MergeShardPgns({{"plain.pgn", "[Event \"sente match\"]\n"}}, true).ok());
  MatchConfig unbounded = config;
  unbounded.games_per_pair = 0;
  unbounded.sprt = Sprt{};
  unbounded.shard = ShardSpec{1, 2};
  EXPECT_FALSE(PlayMatch(unbounded, nullptr, nullptr).ok());  // --shard with --sprt needs --games
}

}  // namespace
}  // namespace sente
