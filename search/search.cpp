#include "search/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "engine/forbidden.h"
#include "engine/rules.h"
#include "search/eval.h"
#include "search/history.h"
#include "search/movegen.h"
#include "search/params.h"
#include "search/threat.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "search/vcf.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

// Positions are keyed with the side to move, since Think may be asked for either side.
constexpr uint64_t kWhiteToMoveKey = 0x5D1E6A3B29F7C481ull;

constexpr int WinIn(int plies) { return kScoreWin - plies; }
constexpr int LossIn(int plies) { return -(kScoreWin - plies); }
// No score: outside every score a search returns.
constexpr int kNoScore = kScoreInfinite + 1;

// The score of a node its threats decide alone, or kNoScore.
constexpr int DecidedScore(NodeState state, int ply) {
  switch (state) {
    case NodeState::kWinNow:
      return WinIn(ply + 1);
    case NodeState::kLost:
      return LossIn(ply + 2);
    case NodeState::kWinIn3:
      return WinIn(ply + 3);
    default:
      return kNoScore;
  }
}

// Whether a hash entry deep enough settles the node's score.
inline bool HashCutoff(const TTHit& tt, int alpha, int beta) {
  return tt.bound == Bound::kExact || (tt.bound == Bound::kLower && tt.score >= beta) ||
         (tt.bound == Bound::kUpper && tt.score <= alpha);
}

// Move-count pruning near the horizon: past this many moves, everything but fours (and,
// by IsPrunedMove, quiet moves earlier still).
constexpr bool IsLateMove(int depth, int i) {
  return depth <= kLateMoveMaxDepth && i >= kLateMoveBase + depth * depth / kLateMoveDivisor;
}

// Whether a move of a prunable node is skipped: quiet moves past their move count or, near
// the horizon, far below alpha; threes past the late-move count; fours never.
constexpr bool IsPrunedMove(int depth, int i, int eval, int alpha, bool quiet, bool tactical) {
  if (quiet) {
    const bool futile =
        depth <= kFutilityMaxDepth && eval + kFutilityBase + kFutilityMargin * depth <= alpha;
    return depth <= kQuietMaxDepth && (i >= kQuietBase + depth * depth / kQuietDivisor || futile);
  }
  return !tactical && IsLateMove(depth, i);
}

// The depth of a move's child. A single forced reply costs no depth: fours are extended this
// way. So do the few defences against an open three: a long attack of threes stays in view.
constexpr int ChildDepth(NodeState state, int num_moves, int depth) {
  const bool extended = state == NodeState::kForcedBlock ||
                        (state == NodeState::kDefend && num_moves <= kDefenceExtensionMoves);
  return extended ? depth : depth - 1;
}

// Drops the moves in moves[i..n) that make no four; returns the new count.
inline int KeepFours(ScoredMove* moves, int i, int n) {
  return static_cast<int>(
      std::remove_if(moves + i, moves + n, [](const ScoredMove& m) { return m.own < kP4Four; }) -
      moves);
}

struct RootMove {
  Pos move = kNoPos;
  Pattern4 own = kP4None, opp = kP4None;
  int32_t order = 0;
  int score = -kScoreInfinite;
  int prev_score = -kScoreInfinite;
  int seldepth = 0;
  std::vector<Pos> pv;
};

// Late-move reductions by depth and move number, built once.
struct Reductions {
  int8_t table[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        table[d][m] = d == 0 || m == 0
                          ? 0
                          : static_cast<int8_t>(kLmrBase + std::log(d) * std::log(m) / kLmrDivisor);
  }
  int operator()(int depth, int move_number) const {
    return table[std::min(depth, 63)][std::min(move_number, 63)];
  }
};
const Reductions& LmrTable() {
  static const Reductions table;
  return table;
}

class Worker;

struct SharedState {
  SearchLimits limits;
  const std::atomic<bool>* external_stop = nullptr;
  std::atomic<bool> stop{false};
  Clock::time_point start;
  TranspositionTable* tt = nullptr;
  std::vector<Worker*> workers;
  bool guard = false;  // the main worker checks its best moves for the opponent's VCT

  int64_t Elapsed() const { return MsSince(start); }
  uint64_t TotalNodes() const;
};

class Worker {
 public:
  Worker(SharedState& shared, const Board& board, Color root_side, int id,
         std::vector<RootMove> root_moves, const InfoCallback* on_info)
      : shared_(shared),
        board_(board),
        root_side_(root_side),
        id_(id),
        on_info_(on_info),
        root_moves_(std::move(root_moves)),
        threats_(kMaxPly + 2),
        moves_(kMaxPly + 2),
        history_(std::make_unique<History>()),
        vcf_(std::make_unique<VcfSolver>(kSearchVcfTableBits)) {
    root_stones_ = board_.stone_count();
  }

