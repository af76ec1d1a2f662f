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
  if (lower == "swap2") return OpeningRule{OpeningRuleKind::kSwap2, 0};
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
                                                 ", pro or swap2)"));
}

std::string OpeningRuleName(const OpeningRule& rule) {
  switch (rule.kind) {
    case OpeningRuleKind::kTaraguchi:
      return absl::StrCat("taraguchi", rule.offers);
    case OpeningRuleKind::kSoosorv:
      return absl::StrCat("soosorv", rule.offers);
    case OpeningRuleKind::kPro:
      return "pro";
    default:
      return "swap2";
  }
}

absl::Status CheckOpeningStones(const Board& board, const OpeningRule& rule,
                                const std::vector<Pos>& moves) {
  const size_t in_squares = rule.kind == OpeningRuleKind::kTaraguchi ? 5
                            : rule.kind == OpeningRuleKind::kSwap2   ? 0
                                                                     : 3;
  for (size_t i = 0; i < moves.size() && i < in_squares; ++i) {
    const int side = TaraguchiSquare(static_cast<int>(i) + 1);
    if (!board.OnBoard(moves[i]) || !InCentralSquare(board, moves[i], side))
      return absl::InvalidArgumentError(absl::StrCat(
          "stone ", i + 1, " (", FormatRenju(moves[i], board.height()), ") is outside the central ",
          side, "x", side, " square ", OpeningRuleName(rule), " allows"));
  }
  return absl::OkStatus();
}

absl::StatusOr<OpeningStage> ParseOpeningStage(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (lower == "move") return OpeningStage::kMove;
  if (lower == "swap") return OpeningStage::kSwap;
  if (lower == "offer") return OpeningStage::kOffer;
  if (lower == "choose") return OpeningStage::kChoose;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown stage '", name.substr(0, 40), "' (move, swap, offer or choose)"));
}

namespace {

absl::Status Stage(const OpeningRule& rule, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(OpeningRuleName(rule), ": ", what));
}

absl::Status StoneCount(const OpeningRule& rule, int n, int low, int high) {
  if (n >= low && n <= high) return absl::OkStatus();
  return Stage(rule, low == high ? absl::StrCat("takes ", low, " stones, got ", n)
                                 : absl::StrCat("takes ", low, " to ", high, " stones, got ", n));
}

// Taraguchi-N offers exactly N 5th moves, Soosorv-N declares 1..N.
absl::Status OfferCount(const OpeningRule& rule, int count) {
  if (rule.kind == OpeningRuleKind::kTaraguchi && count != rule.offers)
    return Stage(rule, absl::StrCat("offers exactly ", rule.offers, " 5th moves, not ", count));
  if (count < 1 || count > rule.offers)
    return Stage(rule, absl::StrCat("declares 1 to ", rule.offers, " 5th moves, not ", count));
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckOpeningStage(const OpeningRule& rule, OpeningStage stage, int n, int count) {
  const bool soosorv = rule.kind == OpeningRuleKind::kSoosorv;
  const bool swap2_like =
      rule.kind == OpeningRuleKind::kPro || rule.kind == OpeningRuleKind::kSwap2;
  if (swap2_like && stage != OpeningStage::kMove)
    return Stage(rule, "decides by its move stage, with 0, 3 or 5 stones");
  switch (stage) {
    case OpeningStage::kMove:
      if (count != 0) return Stage(rule, "no count when placing stones");
      if (rule.kind == OpeningRuleKind::kTaraguchi) return StoneCount(rule, n, 0, 4);
      if (soosorv && n != 0) return StoneCount(rule, n, 3, 3);
      if (n != 0 && n != 3 && n != 5)
        return Stage(rule, absl::StrCat("takes 0, 3 or 5 stones, got ", n));
      return absl::OkStatus();
    case OpeningStage::kSwap: {
      absl::Status stones = soosorv ? StoneCount(rule, n, 3, 4) : StoneCount(rule, n, 1, 5);
      if (!stones.ok()) return stones;
      if (soosorv && n == 4) return OfferCount(rule, count);  // declared with the 4th
      return count == 0 ? absl::OkStatus() : Stage(rule, "a count only after Soosorv's 4th");
    }
    default: {
      absl::Status stones = StoneCount(rule, n, 4, 4);
      return stones.ok() ? OfferCount(rule, count) : stones;
    }
  }
}

std::vector<std::vector<Pos>> StandardOpenings(int width, int height) {
  const int cx = width / 2, cy = height / 2;
  // White directly above, or diagonally up-right; each shape's mirror keeps both stones fixed.
  struct Shape {
    int wx, wy;
    std::pair<int, int> (*mirror)(int, int);
  };
  const Shape shapes[] = {
      {0, -1, [](int x, int y) { return std::make_pair(-x, y); }},
      {1, -1, [](int x, int y) { return std::make_pair(-y, -x); }},
  };
  std::vector<std::pair<int, std::vector<Pos>>> ranked;
  for (const Shape& shape : shapes) {
    for (int dy = -2; dy <= 2; ++dy) {
      for (int dx = -2; dx <= 2; ++dx) {
        if ((dx == 0 && dy == 0) || (dx == shape.wx && dy == shape.wy)) continue;
        if (std::make_pair(dx, dy) > shape.mirror(dx, dy)) continue;  // keep one of the pair
        int x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        int distance = std::max(std::abs(dx), std::abs(dy)) * 8 + std::abs(dx) + std::abs(dy);
        ranked.push_back(
            {distance, {MakePos(cx, cy), MakePos(cx + shape.wx, cy + shape.wy), MakePos(x, y)}});
      }
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::vector<Pos>> openings;
  for (auto& [distance, moves] : ranked) openings.push_back(std::move(moves));
  return openings;
}

bool BlackMustPass(Board& board) {
  if (board.rule() != Rule::kRenju || board.SideToMove() != Color::kBlack) return false;
  for (Pos p : board.points())
    if (board.IsEmpty(p) && IsLegalMove(board, p, Color::kBlack)) return false;
  return !board.IsFull();
}

}  // namespace sente
