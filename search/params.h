// The search's hand-set constants: pruning margins, reductions, windows, time shares, and
// the threat solvers' node budgets and table sizes. Changing any of them changes the bench
// signature; each was set by self-play or the solver suite (see the commit that set it).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sente {

// --- Alpha-beta (search.cpp) ---

constexpr int kIirMinDepth = 4;  // internal iterative reduction: from this depth, no hash move

constexpr int kRfpMaxDepth = 5;  // reverse futility pruning up to this depth
constexpr int kRfpMargin = 240;  // its margin per ply of depth (120 hid counter-attacks)

constexpr int kNullMinDepth = 3;      // null move from this depth
constexpr int kNullReduction = 3;     // its reduction: this much ...
constexpr int kNullDepthDivisor = 3;  // ... plus depth / this

constexpr int kLateMoveMaxDepth = 6;  // move-count pruning of non-fours up to this depth,
constexpr int kLateMoveBase = 4;      // after move kLateMoveBase + depth^2 / kLateMoveDivisor
constexpr int kLateMoveDivisor = 2;
constexpr int kQuietMaxDepth = 10;  // move-count pruning of quiet moves up to this depth,
constexpr int kQuietBase = 2;       // after move kQuietBase + depth^2 / kQuietDivisor
constexpr int kQuietDivisor = 4;
constexpr int kFutilityMaxDepth = 3;  // futility pruning of quiet moves up to this depth,
constexpr int kFutilityBase = 100;    // when eval + kFutilityBase + kFutilityMargin * depth
constexpr int kFutilityMargin = 100;  // cannot reach alpha

constexpr int kLmrMinDepth = 3;       // late-move reductions from this depth
constexpr double kLmrBase = 0.75;     // reduction = kLmrBase + ln(depth) ln(move) / divisor
constexpr double kLmrDivisor = 1.3;   // set by self-play: beat 0.8, even with 1.7
constexpr int kRootLmrFirstMove = 3;  // at the root, reduce from this move after the pv one
constexpr int kLmrForcingOffset = 2;  // fours and defences: this much less than quiet moves

// Defences against an open three cost no depth when there are at most this many.
constexpr int kDefenceExtensionMoves = 4;

constexpr int kKillerBonus = 300;       // ordering bonus of a killer move
constexpr int kHistoryDivisor = 64;     // history score / this is added to the ordering score
constexpr int kHistoryBonusScale = 16;  // history bonus: depth^2 * this,
constexpr int kHistoryBonusMax = 4000;  // at most this

constexpr int kAspirationMinDepth = 4;     // aspiration windows from this depth
constexpr int kAspirationDelta = 30;       // their first half-width, doubled on each fail
constexpr int kAspirationMaxDelta = 1000;  // past this the window is opened fully

// --- Iterations and time (search.cpp, timeman.cpp) ---

constexpr int kStableIterations = 4;   // a best move stable this long stops at half the soft limit
constexpr int kSoftTimePercent = 80;   // soft limit: this share of the move's target time
constexpr int kMovesLeftMax = 24;      // own moves expected in the rest of the game, at most,
constexpr int kMovesLeftMin = 6;       // at least,
constexpr int kStonesPerMoveLeft = 4;  // and one fewer per this many stones on the board
constexpr int64_t kMaxMoveFactor = 3;  // a move may take this many times its share of the clock,
constexpr int64_t kMaxClockShare = 4;  // and at most 1/this of the usable clock
constexpr int64_t kMinMoveCostMs = 5;  // kept in reserve for each remaining move of the game

// --- Threat-space search in the alpha-beta (search.cpp) ---

constexpr uint64_t kLeafVcfNodes = 16;       // VCF try at a leaf with a four-three point
constexpr uint64_t kRootVcfNodes = 200'000;  // VCF try at the root
constexpr int kRootVctTimeDivisor = 20;      // VCT try at the root: soft limit / this,
constexpr int kRootVctNodeDivisor = 4;       // and node limit / this
// The guard: once this share of the time has passed, each new best move is checked for a VCT
// of the opponent after it, with up to kGuardCheckPercent of the time per check.
constexpr int kGuardStartPercent = 20;
constexpr int kGuardCheckPercent = 25;
constexpr int kGuardMaxRemoved = 3;  // past this many moves proven lost, the search decides

// --- Threat solvers' table sizes (log2 of entries) ---

constexpr int kSearchVcfTableBits = 16;   // VCF solver of a search thread and of the root
constexpr int kFindVcfTableBits = 14;     // one-shot FindVcf
constexpr int kFindVctTableBits = 21;     // one-shot FindVct: its df-pn table's largest size
                                          // (32 MiB), unless ThreatLimits::max_bytes says less
constexpr int kVctInitialTableBits = 15;  // a VCT df-pn table starts at this size
constexpr int kVctVcfTableBits = 16;      // the VCF solver inside the VCT solver
constexpr int kVctNoVcfBits = 18;         // the VCT solver's table of VCF failures

// --- VCT solver (vct.cpp, vct_moves.cpp) ---

constexpr int kVctDefaultMaxMoves = 40;        // attacker moves when the limits set none
constexpr uint64_t kVctAttackVcfNodes = 100;   // VCF try for the attacker at a node
constexpr uint64_t kVctDefendVcfNodes = 20;    // the defender's own VCF: a shortcut only
constexpr uint32_t kVctQuietPn = 10;           // proof number of an unsearched quiet move
constexpr uint64_t kVctDirectNodes = 300'000;  // first pass (no quiet moves): at most this,
constexpr uint64_t kVctDirectShare = 3;        // or this share of a node limit
constexpr size_t kVctMaxCachedChildren = size_t{1} << 21;  // children kept for re-expansion
constexpr size_t kVctVerifiedBlocks = 1;    // defences against a three checked by VCF
constexpr size_t kVctVerifiedDefences = 2;  // defences against a VCF threat checked by VCF

}  // namespace sente