  void Run();

  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int completed_depth() const { return completed_depth_; }
  const std::vector<RootMove>& completed() const { return completed_; }
  int seldepth() const { return seldepth_; }

 private:
  struct MoveBuffer {
    ScoredMove moves[kMaxMoves];
  };

  Color SideAt(int ply) const { return ply % 2 == 0 ? root_side_ : Opponent(root_side_); }
  uint64_t Key(int ply) const {
    return board_.hash() ^ (SideAt(ply) == Color::kWhite ? kWhiteToMoveKey : 0);
  }
  void MakeMove(int ply, Pos p) { board_.Place(p, SideAt(ply)); }
  void UndoMove() { board_.Undo(); }

  bool Stopped() const { return stopped_; }
  bool CountNode();
  int RootSearch(int depth, int alpha, int beta, int pv_index);
  int Search(int ply, int depth, int alpha, int beta, bool pv_node, bool null_ok = true);
  int StartMoves(int ply, Color us, NodeState state, const NodeThreats& threats, Pos tt_move,
                 bool& deferred);
  int GenerateRest(int ply, Color us, const NodeThreats& threats, Pos tt_move);
  int PruneNode(int ply, int depth, int beta, int eval, bool null_ok, const NodeThreats& threats);
  void OrderMoves(int ply, Color us, ScoredMove* moves, int n, Pos tt_move) const;
  int SearchLateMove(int ply, int depth, int new_depth, int i, Pos move, int alpha, int beta,
                     bool pv_node, bool quiet, bool forcing);
  void UpdateHistory(int ply, Color us, int depth, Pos best_move, const Pos* quiets,
                     int num_quiets);
  int Leaf(int ply, NodeState state, const NodeThreats& threats);
  void UpdatePv(int ply, Pos move) {
    pv_[ply][ply] = move;
    for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
  }
  void Report(int depth, int lines) const;
  bool ShouldStopAfterIteration(int depth, int stable_iterations) const;
  bool GuardBestMove();

  SharedState& shared_;
  Board board_;
  Color root_side_;
  int id_;
  const InfoCallback* on_info_;
  int root_stones_ = 0;
  std::vector<RootMove> root_moves_;
  std::vector<RootMove> completed_;
  int completed_depth_ = 0;
  std::atomic<uint64_t> nodes_{0};
  uint64_t next_check_ = 0;
  bool stopped_ = false;
  int seldepth_ = 0;
  bool first_move_searched_ = false;  // in the iteration under way
  std::vector<Pos> guarded_;          // best moves the guard found no VCT against
  int guard_removed_ = 0;             // root moves the guard proved lost
  std::vector<NodeThreats> threats_;
  std::vector<MoveBuffer> moves_;
  std::unique_ptr<History> history_;
  std::unique_ptr<VcfSolver> vcf_;
  Pos pv_[kMaxPly + 2][kMaxPly + 2] = {};
  int pv_len_[kMaxPly + 2] = {};
};

uint64_t SharedState::TotalNodes() const {
  uint64_t n = 0;
  for (const Worker* w : workers) n += w->nodes();
  return n;
}

// Counts a node about to be searched; true when the search must stop instead. A node
// refused for the node limit is not counted, so no search reports more than its limit.
bool Worker::CountNode() {
  if (stopped_) return true;
  if (shared_.stop.load(std::memory_order_relaxed)) return stopped_ = true;
  const uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
  const SearchLimits& limits = shared_.limits;
  if (id_ == 0 && limits.max_nodes) {
    const uint64_t total = shared_.workers.size() == 1 ? n : n * shared_.workers.size();
    if (total > limits.max_nodes &&
        (shared_.workers.size() == 1 || shared_.TotalNodes() + 1 > limits.max_nodes)) {
      shared_.stop = true;
      return stopped_ = true;
    }
  }
  nodes_.store(n, std::memory_order_relaxed);
  if (id_ != 0) return false;
  if (n >= next_check_) {
    next_check_ = n + 512;
    if (shared_.external_stop->load(std::memory_order_relaxed) ||
        (limits.hard_ms > 0 && shared_.Elapsed() >= limits.hard_ms)) {
      shared_.stop = true;
      return stopped_ = true;
    }
  }
  return false;
}

