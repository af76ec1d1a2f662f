#include "protocol/gomocup/opening_commands.h"

#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "protocol/gomocup/swap2.h"
#include "search/opening_decision.h"

namespace sente {
namespace {

OpeningStage StageOf(CommandKind kind) {
  switch (kind) {
    case CommandKind::kOpenMoveBoard:
      return OpeningStage::kMove;
    case CommandKind::kOpenSwapBoard:
      return OpeningStage::kSwap;
    case CommandKind::kOpenOfferBoard:
      return OpeningStage::kOffer;
    default:
      return OpeningStage::kChoose;
  }
}

std::string Moves(const std::vector<Pos>& moves) {
  return absl::StrJoin(moves, " ", [](std::string* out, Pos p) { out->append(FormatGomocup(p)); });
}

// "RULE" or "RULE N", and the block's lines: the stones, then (OPENCHOOSEBOARD) the N offers.
absl::StatusOr<OpeningRequest> ParseRequest(const Board& board, CommandKind kind,
                                            absl::string_view args,
                                            const std::vector<std::string>& block) {
  OpeningRequest request;
  request.stage = StageOf(kind);
  const std::vector<absl::string_view> words = absl::StrSplit(args, ' ', absl::SkipWhitespace());
  const bool counted =
      request.stage == OpeningStage::kOffer || request.stage == OpeningStage::kChoose;
  const size_t most = request.stage == OpeningStage::kMove ? 1 : 2;
  if (words.empty() || words.size() > most || (counted && words.size() != 2))
    return absl::InvalidArgumentError(absl::StrCat("expected RULE",
                                                   counted     ? " N"
                                                   : most == 2 ? " [N]"
                                                               : "",
                                                   ", got '", Printable(args), "'"));
  absl::StatusOr<OpeningRule> rule = ParseOpeningRule(words[0]);
  if (!rule.ok()) return rule.status();
  request.rule = *rule;
  if (words.size() == 2 && (!absl::SimpleAtoi(words[1], &request.count) || request.count < 1))
    return absl::InvalidArgumentError(absl::StrCat("bad count '", Printable(words[1]), "'"));
  std::vector<Pos> moves;
  for (const std::string& line : block) {
    absl::StatusOr<Pos> p = ParseGomocup(line, board.width(), board.height());
    if (!p.ok()) return p.status();
    moves.push_back(*p);
  }
  const size_t offers = request.stage == OpeningStage::kChoose ? request.count : 0;
  if (offers > moves.size())
    return absl::InvalidArgumentError(absl::StrCat(OpeningRuleName(request.rule), ": ",
                                                   moves.size(), " lines for ", offers, " offers"));
  request.offers.assign(moves.end() - offers, moves.end());
  request.stones.assign(moves.begin(), moves.end() - offers);
  return request;
}

std::string AnswerLine(const OpeningDecision& d) {
  if (d.swap) return "SWAP";
  if (d.keep) return "NOSWAP";
  if (!d.offered.empty()) return Moves(d.offered);
  if (d.count > 0) return absl::StrCat(Moves(d.placed), " ", d.count);
  return Moves(d.placed);
}

}  // namespace

absl::StatusOr<OpeningAnswer> DecideOpening(Player& player, CommandKind kind,
                                            absl::string_view args,
                                            const std::vector<std::string>& block,
                                            Clock::time_point arrived,
                                            const std::atomic<bool>& stop) {
  absl::StatusOr<OpeningRequest> request = ParseRequest(player.board(), kind, args, block);
  if (!request.ok()) return request.status();
  absl::Status valid = CheckOpeningRequest(player.board(), *request);
  if (!valid.ok()) return valid;
  absl::Status placed = player.SetMoves(request->stones);
  if (!placed.ok()) return placed;
  const Probe probe = [&player, &stop](const Board& board, Color side, int64_t ms, int multipv) {
    return player.Analyse(board, side, ms, stop, multipv);
  };
  const OpeningDecision decision =
      DecideOpening(player.board(), *request, probe, DecisionMs(player, arrived), stop);
  if (!decision.swap && !decision.keep && decision.placed.empty() && decision.offered.empty())
    return absl::FailedPreconditionError("no point left to place a stone");
  for (Pos p : decision.placed) {
    absl::Status played = player.PlayMove(p);
    if (!played.ok()) return played;
  }
  return OpeningAnswer{AnswerLine(decision), decision.summary};
}

}  // namespace sente
