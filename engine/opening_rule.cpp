#include "engine/opening_rule.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/coord.h"
#include "engine/rules.h"

namespace sente {

bool IsBoardSymmetry(const Board& board, int symmetry) {
  if (symmetry < 0 || symmetry >= kNumSymmetries) return false;
  return symmetry < 4 || board.width() == board.height();
}

Pos Transform(const Board& board, Pos p, int symmetry) {
  const int w = board.width() - 1, h = board.height() - 1;
  const int x = PosX(p), y = PosY(p);
  switch (symmetry) {
    case 0:
      return p;
    case 1:
      return MakePos(w - x, y);
    case 2:
      return MakePos(x, h - y);
    case 3:
      return MakePos(w - x, h - y);
    case 4:
      return MakePos(y, x);
    case 5:
      return MakePos(w - y, x);
    case 6:
      return MakePos(y, w - x);
    default:
      return MakePos(w - y, w - x);
  }
}

std::vector<int> PositionSymmetries(const Board& board) {
  std::vector<int> out;
  for (int s = 0; s < kNumSymmetries; ++s) {
    if (!IsBoardSymmetry(board, s)) continue;
    const bool fixed = std::all_of(board.history().begin(), board.history().end(), [&](Pos p) {
      return board.At(Transform(board, p, s)) == board.At(p);
    });
    if (fixed) out.push_back(s);
  }
  return out;
}

bool SameUpToSymmetry(const Board& board, Pos p, Pos q) {
  for (int s : PositionSymmetries(board))
    if (Transform(board, p, s) == q) return true;
  return false;
}

absl::Status CheckFifthMoveOffers(Board& board, const std::vector<Pos>& offers, int count) {
  if (static_cast<int>(offers.size()) != count)
    return absl::InvalidArgumentError(
        absl::StrCat(offers.size(), " fifth moves offered, ", count, " declared"));
  for (size_t i = 0; i < offers.size(); ++i) {
    const Pos p = offers[i];
    const std::string name = FormatRenju(p, board.height());
    if (!board.OnBoard(p) || !board.IsEmpty(p))
      return absl::InvalidArgumentError(absl::StrCat("offer ", name, " is off the board or taken"));
    if (!IsLegalMove(board, p, Color::kBlack))
      return absl::InvalidArgumentError(absl::StrCat("offer ", name, " is forbidden for Black"));
    for (size_t j = 0; j < i; ++j)
      if (SameUpToSymmetry(board, offers[j], p))
        return absl::InvalidArgumentError(absl::StrCat(
            "offers ", FormatRenju(offers[j], board.height()), " and ", name, " are symmetric"));
  }
  return absl::OkStatus();
}

bool InCentralSquare(const Board& board, Pos p, int side) {
  const int half = side / 2;
  return std::abs(2 * PosX(p) - (board.width() - 1)) <= 2 * half &&
         std::abs(2 * PosY(p) - (board.height() - 1)) <= 2 * half;
}

absl::StatusOr<OpeningRule> ParseOpeningRule(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (lower == "pro") return OpeningRule{OpeningRuleKind::kPro, 0};
  for (auto [prefix, kind] : {std::make_pair("taraguchi", OpeningRuleKind::kTaraguchi),
                              std::make_pair("soosorv", OpeningRuleKind::kSoosorv)}) {
    absl::string_view rest = lower;
    int n = 0;
    if (absl::ConsumePrefix(&rest, prefix) && absl::SimpleAtoi(rest, &n) && n >= 1 &&
        n <= kMaxOffers && std::isdigit(static_cast<unsigned char>(rest[0])))
      return OpeningRule{kind, n};
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown opening rule '", name.substr(0, 40),
                                                 "' (taraguchiN, soosorvN with N 1..", kMaxOffers,
                                                 ", or pro)"));
}

std::string OpeningRuleName(const OpeningRule& rule) {
  switch (rule.kind) {
    case OpeningRuleKind::kTaraguchi:
      return absl::StrCat("taraguchi", rule.offers);
    case OpeningRuleKind::kSoosorv:
      return absl::StrCat("soosorv", rule.offers);
    default:
      return "pro";
  }
}

absl::Status CheckOpeningStones(const Board& board, const OpeningRule& rule,
                                const std::vector<Pos>& moves) {
  const size_t in_squares = rule.kind == OpeningRuleKind::kTaraguchi ? 5 : 3;
  for (size_t i = 0; i < moves.size() && i < in_squares; ++i) {
    const int side = TaraguchiSquare(static_cast<int>(i) + 1);
    if (!board.OnBoard(moves[i]) || !InCentralSquare(board, moves[i], side))
      return absl::InvalidArgumentError(absl::StrCat(
          "stone ", i + 1, " (", FormatRenju(moves[i], board.height()), ") is outside the central ",
          side, "x", side, " square ", OpeningRuleName(rule), " allows"));
  }
  return absl::OkStatus();
}

bool BlackMustPass(Board& board) {
  if (board.rule() != Rule::kRenju || board.SideToMove() != Color::kBlack) return false;
  for (Pos p : board.points())
    if (board.IsEmpty(p) && IsLegalMove(board, p, Color::kBlack)) return false;
  return !board.IsFull();
}

}  // namespace sente