// A node at depth 0: static evaluation, unless a short threat-space search proves a win.
int Worker::Leaf(int ply, NodeState state, const NodeThreats& threats) {
  const Color us = SideAt(ply);
  // Only a four-three point is worth the solver here: with two plain fours it wins one
  // time in sixteen, and those calls took more nodes than the rest of the search.
  if (kLeafVcfNodes > 0 && threats.own_count[kP4FourThree] > 0) {
    ThreatLimits limits;
    limits.max_nodes = kLeafVcfNodes;
    if (shared_.limits.max_nodes > 0 && id_ == 0) {
      const uint64_t used = nodes_.load(std::memory_order_relaxed);
      const uint64_t left = shared_.limits.max_nodes > used ? shared_.limits.max_nodes - used : 0;
      if (left == 0) return EvaluateNode(board_, us, threats, state);
      limits.max_nodes = std::min<uint64_t>(limits.max_nodes, left);
    }
    limits.stop = &shared_.stop;
    ThreatResult vcf = vcf_->Solve(board_, us, limits);
    nodes_.store(nodes_.load(std::memory_order_relaxed) + vcf.nodes, std::memory_order_relaxed);
    if (vcf.win) return WinIn(ply + static_cast<int>(vcf.line.size()) + 2);
  }
  return EvaluateNode(board_, us, threats, state);
}

int Worker::Search(int ply, int depth, int alpha, int beta, bool pv_node, bool null_ok) {
  pv_len_[ply] = ply;
  if (ply > seldepth_) seldepth_ = ply;
  if (CountNode()) return 0;
  if (IsDrawn(board_)) return 0;
  const Color us = SideAt(ply);
  NodeThreats& threats = threats_[ply];
  ReadThreats(board_, us, threats);
  const NodeState state = ClassifyNode(board_, us, threats);
  if (const int decided = DecidedScore(state, ply); decided != kNoScore) return decided;
  // Nothing can be better than winning at our next move, or worse than losing at theirs.
  alpha = std::max(alpha, LossIn(ply + 2));
  beta = std::min(beta, WinIn(ply + 3));
  if (alpha >= beta) return alpha;
  if (ply >= kMaxPly - 1) return EvaluateNode(board_, us, threats, state);

  const uint64_t key = Key(ply);
  TTHit tt;
  const bool tt_hit = shared_.tt->Probe(key, ply, tt);
  if (tt_hit && !pv_node && tt.depth >= depth && HashCutoff(tt, alpha, beta)) return tt.score;

  if (depth <= 0 && state != NodeState::kForcedBlock) return Leaf(ply, state, threats);

  // Internal iterative reduction: a node without a hash move is searched shallower first.
  if (depth >= kIirMinDepth && (!tt_hit || tt.move == kNoPos)) --depth;
  const int eval = tt_hit ? tt.eval : EvaluateNode(board_, us, threats, state);
  if (!pv_node && state == NodeState::kNormal) {
    const int pruned = PruneNode(ply, depth, beta, eval, null_ok, threats);
    if (pruned != kNoScore) return pruned;
  }

  ScoredMove* moves = moves_[ply].moves;
  const Pos tt_move = tt_hit ? tt.move : kNoPos;
  bool deferred = false;
  int num_moves = StartMoves(ply, us, state, threats, tt_move, deferred);
  if (num_moves == 0) {
    // No legal move (Renju Black), or no defence against a straight four.
    return state == NodeState::kDefend ? LossIn(ply + 4) : LossIn(ply + 1);
  }

  const bool forced = state != NodeState::kNormal;
  const int old_alpha = alpha;
  int best = -kScoreInfinite;
  Pos best_move = kNoPos;
  Pos quiets[64];
  int num_quiets = 0;
  bool only_fours = false;
  for (int i = 0; i < num_moves; ++i) {
    // Late quiet moves, and near the horizon late threes, are pruned; fours never.
    const bool prunable = !pv_node && !forced && i > 0 && !IsLossScore(best);
    if (prunable && !only_fours && IsLateMove(depth, i)) {
      // From here on both move counts below prune everything but fours: drop the rest at
      // once instead of sorting them out one at a time.
      only_fours = true;
      num_moves = KeepFours(moves, i, num_moves);
      if (i == num_moves) break;
    }
    PickBest(moves, i, num_moves);
    const ScoredMove m = moves[i];
    const bool quiet = m.own < kP4Three && m.opp < kP4Three;
    const bool tactical = m.own >= kP4Four;
    if (prunable && IsPrunedMove(depth, i, eval, alpha, quiet, tactical)) continue;

    const int new_depth = ChildDepth(state, num_moves, depth);
    MakeMove(ply, m.pos);
    const int score = i == 0 ? -Search(ply + 1, new_depth, -beta, -alpha, pv_node)
                             : SearchLateMove(ply, depth, new_depth, i, m.pos, alpha, beta, pv_node,
                                              quiet, tactical || forced);
    UndoMove();
    if (stopped_) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m.pos;
        alpha = score;
        if (pv_node) UpdatePv(ply, m.pos);
        if (alpha >= beta) break;
      }
    }
    if (quiet && num_quiets < 64) quiets[num_quiets++] = m.pos;
    if (deferred) {  // only after the hash move, which is never pruned
      num_moves = GenerateRest(ply, us, threats, tt_move);
      deferred = false;
    }
  }
  if (best == -kScoreInfinite) {  // everything pruned: cannot happen, the first move is searched
    best = alpha;
  }
  if (best >= beta && best_move != kNoPos)
    UpdateHistory(ply, us, depth, best_move, quiets, num_quiets);
  const Bound bound = best >= beta                    ? Bound::kLower
                      : (pv_node && best > old_alpha) ? Bound::kExact
                                                      : Bound::kUpper;
  shared_.tt->Store(key, ply, best_move, best, eval, depth, bound);
  return best;
}

