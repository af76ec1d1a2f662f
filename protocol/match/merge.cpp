#include "protocol/match/merge.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "protocol/match/pgn.h"

namespace sente {
namespace {

std::string SprtText(const MatchConfig& config) {
  if (!config.sprt) return "";
  const Sprt& s = *config.sprt;
  return absl::StrFormat("%.17g %.17g %.17g %.17g%s", s.elo0, s.elo1, s.alpha, s.beta,
                         config.pentanomial ? " pentanomial" : "");
}

// One game of a shard's PGN, with its tags read.
struct ShardGame {
  ShardSpec shard;
  std::string match_id, sprt;
  int64_t schedule_games = 0;
  int engine_count = 0;
  std::string black_name, white_name;
  GameSummary game;
  size_t file = 0;  // index into the files
};

absl::Status BadGame(const PgnFile& file, const PgnGame& pgn, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat(file.name, ":", pgn.line_number, ": ", what,
                   " (merge the PGN files written by `sente match --shard I/N`)"));
}

bool ParseOutcome(const std::string& result, Outcome& outcome) {
  for (Outcome o : {Outcome::kBlackWins, Outcome::kWhiteWins, Outcome::kDraw})
    if (result == ResultText(o)) {
      outcome = o;
      return true;
    }
  return false;
}

bool ParseReason(const std::string& name, EndReason& reason) {
  for (int r = 0; r < kNumEndReasons; ++r)
    if (name == EndReasonName(EndReason(r))) {
      reason = EndReason(r);
      return true;
    }
  return false;
}

absl::StatusOr<ShardGame> ParseShardGame(const PgnFile& file, size_t file_index,
                                         const PgnGame& pgn) {
  ShardGame g;
  g.file = file_index;
  absl::StatusOr<ShardSpec> shard = ParseShard(pgn.Tag("Shard"));
  if (!shard.ok()) return BadGame(file, pgn, "no valid Shard tag");
  g.shard = *shard;
  g.match_id = pgn.Tag("MatchId");
  g.sprt = pgn.Tag("Sprt");
  g.black_name = pgn.Tag("Black");
  g.white_name = pgn.Tag("White");
  GameSummary& s = g.game;
  std::vector<std::string> stats = absl::StrSplit(pgn.Tag("GameStats"), ' ');
  bool ok = g.match_id.size() == 16 && stats.size() == 6 &&
            absl::SimpleAtoi(pgn.Tag("ScheduleGames"), &g.schedule_games) &&
            absl::SimpleAtoi(pgn.Tag("GameIndex"), &s.index) &&
            absl::SimpleAtoi(pgn.Tag("EngineCount"), &g.engine_count) &&
            absl::SimpleAtoi(pgn.Tag("BlackIndex"), &s.black) &&
            absl::SimpleAtoi(pgn.Tag("WhiteIndex"), &s.white) &&
            ParseOutcome(pgn.result, s.outcome) && ParseReason(pgn.Tag("Termination"), s.reason);
  for (int c = 0; ok && c < 2; ++c)
    ok = absl::SimpleAtoi(stats[3 * c], &s.moves[c]) &&
         absl::SimpleAtoi(stats[3 * c + 1], &s.time_ms[c]) &&
         absl::SimpleAtoi(stats[3 * c + 2], &s.peak_memory[c]);
  if (!ok) return BadGame(file, pgn, "missing or bad shard tags");
  if (g.engine_count < 2 || g.engine_count > 1000 || s.black < 0 || s.white < 0 ||
      s.black >= g.engine_count || s.white >= g.engine_count || s.black == s.white || s.index < 0 ||
      s.index >= g.schedule_games)
    return BadGame(file, pgn, "shard tags out of range");
  return g;
}

// Reads every game; fails on a mixed set: another match, another shard count, a shard that
// is also in another file.
absl::StatusOr<std::vector<ShardGame>> ReadShardGames(const std::vector<PgnFile>& files) {
  std::vector<ShardGame> games;
  std::map<int, size_t> shard_file;  // shard index -> file index
  for (size_t f = 0; f < files.size(); ++f) {
    std::vector<PgnGame> pgns = ParsePgnTags(files[f].text);
    if (pgns.empty()) return absl::InvalidArgumentError(absl::StrCat(files[f].name, ": no games"));
    for (const PgnGame& pgn : pgns) {
      absl::StatusOr<ShardGame> g = ParseShardGame(files[f], f, pgn);
      if (!g.ok()) return g.status();
      const ShardGame& first = games.empty() ? *g : games.front();
      if (g->match_id != first.match_id || g->shard.count != first.shard.count ||
          g->schedule_games != first.schedule_games || g->engine_count != first.engine_count ||
          g->sprt != first.sprt)
        return BadGame(files[f], pgn,
                       absl::StrCat("a mixed set: this game is from match ", g->match_id, " in ",
                                    g->shard.count, " shards, ", files[first.file].name,
                                    " from match ", first.match_id, " in ", first.shard.count,
                                    " shards (different match options or shard count)"));
      auto [it, added] = shard_file.emplace(g->shard.index, f);
      if (!added && it->second != f)
        return absl::InvalidArgumentError(absl::StrCat("shard ", g->shard.Text(),
                                                       " is in two files: ", files[it->second].name,
                                                       " and ", files[f].name));
      games.push_back(*std::move(g));
    }
  }
  return games;
}

// Sorts the games by index; fails on a game twice, or on missing or short shards unless
// allowed (then adds a note).
absl::Status CheckCoverage(std::vector<ShardGame>& games, bool allow_incomplete,
                           std::vector<std::string>& notes) {
  std::sort(games.begin(), games.end(),
            [](const ShardGame& x, const ShardGame& y) { return x.game.index < y.game.index; });
  std::map<int, int64_t> played;  // shard index -> games
  for (size_t i = 0; i < games.size(); ++i) {
    if (i > 0 && games[i].game.index == games[i - 1].game.index)
      return absl::InvalidArgumentError(
          absl::StrCat("game ", games[i].game.index + 1, " of the schedule appears twice (shard ",
                       games[i].shard.Text(), "): was a shard re-run into the same file?"));
    ++played[games[i].shard.index];
  }
  const ShardGame& first = games.front();
  std::vector<std::string> missing;
  for (int i = 1; i <= first.shard.count; ++i) {
    ShardRange range = ShardUnits(first.schedule_games, {i, first.shard.count}, 2);
    int64_t want = range.end - range.begin;
    if (want == 0) continue;
    auto it = played.find(i);
    int64_t have = it == played.end() ? 0 : it->second;
    if (have == 0) missing.push_back(absl::StrCat(i));
    if (have > 0 && have < want)
      missing.push_back(absl::StrCat(i, " (", have, " of ", want, " games)"));
  }
  std::string note;
  absl::Status status = CheckMissingShards(missing, first.shard.count, allow_incomplete, note);
  if (!note.empty()) notes.push_back(note);
  return status;
}

// The configuration the report needs: engine names from the games, the SPRT from its tag.
absl::StatusOr<MatchConfig> MergedConfig(const std::vector<ShardGame>& games) {
  MatchConfig config;
  const ShardGame& first = games.front();
  config.engines.resize(first.engine_count);
  for (int i = 0; i < first.engine_count; ++i)
    config.engines[i].name = absl::StrCat("engine", i + 1);
  for (const ShardGame& g : games) {
    config.engines[g.game.black].name = g.black_name;
    config.engines[g.game.white].name = g.white_name;
  }
  if (first.sprt.empty()) return config;
  std::vector<std::string> fields = absl::StrSplit(first.sprt, ' ');
  Sprt sprt;
  bool ok = fields.size() >= 4 && absl::SimpleAtod(fields[0], &sprt.elo0) &&
            absl::SimpleAtod(fields[1], &sprt.elo1) && absl::SimpleAtod(fields[2], &sprt.alpha) &&
            absl::SimpleAtod(fields[3], &sprt.beta);
  if (!ok) return absl::InvalidArgumentError(absl::StrCat("bad Sprt tag '", first.sprt, "'"));
  config.sprt = sprt;
  config.pentanomial = fields.size() == 5 && fields[4] == "pentanomial";
  return config;
}

}  // namespace

