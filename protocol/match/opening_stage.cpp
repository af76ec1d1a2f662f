#include "protocol/match/opening_stage.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/opening_rule.h"
#include "engine/rules.h"

namespace sente {
namespace {

using Moves = std::vector<Pos>;

// An answer to a decision: SWAP, NOSWAP, or moves "x,y x,y ..." with an optional count last.
struct Decision {
  bool swap = false, noswap = false;
  Moves moves;
  int count = 0;
};

absl::StatusOr<Decision> ParseDecision(absl::string_view text, const Board& board) {
  Decision d;
  d.swap = absl::EqualsIgnoreCase(text, "SWAP");
  d.noswap = absl::EqualsIgnoreCase(text, "NOSWAP");
  if (d.swap || d.noswap) return d;
  const std::vector<absl::string_view> words = absl::StrSplit(text, ' ', absl::SkipWhitespace());
  for (size_t k = 0; k < words.size(); ++k) {
    int count = 0;  // SimpleAtoi leaves it unspecified when it fails
    if (k + 1 == words.size() && k > 0 && absl::SimpleAtoi(words[k], &count)) {
      d.count = count;
      break;
    }
    absl::StatusOr<Pos> p = ParseGomocup(words[k], board.width(), board.height());
    if (!p.ok()) return p.status();
    d.moves.push_back(*p);
  }
  if (d.moves.empty()) return absl::InvalidArgumentError("no move");
  return d;
}

std::string List(const Moves& moves, int height) { return FormatRenjuList(moves, height); }

enum class Speaks { kUnknown, kYes, kNo };

class OpeningReferee {
 public:
  OpeningReferee(const GameSetup& setup, MatchEngine& first, MatchEngine& second, Board& board)
      : setup_(setup), rule_(*setup.opening_rule), name_(OpeningRuleName(rule_)), board_(board) {
    engines_[0] = &first;
    engines_[1] = &second;
  }

  OpeningStageResult Run() {
    switch (rule_.kind) {
      case OpeningRuleKind::kTaraguchi:
        Taraguchi();
        break;
      case OpeningRuleKind::kSoosorv:
        Soosorv();
        break;
      case OpeningRuleKind::kPro:
      case OpeningRuleKind::kSwap2:
        ThreeThenChoice();
        break;
    }
    return result_;
  }

 private:
  int Holder(Color c) const {
    return c == Color::kBlack ? result_.black_seat : 1 - result_.black_seat;
  }
  const std::string& Name(int seat) const { return engines_[seat]->spec().name; }
  std::string Command(absl::string_view what, int count = 0) const {
    if (rule_.kind == OpeningRuleKind::kSwap2) return "SWAP2BOARD";
    return count > 0 ? absl::StrCat(what, " ", name_, " ", count) : absl::StrCat(what, " ", name_);
  }

  bool Lose(int seat, EndReason reason, const std::string& detail) {
    result_.lost = true;
    result_.loser_seat = seat;
    result_.reason = reason;
    result_.detail = detail;
    return false;
  }
  bool Bad(const std::string& what) {
    return Lose(answered_by_, EndReason::kBadOpening,
                absl::StrCat("answered ", answer_, ": ", what));
  }