// The first moves of a node, ordered. In a quiet node a legal candidate hash move comes alone
// and `deferred` is set: it often cuts off, and listing and scoring every candidate costs a
// node more than anything but Place (about a quarter of a renju search, by callgrind).
inline int Worker::StartMoves(int ply, Color us, NodeState state, const NodeThreats& threats,
                              Pos tt_move, bool& deferred) {
  ScoredMove* moves = moves_[ply].moves;
  if (state == NodeState::kNormal && tt_move > 0 && tt_move < kNumCells &&
      board_.IsCandidate(tt_move)) {
    const Pattern4 own = board_.pattern4(tt_move, us);
    if (IsLegalMove(board_, tt_move, us, own)) {
      moves[0] = ScoredMove{tt_move, own, board_.pattern4(tt_move, Opponent(us)), 0};
      deferred = true;
      return 1;
    }
  }
  const int n = GenerateMoves(board_, us, state, threats, moves);
  OrderMoves(ply, us, moves, n, tt_move);
  return n;
}

// Every move of a deferred node once its hash move has failed to cut off, ordered as
// StartMoves orders them (by the history as it now stands): the hash move, searched, first.
inline int Worker::GenerateRest(int ply, Color us, const NodeThreats& threats, Pos tt_move) {
  ScoredMove* moves = moves_[ply].moves;
  const int n = GenerateMoves(board_, us, NodeState::kNormal, threats, moves);
  OrderMoves(ply, us, moves, n, tt_move);
  PickBest(moves, 0, n);
  return n;
}

// Pruning before the moves, at a quiet non-pv node: reverse futility far above beta near the
// horizon, then the null move (if passing still holds beta, a real move will too; only
// without threats of the opponent, which a pass would ignore). kNoScore when neither cuts.
inline int Worker::PruneNode(int ply, int depth, int beta, int eval, bool null_ok,
                             const NodeThreats& threats) {
  if (IsWinScore(beta) || IsLossScore(beta) || threats.opp_count[kP4FourThree] != 0)
    return kNoScore;
  if (depth <= kRfpMaxDepth && eval - kRfpMargin * depth >= beta) return eval;
  if (depth >= kNullMinDepth && eval >= beta && null_ok && threats.opp_count[kP4Four] == 0 &&
      threats.opp_count[kP4DoubleThree] == 0) {
    const int r = kNullReduction + depth / kNullDepthDivisor;
    const int score = -Search(ply + 1, depth - 1 - r, -beta, -beta + 1, false, false);
    if (stopped_) return 0;
    if (score >= beta) return IsWinScore(score) ? beta : score;
  }
  return kNoScore;
}

// The hash move first, then killers; the history score on top of the static ordering.
inline void Worker::OrderMoves(int ply, Color us, ScoredMove* moves, int n, Pos tt_move) const {
  for (int i = 0; i < n; ++i) {
    ScoredMove& m = moves[i];
    if (m.pos == tt_move)
      m.score = 1 << 30;
    else if (history_->IsKiller(ply, m.pos))
      m.score += kKillerBonus;
    m.score += history_->score[Index(us)][m.pos] / kHistoryDivisor;
  }
}

// A move after the first, already made: a reduced null-window search (late-move reductions,
// milder for threes and milder still for `forcing` moves: fours, and the moves of a forced
// node), re-searched at full depth, then with the full window at a pv node, while it beats
// alpha. Fours are reduced too: where both sides have many, searching every one in full
// kept long attacks of threes out of sight.
inline int Worker::SearchLateMove(int ply, int depth, int new_depth, int i, Pos move, int alpha,
                                  int beta, bool pv_node, bool quiet, bool forcing) {
  int r = 0;
  if (depth >= kLmrMinDepth) {
    r = LmrTable()(depth, i);
    if (forcing)
      r -= kLmrForcingOffset;
    else if (!quiet)
      r -= 1;
    if (pv_node) r -= 1;
    if (history_->IsKiller(ply, move)) r -= 1;
    r = std::clamp(r, 0, new_depth - 1);
  }
  int score = -Search(ply + 1, new_depth - r, -alpha - 1, -alpha, false);
  if (score > alpha && r > 0) score = -Search(ply + 1, new_depth, -alpha - 1, -alpha, false);
  if (score > alpha && score < beta && pv_node)
    score = -Search(ply + 1, new_depth, -beta, -alpha, true);
  return score;
}

