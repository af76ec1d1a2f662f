#include "search/fifth_moves.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "search/timeman.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kMaxLines = 24;    // root lines of the search that proposes 5th moves
constexpr int kExtraJudged = 4;  // candidates judged beyond the count asked for
constexpr int kFourths = 3;      // Soosorv: White's 4th moves tried

// Black's candidate 5th moves, no two symmetric, none forbidden: the search's root lines
// (their scores as first estimates), then the points nearest the stones, unscored.
std::vector<RatedMove> FifthCandidates(const Board& board, int count, const Probe& probe,
                                       int64_t ms) {
  Board copy = board;
  std::vector<RatedMove> out;
  auto add = [&](Pos p, int score) {
    if (p == kNoPos || !copy.IsEmpty(p) || !IsLegalMove(copy, p, Color::kBlack)) return;
    for (const RatedMove& c : out)
      if (c.move == p || SameUpToSymmetry(board, c.move, p)) return;
    out.push_back({p, score});
  };
  const int lines = std::min(2 * count + 2, kMaxLines);
  const SearchResult proposed = probe(board, Color::kBlack, ms, lines);
  for (const RootLine& line : ResultLines(proposed))
    add(line.move, Searched(proposed) ? line.score : -kScoreInfinite);
  const size_t wanted = static_cast<size_t>(count + kExtraJudged);
  if (out.size() < wanted) {
    for (Pos p : CandidatePoints(
             board, Color::kBlack, [](Pos) { return true; }, 4 * wanted)) {
      if (out.size() >= wanted) break;
      add(p, -kScoreInfinite);
    }
  }
  return out;
}

}  // namespace

std::vector<RatedMove> RankFifthMoves(const Board& board, int count, const Probe& probe, int64_t ms,
                                      const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  std::vector<RatedMove> ranked =
      FifthCandidates(board, count, probe, std::max<int64_t>(1, ms / 4));
  for (size_t i = 0; i < ranked.size(); ++i) {
    const int64_t left = ms - MsSince(start);
    if (stop.load() || left <= 0) break;  // the rest keep their first estimates
    Board after = board;
    after.Place(ranked[i].move, Color::kBlack);
    const int64_t share = std::max<int64_t>(1, left / static_cast<int64_t>(ranked.size() - i));
    const SearchResult reply = probe(after, Color::kWhite, share, 1);
    if (Searched(reply)) ranked[i].score = -reply.score;
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const RatedMove& a, const RatedMove& b) { return a.score > b.score; });
  if (ranked.size() > static_cast<size_t>(count)) ranked.resize(count);
  return ranked;
}

OfferChoice ChooseOffer(const Board& board, const std::vector<Pos>& offers, const Probe& probe,
                        int64_t ms, const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  OfferChoice choice;
  for (size_t i = 0; i < offers.size(); ++i) {
    const int64_t left = ms - MsSince(start);
    Board after = board;
    after.Place(offers[i], Color::kBlack);
    // Once time is out, each remaining offer still gets the shortest search: a 6th is needed.
    const int64_t share =
        stop.load() ? 1 : std::max<int64_t>(1, left / static_cast<int64_t>(offers.size() - i));
    const SearchResult reply = probe(after, Color::kWhite, share, 1);
    const int score = Searched(reply) ? reply.score : -kScoreInfinite;
    choice.offers.push_back({offers[i], score});
    if (choice.fifth == kNoPos || score > choice.score) {
      choice.fifth = offers[i];
      choice.sixth = reply.best;
      choice.score = score;
    }
  }
  return choice;
}

DeclareChoice ChooseFourthAndCount(const Board& board, int max_count, const Probe& probe,
                                   int64_t ms, const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  const std::vector<RootLine> fourths =
      ResultLines(probe(board, Color::kWhite, std::max<int64_t>(1, ms / 5), kFourths));
  DeclareChoice choice;
  int best_distance = kScoreInfinite + 1;
  for (size_t i = 0; i < fourths.size(); ++i) {
    const int64_t left = ms - MsSince(start);
    if (best_distance <= kScoreInfinite && (stop.load() || left <= 0)) break;
    Board after = board;
    after.Place(fourths[i].move, Color::kWhite);
    const int64_t share = std::max<int64_t>(1, left / static_cast<int64_t>(fourths.size() - i));
    const std::vector<RatedMove> ranked = RankFifthMoves(after, max_count, probe, share, stop);
    for (size_t n = 1; n <= ranked.size(); ++n) {
      const int score = ranked[n - 1].score;
      if (std::abs(score) >= best_distance) continue;
      best_distance = std::abs(score);
      choice = {fourths[i].move, static_cast<int>(n), score};
    }
  }
  return choice;
}

TaraguchiFifth ChooseTaraguchiFifth(const Board& board, int offers, const Probe& probe, int64_t ms,
                                    const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  const PlacementChoice place = PlaceNearEven(
      board, Color::kBlack, [&](Pos p) { return InCentralSquare(board, p, TaraguchiSquare(5)); },
      probe, std::max<int64_t>(1, ms / 2), stop);
  const std::vector<RatedMove> ranked =
      RankFifthMoves(board, offers, probe, std::max<int64_t>(1, ms - MsSince(start)), stop);
  TaraguchiFifth choice;
  choice.place_score = place.score;
  choice.offer_score = ranked.empty() ? -kScoreInfinite : ranked.back().score;
  choice.offer = static_cast<int>(ranked.size()) == offers &&
                 (place.move == kNoPos || choice.offer_score > -std::abs(place.score));
  if (choice.offer) {
    for (const RatedMove& m : ranked) choice.moves.push_back(m.move);
  } else if (place.move != kNoPos) {
    choice.moves = {place.move};
  }
  return choice;
}

}  // namespace sente
