#include "protocol/match/runner.h"

#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "protocol/match/merge.h"
#include "protocol/match/pgn.h"

namespace sente {
namespace {

constexpr int64_t kUnbounded = int64_t{1} << 40;  // games per pair when SPRT decides

struct ScheduledGame {
  int64_t index = 0;  // 0-based over the whole match
  int pair = 0;
  int64_t round = 0;     // which opening pair of the engine pair
  bool swapped = false;  // the pair's second engine has Black
  GameSetup setup;
  std::string opening_text;
};

std::string TodayUtc() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &tm);
  return text;
}

absl::Status Validate(MatchConfig& config) {
  if (config.engines.size() < 2)
    return absl::InvalidArgumentError("a match needs two or more engines");
  if (absl::Status s = Board::ValidateSize(config.width, config.height); !s.ok()) return s;
  const MatchTimeControl& tc = config.tc;
  if (tc.turn_ms < 0 || tc.game_ms < 0 || tc.tolerance_ms < 0 || tc.start_ms < 0 ||
      tc.max_memory < 0)
    return absl::InvalidArgumentError("time and memory limits cannot be negative");
  if (tc.turn_ms == 0 && tc.game_ms == 0)
    return absl::InvalidArgumentError("set a time limit per move or per game");
  if (config.concurrency < 1 || config.concurrency > 256)
    return absl::InvalidArgumentError("concurrency must be in 1..256");
  if (config.games_per_pair < 0 || config.games_per_pair % 2 != 0)
    return absl::InvalidArgumentError(
        "the number of games must be even: each opening is played with both colours");
  if (config.sprt) {
    const Sprt& s = *config.sprt;
    if (config.engines.size() != 2)
      return absl::InvalidArgumentError("SPRT needs exactly two engines");
    if (!(s.elo0 < s.elo1)) return absl::InvalidArgumentError("SPRT needs elo0 < elo1");
    if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
      return absl::InvalidArgumentError("SPRT alpha and beta must lie in (0, 0.5)");
  }
  if (config.shard && ScheduledGamesPerPair(config) == 0)
    return absl::InvalidArgumentError(
        "--shard with --sprt needs --games: the length of the whole schedule to cut");
  if (config.opening_texts.size() != config.openings.size()) {
    config.opening_texts.clear();
    for (const Opening& o : config.openings)
      config.opening_texts.push_back(FormatRenjuList(o, config.height));
  }
  // Unique names, so that every Score line says who is who.
  for (size_t i = 0; i < config.engines.size(); ++i) {
    int copies = 1;
    for (size_t j = 0; j < i; ++j)
      if (config.engines[j].name == config.engines[i].name) ++copies;
    if (copies > 1) absl::StrAppend(&config.engines[i].name, "-", copies);
  }
  return absl::OkStatus();
}

class Runner {
 public:
  Runner(const MatchConfig& config, std::ostream* progress, std::ostream* pgn, std::ostream* io_log)
      : config_(config),
        progress_(progress),
        pgn_(pgn),
        rng_(config.seed),
        date_(TodayUtc()),
        tally_(NewTally(config)) {
    if (io_log) io_log_.emplace(*io_log);
    int64_t openings = std::max<int64_t>(1, static_cast<int64_t>(config.openings.size()));
    int64_t per_pair = ScheduledGamesPerPair(config);
    if (per_pair == 0) per_pair = kUnbounded;
    total_ = end_ = per_pair * static_cast<int64_t>(tally_.result.pairs.size());
    if (config.shard) {
      ShardRange range = ShardUnits(total_, *config.shard, 2);
      next_ = range.begin;
      end_ = range.end;
    }
    for (int64_t i = 0; i < openings; ++i) order_.push_back(static_cast<int>(i));
    if (config.shuffle_openings) std::shuffle(order_.begin(), order_.end(), rng_);
  }

  absl::StatusOr<MatchResult> Run() {
    std::vector<std::thread> workers;
    for (int i = 0; i < config_.concurrency; ++i) workers.emplace_back([this] { Work(); });
    for (std::thread& t : workers) t.join();
    if (!error_.ok()) return error_;
    return tally_.result;
  }