// A quiet move that cut off becomes a killer, and gains history over the quiet moves
// searched before it.
inline void Worker::UpdateHistory(int ply, Color us, int depth, Pos best_move, const Pos* quiets,
                                  int num_quiets) {
  const bool best_quiet = !(board_.pattern4(best_move, us) >= kP4Three) &&
                          !(board_.pattern4(best_move, Opponent(us)) >= kP4Three);
  if (!best_quiet) return;
  history_->AddKiller(ply, best_move);
  const int bonus = std::min(depth * depth * kHistoryBonusScale, kHistoryBonusMax);
  history_->Update(us, best_move, bonus);
  for (int i = 0; i < num_quiets; ++i)
    if (quiets[i] != best_move) history_->Update(us, quiets[i], -bonus);
}

int Worker::RootSearch(int depth, int alpha, int beta, int pv_index) {
  int best = -kScoreInfinite;
  const int n = static_cast<int>(root_moves_.size());
  for (int i = pv_index; i < n; ++i) {
    RootMove& rm = root_moves_[i];
    seldepth_ = 0;
    int score;
    if (board_.MakesFive(rm.move, root_side_)) {
      score = WinIn(1);
      pv_len_[1] = 1;
    } else {
      MakeMove(0, rm.move);
      if (i == pv_index) {
        score = -Search(1, depth - 1, -beta, -alpha, true);
      } else {
        const bool quiet = rm.own < kP4Three && rm.opp < kP4Three;
        int r = 0;
        if (depth >= kLmrMinDepth && quiet && i >= pv_index + kRootLmrFirstMove)
          r = std::clamp(LmrTable()(depth, i - pv_index) - 1, 1, depth - 2);
        score = -Search(1, depth - 1 - r, -alpha - 1, -alpha, false);
        if (score > alpha && r > 0) score = -Search(1, depth - 1, -alpha - 1, -alpha, false);
        if (score > alpha && score < beta) score = -Search(1, depth - 1, -beta, -alpha, true);
      }
      UndoMove();
    }
    if (stopped_) break;
    if (i == pv_index || score > alpha) {
      if (i == 0) first_move_searched_ = true;
      rm.score = score;
      rm.seldepth = seldepth_;
      rm.pv.assign(1, rm.move);
      for (int k = 1; k < pv_len_[1]; ++k) rm.pv.push_back(pv_[1][k]);
    } else {
      rm.score = -kScoreInfinite;
    }
    if (score > best) best = score;
    if (score > alpha) {
      alpha = score;
      if (alpha >= beta) break;
    }
  }
  return best;
}

void Worker::Report(int depth, int lines) const {
  if (on_info_ == nullptr || !*on_info_) return;
  for (int i = 0; i < lines; ++i) {
    const RootMove& rm = completed_[i];
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(rm.seldepth, static_cast<int>(rm.pv.size()));
    info.multipv = i + 1;
    info.score = rm.score;
    info.nodes = shared_.TotalNodes();
    info.ms = shared_.Elapsed();
    info.pv = rm.pv;
    (*on_info_)(info);
  }
}

bool Worker::ShouldStopAfterIteration(int depth, int stable_iterations) const {
  const SearchLimits& limits = shared_.limits;
  const int best = completed_[0].score;
  if ((IsWinScore(best) || IsLossScore(best)) && PliesToEnd(best) <= depth) return true;
  const bool timed = limits.soft_ms > 0 || limits.hard_ms > 0;
  if (!timed) return false;
  // A single move still gets the time when it is not saved for later: the deeper search
  // fills the hash table for the next move.
  if (root_moves_.size() == 1 && limits.save_time) return true;
  if (limits.soft_ms > 0) {
    const int64_t elapsed = shared_.Elapsed();
    if (elapsed >= limits.soft_ms) return true;
    // A best move stable for a few iterations needs half the time: the next iteration would
    // take longer than the rest of it.
    if (limits.save_time && stable_iterations >= kStableIterations && elapsed * 2 >= limits.soft_ms)
      return true;
  }
  return false;
}

