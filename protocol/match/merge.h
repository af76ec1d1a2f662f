// Sharded matches: the PGN tags a shard (`sente match --shard I/N`) writes so that its games
// can be merged, and the merge of the shards' PGN files into one match result.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "protocol/io/pgn.h"
#include "protocol/match/runner.h"

namespace sente {

// The options that define a match's schedule and results (engines, rule, size, openings,
// order, seed, time control, games, SPRT), as text; concurrency, --reuse and output
// options are left out. Its Fingerprint names the match in every shard's PGN.
std::string ScheduleText(const MatchConfig& config);

// The tags of a shard's game: Shard "I/N", MatchId, ScheduleGames (the whole schedule's
// length), GameIndex (0-based), EngineCount, BlackIndex, WhiteIndex, Sprt (when set) and
// GameStats "moves time_ms peak_memory" of Black then White.
std::vector<PgnTag> ShardPgnTags(const MatchConfig& config, const GameSummary& game);

struct MergedMatch {
  MatchConfig config;  // engine names, SPRT and pentanomial: what the report needs
  MatchResult result;
  std::vector<std::string> notes;  // e.g. incomplete shards allowed, games past the SPRT stop
};

struct PgnFile {
  std::string name;  // for messages
  std::string text;
};

// Adds up the games of the shards' PGN files in schedule order, as one run would have
// played them: an SPRT stops at the same game. Fails on a file without shard tags, shards of
// different matches (MatchId or shard count), a shard in two files, a game twice, and, unless
// allow_incomplete, on missing shards or shards short of games (naming them).
absl::StatusOr<MergedMatch> MergeShardPgns(const std::vector<PgnFile>& files,
                                           bool allow_incomplete);

}  // namespace sente
