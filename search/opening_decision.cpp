#include "search/opening_decision.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "engine/coord.h"
#include "search/fifth_moves.h"

namespace sente {
namespace {

constexpr int64_t kMinOpeningProbeMs = 5;

// With no stones (Soosorv, pro, swap2): of the 26 openings, the one whose position, White to
// move, scores nearest to even, as many as the time allows searched.
void ProposeOpening(const Board& board, const Probe& probe, int64_t ms,
                    const std::atomic<bool>& stop, OpeningDecision& d) {
  const std::vector<std::vector<Pos>> openings = StandardOpenings(board.width(), board.height());
  const size_t count = static_cast<size_t>(
      std::clamp<int64_t>(ms / kMinOpeningProbeMs, 1, static_cast<int64_t>(openings.size())));
  const int64_t each = std::max<int64_t>(1, ms / static_cast<int64_t>(count));
  int best = -1;
  for (size_t i = 0; i < count && !stop.load(); ++i) {
    Board probed = board;
    for (Pos p : openings[i]) probed.Play(p);
    const SearchResult result = probe(probed, Color::kWhite, each, 1);
    if (!Searched(result)) continue;
    d.options.push_back({openings[i], result.score});
    if (best < 0 || std::abs(result.score) < std::abs(d.options[best].score))
      best = static_cast<int>(d.options.size()) - 1;
  }
  d.placed = best >= 0 ? d.options[best].moves : openings[0];
  d.summary = absl::StrCat("opening of three stones, ", best >= 0 ? d.options[best].score : 0,
                           " for White, nearest even of ", d.options.size());
}

void TaraguchiMove(const Board& board, const OpeningRequest& r, const Probe& probe, int64_t ms,
                   const std::atomic<bool>& stop, OpeningDecision& d) {
  const int stone = static_cast<int>(r.stones.size()) + 1;
  if (stone == 5) {
    const TaraguchiFifth fifth = ChooseTaraguchiFifth(board, r.rule.offers, probe, ms, stop);
    (fifth.offer ? d.offered : d.placed) = fifth.moves;
    d.summary = absl::StrCat("5th placed: ", fifth.place_score, " for Black before the swap; ",
                             r.rule.offers, " offers: the worst ", fifth.offer_score,
                             " for Black; ", fifth.offer ? "offer" : "place");
    return;
  }
  const Color side = board.SideToMove();
  const PlacementChoice place = PlaceNearEven(
      board, side, [&](Pos p) { return InCentralSquare(board, p, TaraguchiSquare(stone)); }, probe,
      ms, stop);
  if (place.move != kNoPos) d.placed = {place.move};
  for (const RatedMove& m : place.tried) d.options.push_back({{m.move}, m.score});
  d.summary = absl::StrCat("stone ", stone, ": ", place.score, " for ", ColorName(side),
                           ", nearest even of ", place.tried.size(), " points");
}

void Swap2Move(const Board& board, const OpeningRequest& r, const Probe& probe, int64_t ms,
               const std::atomic<bool>& stop, OpeningDecision& d) {
  if (r.stones.size() == 3) {
    const Swap2Choice choice = ChooseSwap2Option(board, probe, ms, stop);
    d.swap = choice.option == Swap2Option::kSwap;
    if (!d.swap) d.placed = choice.stones;
    d.summary = absl::StrCat(choice.score, " for White: ",
                             d.swap                 ? "take Black"
                             : d.placed.size() == 1 ? "play White's 4th"
                                                    : "place White's 4th and Black's 5th");
    if (choice.option == Swap2Option::kPlaceTwo)
      absl::StrAppend(&d.summary, ", leaving ", choice.pair_score);
    return;
  }
  const SwapChoice choice = ChooseSwap(board, Color::kWhite, probe, ms);
  d.swap = choice.swap;
  if (!d.swap) d.placed = {choice.best};
  d.summary =
      absl::StrCat(choice.score, " for White: ", d.swap ? "take Black" : "play White's 6th");
}

void MoveStage(const Board& board, const OpeningRequest& r, const Probe& probe, int64_t ms,
               const std::atomic<bool>& stop, OpeningDecision& d) {
  if (r.rule.kind == OpeningRuleKind::kTaraguchi)
    return TaraguchiMove(board, r, probe, ms, stop, d);
  if (r.stones.empty()) return ProposeOpening(board, probe, ms, stop, d);
  if (r.rule.kind != OpeningRuleKind::kSoosorv) return Swap2Move(board, r, probe, ms, stop, d);
  const DeclareChoice declare = ChooseFourthAndCount(board, r.rule.offers, probe, ms, stop);
  if (declare.fourth != kNoPos) d.placed = {declare.fourth};
  d.count = declare.count;
  d.summary = absl::StrCat("4th with ", declare.count, " 5th moves declared: the last offer ",
                           declare.score, " for Black");
}

void SwapStage(const Board& board, const OpeningRequest& r, const Probe& probe, int64_t ms,
               const std::atomic<bool>& stop, OpeningDecision& d) {
  const Color side = board.SideToMove();
  int score = 0;
  if (r.count != 0) {  // Soosorv after the 4th: White will take the worst offer for Black
    const std::vector<RatedMove> ranked = RankFifthMoves(board, r.count, probe, ms, stop);
    for (const RatedMove& m : ranked) d.options.push_back({{m.move}, m.score});
    score = ranked.empty() ? 0 : ranked.back().score;
  } else {
    score = ChooseSwap(board, side, probe, ms).score;
  }
  d.swap = score < 0;
  d.keep = !d.swap;
  d.summary = absl::StrCat(score, " for ", ColorName(side),
                           ", the side to move: ", d.swap ? "swap" : "no swap");
}

}  // namespace

absl::Status CheckOpeningRequest(const Board& empty, const OpeningRequest& r) {
  absl::Status status =
      CheckOpeningStage(r.rule, r.stage, static_cast<int>(r.stones.size()), r.count);
  if (!status.ok()) return status;
  Board board(empty.width(), empty.height(), empty.rule());
  for (Pos p : r.stones) {
    if (!board.OnBoard(p) || !board.IsEmpty(p))
      return absl::InvalidArgumentError(
          absl::StrCat("point ", FormatGomocup(p), " is off the board or given twice"));
    board.Play(p);
  }
  status = CheckOpeningStones(board, r.rule, r.stones);
  if (status.ok() && r.stage == OpeningStage::kChoose)
    status = CheckFifthMoveOffers(board, r.offers, r.count);
  return status;
}

OpeningDecision DecideOpening(const Board& board, const OpeningRequest& r, const Probe& probe,
                              int64_t ms, const std::atomic<bool>& stop) {
  OpeningDecision d;
  switch (r.stage) {
    case OpeningStage::kMove:
      MoveStage(board, r, probe, ms, stop, d);
      break;
    case OpeningStage::kSwap:
      SwapStage(board, r, probe, ms, stop, d);
      break;
    case OpeningStage::kOffer: {
      const std::vector<RatedMove> ranked = RankFifthMoves(board, r.count, probe, ms, stop);
      for (const RatedMove& m : ranked) {
        d.offered.push_back(m.move);
        d.options.push_back({{m.move}, m.score});
      }
      d.summary =
          absl::StrCat(ranked.size(), " offers, from ", ranked.empty() ? 0 : ranked.front().score,
                       " to ", ranked.empty() ? 0 : ranked.back().score, " for Black");
      break;
    }
    case OpeningStage::kChoose: {
      const OfferChoice choice = ChooseOffer(board, r.offers, probe, ms, stop);
      d.placed = {choice.fifth, choice.sixth};
      for (const RatedMove& m : choice.offers) d.options.push_back({{m.move}, m.score});
      d.summary = absl::StrCat("takes ", FormatRenju(choice.fifth, board.height()), ": ",
                               choice.score, " for White after the best 6th");
      break;
    }
  }
  d.summary = absl::StrCat(OpeningRuleName(r.rule), " ", d.summary);
  return d;
}

}  // namespace sente