// The guard, after an iteration of a timed search: once a share of the time has passed, looks
// for the opponent's VCT after the best move. The search's horizon misses long VCTs of threes
// that the solver proves in milliseconds. A move proven lost leaves the root moves (the next
// iteration searches the rest; the next best stands meanwhile); true then.
bool Worker::GuardBestMove() {
  const RootMove& best = completed_[0];
  const int64_t hard = shared_.limits.hard_ms, elapsed = shared_.Elapsed();
  if (root_moves_.size() < 2 || guard_removed_ >= kGuardMaxRemoved || IsWinScore(best.score) ||
      IsLossScore(best.score) || elapsed * 100 < hard * kGuardStartPercent ||
      std::find(guarded_.begin(), guarded_.end(), best.move) != guarded_.end())
    return false;
  ThreatLimits limits;
  limits.max_ms = std::min(hard * kGuardCheckPercent / 100, hard - elapsed);
  if (limits.max_ms <= 0) return false;
  limits.stop = shared_.external_stop;
  limits.max_bytes = shared_.limits.threat_bytes;
  MakeMove(0, best.move);
  const ThreatResult vct = FindVct(board_, Opponent(root_side_), limits);
  UndoMove();
  nodes_.store(nodes_.load(std::memory_order_relaxed) + vct.nodes, std::memory_order_relaxed);
  if (!vct.win) {
    guarded_.push_back(best.move);
    return false;
  }
  ++guard_removed_;
  const Pos lost = best.move;
  const int lost_score = best.score;
  auto is_lost = [lost](const RootMove& rm) { return rm.move == lost; };
  root_moves_.erase(std::remove_if(root_moves_.begin(), root_moves_.end(), is_lost),
                    root_moves_.end());
  completed_.erase(std::remove_if(completed_.begin(), completed_.end(), is_lost), completed_.end());
  // Until the next iteration scores it, the new best stands in with the old one's score.
  if (completed_[0].score == -kScoreInfinite) completed_[0].score = lost_score;
  return true;
}

void Worker::Run() {
  const int n = static_cast<int>(root_moves_.size());
  const int lines = std::clamp(shared_.limits.multipv, 1, n);
  const int max_depth =
      shared_.limits.max_depth > 0 ? std::min(shared_.limits.max_depth, kMaxPly - 8) : kMaxPly - 8;
  Pos last_best = kNoPos;
  int stable = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    // Helper threads of Lazy SMP search some iterations one ply deeper.
    const int search_depth = id_ > 0 && (id_ + depth) % 2 == 0 ? depth + 1 : depth;
    for (RootMove& rm : root_moves_) rm.prev_score = rm.score;
    first_move_searched_ = false;
    for (int pv_index = 0; pv_index < lines && !stopped_; ++pv_index) {
      const int prev = root_moves_[pv_index].prev_score;
      int delta = kAspirationDelta;
      int alpha = -kScoreInfinite, beta = kScoreInfinite;
      if (depth >= kAspirationMinDepth && prev > -kScoreWinBound && prev < kScoreWinBound) {
        alpha = std::max(prev - delta, -kScoreInfinite);
        beta = std::min(prev + delta, kScoreInfinite);
      }
      while (true) {
        const int score = RootSearch(search_depth, alpha, beta, pv_index);
        std::stable_sort(root_moves_.begin() + pv_index, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stopped_) break;
        if (score <= alpha && alpha > -kScoreInfinite) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -kScoreInfinite);
        } else if (score >= beta && beta < kScoreInfinite) {
          beta = std::min(score + delta, kScoreInfinite);
        } else {
          break;
        }
        delta += delta;
        if (delta > kAspirationMaxDelta) alpha = -kScoreInfinite, beta = kScoreInfinite;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }
    if (stopped_) {
      // A stopped iteration still counts once its first move is searched: a move sorted
      // ahead of it has beaten it with a full search, the others are as they were.
      if (first_move_searched_ && lines == 1) completed_ = root_moves_;
      break;
    }
    completed_ = root_moves_;
    completed_depth_ = search_depth;
    if (id_ != 0) continue;
    Report(depth, lines);
    if (shared_.guard && GuardBestMove()) last_best = kNoPos;
    stable = completed_[0].move == last_best ? stable + 1 : 0;
    last_best = completed_[0].move;
    if (ShouldStopAfterIteration(depth, stable)) break;
  }
}

