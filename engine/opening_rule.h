// The geometry of renju's opening rules: where each opening stone may stand, whether offered
// fifth moves are the same move up to a symmetry of the position, and when Black must pass.
// The rules themselves (Taraguchi-N, Soosorv-N, the pro rule, swap2) are in engine/RULES.md.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/board.h"

namespace sente {

// The eight symmetries of a square board (on a rectangle, the four that keep its shape:
// identity, the two mirrors and the half turn), numbered 0 (identity) to 7.
constexpr int kNumSymmetries = 8;
bool IsBoardSymmetry(const Board& board, int symmetry);
Pos Transform(const Board& board, Pos p, int symmetry);

// The symmetries that map the position onto itself, stone for stone and colour for colour.
// Always holds 0.
std::vector<int> PositionSymmetries(const Board& board);

// Whether the empty point q is the image of the empty point p under a symmetry of the
// position: offering both as fifth moves offers one move twice.
bool SameUpToSymmetry(const Board& board, Pos p, Pos q);

// Checks a set of offered fifth moves: `count` of them, each an empty point on the board
// that is legal for Black, no two the same up to a symmetry of the position.
absl::Status CheckFifthMoveOffers(Board& board, const std::vector<Pos>& offers, int count);

// Whether p lies in the board's central side x side square (side odd).
bool InCentralSquare(const Board& board, Pos p, int side);

// Taraguchi: the side of the central square that opening stone n (1-based, 1..5) must stand
// in: 1, 3, 5, 7, 9 (the fifth's square is the rule's first choice; its offers go anywhere).
constexpr int TaraguchiSquare(int stone) { return 2 * stone - 1; }

// The opening rules with decisions of their own. Swap2 is the pro rule's choices without its
// areas (Gomocup's freestyle and standard).
enum class OpeningRuleKind { kTaraguchi, kSoosorv, kPro, kSwap2 };
struct OpeningRule {
  OpeningRuleKind kind = OpeningRuleKind::kTaraguchi;
  int offers = 10;  // N: Taraguchi-N's offered 5th moves, Soosorv-N's most
};
constexpr int kMaxOffers = 16;
// "taraguchi10", "soosorv8" (N from 1 to kMaxOffers), "pro" or "swap2", in any letter case.
absl::StatusOr<OpeningRule> ParseOpeningRule(absl::string_view name);
std::string OpeningRuleName(const OpeningRule& rule);

// Checks opening stones given in game order (Black's first) against the areas of the rule:
// Taraguchi's first five stones each within its central square, the first three stones of
// Soosorv and the pro rule one of the 26 openings (the same squares, up to the third stone).
absl::Status CheckOpeningStones(const Board& board, const OpeningRule& rule,
                                const std::vector<Pos>& moves);

// The decisions of the opening rules: place the next stone(s), swap or not, offer 5th moves,
// choose among offered 5th moves.
enum class OpeningStage { kMove, kSwap, kOffer, kChoose };
absl::StatusOr<OpeningStage> ParseOpeningStage(absl::string_view name);  // move|swap|offer|choose

// Whether the rule has the decision with this many stones and this count argument (0: none):
// Taraguchi places stones 0-4 and swaps after 1-5; Soosorv places with 0 or 3 and swaps after 3,
// or after 4 with the declared count; both offer and choose with 4 (Taraguchi-N exactly N,
// Soosorv-N 1..N); the pro rule and swap2 decide by kMove with 0, 3 or 5 stones.
absl::Status CheckOpeningStage(const OpeningRule& rule, OpeningStage stage, int stones, int count);

// The 26 three-stone openings (Black in the centre, White next to it directly or diagonally,
// Black within two points of the centre), one of each mirror pair, nearest shapes first.
std::vector<std::vector<Pos>> StandardOpenings(int width, int height);

// Whether Black, to move under renju, has only forbidden points left: it must pass
// (engine/RULES.md). False while any empty point is legal, and under every other rule.
bool BlackMustPass(Board& board);

}  // namespace sente