  // Asks `seat` (or, when it does not speak the extension, the other engine) the decision
  // `command` on the board's stones and `extra` lines. Nothing when the game ends here.
  std::optional<Decision> Ask(int seat, const std::string& command, const Moves& extra = {}) {
    const int asked = speaks_[seat] == Speaks::kNo ? 1 - seat : seat;
    MatchEngine& engine = *engines_[asked];
    std::string text = command + "\n";
    for (Pos p : board_.history()) absl::StrAppend(&text, FormatGomocup(p), "\n");
    for (Pos p : extra) absl::StrAppend(&text, FormatGomocup(p), "\n");
    text += "DONE\n";
    const MatchTimeControl& tc = setup_.tc;
    const int64_t allowed = (tc.turn_ms > 0 ? tc.turn_ms : tc.game_ms) + tc.tolerance_ms;
    if (setup_.freeze) engine.process().Resume();
    absl::Status sent = engine.SendRaw(text);
    absl::StatusOr<std::string> line =
        sent.ok() ? engine.ReadDecision(static_cast<int>(std::max<int64_t>(0, allowed)))
                  : absl::StatusOr<std::string>(sent);
    if (setup_.freeze) engine.process().Suspend();
    const bool refused = !line.ok() && line.status().code() == absl::StatusCode::kUnimplemented;
    if (refused && speaks_[asked] == Speaks::kUnknown) {
      speaks_[asked] = Speaks::kNo;
      result_.log.push_back(absl::StrCat(Name(asked), " does not speak ", command, " (",
                                         line.status().message(), ")"));
      if (speaks_[1 - asked] == Speaks::kNo) {
        result_.fallback = true;
        return std::nullopt;
      }
      return Ask(seat, command, extra);
    }
    if (refused) {
      Lose(asked, EndReason::kBadOpening,
           absl::StrCat("refused ", command, ": ", line.status().message()));
      return std::nullopt;
    }
    if (!line.ok()) {
      result_.broken[asked] = true;
      std::pair<EndReason, std::string> why = NoAnswer(line.status(), engine, allowed);
      Lose(asked, why.first, absl::StrCat(why.second, " to ", command));
      return std::nullopt;
    }
    speaks_[asked] = Speaks::kYes;
    answered_by_ = asked;
    answer_ = absl::StrCat("'", line->substr(0, 200), "' to ", command);
    result_.log.push_back(absl::StrCat(Name(asked), asked == seat ? "" : " for " + Name(seat), ": ",
                                       command, " @", board_.stone_count(), " -> ", *line));
    absl::StatusOr<Decision> d = ParseDecision(*line, board_);
    if (!d.ok()) {
      Bad(std::string(d.status().message()));
      return std::nullopt;
    }
    return *d;
  }

  // Plays the answer's stones: each empty, legal (no Renju foul, no five), within the rule's
  // areas.
  bool PlaceStones(const Moves& moves) {
    for (Pos p : moves) {
      const std::string at = FormatRenju(p, board_.height());
      if (!board_.IsEmpty(p)) return Bad(at + " is occupied");
      switch (JudgeMove(board_, p, board_.SideToMove())) {
        case MoveVerdict::kIllegal:
          return Bad(at + " is illegal");
        case MoveVerdict::kForbidden:
          return Bad(at + " is forbidden for Black");
        case MoveVerdict::kWin:
          return Bad(at + " makes five in the opening");
        case MoveVerdict::kNormal:
          break;
      }
      board_.Play(p);
    }
    absl::Status areas = CheckOpeningStones(board_, rule_, board_.history());
    return areas.ok() || Bad(std::string(areas.message()));
  }

  bool Place(const std::optional<Decision>& d, size_t stones) {
    if (!d) return false;
    if (d->swap || d->noswap || d->moves.size() != stones || d->count != 0)
      return Bad(absl::StrCat("expected ", stones, stones == 1 ? " stone" : " stones"));
    return PlaceStones(d->moves);
  }

  // The player of the side to move may swap colours.
  bool SwapOption(const std::string& command) {
    std::optional<Decision> d = Ask(Holder(board_.SideToMove()), command);
    if (!d) return false;
    if (!d->swap && !d->noswap) return Bad("expected SWAP or NOSWAP");
    if (d->swap) result_.black_seat = 1 - result_.black_seat;
    return true;
  }

  // Black's n offered 5th moves; White's player takes one and plays the 6th.
  bool OfferAndChoose(const Moves& offers, int n) {
    absl::Status valid = CheckFifthMoveOffers(board_, offers, n);
    if (!valid.ok()) return Bad(std::string(valid.message()));
    std::optional<Decision> d = Ask(Holder(Color::kWhite), Command("OPENCHOOSEBOARD", n), offers);
    if (!d) return false;
    if (d->swap || d->noswap || d->moves.size() != 2 || d->count != 0)
      return Bad("expected the 5th move taken and White's 6th");
    if (std::find(offers.begin(), offers.end(), d->moves[0]) == offers.end())
      return Bad(absl::StrCat(FormatRenju(d->moves[0], board_.height()), " was not offered (",
                              List(offers, board_.height()), ")"));
    return PlaceStones(d->moves);
  }

