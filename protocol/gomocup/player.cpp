#include "protocol/gomocup/player.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/coord.h"
#include "engine/forbidden.h"
#include "engine/opening_rule.h"
#include "engine/rules.h"
#include "search/timeman.h"

namespace sente {
namespace {

constexpr size_t kMiB = size_t{1} << 20;
constexpr size_t kDefaultHashBytes = 128 * kMiB;
constexpr size_t kMinHashBytes = 1 * kMiB;
constexpr size_t kMaxHashBytes = size_t{64} << 30;
// Unless hash_size says otherwise, the table is what the game can fill: per thread, this much
// per millisecond of the longest think (several moves' worth of stores at about 1 M nodes/s),
// at least kMinGameHashBytes. A larger table only costs: each first touch of a page is a page
// fault (about 3 ms per MiB on this project's VM), and at 300 ms a move a 280 MiB table cut
// the first moves of each game to a fifth of their nodes.
constexpr size_t kHashBytesPerThinkMs = 128 << 10;
constexpr size_t kMinGameHashBytes = 16 * kMiB;
// The longest think under a match clock, as a share of it.
constexpr int64_t kMatchShareOfLongestThink = 10;
constexpr int64_t kUnlimitedTimeLeft = 2147483647;  // Gomocup's "no match clock"
constexpr int kMaxThreads = 256;

// max_memory is one budget. The threat search's tables (the root VCT's df-pn table, child
// caches and proofs, which grow with its time) get an eighth of it, at most 64 MiB; they stop
// growing there (search/vct.h).
size_t ThreatBytes(int64_t max_memory) {
  if (max_memory <= 0) return 0;  // no limit: the solver's default sizes
  return static_cast<size_t>(std::clamp<int64_t>(max_memory / 8, 4 * kMiB, 64 * kMiB));
}

// What the process needs besides the hash table: code, pattern tables (a few MiB per rule),
// boards, stacks and per-thread search state (about 16 MiB peak measured in all, one or two
// threads, with a 1 MiB table), slack for the allocator, and the threat search's share.
int64_t MemoryOverhead(int threads, int64_t max_memory) {
  return 16 * static_cast<int64_t>(kMiB) + threads * 2 * static_cast<int64_t>(kMiB) +
         max_memory / 32 + static_cast<int64_t>(ThreatBytes(max_memory));
}

absl::StatusOr<int64_t> ParseInt64(absl::string_view key, absl::string_view value) {
  int64_t v = 0;
  if (!absl::SimpleAtoi(value, &v)) {
    return absl::InvalidArgumentError(absl::StrCat("INFO ", key, ": bad value '",
                                                   value.substr(0, 40), "' (expected an integer)"));
  }
  return v;
}

absl::Status NoGame() { return absl::FailedPreconditionError("no game: send START first"); }

}  // namespace

Player::Player() = default;
Player::~Player() = default;

absl::Status Player::NewGame(int width, int height) {
  Clock::time_point start = Clock::now();
  absl::Status valid = Board::ValidateSize(width, height);
  if (!valid.ok()) return valid;
  if (board_ && (board_->width() != width || board_->height() != height)) hash_stale_ = true;
  board_.emplace(width, height, settings_.rule);
  blocked_.clear();
  black_passes_ = 0;
  time_left_ms_.reset();
  used_since_time_left_ms_ = 0;
  setup_ms_ = MsSince(start);
  return absl::OkStatus();
}

absl::Status Player::Restart() {
  if (!board_) return NoGame();
  return NewGame(board_->width(), board_->height());
}

absl::Status Player::SetInfo(absl::string_view key, absl::string_view value) {
  auto number = [&](int64_t min, int64_t max) -> absl::StatusOr<int64_t> {
    absl::StatusOr<int64_t> v = ParseInt64(key, value);
    if (v.ok() && (*v < min || *v > max)) {
      return absl::OutOfRangeError(
          absl::StrCat("INFO ", key, ": ", *v, " is out of range (", min, " to ", max, ")"));
    }
    return v;
  };
  absl::StatusOr<int64_t> v = 0;  // stays 0 for keys without a setting
  if (key == "timeout_turn") {
    if ((v = number(0, INT64_MAX)).ok()) settings_.timeout_turn_ms = *v;
  } else if (key == "timeout_match") {
    if ((v = number(0, INT64_MAX)).ok()) settings_.timeout_match_ms = *v;
  } else if (key == "time_left") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) {
      time_left_ms_ = *v;
      used_since_time_left_ms_ = 0;
    }
  } else if (key == "max_memory") {
    if ((v = number(0, INT64_MAX)).ok()) settings_.max_memory = *v;
  } else if (key == "hash_size") {
    if ((v = number(0, INT64_MAX / 1024)).ok()) settings_.hash_kib = *v;
  } else if (key == "max_depth") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) {
      settings_.max_depth = static_cast<int>(std::clamp<int64_t>(*v, 0, 1000));
    }
  } else if (key == "max_node") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) settings_.max_nodes = *v > 0 ? *v : 0;
  } else if (key == "thread_num") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) {
      settings_.threads = static_cast<int>(std::clamp<int64_t>(*v, 1, kMaxThreads));
    }
  } else if (key == "accept_pass") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) settings_.accept_pass = *v != 0;
  } else if (key == "show_detail") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) settings_.show_detail = *v != 0;
  } else if (key == "rule") {
    if ((v = number(INT64_MIN, INT64_MAX)).ok()) {
      absl::StatusOr<Rule> rule =
          RuleFromCode(static_cast<int>(std::clamp<int64_t>(*v, -1, 1 << 20)));
      if (!rule.ok())
        return absl::InvalidArgumentError(absl::StrCat("INFO rule: ", rule.status().message()));
      if (*rule != settings_.rule) {
        settings_.rule = *rule;
        hash_stale_ = true;
        if (board_) Rebuild(*rule, {});
      }
    }
  }
  // game_type, folder, evaluate, pondering, caution_factor and unknown keys: nothing to do.
  return v.ok() ? absl::OkStatus() : v.status();
}

