#include "protocol/analyze/opening.h"

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/coord.h"
#include "protocol/io/json.h"
#include "search/opening_decision.h"
#include "search/timeman.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kStageNames[] = {"move", "swap", "offer", "choose"};

absl::StatusOr<OpeningRequest> MakeRequest(const AnalyzeOptions& o) {
  OpeningRequest r;
  absl::StatusOr<OpeningRule> rule = ParseOpeningRule(o.opening_rule);
  if (!rule.ok()) return rule.status();
  absl::StatusOr<OpeningStage> stage = ParseOpeningStage(o.stage);
  if (!stage.ok()) return stage.status();
  r.rule = *rule;
  r.stage = *stage;
  r.count = o.count;
  absl::StatusOr<std::vector<Pos>> stones = ParseRenjuList(o.moves, o.size, o.size);
  if (!stones.ok()) return stones.status();
  r.stones = *stones;
  absl::StatusOr<std::vector<Pos>> offers = ParseRenjuList(o.offers, o.size, o.size);
  if (!offers.ok()) return offers.status();
  r.offers = *offers;
  if (r.stage != OpeningStage::kChoose && !r.offers.empty())
    return absl::InvalidArgumentError("--offers only with --stage choose");
  return r;
}

// The decision in words: what the player does.
std::string DecisionText(const OpeningRequest& r, const OpeningDecision& d, int height) {
  if (r.stage == OpeningStage::kChoose && d.placed.size() == 2)
    return absl::StrCat("take ", FormatRenju(d.placed[0], height), ", 6th ",
                        FormatRenju(d.placed[1], height));
  if (d.swap) return "swap";
  if (d.keep) return "no swap";
  if (!d.offered.empty()) return "offer " + FormatRenjuList(d.offered, height);
  std::string placed = "place " + FormatRenjuList(d.placed, height);
  return d.count > 0 ? absl::StrCat(placed, ", declare ", d.count) : placed;
}

std::string Text(const OpeningRequest& r, const OpeningDecision& d, int height) {
  std::string out =
      absl::StrCat("Opening rule: ", OpeningRuleName(r.rule), ", stage ",
                   kStageNames[static_cast<int>(r.stage)], ", ", r.stones.size(), " stones",
                   r.stones.empty() ? "" : " ", FormatRenjuList(r.stones, height), "\n");
  absl::StrAppend(&out, "Decision: ", DecisionText(r, d, height), "\n  ", d.summary, "\n");
  if (!d.options.empty())
    absl::StrAppend(&out, "Options weighed (score for the side that plays them):\n");
  for (const OpeningOption& option : d.options)
    absl::StrAppend(&out, "  ", FormatRenjuList(option.moves, height), "  ", option.score, "\n");
  return out;
}

void Moves(JsonWriter& json, const std::vector<Pos>& moves, int height) {
  json.BeginArray();
  for (Pos p : moves) json.String(FormatRenju(p, height));
  json.EndArray();
}

std::string Json(const OpeningRequest& r, const OpeningDecision& d, int height, int64_t ms) {
  JsonWriter json;
  json.BeginObject().Key("opening_rule").String(OpeningRuleName(r.rule));
  json.Key("stage").String(kStageNames[static_cast<int>(r.stage)]);
  json.Key("stones");
  Moves(json, r.stones, height);
  json.Key("decision").String(DecisionText(r, d, height));
  json.Key("swap").Bool(d.swap).Key("no_swap").Bool(d.keep);
  json.Key("placed");
  Moves(json, d.placed, height);
  json.Key("offered");
  Moves(json, d.offered, height);
  json.Key("count").Int(d.count);
  json.Key("options").BeginArray();
  for (const OpeningOption& option : d.options) {
    json.BeginObject().Key("moves");
    Moves(json, option.moves, height);
    json.Key("score").Int(option.score).EndObject();
  }
  json.EndArray().Key("summary").String(d.summary).Key("ms").Int(ms).EndObject();
  return json.str();
}

}  // namespace

int RunOpeningAnalysis(const AnalyzeOptions& o, Searcher& searcher, std::ostream& out,
                       std::ostream& err) {
  const Clock::time_point start = Clock::now();
  absl::StatusOr<OpeningRequest> request = MakeRequest(o);
  Board board(o.size, o.size, o.rule);
  absl::Status valid = request.ok() ? CheckOpeningRequest(board, *request) : request.status();
  if (!valid.ok()) {
    err << "analyze: " << valid.message() << '\n';
    return 1;
  }
  for (Pos p : request->stones) board.Play(p);
  std::atomic<bool> stop{false};
  const Probe probe = [&](const Board& position, Color side, int64_t ms, int multipv) {
    SearchLimits limits;
    limits.hard_ms = ms;
    limits.soft_ms = std::max<int64_t>(1, ms / 2);
    limits.max_nodes = o.nodes;
    limits.max_depth = o.depth;
    limits.threads = o.threads;
    limits.multipv = multipv;
    return searcher.Think(position, side, limits, stop);
  };
  const int64_t ms = o.time_ms > 0 ? o.time_ms : kDefaultAnalyzeMs;
  const OpeningDecision decision = DecideOpening(board, *request, probe, ms, stop);
  const int64_t used = MsSince(start);
  out << (o.json ? Json(*request, decision, o.size, used) + "\n"
                 : Text(*request, decision, o.size));
  out.flush();
  return 0;
}

}  // namespace sente
