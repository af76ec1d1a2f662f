#include "protocol/gomocup/opening_commands.h"

#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "protocol/gomocup/swap2.h"
#include "search/fifth_moves.h"
#include "search/opening_choice.h"

namespace sente {
namespace {

constexpr const char* kSwap = "SWAP";
constexpr const char* kNoSwap = "NOSWAP";

// A decision's input: the rule, the count argument (0 when absent), the stones in game order
// and, for OPENCHOOSEBOARD, the offered 5th moves (the block's last `count` lines).
struct Request {
  OpeningRule rule;
  int count = 0;
  std::vector<Pos> stones;
  std::vector<Pos> offers;
  Board board{15, 15, Rule::kRenju};  // the stones, for the checks before the position is set
};

// What a decision needs besides its request.
struct Context {
  Player& player;
  Clock::time_point arrived;
  const std::atomic<bool>& stop;
  int64_t ms;
  Probe probe;
};

std::string Moves(const std::vector<Pos>& moves) {
  return absl::StrJoin(moves, " ", [](std::string* out, Pos p) { out->append(FormatGomocup(p)); });
}

absl::Status Bad(const Request& request, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(OpeningRuleName(request.rule), ": ", what));
}

absl::Status StoneCount(const Request& request, int low, int high) {
  const int n = static_cast<int>(request.stones.size());
  if (n >= low && n <= high) return absl::OkStatus();
  return Bad(request, low == high ? absl::StrCat("takes ", low, " stones, got ", n)
                                  : absl::StrCat("takes ", low, " to ", high, " stones, got ", n));
}

// The count argument: Taraguchi-N offers exactly N, Soosorv-N declares 1..N.
absl::Status OfferCount(const Request& request) {
  const OpeningRule& rule = request.rule;
  if (rule.kind == OpeningRuleKind::kTaraguchi && request.count != rule.offers)
    return Bad(request,
               absl::StrCat("offers exactly ", rule.offers, " 5th moves, not ", request.count));
  if (request.count < 1 || request.count > rule.offers)
    return Bad(request,
               absl::StrCat("declares 1 to ", rule.offers, " 5th moves, not ", request.count));
  return absl::OkStatus();
}

absl::StatusOr<Request> ParseRequest(const Player& player, CommandKind kind, absl::string_view args,
                                     const std::vector<std::string>& block) {
  Request request;
  const std::vector<absl::string_view> words = absl::StrSplit(args, ' ', absl::SkipWhitespace());
  const bool counted =
      kind == CommandKind::kOpenOfferBoard || kind == CommandKind::kOpenChooseBoard;
  const size_t most = kind == CommandKind::kOpenMoveBoard ? 1 : 2;
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
    return Bad(request, absl::StrCat("bad count '", Printable(words[1]), "'"));
  const Board& board = player.board();
  std::vector<Pos> moves;
  for (const std::string& line : block) {
    absl::StatusOr<Pos> p = ParseGomocup(line, board.width(), board.height());
    if (!p.ok()) return p.status();
    moves.push_back(*p);
  }
  const size_t offers = kind == CommandKind::kOpenChooseBoard ? request.count : 0;
  if (offers > moves.size()) return Bad(request, "fewer lines than offers");
  request.offers.assign(moves.end() - offers, moves.end());
  request.stones.assign(moves.begin(), moves.end() - offers);
  request.board = Board(board.width(), board.height(), board.rule());
  for (Pos p : request.stones) {
    if (!request.board.IsEmpty(p))
      return Bad(request, absl::StrCat("point ", FormatGomocup(p), " is given twice"));
    request.board.Play(p);
  }
  absl::Status areas = CheckOpeningStones(request.board, request.rule, request.stones);
  if (!areas.ok()) return Bad(request, areas.message());
  return request;
}

// The stone counts and the count argument each decision takes under each rule; the offers.
absl::Status CheckStage(CommandKind kind, Request& r) {
  const bool soosorv = r.rule.kind == OpeningRuleKind::kSoosorv;
  const int n = static_cast<int>(r.stones.size());
  switch (kind) {
    case CommandKind::kOpenMoveBoard:
      if (r.rule.kind == OpeningRuleKind::kTaraguchi) return StoneCount(r, 0, 4);
      if (soosorv && n != 0) return StoneCount(r, 3, 3);
      if (n != 0 && n != 3 && n != 5)
        return Bad(r, absl::StrCat("takes 0, 3 or 5 stones, got ", n));
      return absl::OkStatus();
    case CommandKind::kOpenSwapBoard: {
      if (r.rule.kind == OpeningRuleKind::kPro)
        return Bad(r, "the pro rule's choices are OPENMOVEBOARD with 3 or 5 stones");
      absl::Status count = soosorv ? StoneCount(r, 3, 4) : StoneCount(r, 1, 5);
      if (!count.ok()) return count;
      if (soosorv && n == 4) return OfferCount(r);  // the count declared with the 4th
      return r.count == 0 ? absl::OkStatus() : Bad(r, "a count only after Soosorv's 4th");
    }
    default: {
      if (r.rule.kind == OpeningRuleKind::kPro) return Bad(r, "the pro rule offers no 5th moves");
      absl::Status stage = StoneCount(r, 4, 4);
      if (stage.ok()) stage = OfferCount(r);
      if (stage.ok() && kind == CommandKind::kOpenChooseBoard) {
        stage = CheckFifthMoveOffers(r.board, r.offers, r.count);
        if (!stage.ok()) return Bad(r, stage.message());
      }
      return stage;
    }
  }
}

absl::StatusOr<OpeningAnswer> PlayAll(Context& c, const std::vector<Pos>& moves,
                                      OpeningAnswer answer) {
  for (Pos p : moves) {
    absl::Status played = c.player.PlayMove(p);
    if (!played.ok()) return played;
  }
  return answer;
}

absl::StatusOr<OpeningAnswer> FromSwap2(Context& c, const std::vector<Pos>& stones) {
  absl::StatusOr<Swap2Answer> swap2 = DecideSwap2(c.player, stones, c.arrived, c.stop, nullptr);
  if (!swap2.ok()) return swap2.status();
  return OpeningAnswer{swap2->swap ? kSwap : Moves(swap2->moves), swap2->note};
}

const char* SideName(Color side) { return side == Color::kBlack ? "Black" : "White"; }

// Taraguchi's stones 1..4 within their squares; the 5th placed in the 9x9 or offered N times.
absl::StatusOr<OpeningAnswer> TaraguchiMove(Context& c, const Request& r) {
  const Board& board = c.player.board();
  const int stone = static_cast<int>(r.stones.size()) + 1;
  if (stone == 5) {
    const TaraguchiFifth fifth = ChooseTaraguchiFifth(board, r.rule.offers, c.probe, c.ms, c.stop);
    if (fifth.moves.empty()) return Bad(r, "no 5th move for Black");
    OpeningAnswer answer{Moves(fifth.moves),
                         absl::StrCat(OpeningRuleName(r.rule), " 5th: placed ", fifth.place_score,
                                      " for Black before the swap, worst of the offers ",
                                      fifth.offer_score, ": ", fifth.offer ? "offer" : "place")};
    return fifth.offer ? answer : PlayAll(c, fifth.moves, answer);
  }
  const Color side = board.SideToMove();
  const PlacementChoice place = PlaceNearEven(
      board, side, [&](Pos p) { return InCentralSquare(board, p, TaraguchiSquare(stone)); },
      c.probe, c.ms, c.stop);
  if (place.move == kNoPos) return Bad(r, "no point left in the square");
  return PlayAll(
      c, {place.move},
      {FormatGomocup(place.move),
       absl::StrCat(OpeningRuleName(r.rule), " stone ", stone, ": ", place.score, " for ",
                    SideName(side), ", nearest even of ", place.tried.size(), " points")});
}

absl::StatusOr<OpeningAnswer> SoosorvMove(Context& c, const Request& r) {
  if (r.stones.empty()) return FromSwap2(c, {});
  const DeclareChoice declare =
      ChooseFourthAndCount(c.player.board(), r.rule.offers, c.probe, c.ms, c.stop);
  if (declare.fourth == kNoPos) return Bad(r, "no 4th move for White");
  return PlayAll(c, {declare.fourth},
                 {absl::StrCat(FormatGomocup(declare.fourth), " ", declare.count),
                  absl::StrCat(OpeningRuleName(r.rule), " 4th with ", declare.count,
                               " offers: the last scores ", declare.score, " for Black")});
}

absl::StatusOr<OpeningAnswer> MoveDecision(Context& c, const Request& r) {
  switch (r.rule.kind) {
    case OpeningRuleKind::kTaraguchi:
      return TaraguchiMove(c, r);
    case OpeningRuleKind::kSoosorv:
      return SoosorvMove(c, r);
    default:
      return FromSwap2(c, r.stones);
  }
}

absl::StatusOr<OpeningAnswer> SwapDecision(Context& c, const Request& r) {
  const Board& board = c.player.board();
  const Color side = board.SideToMove();
  int score = 0;
  if (r.count != 0) {
    const std::vector<ScoredMove> ranked = RankFifthMoves(board, r.count, c.probe, c.ms, c.stop);
    if (ranked.empty()) return Bad(r, "no 5th move for Black");
    score = ranked.back().score;  // White takes the worst of the offers for Black
  } else {
    score = ChooseSwap(board, side, c.probe, c.ms).score;
  }
  return OpeningAnswer{score < 0 ? kSwap : kNoSwap,
                       absl::StrCat(OpeningRuleName(r.rule), " swap: ", score, " for ",
                                    SideName(side), ", the side to move")};
}

absl::StatusOr<OpeningAnswer> OfferDecision(Context& c, const Request& r) {
  const std::vector<ScoredMove> ranked =
      RankFifthMoves(c.player.board(), r.count, c.probe, c.ms, c.stop);
  if (static_cast<int>(ranked.size()) != r.count)
    return Bad(r, absl::StrCat("only ", ranked.size(), " distinct 5th moves exist"));
  std::vector<Pos> moves;
  for (const ScoredMove& m : ranked) moves.push_back(m.move);
  return OpeningAnswer{Moves(moves),
                       absl::StrCat(OpeningRuleName(r.rule), " offers: from ", ranked.front().score,
                                    " to ", ranked.back().score, " for Black")};
}

absl::StatusOr<OpeningAnswer> ChooseDecision(Context& c, const Request& r) {
  const OfferChoice choice = ChooseOffer(c.player.board(), r.offers, c.probe, c.ms, c.stop);
  return PlayAll(c, {choice.fifth, choice.sixth},
                 {Moves({choice.fifth, choice.sixth}),
                  absl::StrCat(OpeningRuleName(r.rule), " choice: ", choice.score,
                               " for White after the 6th")});
}

}  // namespace

absl::StatusOr<OpeningAnswer> DecideOpening(Player& player, CommandKind kind,
                                            absl::string_view args,
                                            const std::vector<std::string>& block,
                                            Clock::time_point arrived,
                                            const std::atomic<bool>& stop) {
  absl::StatusOr<Request> request = ParseRequest(player, kind, args, block);
  if (!request.ok()) return request.status();
  absl::Status valid = CheckStage(kind, *request);
  if (!valid.ok()) return valid;
  absl::Status placed = player.SetMoves(request->stones);
  if (!placed.ok()) return placed;
  Context c{player, arrived, stop, DecisionMs(player, arrived),
            [&player, &stop](const Board& board, Color side, int64_t ms, int multipv) {
              return player.Analyse(board, side, ms, stop, multipv);
            }};
  switch (kind) {
    case CommandKind::kOpenMoveBoard:
      return MoveDecision(c, *request);
    case CommandKind::kOpenSwapBoard:
      return SwapDecision(c, *request);
    case CommandKind::kOpenOfferBoard:
      return OfferDecision(c, *request);
    default:
      return ChooseDecision(c, *request);
  }
}

}  // namespace sente
