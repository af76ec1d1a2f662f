#include "protocol/tune/games.h"

#include <memory>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "protocol/io/pgn.h"
#include "protocol/io/text_file.h"
#include "search/movegen.h"

namespace sente {
namespace {

absl::StatusOr<TuneGame> ToGame(const PgnGame& pgn) {
  const std::string rule_tag = pgn.Tag("Rule"), size = pgn.Tag("Size"), result = pgn.Tag("Result");
  auto bad = [&](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("game at line ", pgn.line_number, ": ", what));
  };
  TuneGame game;
  int code = 0;
  std::vector<absl::string_view> rule_words = absl::StrSplit(rule_tag, ' ');
  if (!absl::SimpleAtoi(rule_words[0], &code))
    return bad(absl::StrCat("bad Rule '", rule_tag, "'"));
  absl::StatusOr<Rule> rule = RuleFromCode(code);
  if (!rule.ok()) return bad(rule.status().message());
  game.rule = *rule;
  std::vector<absl::string_view> dims = absl::StrSplit(size, 'x');
  if (dims.size() != 2 || !absl::SimpleAtoi(dims[0], &game.width) ||
      !absl::SimpleAtoi(dims[1], &game.height) ||
      !Board::ValidateSize(game.width, game.height).ok())
    return bad(absl::StrCat("bad Size '", size, "'"));
  if (result == "1-0")
    game.black_score = 1;
  else if (result == "0-1")
    game.black_score = 0;
  else if (result == "1/2-1/2")
    game.black_score = 0.5;
  else
    return bad(absl::StrCat("bad Result '", result, "'"));
  absl::StatusOr<std::vector<Pos>> moves =
      ParseRenjuList(pgn.Tag("Moves"), game.width, game.height);
  if (!moves.ok()) return bad(moves.status().message());
  game.moves = *std::move(moves);
  game.black = std::string(pgn.Tag("Black"));
  game.white = std::string(pgn.Tag("White"));
  return game;
}

}  // namespace

absl::StatusOr<std::vector<TuneGame>> ParseGames(absl::string_view pgn) {
  std::vector<TuneGame> games;
  for (const PgnGame& tagged : ParsePgnTags(pgn)) {
    if (tagged.Tag("Result") == "*") continue;
    absl::StatusOr<TuneGame> game = ToGame(tagged);
    if (!game.ok()) return game.status();
    games.push_back(*std::move(game));
  }
  return games;
}

absl::StatusOr<std::vector<TuneGame>> ReadGames(const std::string& path) {
  absl::StatusOr<std::string> text = ReadTextFile(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<TuneGame>> games = ParseGames(*text);
  if (!games.ok())
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", games.status().message()));
  return games;
}

absl::Status ForEachQuietPosition(
    const TuneGame& game, int skip_stones,
    absl::FunctionRef<void(Board&, Color, const NodeThreats&, NodeState, float, Pos)> visit) {
  Board board(game.width, game.height, game.rule);
  auto threats = std::make_unique<NodeThreats>();
  for (Pos move : game.moves) {
    if (board.stone_count() >= skip_stones) {
      const Color us = board.SideToMove();
      ReadThreats(board, us, *threats);
      const NodeState state = ClassifyNode(board, us, *threats);
      if (state == NodeState::kNormal) {
        const double score = us == Color::kBlack ? game.black_score : 1 - game.black_score;
        visit(board, us, *threats, state, static_cast<float>(score), move);
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
