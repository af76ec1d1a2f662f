#include "protocol/match/pgn.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "protocol/io/pgn.h"

namespace sente {

const char* ResultText(Outcome outcome) {
  switch (outcome) {
    case Outcome::kBlackWins:
      return "1-0";
    case Outcome::kWhiteWins:
      return "0-1";
    case Outcome::kDraw:
      return "1/2-1/2";
  }
  return "*";
}

std::string FormatGamePgn(const PgnHeader& header, const GameSetup& setup, const GameRecord& game) {
  PgnGame pgn;
  pgn.moves = game.moves;
  pgn.board_height = setup.height;
  pgn.result = ResultText(game.outcome);
  auto tag = [&](std::string key, std::string value) {
    pgn.tags.push_back(PgnTag{std::move(key), std::move(value)});
  };
  tag("Event", "sente match");
  if (!header.date.empty()) tag("Date", header.date);
  tag("Round", absl::StrCat(header.round));
  tag("Black", header.black);
  tag("White", header.white);
  tag("Rule", absl::StrCat(static_cast<int>(setup.rule), " ", RuleName(setup.rule)));
  tag("Size", absl::StrCat(setup.width, "x", setup.height));
  if (!header.opening.empty()) tag("Opening", header.opening);
  if (setup.opening_rule) tag("OpeningRule", OpeningRuleName(*setup.opening_rule));
  const std::vector<Pos> opening(game.moves.begin(), game.moves.begin() + game.opening_stones);
  tag("OpeningMoves", FormatRenjuList(opening, setup.height));
  // How the opening was decided, one "engine: COMMAND @stones -> answer" per decision.
  if (!game.opening_log.empty()) tag("OpeningDecisions", absl::StrJoin(game.opening_log, "; "));
  if (!header.time_control.empty()) tag("TimeControl", header.time_control);
  tag("Result", pgn.result);
  tag("Termination", EndReasonName(game.reason));
  tag("Reason", game.detail);
  tag("Moves", FormatRenjuList(game.moves, setup.height));
  // Black's passes (and White's closing one), each as the number of stones before it.
  if (!game.passes.empty()) tag("Passes", absl::StrJoin(game.passes, " "));
  for (const PgnTag& extra : header.extra) pgn.tags.push_back(extra);
  return FormatPgn(pgn);
}

}  // namespace sente