  void Taraguchi() {
    for (int n = 0; n < 4; ++n) {
      const Color c = n % 2 == 0 ? Color::kBlack : Color::kWhite;
      if (!Place(Ask(Holder(c), Command("OPENMOVEBOARD")), 1)) return;
      if (!SwapOption(Command("OPENSWAPBOARD"))) return;
    }
    std::optional<Decision> fifth = Ask(Holder(Color::kBlack), Command("OPENMOVEBOARD"));
    if (!fifth) return;
    if (fifth->moves.size() == 1 && fifth->count == 0) {
      if (PlaceStones(fifth->moves)) SwapOption(Command("OPENSWAPBOARD"));
      return;
    }
    if (fifth->swap || fifth->noswap || fifth->count != 0 ||
        fifth->moves.size() != static_cast<size_t>(rule_.offers)) {
      Bad(absl::StrCat("expected the 5th move or ", rule_.offers, " offered 5th moves"));
      return;
    }
    OfferAndChoose(fifth->moves, rule_.offers);
  }

  void Soosorv() {
    if (!Place(Ask(Holder(Color::kBlack), Command("OPENMOVEBOARD")), 3)) return;
    if (!SwapOption(Command("OPENSWAPBOARD"))) return;
    std::optional<Decision> fourth = Ask(Holder(Color::kWhite), Command("OPENMOVEBOARD"));
    if (!fourth) return;
    const int n = fourth->count;
    if (fourth->swap || fourth->noswap || fourth->moves.size() != 1 || n < 1 || n > rule_.offers) {
      Bad(absl::StrCat("expected White's 4th and a count of 5th moves from 1 to ", rule_.offers));
      return;
    }
    if (!PlaceStones(fourth->moves) || !SwapOption(Command("OPENSWAPBOARD", n))) return;
    std::optional<Decision> offers = Ask(Holder(Color::kBlack), Command("OPENOFFERBOARD", n));
    if (!offers) return;
    if (offers->swap || offers->noswap || offers->count != 0) {
      Bad(absl::StrCat("expected ", n, " offered 5th moves"));
      return;
    }
    OfferAndChoose(offers->moves, n);
  }

  // The pro rule and swap2: three stones, then the other player takes Black (SWAP), plays
  // White's 4th, or places the 4th and 5th and lets the first choose a colour.
  void ThreeThenChoice() {
    const int placer = Holder(Color::kBlack), other = 1 - placer;
    if (!Place(Ask(placer, Command("OPENMOVEBOARD")), 3)) return;
    std::optional<Decision> d = Ask(other, Command("OPENMOVEBOARD"));
    if (!d) return;
    if (d->swap) {
      result_.black_seat = other;
      return;
    }
    if (d->noswap || d->count != 0 || d->moves.empty() || d->moves.size() > 2) {
      Bad("expected SWAP, White's 4th, or the 4th and 5th");
      return;
    }
    if (!PlaceStones(d->moves) || d->moves.size() == 1) return;
    std::optional<Decision> choice = Ask(placer, Command("OPENMOVEBOARD"));
    if (!choice) return;
    if (choice->swap) {
      result_.black_seat = placer;
    } else if (!choice->noswap && choice->count == 0 && choice->moves.size() == 1) {
      result_.black_seat = other;
      PlaceStones(choice->moves);
    } else {
      Bad("expected SWAP or White's 6th");
    }
  }

  const GameSetup& setup_;
  const OpeningRule rule_;
  const std::string name_;
  Board& board_;
  MatchEngine* engines_[2];
  Speaks speaks_[2] = {Speaks::kUnknown, Speaks::kUnknown};
  int answered_by_ = 0;
  std::string answer_;
  OpeningStageResult result_;
};

}  // namespace

OpeningStageResult PlayOpeningStage(const GameSetup& setup, MatchEngine& first, MatchEngine& second,
                                    Board& board) {
  return OpeningReferee(setup, first, second, board).Run();
}

}  // namespace sente
