#include "protocol/match/pgn.h"

#include "absl/strings/str_cat.h"
#include "engine/coord.h"

namespace sente {

const char* ResultText(Outcome outcome) {
  switch (outcome) {
    case Outcome::kBlackWins: return "1-0";
    case Outcome::kWhiteWins: return "0-1";
    case Outcome::kDraw: return "1/2-1/2";
  }
  return "*";
}

std::string FormatPgn(const PgnHeader& header, const GameSetup& setup, const GameRecord& game) {
  std::string out;
  auto tag = [&](absl::string_view key, absl::string_view value) {
    std::string escaped;
    for (char ch : value) {
      if (ch == '"' || ch == '\\') escaped += '\\';
      escaped += ch;
    }
    absl::StrAppend(&out, "[", key, " \"", escaped, "\"]\n");
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
  tag("Result", ResultText(game.outcome));
  tag("Termination", EndReasonName(game.reason));
  tag("Reason", game.detail);
  tag("Moves", FormatRenjuList(game.moves, setup.height));
  out += "\n";
  std::string line;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    std::string token = FormatRenju(game.moves[i], setup.height);
    if (i % 2 == 0) token = absl::StrCat(i / 2 + 1, ". ", token);
    if (!line.empty() && line.size() + token.size() + 1 > 79) {
      absl::StrAppend(&out, line, "\n");
      line.clear();
    }
    absl::StrAppend(&line, line.empty() ? "" : " ", token);
  }
  std::string result = ResultText(game.outcome);
  if (!line.empty() && line.size() + result.size() + 1 > 79) {
    absl::StrAppend(&out, line, "\n");
    line.clear();
  }
  absl::StrAppend(&out, line, line.empty() ? "" : " ", result, "\n\n");
  return out;
}

}  // namespace sente