std::vector<RootMove> MakeRootMoves(Board& board, Color side, NodeThreats& threats) {
  std::vector<RootMove> out;
  auto add = [&](Pos p, Pattern4 own, Pattern4 opp) {
    RootMove rm;
    rm.move = p;
    rm.own = own;
    rm.opp = opp;
    rm.order = MoveOrderScore(board, side, p);
    rm.pv = {p};
    out.push_back(rm);
  };
  ReadThreats(board, side, threats);
  NodeState state = ClassifyNode(board, side, threats);
  if (state == NodeState::kWinNow) {
    add(threats.own_five, kP4Five, board.pattern4(threats.own_five, Opponent(side)));
    return out;
  }
  if (state == NodeState::kForcedBlock || state == NodeState::kDefend) {
    std::vector<ScoredMove> moves(kMaxMoves);
    int n = GenerateMoves(board, side, state, threats, moves.data());
    for (int i = 0; i < n; ++i) add(moves[i].pos, moves[i].own, moves[i].opp);
  }
  if (out.empty()) {
    // Every legal point of the board, the candidates first.
    std::vector<ScoredMove> moves(kMaxMoves);
    int n = GenerateMoves(board, side, NodeState::kNormal, threats, moves.data());
    for (int i = 0; i < n; ++i) add(moves[i].pos, moves[i].own, moves[i].opp);
    if (out.empty()) {
      for (Pos p : board.points()) {
        if (!board.IsEmpty(p)) continue;
        Pattern4 own = board.pattern4(p, side);
        if (IsLegalMove(board, p, side, own)) add(p, own, board.pattern4(p, Opponent(side)));
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const RootMove& a, const RootMove& b) { return a.order > b.order; });
  return out;
}

// The point nearest the centre among the given empty points.
Pos Central(const Board& board, const std::vector<Pos>& points) {
  Pos best = kNoPos;
  int best_distance = 1 << 30;
  for (Pos p : points) {
    int dx = 2 * PosX(p) - (board.width() - 1), dy = 2 * PosY(p) - (board.height() - 1);
    int d = std::max(std::abs(dx), std::abs(dy)) * 64 + std::abs(dx) + std::abs(dy);
    if (d < best_distance) best_distance = d, best = p;
  }
  return best;
}

// The empty points of the board.
std::vector<Pos> EmptyPoints(const Board& board) {
  std::vector<Pos> empty;
  for (Pos p : board.points())
    if (board.IsEmpty(p)) empty.push_back(p);
  return empty;
}

// Answers a position that needs no search: none on a full board, the centre on an empty one,
// and the centre too when every empty point is forbidden for Black (a loss, but an answer:
// engine/RULES.md, decision 3).
// Otherwise lists the root moves and returns false.
bool TrivialAnswer(Board& board, Color side, std::vector<RootMove>& root_moves,
                   SearchResult& result) {
  const std::vector<Pos> empty = EmptyPoints(board);
  if (empty.empty()) return true;
  if (board.stone_count() == 0) {
    result.best = Central(board, empty);
    result.pv = {result.best};
    result.depth = 1;
    return true;
  }
  auto threats = std::make_unique<NodeThreats>();
  root_moves = MakeRootMoves(board, side, *threats);
  if (!root_moves.empty()) return false;
  result.best = Central(board, empty);
  result.score = LossIn(1);
  result.pv = {result.best};
  return true;
}

// The limits of the root's VCF try.
ThreatLimits RootVcfLimits(const SearchLimits& limits, const std::atomic<bool>& stop) {
  ThreatLimits vcf;
  vcf.max_nodes = kRootVcfNodes;
  if (limits.max_nodes > 0) vcf.max_nodes = std::min(vcf.max_nodes, limits.max_nodes);
  if (limits.max_depth > 0) vcf.max_attacker_moves = std::max(1, (limits.max_depth - 1) / 2);
  vcf.max_ms = limits.hard_ms;
  vcf.stop = &stop;
  return vcf;
}

// The limits of the root's VCT try: a share of the time and of the nodes left.
ThreatLimits RootVctLimits(const SearchLimits& limits, const std::atomic<bool>& stop) {
  ThreatLimits vct;
  vct.max_ms = std::max<int64_t>(1, limits.soft_ms / kRootVctTimeDivisor);
  if (limits.max_nodes > 0) {
    vct.max_nodes = std::max<uint64_t>(1, limits.max_nodes / kRootVctNodeDivisor);
  }
  vct.stop = &stop;
  vct.max_bytes = limits.threat_bytes;
  return vct;
}

// The search's limits once a threat search has spent `nodes` of them (at least one node is
// left to the search).
SearchLimits LimitsAfter(SearchLimits limits, uint64_t nodes) {
  if (limits.max_nodes > 0) {
    limits.max_nodes = limits.max_nodes > nodes ? limits.max_nodes - nodes : 1;
  }
  return limits;
}

// A proven threat-space win settles the move at once: fills `result`, reports it, true.
bool Settle(Board& board, Color side, const ThreatResult& threat, const SharedState& shared,
            const InfoCallback& on_info, SearchResult& result) {
  const Pos first = threat.line.empty() ? kNoPos : threat.line[0];
  if (!threat.win || first == kNoPos || !board.IsEmpty(first) || !IsLegalMove(board, first, side))
    return false;
  result.best = first;
  result.score =
      board.MakesFive(first, side) ? WinIn(1) : WinIn(static_cast<int>(threat.line.size()) + 2);
  result.pv = threat.line;
  result.depth = PliesToEnd(result.score);
  if (on_info) {
    SearchInfo info;
    info.depth = info.seldepth = result.depth;
    info.score = result.score;
    info.nodes = result.nodes;
    info.ms = shared.Elapsed();
    info.pv = result.pv;
    on_info(info);
  }
  return true;
}

// Tries to settle the move by a VCF, then, with time to think, by a VCT. Their nodes count
// against the search's node limit (shared.limits).
bool SettleByThreats(Board& board, Color side, const std::atomic<bool>& stop,
                     const InfoCallback& on_info, SharedState& shared, SearchResult& result) {
  {
    VcfSolver solver(kSearchVcfTableBits);
    const ThreatResult vcf = solver.Solve(board, side, RootVcfLimits(shared.limits, stop));
    result.nodes += vcf.nodes;
    shared.limits = LimitsAfter(shared.limits, vcf.nodes);
    if (Settle(board, side, vcf, shared, on_info, result)) return true;
  }
  if (shared.limits.soft_ms <= 0 || shared.limits.max_depth != 0) return false;
  const ThreatResult vct = FindVct(board, side, RootVctLimits(shared.limits, stop));
  result.nodes += vct.nodes;
  shared.limits = LimitsAfter(shared.limits, vct.nodes);
  return Settle(board, side, vct, shared, on_info, result);
}

// Lazy SMP: `threads` workers search the root moves, helpers on their own threads, until the
// main one (the first) stops.
std::vector<std::unique_ptr<Worker>> RunWorkers(SharedState& shared, const Board& board, Color side,
                                                const std::vector<RootMove>& root_moves,
                                                int threads, const InfoCallback& on_info) {
  std::vector<std::unique_ptr<Worker>> workers;
  const InfoCallback* callback = on_info ? &on_info : nullptr;
  for (int i = 0; i < threads; ++i) {
    workers.push_back(
        std::make_unique<Worker>(shared, board, side, i, root_moves, i == 0 ? callback : nullptr));
    shared.workers.push_back(workers.back().get());
  }
  std::vector<std::thread> helpers;
  for (int i = 1; i < threads; ++i) helpers.emplace_back([&, i] { workers[i]->Run(); });
  workers[0]->Run();
  shared.stop = true;
  for (std::thread& t : helpers) t.join();
  return workers;
}

// The main worker's last completed iteration, or if it completed none, the move ordering's
// choices scored 0.
void AssembleResult(const Worker& main, const std::vector<RootMove>& root_moves, int multipv,
                    SearchResult& result) {
  if (main.completed().empty()) {
    result.best = root_moves[0].move;
    result.pv = {result.best};
    const int num_lines = std::clamp(multipv, 1, static_cast<int>(root_moves.size()));
    for (int i = 0; i < num_lines; ++i)
      result.lines.push_back(RootLine{root_moves[i].move, 0, {root_moves[i].move}});
    return;
  }
  const std::vector<RootMove>& lines = main.completed();
  result.best = lines[0].move;
  result.score = lines[0].score;
  result.depth = main.completed_depth();
  result.pv = lines[0].pv;
  const int num_lines = std::clamp(multipv, 1, static_cast<int>(lines.size()));
  for (int i = 0; i < num_lines; ++i)
    result.lines.push_back(RootLine{lines[i].move, lines[i].score, lines[i].pv});
}

SearchResult Finish(const SharedState& shared, SearchResult& result) {
  result.ms = shared.Elapsed();
  if (result.lines.empty() && result.best != kNoPos) {
    result.lines = {RootLine{result.best, result.score, result.pv}};
  }
  return result;
}

}  // namespace

