#include "protocol/match/pgn.h"

#include "absl/strings/str_cat.h"
#include "engine/coord.h"
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
  tag("OpeningMoves", FormatRenjuList(setup.opening, setup.height));
  if (!header.time_control.empty()) tag("TimeControl", header.time_control);
  tag("Result", pgn.result);
  tag("Termination", EndReasonName(game.reason));
  tag("Reason", game.detail);
  tag("Moves", FormatRenjuList(game.moves, setup.height));
  for (const PgnTag& extra : header.extra) pgn.tags.push_back(extra);
  return FormatPgn(pgn);
}

}  // namespace sente