void Player::Rebuild(Rule rule, const std::vector<Pos>& skip) {
  Board rebuilt(board_->width(), board_->height(), rule);
  for (Pos p : board_->history()) {
    if (std::find(skip.begin(), skip.end(), p) == skip.end()) rebuilt.Place(p, board_->At(p));
  }
  board_ = rebuilt;
}

absl::Status Player::PlayMove(Pos p) {
  if (!board_) return NoGame();
  if (!board_->OnBoard(p)) return absl::OutOfRangeError("the point is off the board");
  if (!board_->IsEmpty(p)) {
    return absl::InvalidArgumentError(absl::StrCat("point ", FormatGomocup(p), " is occupied"));
  }
  blocked_.erase(std::remove(blocked_.begin(), blocked_.end(), p), blocked_.end());
  board_->Place(p, ToMove());
  return absl::OkStatus();
}

Color Player::ToMove() const {
  return board_->count(Color::kBlack) + black_passes_ <= board_->count(Color::kWhite)
             ? Color::kBlack
             : Color::kWhite;
}

bool Player::PassAllowed() {
  return settings_.accept_pass && ToMove() == Color::kBlack && BlackMustPass(*board_);
}

absl::Status Player::OpponentPass() {
  if (!board_) return NoGame();
  if (!settings_.accept_pass)
    return absl::FailedPreconditionError("passes are off (INFO accept_pass 1 turns them on)");
  if (!PassAllowed())
    return absl::InvalidArgumentError(
        "only Black may pass, under renju, when every empty point is forbidden for it");
  ++black_passes_;
  return absl::OkStatus();
}

absl::Status Player::Takeback(Pos p) {
  if (!board_) return NoGame();
  if (!board_->OnBoard(p) || board_->IsEmpty(p)) {
    return absl::InvalidArgumentError(absl::StrCat("no stone at ", FormatGomocup(p)));
  }
  if (board_->LastMove() == p) {
    board_->Undo();
  } else {
    Rebuild(board_->rule(), {p});
  }
  return absl::OkStatus();
}

// The engine's colour in a BOARD position, and Black's passes that it implies. The engine is
// to move: its stones are Black when both sides have as many, White when the opponent has one
// more. Once passes are on (renju), stones come in game order: the first is Black's, and Black
// may have passed, so fewer Black stones are allowed.
absl::StatusOr<std::pair<Color, int>> Player::SideOfPosition(const std::vector<BoardStone>& stones,
                                                             int own, int opponent) const {
  auto first =
      std::find_if(stones.begin(), stones.end(), [](const BoardStone& s) { return s.field != 3; });
  if (settings_.accept_pass && board_->rule() == Rule::kRenju && first != stones.end()) {
    const Color mine = first->field == 1 ? Color::kBlack : Color::kWhite;
    const int black = mine == Color::kBlack ? own : opponent;
    const int white = own + opponent - black;
    const int passes = mine == Color::kBlack ? white - black : white + 1 - black;
    if (passes >= 0) return std::make_pair(mine, passes);
    return absl::InvalidArgumentError(
        absl::StrCat(black, " Black and ", white, " White stones with ", ColorName(mine),
                     " to move (passes on: stones in game order, Black's first)"));
  }
  if (own != opponent && own + 1 != opponent) {
    return absl::InvalidArgumentError(absl::StrCat(
        own, " own and ", opponent,
        " opponent stones: the engine must be to move (as many stones, or one fewer)"));
  }
  return std::make_pair(own == opponent ? Color::kBlack : Color::kWhite, 0);
}