struct Searcher::Impl {
  explicit Impl(size_t bytes) : tt(bytes) {}
  TranspositionTable tt;
};

Searcher::Searcher(size_t hash_bytes) : impl_(std::make_unique<Impl>(hash_bytes)) {}
Searcher::~Searcher() = default;
void Searcher::ResizeHash(size_t bytes) { impl_->tt.Resize(bytes); }
void Searcher::ClearHash() { impl_->tt.Clear(); }
size_t Searcher::hash_bytes() const { return impl_->tt.bytes(); }

SearchResult Searcher::Think(const Board& position, Color side, const SearchLimits& limits,
                             const std::atomic<bool>& stop, const InfoCallback& on_info) {
  SharedState shared;
  shared.start = Clock::now();
  shared.limits = limits;
  shared.external_stop = &stop;
  shared.tt = &impl_->tt;
  SearchResult result;
  Board board = position;
  std::vector<RootMove> root_moves;
  if (TrivialAnswer(board, side, root_moves, result)) return Finish(shared, result);
  if (SettleByThreats(board, side, stop, on_info, shared, result)) return Finish(shared, result);

  // A single line searched for a time: a depth or a node count must not give results that
  // hang on time.
  shared.guard = shared.limits.hard_ms > 0 && shared.limits.max_depth == 0 &&
                 shared.limits.max_nodes == 0 && shared.limits.multipv <= 1;
  impl_->tt.NewSearch();
  const std::vector<std::unique_ptr<Worker>> workers =
      RunWorkers(shared, board, side, root_moves, std::max(1, limits.threads), on_info);
  AssembleResult(*workers[0], root_moves, limits.multipv, result);
  result.nodes += shared.TotalNodes();
  return Finish(shared, result);
}

}  // namespace sente
