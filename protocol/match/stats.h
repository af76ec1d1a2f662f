// Match statistics: Elo with a 95% interval from game results, and the sequential
// probability ratio test (GSPRT) on trinomial game results or pentanomial game-pair results.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace sente {

// Results from the first engine's point of view.
struct Wdl {
  int64_t wins = 0, losses = 0, draws = 0;
  int64_t games() const { return wins + losses + draws; }
  double score() const;  // (W + D/2) / N; 0.5 with no games
};

// Counts of game pairs (same opening, colours swapped) by the pair's total in half points:
// index 0 = two losses ... 4 = two wins.
using Pentanomial = std::array<int64_t, 5>;

// Logistic Elo: the expected score of a player `elo` points stronger, and back.
double EloToScore(double elo);
double ScoreToElo(double score);  // +-infinity at 1 and 0

struct EloEstimate {
  double elo;     // from the score; +-infinity when every game was won or lost
  double margin;  // half the 95% interval, from the per-game variance; NaN without variance
};
EloEstimate EstimateElo(const Wdl& wdl);

// "Score of A vs B: W - L - D [0.550] N games, Elo 34.9 +/- 69.4"
std::string FormatScoreLine(const std::string& a, const std::string& b, const Wdl& wdl);

struct Sprt {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double LowerBound() const;  // log(beta / (1 - alpha)): accept H0 at or below
  double UpperBound() const;  // log((1 - beta) / alpha): accept H1 at or above
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// Generalized log-likelihood ratio of H1 (score of elo1) against H0 (score of elo0): the
// multinomial likelihood maximised under each mean-score constraint. Empty cells get a
// pseudo-count of 1e-3 so that a few one-sided results do not decide.
double TrinomialLlr(const Wdl& wdl, const Sprt& sprt);
double PentanomialLlr(const Pentanomial& pairs, const Sprt& sprt);
SprtDecision Decide(double llr, const Sprt& sprt);

}  // namespace sente