absl::Status Player::SetPosition(const std::vector<BoardStone>& stones) {
  if (!board_) return NoGame();
  int own = 0, opponent = 0;
  for (const BoardStone& s : stones) {
    own += s.field == 1;
    opponent += s.field == 2;
  }
  absl::StatusOr<std::pair<Color, int>> side = SideOfPosition(stones, own, opponent);
  if (!side.ok()) return side.status();
  const Color mine = side->first;
  Board next(board_->width(), board_->height(), board_->rule());
  std::vector<Pos> blocked;
  for (const BoardStone& s : stones) {
    bool taken =
        !next.IsEmpty(s.pos) || std::find(blocked.begin(), blocked.end(), s.pos) != blocked.end();
    if (!next.OnBoard(s.pos) || taken) {
      return absl::InvalidArgumentError(
          absl::StrCat("point ", FormatGomocup(s.pos), " is given twice"));
    }
    if (s.field == 3) {
      blocked.push_back(s.pos);
    } else {
      next.Place(s.pos, s.field == 1 ? mine : Opponent(mine));
    }
  }
  board_ = next;
  blocked_ = std::move(blocked);
  black_passes_ = side->second;
  return absl::OkStatus();
}

absl::Status Player::SetMoves(const std::vector<Pos>& moves) {
  if (!board_) return NoGame();
  Board next(board_->width(), board_->height(), board_->rule());
  for (Pos p : moves) {
    if (!next.OnBoard(p) || !next.IsEmpty(p)) {
      return absl::InvalidArgumentError(
          absl::StrCat("point ", FormatGomocup(p), " is given twice"));
    }
    next.Play(p);
  }
  board_ = next;
  blocked_.clear();
  black_passes_ = 0;
  return absl::OkStatus();
}

size_t Player::MaxHashBytes() const {
  if (settings_.max_memory <= 0) return kMaxHashBytes;
  int64_t cap = settings_.max_memory - MemoryOverhead(settings_.threads, settings_.max_memory);
  return static_cast<size_t>(std::clamp<int64_t>(cap, kMinHashBytes, kMaxHashBytes));
}

size_t Player::GameHashBytes() const {
  int64_t think_ms = settings_.timeout_turn_ms;
  if (settings_.timeout_match_ms > 0)
    think_ms = std::min(think_ms, settings_.timeout_match_ms / kMatchShareOfLongestThink);
  const int64_t per_thread = std::min<int64_t>(think_ms, kMaxHashBytes / kHashBytesPerThinkMs);
  const int64_t bytes = per_thread * static_cast<int64_t>(kHashBytesPerThinkMs) *
                        std::clamp(settings_.threads, 1, kMaxThreads);
  return static_cast<size_t>(std::clamp<int64_t>(bytes, kMinGameHashBytes, kMaxHashBytes));
}

size_t Player::HashBytes() const {
  if (settings_.hash_kib <= 0) {
    return std::min(GameHashBytes(), settings_.max_memory > 0 ? MaxHashBytes() : kDefaultHashBytes);
  }
  size_t bytes = std::max(static_cast<size_t>(settings_.hash_kib) * 1024, kMinHashBytes);
  return std::min(bytes, MaxHashBytes());
}

// Neither a new size nor a clear fills the table (search/tt.h): the page faults of its first
// use fall in the search, and freeing the old table before the search, both on the move's
// clock, so the full size applies from the first move.
// The limits INFO sets: depth, nodes, threads, and the threat search's share of max_memory.
SearchLimits Player::SettingsLimits() const {
  SearchLimits limits;
  limits.max_depth = settings_.max_depth;
  limits.max_nodes = settings_.max_nodes;
  limits.threads = settings_.threads;
  limits.threat_bytes = ThreatBytes(settings_.max_memory);
  return limits;
}

Searcher& Player::searcher() {
  size_t want = HashBytes();
  if (!searcher_) {
    searcher_ = std::make_unique<Searcher>(want);
  } else if (want != applied_hash_bytes_) {
    searcher_->ResizeHash(want);
  } else if (hash_stale_) {
    searcher_->ClearHash();
  }
  applied_hash_bytes_ = want;
  hash_stale_ = false;
  return *searcher_;
}

