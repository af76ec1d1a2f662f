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
#include "search/threat.h"
#include "search/vcf.h"
#include "search/tt.h"

namespace sente {
namespace {

using Clock = std::chrono::steady_clock;

// Positions are keyed with the side to move, since Think may be asked for either side.
constexpr uint64_t kWhiteToMoveKey = 0x5D1E6A3B29F7C481ull;
// Threat-space mate check at the leaves.
constexpr uint64_t kLeafVcfNodes = 16;
constexpr int kVcfTableBits = 16;
constexpr uint64_t kRootVcfNodes = 200000;

constexpr int WinIn(int plies) { return kScoreWin - plies; }
constexpr int LossIn(int plies) { return -(kScoreWin - plies); }

struct RootMove {
  Pos move = kNoPos;
  Pattern4 own = kP4None, opp = kP4None;
  int32_t order = 0;
  int score = -kScoreInfinite;
  int prev_score = -kScoreInfinite;
  int seldepth = 0;
  std::vector<Pos> pv;
};

// Late-move reductions by depth and move number, built once. The divisor, 1.3, was set by
// self-play: it beat 0.8 in freestyle and renju, and 1.7 measured even with it.
struct Reductions {
  int8_t table[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        table[d][m] = d == 0 || m == 0 ? 0
                                       : static_cast<int8_t>(0.75 + std::log(d) * std::log(m) / 1.3);
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

  int64_t Elapsed() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  }
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
        vcf_(std::make_unique<VcfSolver>(kVcfTableBits)) {
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
  void MakeMove(int ply, Pos p) {
    board_.Place(p, SideAt(ply));
  }
  void UndoMove() { board_.Undo(); }

  bool Stopped() const { return stopped_; }
  bool CountNode();
  int RootSearch(int depth, int alpha, int beta, int pv_index);
  int Search(int ply, int depth, int alpha, int beta, bool pv_node, bool null_ok = true);
  int Leaf(int ply, NodeState state, const NodeThreats& threats);
  void UpdatePv(int ply, Pos move) {
    pv_[ply][ply] = move;
    for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
  }
  void Report(int depth, int lines) const;
  bool ShouldStopAfterIteration(int depth, int stable_iterations) const;

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
  NodeState state = ClassifyNode(board_, us, threats);
  switch (state) {
    case NodeState::kWinNow: return WinIn(ply + 1);
    case NodeState::kLost: return LossIn(ply + 2);
    case NodeState::kWinIn3: return WinIn(ply + 3);
    default: break;
  }
  // Nothing can be better than winning at our next move, or worse than losing at theirs.
  alpha = std::max(alpha, LossIn(ply + 2));
  beta = std::min(beta, WinIn(ply + 3));
  if (alpha >= beta) return alpha;
  if (ply >= kMaxPly - 1) return EvaluateNode(board_, us, threats, state);

  const uint64_t key = Key(ply);
  TTHit tt;
  const bool tt_hit = shared_.tt->Probe(key, ply, tt);
  if (tt_hit && !pv_node && tt.depth >= depth &&
      (tt.bound == Bound::kExact || (tt.bound == Bound::kLower && tt.score >= beta) ||
       (tt.bound == Bound::kUpper && tt.score <= alpha)))
    return tt.score;

  if (depth <= 0 && state != NodeState::kForcedBlock) return Leaf(ply, state, threats);

  // Internal iterative reduction: a node without a hash move is searched shallower first.
  if (depth >= 4 && (!tt_hit || tt.move == kNoPos)) --depth;
  const int eval = tt_hit ? tt.eval : EvaluateNode(board_, us, threats, state);
  // Reverse futility: a quiet node far above beta near the horizon.
  if (!pv_node && state == NodeState::kNormal && depth <= 5 && !IsWinScore(beta) &&
      !IsLossScore(beta) && eval - 120 * depth >= beta && threats.opp_count[kP4FourThree] == 0)
    return eval;

  // Null move: if passing still holds beta, a real move will too. Only without threats of
  // the opponent, which a pass would ignore.
  if (!pv_node && state == NodeState::kNormal && depth >= 3 && eval >= beta && null_ok &&
      !IsWinScore(beta) && !IsLossScore(beta) && threats.opp_count[kP4FourThree] == 0 &&
      threats.opp_count[kP4Four] == 0 && threats.opp_count[kP4DoubleThree] == 0) {
    const int r = 3 + depth / 3;
    int score = -Search(ply + 1, depth - 1 - r, -beta, -beta + 1, false, false);
    if (stopped_) return 0;
    if (score >= beta) return IsWinScore(score) ? beta : score;
  }

  ScoredMove* moves = moves_[ply].moves;
  int num_moves = GenerateMoves(board_, us, state, threats, moves);
  if (num_moves == 0) {
    // No legal move (Renju Black), or no defence against a straight four.
    return state == NodeState::kDefend ? LossIn(ply + 4) : LossIn(ply + 1);
  }
  const Pos tt_move = tt_hit ? tt.move : kNoPos;
  for (int i = 0; i < num_moves; ++i) {
    ScoredMove& m = moves[i];
    if (m.pos == tt_move) m.score = 1 << 30;
    else if (history_->IsKiller(ply, m.pos)) m.score += 300;
    m.score += history_->score[Index(us)][m.pos] / 64;
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
    if (prunable && !only_fours && depth <= 6 && i >= 4 + depth * depth / 2) {
      // From here on both move counts below prune everything but fours: drop the rest at
      // once instead of sorting them out one at a time.
      only_fours = true;
      num_moves = static_cast<int>(
          std::remove_if(moves + i, moves + num_moves,
                         [](const ScoredMove& m) { return m.own < kP4Four; }) -
          moves);
      if (i == num_moves) break;
    }
    PickBest(moves, i, num_moves);
    const ScoredMove m = moves[i];
    const bool quiet = m.own < kP4Three && m.opp < kP4Three;
    const bool tactical = m.own >= kP4Four;
    if (prunable && quiet && depth <= 10 &&
        (i >= 2 + depth * depth / 4 || (depth <= 3 && eval + 100 + 100 * depth <= alpha)))
      continue;
    if (prunable && !quiet && !tactical && depth <= 6 && i >= 4 + depth * depth / 2) continue;

    // A single forced reply costs no depth: fours are extended this way.
    int new_depth = state == NodeState::kForcedBlock ? depth : depth - 1;
    MakeMove(ply, m.pos);
    int score;
    if (i == 0) {
      score = -Search(ply + 1, new_depth, -beta, -alpha, pv_node);
    } else {
      int r = 0;
      if (depth >= 3 && !tactical && !forced) {
        r = LmrTable()(depth, i);
        if (!quiet) r -= 1;
        if (pv_node) r -= 1;
        if (history_->IsKiller(ply, m.pos)) r -= 1;
        r = std::clamp(r, 0, new_depth - 1);
      }
      score = -Search(ply + 1, new_depth - r, -alpha - 1, -alpha, false);
      if (score > alpha && r > 0) score = -Search(ply + 1, new_depth, -alpha - 1, -alpha, false);
      if (score > alpha && score < beta && pv_node)
        score = -Search(ply + 1, new_depth, -beta, -alpha, true);
    }
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
  }
  if (best == -kScoreInfinite) {  // everything pruned: cannot happen, the first move is searched
    best = alpha;
  }
  if (best >= beta && best_move != kNoPos) {
    const bool best_quiet = !(board_.pattern4(best_move, us) >= kP4Three) &&
                            !(board_.pattern4(best_move, Opponent(us)) >= kP4Three);
    if (best_quiet) {
      history_->AddKiller(ply, best_move);
      const int bonus = std::min(depth * depth * 16, 4000);
      history_->Update(us, best_move, bonus);
      for (int i = 0; i < num_quiets; ++i)
        if (quiets[i] != best_move) history_->Update(us, quiets[i], -bonus);
    }
  }
  const Bound bound = best >= beta ? Bound::kLower
                      : (pv_node && best > old_alpha) ? Bound::kExact
                                                      : Bound::kUpper;
  shared_.tt->Store(key, ply, best_move, best, eval, depth, bound);
  return best;
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
        if (depth >= 3 && quiet && i >= pv_index + 3)
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
  if (root_moves_.size() == 1) return true;
  if (limits.soft_ms > 0) {
    const int64_t elapsed = shared_.Elapsed();
    if (elapsed >= limits.soft_ms) return true;
    // A best move stable for four iterations needs half the time: the next iteration would
    // take longer than the rest of it.
    if (stable_iterations >= 4 && elapsed * 2 >= limits.soft_ms) return true;
  }
  return false;
}

void Worker::Run() {
  const int n = static_cast<int>(root_moves_.size());
  const int lines = std::clamp(shared_.limits.multipv, 1, n);
  const int max_depth = shared_.limits.max_depth > 0 ? std::min(shared_.limits.max_depth, kMaxPly - 8)
                                                     : kMaxPly - 8;
  Pos last_best = kNoPos;
  int stable = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    // Helper threads of Lazy SMP search some iterations one ply deeper.
    const int search_depth = id_ > 0 && (id_ + depth) % 2 == 0 ? depth + 1 : depth;
    for (RootMove& rm : root_moves_) rm.prev_score = rm.score;
    first_move_searched_ = false;
    for (int pv_index = 0; pv_index < lines && !stopped_; ++pv_index) {
      const int prev = root_moves_[pv_index].prev_score;
      int delta = 30;
      int alpha = -kScoreInfinite, beta = kScoreInfinite;
      if (depth >= 4 && prev > -kScoreWinBound && prev < kScoreWinBound) {
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
        if (delta > 1000) alpha = -kScoreInfinite, beta = kScoreInfinite;
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
    rm.order = MoveOrderScore(board, side, p, own, opp);
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
  auto finish = [&](SearchResult& r) {
    r.ms = shared.Elapsed();
    if (r.lines.empty() && r.best != kNoPos) r.lines = {RootLine{r.best, r.score, r.pv}};
    return r;
  };

  Board board = position;
  std::vector<Pos> empty;
  for (Pos p : board.points())
    if (board.IsEmpty(p)) empty.push_back(p);
  if (empty.empty()) return finish(result);
  if (board.stone_count() == 0) {
    result.best = Central(board, empty);
    result.pv = {result.best};
    result.depth = 1;
    return finish(result);
  }

  auto threats = std::make_unique<NodeThreats>();
  std::vector<RootMove> root_moves = MakeRootMoves(board, side, *threats);
  if (root_moves.empty()) {
    // Every empty point is forbidden for Black: answer one anyway (rules.md decision 3).
    result.best = Central(board, empty);
    result.score = LossIn(1);
    result.pv = {result.best};
    return finish(result);
  }

  // A proven threat-space win settles the move at once.
  auto settle = [&](const ThreatResult& threat) {
    const Pos first = threat.line.empty() ? kNoPos : threat.line[0];
    if (!threat.win || first == kNoPos || !board.IsEmpty(first) ||
        !IsLegalMove(board, first, side, board.pattern4(first, side)))
      return false;
    result.best = first;
    result.score = board.MakesFive(first, side) ? WinIn(1)
                                                : WinIn(static_cast<int>(threat.line.size()) + 2);
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
  };
  auto spend = [&](uint64_t nodes) {
    result.nodes += nodes;
    if (limits.max_nodes > 0)
      shared.limits.max_nodes = shared.limits.max_nodes > nodes ? shared.limits.max_nodes - nodes : 1;
  };
  {
    VcfSolver solver(kVcfTableBits);
    ThreatLimits vcf_limits;
    vcf_limits.max_nodes = kRootVcfNodes;
    if (limits.max_nodes > 0) vcf_limits.max_nodes = std::min(vcf_limits.max_nodes, limits.max_nodes);
    if (limits.max_depth > 0) vcf_limits.max_attacker_moves = std::max(1, (limits.max_depth - 1) / 2);
    vcf_limits.max_ms = limits.hard_ms;
    vcf_limits.stop = &stop;
    ThreatResult vcf = solver.Solve(board, side, vcf_limits);
    spend(vcf.nodes);
    if (settle(vcf)) return finish(result);
  }
  // With time to think, a win by fours and threes is worth a share of it.
  if (limits.soft_ms > 0 && limits.max_depth == 0) {
    ThreatLimits vct_limits;
    vct_limits.max_ms = std::max<int64_t>(1, limits.soft_ms / 5);
    if (limits.max_nodes > 0) vct_limits.max_nodes = std::max<uint64_t>(1, shared.limits.max_nodes / 4);
    vct_limits.stop = &stop;
    vct_limits.max_bytes = limits.threat_bytes;
    ThreatResult vct = FindVct(board, side, vct_limits);
    spend(vct.nodes);
    if (settle(vct)) return finish(result);
  }

  impl_->tt.NewSearch();
  const int threads = std::max(1, limits.threads);
  std::vector<std::unique_ptr<Worker>> workers;
  const InfoCallback* callback = on_info ? &on_info : nullptr;
  for (int i = 0; i < threads; ++i) {
    workers.push_back(std::make_unique<Worker>(shared, board, side, i, root_moves,
                                               i == 0 ? callback : nullptr));
    shared.workers.push_back(workers.back().get());
  }
  std::vector<std::thread> helpers;
  for (int i = 1; i < threads; ++i) helpers.emplace_back([&, i] { workers[i]->Run(); });
  workers[0]->Run();
  shared.stop = true;
  for (std::thread& t : helpers) t.join();

  const Worker& main = *workers[0];
  if (main.completed().empty()) {
    // Stopped before the first iteration ended: the move ordering's choices, scored 0.
    result.best = root_moves[0].move;
    result.pv = {result.best};
    const int num_lines = std::clamp(limits.multipv, 1, static_cast<int>(root_moves.size()));
    for (int i = 0; i < num_lines; ++i)
      result.lines.push_back(RootLine{root_moves[i].move, 0, {root_moves[i].move}});
  } else {
    const std::vector<RootMove>& lines = main.completed();
    result.best = lines[0].move;
    result.score = lines[0].score;
    result.depth = main.completed_depth();
    result.pv = lines[0].pv;
    const int num_lines = std::clamp(limits.multipv, 1, static_cast<int>(lines.size()));
    for (int i = 0; i < num_lines; ++i)
      result.lines.push_back(RootLine{lines[i].move, lines[i].score, lines[i].pv});
  }
  result.nodes += shared.TotalNodes();
  return finish(result);
}

}  // namespace sente