 private:
  std::optional<ScheduledGame> Next() {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_ || next_ >= end_) return std::nullopt;
    ScheduledGame game;
    game.index = next_++;
    int64_t slot = game.index / 2;
    int64_t pairs = static_cast<int64_t>(tally_.result.pairs.size());
    game.pair = static_cast<int>(slot % pairs);
    game.round = slot / pairs;
    game.swapped = game.index % 2 == 1;
    while (static_cast<int64_t>(symmetry_.size()) <= game.round) {
      int count = NumSymmetries(config_.width, config_.height);
      symmetry_.push_back(
          config_.random_symmetry ? static_cast<int>(rng_() % static_cast<uint64_t>(count)) : 0);
    }
    GameSetup& setup = game.setup;
    setup.width = config_.width;
    setup.height = config_.height;
    setup.rule = config_.rule;
    setup.tc = config_.tc;
    setup.board_mode = config_.board_mode;
    setup.freeze = config_.freeze;
    setup.opening_rule = config_.opening_rule;
    setup.accept_pass = config_.opening_rule.has_value() && config_.rule == Rule::kRenju;
    if (!config_.openings.empty()) {
      int o = order_[game.round % static_cast<int64_t>(order_.size())];
      setup.opening =
          ApplySymmetry(config_.openings[o], symmetry_[game.round], config_.width, config_.height);
      game.opening_text = config_.opening_texts[o];
    }
    return game;
  }

  void Fail(absl::Status status) {
    std::lock_guard<std::mutex> lock(mu_);
    if (error_.ok()) error_ = status;
    stop_ = true;
  }

  void Work() {
    std::map<int, std::unique_ptr<MatchEngine>> kept;  // reused processes by engine index
    auto engine_for = [&](int index) -> absl::StatusOr<MatchEngine*> {
      auto it = kept.find(index);
      if (it != kept.end() && it->second->process().Running()) return it->second.get();
      absl::StatusOr<std::unique_ptr<MatchEngine>> engine =
          MatchEngine::Launch(config_.engines[index], !config_.engine_stderr);
      if (!engine.ok())
        return absl::Status(engine.status().code(), absl::StrCat(config_.engines[index].name, ": ",
                                                                 engine.status().message()));
      MatchEngine* raw = engine->get();
      if (io_log_) raw->set_log(&*io_log_);
      kept[index] = *std::move(engine);
      return raw;
    };
    while (std::optional<ScheduledGame> game = Next()) {
      const PairResult& pair = tally_.result.pairs[game->pair];  // a and b never change
      int black = game->swapped ? pair.b : pair.a;
      int white = game->swapped ? pair.a : pair.b;
      absl::StatusOr<MatchEngine*> b = engine_for(black);
      absl::StatusOr<MatchEngine*> w = b.ok() ? engine_for(white) : b;
      if (!w.ok()) {
        Fail(w.status());
        break;
      }
      GameRecord record = PlayGame(game->setup, **b, **w);
      if (record.swapped) std::swap(black, white);  // the opening rule's swaps
      int indices[2] = {black, white};
      for (int c = 0; c < 2; ++c) {
        if (record.engine_broken[c]) {
          kept[indices[c]]->process().Kill();  // may be hung or still thinking
          kept.erase(indices[c]);
        } else if (!config_.reuse_processes) {
          kept[indices[c]]->Quit();
          kept.erase(indices[c]);
        }
      }
      Record(*game, black, white, record);
    }
    for (auto& [index, engine] : kept) engine->Quit();
  }

  void Record(const ScheduledGame& game, int black, int white, const GameRecord& record) {
    std::lock_guard<std::mutex> lock(mu_);
    GameSummary summary{game.index, black, white, record.outcome, record.reason};
    for (int c = 0; c < 2; ++c) {
      summary.time_ms[c] = record.time_ms[c];
      summary.peak_memory[c] = record.peak_memory[c];
    }
    for (size_t k = 0; k < record.move_ms.size(); ++k)
      ++summary.moves[(record.opening_stones + k) % 2];
    AddGame(config_, summary, tally_);
    const MatchResult& result = tally_.result;
    if (result.decision != SprtDecision::kContinue && !config_.shard) stop_ = true;
    const PairResult& pair = result.pairs[game.pair];

    const std::string& black_name = config_.engines[black].name;
    const std::string& white_name = config_.engines[white].name;
    if (pgn_) {
      PgnHeader header{static_cast<int>(game.index + 1),
                       black_name,
                       white_name,
                       date_,
                       game.opening_text,
                       absl::StrCat("turn ", config_.tc.turn_ms, " ms, game ", config_.tc.game_ms,
                                    " ms, tolerance ", config_.tc.tolerance_ms, " ms"),
                       {}};
      if (config_.shard) header.extra = ShardPgnTags(config_, summary);
      *pgn_ << FormatGamePgn(header, game.setup, record) << std::flush;
    }
    if (progress_) {
      *progress_ << "Finished game " << game.index + 1
                 << (total_ < kUnbounded ? absl::StrCat(" of ", total_) : "") << " (" << black_name
                 << " vs " << white_name << "): " << ResultText(record.outcome) << " {"
                 << record.detail << "}\n"
                 << FormatScoreLine(config_.engines[pair.a].name, config_.engines[pair.b].name,
                                    pair.wdl)
                 << "\n";
      if (config_.sprt) *progress_ << FormatSprtLine(*config_.sprt, result) << "\n";
      *progress_ << std::flush;
    }
  }

 public:
  static std::string FormatSprtLine(const Sprt& sprt, const MatchResult& result) {
    double bound = result.llr >= 0 ? sprt.UpperBound() : sprt.LowerBound();
    std::string line =
        absl::StrFormat("SPRT: llr %.3f (%.1f%%), lbound %.2f, ubound %.2f", result.llr,
                        100 * result.llr / bound, sprt.LowerBound(), sprt.UpperBound());
    if (result.decision == SprtDecision::kAcceptH1) line += " - H1 was accepted";
    if (result.decision == SprtDecision::kAcceptH0) line += " - H0 was accepted";
    return line;
  }

 private:
  const MatchConfig& config_;
  std::ostream* progress_;
  std::ostream* pgn_;
  std::optional<IoLog> io_log_;
  std::mt19937_64 rng_;
  std::string date_;
  std::vector<int> order_;
  std::vector<int> symmetry_;

  std::mutex mu_;
  int64_t next_ = 0, total_ = 0, end_ = 0;  // end_: of this shard
  bool stop_ = false;
  absl::Status error_;
  MatchTally tally_;
};