void Player::ClearHash() {
  if (searcher_) searcher_->ClearHash();
}

TimeBudget Player::Budget() const {
  TimeControl control;
  control.turn_ms = settings_.timeout_turn_ms;
  if (time_left_ms_ && *time_left_ms_ != kUnlimitedTimeLeft) {
    control.match_left_ms = *time_left_ms_ - used_since_time_left_ms_;
  } else if (!time_left_ms_ && settings_.timeout_match_ms > 0) {
    control.match_left_ms = settings_.timeout_match_ms - used_since_time_left_ms_;
  }
  int stones = board_ ? board_->stone_count() : 0;
  int empty = board_ ? board_->width() * board_->height() - stones : 225;
  return PlanMove(control, stones, empty);
}

bool Player::Blocked(Pos p) const {
  return std::find(blocked_.begin(), blocked_.end(), p) != blocked_.end();
}

// The search promises a legal answer; this makes sure of it whatever the search does, and
// avoids the squares of crossed-out lines it does not know about.
Pos Player::SafeAnswer(Pos proposed, Color side) {
  Board& board = *board_;
  auto usable = [&](Pos p) { return board.OnBoard(p) && board.IsEmpty(p) && !Blocked(p); };
  auto legal = [&](Pos p) { return usable(p) && IsLegalMove(board, p, side); };
  if (legal(proposed)) return proposed;
  Pos anchor = board.LastMove() != kNoPos ? board.LastMove()
                                          : MakePos(board.width() / 2, board.height() / 2);
  auto distance = [&](Pos p) {
    return std::max(std::abs(PosX(p) - PosX(anchor)), std::abs(PosY(p) - PosY(anchor)));
  };
  Pos best_legal = kNoPos, best_usable = kNoPos;
  for (Pos p : board.points()) {
    if (!usable(p)) continue;
    if (best_usable == kNoPos || distance(p) < distance(best_usable)) best_usable = p;
    if ((best_legal == kNoPos || distance(p) < distance(best_legal)) && legal(p)) best_legal = p;
  }
  if (best_legal != kNoPos) return best_legal;
  if (usable(proposed)) return proposed;  // every point is forbidden: any empty one will do
  return best_usable;
}

void Player::ChargeTime(Clock::time_point arrived) {
  used_since_time_left_ms_ += MsSince(arrived) + setup_ms_;
  setup_ms_ = 0;
}

absl::StatusOr<SearchResult> Player::Think(Clock::time_point arrived, const std::atomic<bool>& stop,
                                           const InfoCallback& on_info, int multipv) {
  if (!board_) return NoGame();
  if (PassAllowed()) {
    ++black_passes_;
    ChargeTime(arrived);
    return SearchResult{};  // best = kNoPos: the pass
  }
  bool any_point = false;
  for (Pos p : board_->points()) any_point |= board_->IsEmpty(p) && !Blocked(p);
  if (!any_point) return absl::FailedPreconditionError("the board is full");
  TimeBudget budget = Budget();
  Searcher& search = searcher();
  SearchLimits limits = SettingsLimits();
  if (budget.hard_ms > 0) {
    int64_t spent = MsSince(arrived) + setup_ms_;
    limits.hard_ms = std::max<int64_t>(1, budget.hard_ms - spent);
    limits.soft_ms = std::clamp<int64_t>(budget.soft_ms - spent, 1, limits.hard_ms);
    limits.save_time = budget.save_time;
  }
  limits.multipv = std::max(1, multipv);
  Color side = ToMove();
  SearchResult result = search.Think(*board_, side, limits, stop, on_info);
  Pos move = SafeAnswer(result.best, side);
  if (move != result.best) {
    result.best = move;
    result.pv = {move};
  }
  board_->Place(move, side);
  ChargeTime(arrived);
  return result;
}

SearchResult Player::Analyse(const Board& board, Color side, int64_t ms,
                             const std::atomic<bool>& stop, int multipv) {
  SearchLimits limits = SettingsLimits();
  limits.multipv = std::max(1, multipv);
  limits.hard_ms = std::max<int64_t>(1, ms);
  limits.soft_ms = std::max<int64_t>(1, ms / 2);
  return searcher().Think(board, side, limits, stop, nullptr);
}

std::vector<Pos> Player::ForbiddenNow() {
  std::vector<Pos> points;
  if (!board_ || board_->rule() != Rule::kRenju) return points;
  for (auto [p, foul] : ForbiddenPoints(*board_)) points.push_back(p);
  return points;
}

}  // namespace sente