std::string ScheduleText(const MatchConfig& config) {
  std::string text;
  for (const EngineSpec& e : config.engines) {
    absl::StrAppend(&text, "engine ", e.name, "\t", absl::StrJoin(e.argv, " "), "\t",
                    e.working_dir);
    for (const auto& [key, value] : e.infos) absl::StrAppend(&text, "\t", key, "=", value);
    text += "\n";
  }
  const MatchTimeControl& tc = config.tc;
  absl::StrAppend(&text, "rule ", static_cast<int>(config.rule), "\nsize ", config.width, "x",
                  config.height, "\nopenings ", absl::StrJoin(config.opening_texts, "|"),
                  "\nshuffle ", config.shuffle_openings, " symmetry ", config.random_symmetry,
                  " seed ", config.seed, "\n");
  absl::StrAppend(&text, "tc ", tc.turn_ms, " ", tc.game_ms, " ", tc.tolerance_ms, " ", tc.start_ms,
                  " ", tc.max_memory, " ", tc.memory_loss, "\nboard ",
                  static_cast<int>(config.board_mode), " freeze ", config.freeze, "\ngames ",
                  ScheduledGamesPerPair(config), "\nsprt ", SprtText(config), "\n");
  return text;
}

std::vector<PgnTag> ShardPgnTags(const MatchConfig& config, const GameSummary& game) {
  int64_t pairs = static_cast<int64_t>(config.engines.size() * (config.engines.size() - 1) / 2);
  std::vector<PgnTag> tags = {
      {"Shard", config.shard ? config.shard->Text() : "1/1"},
      {"MatchId", Fingerprint(ScheduleText(config))},
      {"ScheduleGames", absl::StrCat(ScheduledGamesPerPair(config) * pairs)},
      {"GameIndex", absl::StrCat(game.index)},
      {"EngineCount", absl::StrCat(config.engines.size())},
      {"BlackIndex", absl::StrCat(game.black)},
      {"WhiteIndex", absl::StrCat(game.white)},
      {"GameStats", absl::StrCat(game.moves[0], " ", game.time_ms[0], " ", game.peak_memory[0], " ",
                                 game.moves[1], " ", game.time_ms[1], " ", game.peak_memory[1])}};
  if (config.sprt) tags.push_back({"Sprt", SprtText(config)});
  return tags;
}

absl::StatusOr<MergedMatch> MergeShardPgns(const std::vector<PgnFile>& files,
                                           bool allow_incomplete) {
  if (files.empty()) return absl::InvalidArgumentError("no PGN files to merge");
  absl::StatusOr<std::vector<ShardGame>> games = ReadShardGames(files);
  if (!games.ok()) return games.status();
  MergedMatch merged;
  if (absl::Status s = CheckCoverage(*games, allow_incomplete, merged.notes); !s.ok()) return s;
  absl::StatusOr<MatchConfig> config = MergedConfig(*games);
  if (!config.ok()) return config.status();
  merged.config = *std::move(config);
  MatchTally tally = NewTally(merged.config);
  int64_t past_decision = 0;
  for (const ShardGame& g : *games) {
    if (tally.result.decision != SprtDecision::kContinue) {
      ++past_decision;
      continue;
    }
    AddGame(merged.config, g.game, tally);
  }
  if (past_decision > 0)
    merged.notes.push_back(absl::StrCat(past_decision,
                                        " games after the SPRT decided are left out, as one run "
                                        "would not have played them"));
  merged.result = std::move(tally.result);
  return merged;
}

}  // namespace sente