// The score of the pair's first engine in a game won by `winner` (-1: a draw).
double ScoreOfA(const PairResult& pair, int winner) {
  return winner < 0 ? 0.5 : winner == pair.a ? 1.0 : 0.0;
}

std::string Mib(int64_t bytes) { return absl::StrFormat("%.1f MiB", bytes / 1048576.0); }

}  // namespace

MatchTally NewTally(const MatchConfig& config) {
  MatchTally tally;
  MatchResult& result = tally.result;
  int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) result.pairs.push_back({a, b, {}, {}});
  result.engines.resize(n);
  for (const EngineSpec& e : config.engines) result.names.push_back(e.name);
  return tally;
}

void AddGame(const MatchConfig& config, const GameSummary& game, MatchTally& tally) {
  MatchResult& result = tally.result;
  int64_t slot = game.index / 2, pairs = static_cast<int64_t>(result.pairs.size());
  int pair_index = static_cast<int>(slot % pairs);
  PairResult& pair = result.pairs[pair_index];
  ++result.games;
  int winner = game.outcome == Outcome::kBlackWins   ? game.black
               : game.outcome == Outcome::kWhiteWins ? game.white
                                                     : -1;
  double score_a = ScoreOfA(pair, winner);
  (winner < 0 ? pair.wdl.draws : winner == pair.a ? pair.wdl.wins : pair.wdl.losses) += 1;
  auto key = std::make_pair(pair_index, slot / pairs);
  if (auto it = tally.half_pairs.find(key); it != tally.half_pairs.end()) {
    ++pair.pairs[static_cast<int>(2 * (it->second + score_a) + 0.5)];
    tally.half_pairs.erase(it);
  } else {
    tally.half_pairs[key] = score_a;
  }
  int indices[2] = {game.black, game.white};
  for (int c = 0; c < 2; ++c) {
    EngineTotals& totals = result.engines[indices[c]];
    ++totals.games;
    totals.moves += game.moves[c];
    totals.time_ms += game.time_ms[c];
    totals.peak_memory = std::max(totals.peak_memory, game.peak_memory[c]);
  }
  if (winner >= 0 && game.reason != EndReason::kFive)
    ++result.engines[winner == game.black ? game.white : game.black]
          .losses_by[static_cast<int>(game.reason)];
  if (config.sprt && result.decision == SprtDecision::kContinue) {
    result.llr = config.pentanomial ? PentanomialLlr(pair.pairs, *config.sprt)
                                    : TrinomialLlr(pair.wdl, *config.sprt);
    result.decision = Decide(result.llr, *config.sprt);
  }
}

int64_t ScheduledGamesPerPair(const MatchConfig& config) {
  if (config.games_per_pair > 0) return config.games_per_pair;
  if (config.sprt) return 0;
  return 2 * std::max<int64_t>(1, static_cast<int64_t>(config.openings.size()));
}

absl::StatusOr<MatchResult> PlayMatch(MatchConfig config, std::ostream* progress, std::ostream* pgn,
                                      std::ostream* io_log) {
  if (absl::Status s = Validate(config); !s.ok()) return s;
  Runner runner(config, progress, pgn, io_log);
  return runner.Run();
}

std::string FormatMatchReport(const MatchConfig& config, const MatchResult& result) {
  std::string out;
  for (size_t i = 0; i < result.engines.size(); ++i) {
    const EngineTotals& t = result.engines[i];
    absl::StrAppendFormat(&out, "Engine %s: %d games, %d moves, %.0f ms/move, peak memory %s",
                          result.names[i], t.games, t.moves,
                          t.moves ? static_cast<double>(t.time_ms) / t.moves : 0.0,
                          Mib(t.peak_memory));
    std::string losses;
    for (int r = 0; r < kNumEndReasons; ++r)
      if (t.losses_by[r])
        absl::StrAppend(&losses, losses.empty() ? "" : ", ", EndReasonName(EndReason(r)), " ",
                        t.losses_by[r]);
    if (!losses.empty()) absl::StrAppend(&out, ", lost by ", losses);
    out += "\n";
  }
  if (config.sprt) absl::StrAppend(&out, Runner::FormatSprtLine(*config.sprt, result), "\n");
  for (const PairResult& pair : result.pairs)
    absl::StrAppend(&out, FormatScoreLine(result.names[pair.a], result.names[pair.b], pair.wdl),
                    "\n");
  return out;
}

}  // namespace sente
