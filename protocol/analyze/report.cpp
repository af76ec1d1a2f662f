#include "protocol/analyze/report.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/coord.h"
#include "protocol/io/json.h"

namespace sente {
namespace {

const char* ColorKey(Color c) { return c == Color::kBlack ? "black" : "white"; }

std::string PointList(const std::vector<Pos>& points, int height) {
  return points.empty() ? "-" : FormatRenjuList(points, height);
}

std::string Speed(uint64_t nodes, int64_t ms) {
  return absl::StrCat(ms > 0 ? nodes / static_cast<uint64_t>(ms) : nodes, " kn/s");
}

// "Black wins in 2 moves (3 plies)" and the like, from the side to move's view.
std::string OutcomeText(const Verdict& v, Color to_move) {
  if (v.outcome == VerdictOutcome::kUnknown) {
    return absl::StrCat("not proven; estimate ", FormatScore(v.score), " for ", ColorName(to_move));
  }
  Color winner = v.outcome == VerdictOutcome::kWin ? to_move : Opponent(to_move);
  std::string text = absl::StrCat(ColorName(winner), " wins");
  if (v.plies >= 0) {
    int moves = v.outcome == VerdictOutcome::kWin ? (v.plies + 1) / 2 : v.plies / 2;
    absl::StrAppend(&text, " in ", moves, moves == 1 ? " move" : " moves", " (", v.plies,
                    v.plies == 1 ? " ply)" : " plies)");
  }
  absl::StrAppend(&text, ", proven by ",
                  v.proof == Proof::kSearch ? "the search"
                  : v.proof == Proof::kVcf  ? "VCF"
                                            : "VCT");
  return text;
}

// `forced`: every defence is in the line (VCF), so its length is the length of the win.
std::string ThreatSearchText(const Board& board, const ThreatSearch& s, Color attacker,
                             bool forced) {
  if (!s.run) return "not searched";
  if (!s.result.win) return absl::StrCat("none found (", s.result.nodes, " nodes)");
  Board scratch = board;
  int plies = ThreatLinePlies(scratch, attacker, s.result.line);
  return absl::StrCat(FormatRenjuList(s.result.line, board.height()), "  (five after ", plies,
                      plies == 1 ? " ply" : " plies", forced ? "" : " against these defences", ", ",
                      s.result.nodes, " nodes)");
}

void JsonPoints(JsonWriter& json, const std::vector<Pos>& points, int height) {
  json.BeginArray();
  for (Pos p : points) json.String(FormatRenju(p, height));
  json.EndArray();
}

void JsonThreatSearch(JsonWriter& json, const ThreatSearch& s, int height) {
  if (!s.run) {
    json.Null();
    return;
  }
  json.BeginObject().Key("win").Bool(s.result.win).Key("line");
  JsonPoints(json, s.result.line, height);
  json.Key("nodes").Int(static_cast<int64_t>(s.result.nodes)).EndObject();
}

}  // namespace

std::string DrawAnalyzeBoard(const Board& board, Pos last_move,
                             const std::vector<std::pair<Pos, Foul>>& forbidden) {
  const int w = board.width(), h = board.height();
  std::string letters = "   ";
  for (int x = 0; x < w; ++x)
    absl::StrAppend(&letters, " ", std::string(1, static_cast<char>('a' + x)));
  std::string out = letters + "\n";
  for (int y = 0; y < h; ++y) {
    std::string seps(w + 1, ' ');
    std::string marks(w, '.');
    for (int x = 0; x < w; ++x) {
      Pos p = MakePos(x, y);
      Color c = board.At(p);
      if (c != Color::kEmpty) marks[x] = c == Color::kBlack ? 'X' : 'O';
      if (p == last_move) {
        seps[x] = '(';
        seps[x + 1] = ')';
      }
    }
    for (auto [p, foul] : forbidden) {
      if (PosY(p) == y) marks[PosX(p)] = FoulCode(foul)[0];
    }
    int row = h - y;
    absl::StrAppend(&out, absl::StrFormat("%2d ", row));
    for (int x = 0; x < w; ++x)
      absl::StrAppend(&out, std::string(1, seps[x]), std::string(1, marks[x]));
    absl::StrAppend(&out, std::string(1, seps[w]), absl::StrFormat("%2d\n", row));
  }
  return out + letters + "\n";
}

std::string FormatScore(int score) {
  if (IsWinScore(score)) return absl::StrCat("win in ", PliesToEnd(score), " plies");
  if (IsLossScore(score)) return absl::StrCat("loss in ", PliesToEnd(score), " plies");
  return absl::StrFormat("%+d", score);
}

std::string FormatProgress(const SearchInfo& info, int height) {
  std::string line;
  if (info.multipv > 1) absl::StrAppend(&line, "line ", info.multipv, "  ");
  absl::StrAppend(&line, "depth ", info.depth, "/", info.seldepth, "  score ",
                  FormatScore(info.score), "  nodes ", info.nodes, "  ", Speed(info.nodes, info.ms),
                  "  ", info.ms, " ms  pv ", FormatRenjuList(info.pv, height));
  return line;
}

std::string TextPosition(const Board& board, const Analysis& a) {
  const int h = board.height();
  std::string out =
      absl::StrCat("Rule ", RuleName(board.rule()), ", ", board.width(), "x", h, ", ",
                   board.count(Color::kBlack), " black and ", board.count(Color::kWhite),
                   " white stones, ", ColorName(a.to_move), " to move");
  if (a.last_move != kNoPos) {
    absl::StrAppend(&out, ", last move ", FormatRenju(a.last_move, h), " (",
                    ColorName(board.At(a.last_move)), ")");
  }
  absl::StrAppend(&out, "\n\n", DrawAnalyzeBoard(board, a.last_move, a.forbidden), "\n");
  if (board.rule() == Rule::kRenju) {
    out += "Forbidden for Black:";
    if (a.forbidden.empty()) out += " none";
    for (auto [p, foul] : a.forbidden)
      absl::StrAppend(&out, " ", FormatRenju(p, h), "=", FoulCode(foul));
    out += "  (33 double three, 44 double four, 6 overline)\n";
  }
  out += "Threats (points where a stone makes):\n";
  for (Color c : {Color::kBlack, Color::kWhite}) {
    const ThreatPoints& t = a.threats[Index(c)];
    absl::StrAppend(
        &out, absl::StrFormat("  %-5s  five: %s  straight four: %s  four: %s  open three: %s\n",
                              ColorName(c), PointList(t.five, h), PointList(t.straight_four, h),
                              PointList(t.four, h), PointList(t.three, h)));
  }
  return out;
}

std::string TextThreatSearches(const Board& board, const Analysis& a) {
  const ThreatSearches& s = a.threat_searches;
  Color me = a.to_move, you = Opponent(a.to_move);
  std::string out =
      absl::StrCat("VCF for ", ColorName(me), ": ", ThreatSearchText(board, s.vcf, me, true), "\n");
  if (s.vct.run)
    absl::StrAppend(&out, "VCT for ", ColorName(me), ": ",
                    ThreatSearchText(board, s.vct, me, false), "\n");
  absl::StrAppend(&out, "VCF for ", ColorName(you),
                  " if it moved now: ", ThreatSearchText(board, s.opponent_vcf, you, true), "\n");
  return out;
}

std::string TextVerdict(const Board& board, const Analysis& a) {
  const int h = board.height();
  const Verdict& v = a.verdict;
  std::string out = absl::StrCat("Best move: ", FormatRenju(v.best, h), "\n",
                                 "Result: ", OutcomeText(v, a.to_move), "\n",
                                 "PV: ", FormatRenjuList(v.pv, h), "\n");
  if (a.search.lines.size() > 1) {
    out += "Lines:\n";
    for (size_t i = 0; i < a.search.lines.size(); ++i) {
      const RootLine& line = a.search.lines[i];
      absl::StrAppend(&out,
                      absl::StrFormat("  %2d. %-4s %-16s %s\n", i + 1, FormatRenju(line.move, h),
                                      FormatScore(line.score), FormatRenjuList(line.pv, h)));
    }
  }
  absl::StrAppend(&out, "Search: depth ", a.search.depth, ", ", a.search.nodes, " nodes, ",
                  a.search.ms, " ms, ", Speed(a.search.nodes, a.search.ms), "; analysis ",
                  a.total_ms, " ms\n");
  return out;
}

std::string AnalysisJson(const Board& board, const Analysis& a) {
  const int h = board.height();
  const Verdict& v = a.verdict;
  JsonWriter json;
  json.BeginObject();
  json.Key("rule").String(RuleName(board.rule()));
  json.Key("size").Int(board.width());
  json.Key("to_move").String(ColorKey(a.to_move));
  json.Key("last_move");
  if (a.last_move == kNoPos)
    json.Null();
  else
    json.String(FormatRenju(a.last_move, h));
  json.Key("best").String(FormatRenju(v.best, h));
  json.Key("score").Int(v.score);
  json.Key("result").String(OutcomeName(v.outcome));
  json.Key("plies");
  if (v.plies < 0)
    json.Null();
  else
    json.Int(v.plies);
  json.Key("proof");
  if (v.proof == Proof::kNone)
    json.Null();
  else
    json.String(ProofName(v.proof));
  json.Key("pv");
  JsonPoints(json, v.pv, h);
  json.Key("lines").BeginArray();
  for (const RootLine& line : a.search.lines) {
    json.BeginObject()
        .Key("move")
        .String(FormatRenju(line.move, h))
        .Key("score")
        .Int(line.score)
        .Key("pv");
    JsonPoints(json, line.pv, h);
    json.EndObject();
  }
  json.EndArray();
  json.Key("forbidden").BeginArray();
  for (auto [p, foul] : a.forbidden) {
    json.BeginObject()
        .Key("point")
        .String(FormatRenju(p, h))
        .Key("kind")
        .String(FoulCode(foul))
        .EndObject();
  }
  json.EndArray();
  json.Key("threats").BeginObject();
  for (Color c : {Color::kBlack, Color::kWhite}) {
    const ThreatPoints& t = a.threats[Index(c)];
    json.Key(ColorKey(c)).BeginObject();
    json.Key("five");
    JsonPoints(json, t.five, h);
    json.Key("straight_four");
    JsonPoints(json, t.straight_four, h);
    json.Key("four");
    JsonPoints(json, t.four, h);
    json.Key("three");
    JsonPoints(json, t.three, h);
    json.EndObject();
  }
  json.EndObject();
  json.Key("vcf");
  JsonThreatSearch(json, a.threat_searches.vcf, h);
  json.Key("vct");
  JsonThreatSearch(json, a.threat_searches.vct, h);
  json.Key("opponent_vcf");
  JsonThreatSearch(json, a.threat_searches.opponent_vcf, h);
  json.Key("depth").Int(a.search.depth);
  json.Key("nodes").Int(static_cast<int64_t>(a.search.nodes));
  json.Key("ms").Int(a.search.ms);
  json.Key("total_ms").Int(a.total_ms);
  json.EndObject();
  return json.str();
}

}  // namespace sente
