#include "protocol/tune/games.h"

#include <fstream>
#include <memory>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "search/movegen.h"

namespace sente {
namespace {

// `[Key "Value"]` -> key and unescaped value; false for any other line.
bool ParseTag(absl::string_view line, std::string& key, std::string& value) {
  line = absl::StripAsciiWhitespace(line);
  if (!absl::ConsumePrefix(&line, "[") || !absl::ConsumeSuffix(&line, "\"]")) return false;
  const size_t quote = line.find(" \"");
  if (quote == absl::string_view::npos) return false;
  key = std::string(line.substr(0, quote));
  value.clear();
  for (size_t i = quote + 2; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size()) ++i;
    value += line[i];
  }
  return true;
}

struct RawGame {
  int line = 0;
  std::string rule, size, result, moves;
};

absl::StatusOr<TuneGame> ToGame(const RawGame& raw) {
  auto bad = [&](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("game at line ", raw.line, ": ", what));
  };
  TuneGame game;
  int code = 0;
  std::vector<absl::string_view> rule_words = absl::StrSplit(raw.rule, ' ');
  if (!absl::SimpleAtoi(rule_words[0], &code)) return bad(absl::StrCat("bad Rule '", raw.rule, "'"));
  absl::StatusOr<Rule> rule = RuleFromCode(code);
  if (!rule.ok()) return bad(rule.status().message());
  game.rule = *rule;
  std::vector<absl::string_view> dims = absl::StrSplit(raw.size, 'x');
  if (dims.size() != 2 || !absl::SimpleAtoi(dims[0], &game.width) ||
      !absl::SimpleAtoi(dims[1], &game.height) ||
      !Board::ValidateSize(game.width, game.height).ok())
    return bad(absl::StrCat("bad Size '", raw.size, "'"));
  if (raw.result == "1-0") game.black_score = 1;
  else if (raw.result == "0-1") game.black_score = 0;
  else if (raw.result == "1/2-1/2") game.black_score = 0.5;
  else return bad(absl::StrCat("bad Result '", raw.result, "'"));
  absl::StatusOr<std::vector<Pos>> moves = ParseRenjuList(raw.moves, game.width, game.height);
  if (!moves.ok()) return bad(moves.status().message());
  game.moves = *std::move(moves);
  return game;
}

}  // namespace

absl::StatusOr<std::vector<TuneGame>> ParseGames(absl::string_view pgn) {
  std::vector<TuneGame> games;
  std::vector<RawGame> raw;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(pgn, '\n')) {
    ++line_number;
    std::string key, value;
    if (!ParseTag(line, key, value)) continue;
    if (key == "Event") raw.push_back(RawGame{line_number, "", "", "", ""});
    if (raw.empty()) continue;
    if (key == "Rule") raw.back().rule = value;
    else if (key == "Size") raw.back().size = value;
    else if (key == "Result") raw.back().result = value;
    else if (key == "Moves") raw.back().moves = value;
  }
  for (const RawGame& r : raw) {
    if (r.result == "*") continue;
    absl::StatusOr<TuneGame> game = ToGame(r);
    if (!game.ok()) return game.status();
    games.push_back(*std::move(game));
  }
  return games;
}

absl::StatusOr<std::vector<TuneGame>> ReadGames(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<std::vector<TuneGame>> games = ParseGames(text.str());
  if (!games.ok()) return absl::InvalidArgumentError(absl::StrCat(path, ": ", games.status().message()));
  return games;
}

absl::Status SampleGame(const TuneGame& game, int skip_stones, std::vector<TuneSample>& out) {
  Board board(game.width, game.height, game.rule);
  auto threats = std::make_unique<NodeThreats>();
  for (Pos move : game.moves) {
    if (board.stone_count() >= skip_stones) {
      const Color us = board.SideToMove();
      ReadThreats(board, us, *threats);
      const NodeState state = ClassifyNode(board, us, *threats);
      if (state == NodeState::kNormal) {  // no five or straight-four point on either side
        const double score = us == Color::kBlack ? game.black_score : 1 - game.black_score;
        out.push_back(TuneSample{ExtractFeatures(board, us, *threats, state), static_cast<float>(score)});
      }
    }
    if (!board.OnBoard(move) || !board.IsEmpty(move))
      return absl::InvalidArgumentError(
          absl::StrCat("move ", FormatRenju(move, game.height), " is off the board or taken"));
    board.Play(move);
  }
  return absl::OkStatus();
}

}  // namespace sente
