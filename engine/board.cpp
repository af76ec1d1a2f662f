#include "engine/board.h"

#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace sente {
namespace {

// A stone changes the patterns of cells up to five steps away on its four lines (LineReach).
constexpr int kCellsPerMove = 5 * 2 * kNumDirs;

}  // namespace

uint64_t ZobristKey(Color c, Pos p) {
  // splitmix64 of (cell, colour): no table to load, identical everywhere.
  uint64_t z =
      (static_cast<uint64_t>(p) << 1 | static_cast<uint64_t>(Index(c))) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

absl::Status Board::ValidateSize(int width, int height) {
  if (width < kMinSize || width > kMaxSize || height < kMinSize || height > kMaxSize) {
    return absl::InvalidArgumentError(absl::StrCat("unsupported board size ", width, "x", height,
                                                   " (", kMinSize, " to ", kMaxSize, ")"));
  }
  return absl::OkStatus();
}

Board::Board(int width, int height, Rule rule)
    : width_(width), height_(height), rule_(rule), tables_(&TablesFor(rule)) {
  history_.reserve(static_cast<size_t>(width * height));
  plies_.reserve(static_cast<size_t>(width * height));
  saved_.resize(static_cast<size_t>(width * height) * kCellsPerMove);
  for (Cell& cell : cells_) cell = Cell{{0, 0}, {0, 0}, Color::kWall};
  lines_.fill(~uint64_t{0});  // cells beyond the padded array read as walls too
  near_.fill(0x80);
  for (int y = 0; y < height; ++y) {
    board_rows_ |= uint64_t{1} << (y + kPad);
    for (int x = 0; x < width; ++x) {
      cells_[MakePos(x, y)].color = Color::kEmpty;
      near_[MakePos(x, y)] = 0;
      SetLineCode(MakePos(x, y), static_cast<uint64_t>(Color::kEmpty));
      points_.push_back(MakePos(x, y));
    }
  }
  for (Pos q : points_) {
    DeriveCell(q);
    for (int c = 0; c < 2; ++c) {
      info_sum_[c] += cells_[q].info[c];
      threat_counts_[c] += ThreatCountOne(InfoPattern4(cells_[q].info[c]));
    }
  }
}

void Board::SetLineCode(Pos p, uint64_t code) {
  for (int d = 0; d < kNumDirs; ++d) {
    const int shift = 2 * LineCoord(p, d);
    uint64_t& line = lines_[LineIndex(p, d)];
    line = (line & ~(uint64_t{3} << shift)) | code << shift;
  }
}

// Derives an empty cell's patterns from its four keys.
void Board::DeriveCell(Pos q) {
  Cell& cell = cells_[q];
  uint32_t black = 0, white = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    uint32_t entry = tables_->line[LineKey(q, d)];
    black |= (entry & 15) << (4 * d);
    white |= (entry >> 4) << (4 * d);
  }
  cell.combo[0] = static_cast<uint16_t>(black);
  cell.combo[1] = static_cast<uint16_t>(white);
  for (int c = 0; c < 2; ++c) cell.info[c] = tables_->info[c][cell.combo[c]];
}

Pattern4 Board::Pattern4After(Pos p, Color stone, Pos at, Color c) const {
  int d, k;  // at = p + k * kDirOffset[d]
  if (!LineStep(p, at, d, k) || k > LineReach(rule_) || -k > LineReach(rule_))
    return pattern4(at, c);
  return Pattern4With(at, c, d, LineWith(at, d, -k, stone, c));
}

namespace {

// Table pointers held in locals: stores into cells (uint8_t fields) may alias anything, so
// members reached through tables_ would be reloaded on every cell otherwise.
struct TableView {
  const uint8_t* line;
  const ComboInfo* info[2];

  explicit TableView(const PatternTables& t)
      : line(t.line.data()), info{t.info[0].data(), t.info[1].data()} {}
};

// The black and white nibbles of a line-table entry, spread to bits 0 and 16 of a word that
// holds both colours' combos.
constexpr std::array<uint32_t, 256> kSpread = [] {
  std::array<uint32_t, 256> t{};
  for (uint32_t e = 0; e < 256; ++e) t[e] = (e & 15) | (e >> 4) << 16;
  return t;
}();

// Adds one to (or takes one from) each of the 5x5 near_ counts around p, one 5-byte row per
// 8-byte word. Counts stay in 0..24, so no byte carries or borrows into the next.
template <bool kAdd>
inline void UpdateNear(uint8_t* near, Pos p) {
  constexpr uint64_t kFiveOnes = 0x0101010101;
  for (int dy = -2; dy <= 2; ++dy) {
    uint8_t* row = near + p + dy * kStride - 2;
    uint64_t word;
    std::memcpy(&word, row, sizeof word);
    word = kAdd ? word + kFiveOnes : word - kFiveOnes;
    std::memcpy(row, &word, sizeof word);
  }
}

// ThreatCountOne by class, for the class bytes of ComboInfo words (below 16).
constexpr std::array<uint64_t, 16> kThreatCountOne = [] {
  std::array<uint64_t, 16> t{};
  for (int k = 0; k < 16; ++k) t[k] = k < kNumPattern4 ? ThreatCountOne(k) : 0;
  return t;
}();

// What Place carries from cell to cell.
struct PlaceState {
  Cell* at;     // the new stone's cell
  Cell* saved;  // the ply's kCellsPerMove saved cells
  // Both colours' info-sum changes in one word, Black's in the low half (pattern.h says why
  // this can be split again).
  uint64_t delta;
  uint64_t threat_delta[2];  // per colour, in the layout of Board::ThreatCount
};

constexpr int SavedSlot(int d, int k) { return d * 10 + LineSlot(k); }

// Re-derives the cell k steps from a new stone along direction d, and counts threat classes
// when kCount. `around` holds the codes of the 21 cells centred on the stone (after it),
// offset -10 at bits 0..1. Templated on d and k so that every cell offset and shift is a
// constant once Place unrolls the calls. Branch-free: stones and walls are updated too (their
// fields mean nothing and Undo restores them), only the value sums and threat counts look at
// the colour. Unpredictable branches cost more here than the work they save.
template <bool kCount, int d, int k>
[[gnu::always_inline]] inline void UpdateCell(PlaceState& s, const TableView& t, uint64_t around) {
  constexpr int kShift = 4 * d;
  Cell& cell = s.at[k * kDirOffset[d]];
  s.saved[SavedSlot(d, k)] = cell;
  const uint32_t key = KeyOfWindow(around >> (2 * (k + 5)));
  uint32_t combos;
  std::memcpy(&combos, cell.combo, sizeof combos);
  const uint32_t updated = (combos & ~(0x000F000Fu << kShift)) | kSpread[t.line[key]] << kShift;
  std::memcpy(cell.combo, &updated, sizeof updated);
  const ComboInfo black = t.info[0][updated & 0xFFFF], white = t.info[1][updated >> 16];
  uint64_t old_infos;
  std::memcpy(&old_infos, cell.info, sizeof old_infos);
  const uint64_t infos = black | static_cast<uint64_t>(white) << 32;
  std::memcpy(cell.info, &infos, sizeof infos);
  const uint64_t empty = -static_cast<uint64_t>(cell.color == Color::kEmpty);
  s.delta += (infos - old_infos) & empty;
  if constexpr (kCount) {
    // No branch on whether a class is a threat: near a new stone, two cells in five have one.
    s.threat_delta[0] += (kThreatCountOne[black & 15] - kThreatCountOne[old_infos & 15]) & empty;
    s.threat_delta[1] +=
        (kThreatCountOne[white & 15] - kThreatCountOne[(old_infos >> 32) & 15]) & empty;
  }
}

// The codes of the 21 cells centred on coordinate `coord` of a line word, offset -10 at bits
// 0..1. Cells before the start of the line read as empty: only walls' keys see them.
inline uint64_t Around(uint64_t line, int coord) {
  // One 128-bit shift instead of a branch on the side of the centre: Place's branches are
  // unpredictable.
  return static_cast<uint64_t>((static_cast<unsigned __int128>(line) << 20) >> (2 * coord));
}

// The i-th of the 2 * reach offsets -reach..-1, 1..reach.
constexpr int ReachOffset(int reach, int i) { return i < reach ? i - reach : i - reach + 1; }

template <int reach, bool kCount, int d, int... i>
[[gnu::always_inline]] inline void UpdateLine(PlaceState& s, const TableView& t, uint64_t around,
                                              std::integer_sequence<int, i...>) {
  (UpdateCell<kCount, d, ReachOffset(reach, i)>(s, t, around), ...);
}

// Works on copies of the state and tables: stores into cells may alias anything reached
// through a reference, which would be reloaded on every cell. Kept out of Place, where GCC
// would schedule all forty keys first and spill them.
template <int reach, bool kCount>
[[gnu::noinline]] void UpdateLines(PlaceState& state, const TableView& tables,
                                   const uint64_t around[kNumDirs]) {
  constexpr auto kCells = std::make_integer_sequence<int, 2 * reach>();
  PlaceState s = state;
  const TableView t = tables;
  UpdateLine<reach, kCount, 0>(s, t, around[0], kCells);
  UpdateLine<reach, kCount, 1>(s, t, around[1], kCells);
  UpdateLine<reach, kCount, 2>(s, t, around[2], kCells);
  UpdateLine<reach, kCount, 3>(s, t, around[3], kCells);
  state.delta = s.delta;
  state.threat_delta[0] = s.threat_delta[0];
  state.threat_delta[1] = s.threat_delta[1];
}

template <int reach, int d, int... i>
[[gnu::always_inline]] inline void RestoreLine(Cell* at, const Cell* saved,
                                               std::integer_sequence<int, i...>) {
  ((at[ReachOffset(reach, i) * kDirOffset[d]] = saved[SavedSlot(d, ReachOffset(reach, i))]), ...);
}

template <int reach>
void RestoreLines(Cell* at, const Cell* saved) {
  constexpr auto kCells = std::make_integer_sequence<int, 2 * reach>();
  RestoreLine<reach, 0>(at, saved, kCells);
  RestoreLine<reach, 1>(at, saved, kCells);
  RestoreLine<reach, 2>(at, saved, kCells);
  RestoreLine<reach, 3>(at, saved, kCells);
}

}  // namespace

void Board::Place(Pos p, Color c) {
  const TableView t(*tables_);
  Cell* const cells = cells_.data();
  plies_.push_back(SavedPly{{info_sum_[0], info_sum_[1]}, {threat_counts_[0], threat_counts_[1]}});
  PlaceState s{cells + p, saved_.data() + history_.size() * kCellsPerMove, 0, {0, 0}};
  cells[p].color = c;
  SetLineCode(p, static_cast<uint64_t>(c));
  uint64_t around[kNumDirs];
  for (int d = 0; d < kNumDirs; ++d) around[d] = Around(lines_[LineIndex(p, d)], LineCoord(p, d));
  const bool count = !threat_counts_paused_;
  if (LineReach(rule_) == 4) {
    count ? UpdateLines<4, true>(s, t, around) : UpdateLines<4, false>(s, t, around);
  } else {
    count ? UpdateLines<5, true>(s, t, around) : UpdateLines<5, false>(s, t, around);
  }
  UpdateNear<true>(near_.data(), p);
  near_[p] |= 0x80;
  const int64_t black_delta = static_cast<int32_t>(static_cast<uint32_t>(s.delta));
  const int64_t white_delta =
      static_cast<int64_t>(s.delta - static_cast<uint64_t>(black_delta)) >> 32;
  info_sum_[0] += black_delta - cells[p].info[0];  // the stone's cell is no longer empty
  info_sum_[1] += white_delta - cells[p].info[1];
  if (count) {
    threat_counts_[0] += s.threat_delta[0] - ThreatCountOne(InfoPattern4(cells[p].info[0]));
    threat_counts_[1] += s.threat_delta[1] - ThreatCountOne(InfoPattern4(cells[p].info[1]));
  }
  hash_ ^= ZobristKey(c, p);
  ++counts_[Index(c)];
  ++row_stones_[p / kStride];
  stone_rows_ |= uint32_t{1} << (p / kStride);
  history_.push_back(p);
}

// Restores instead of recomputing. The stone's own cell needs nothing: it was not touched by
// its own Place, and every Place since has been taken back, so its fields are as they were.
void Board::Undo() {
  const Pos p = history_.back();
  history_.pop_back();
  Cell* const cells = cells_.data();
  const Color c = cells[p].color;
  --counts_[Index(c)];
  hash_ ^= ZobristKey(c, p);
  const int row = p / kStride;
  stone_rows_ &= ~(uint32_t{--row_stones_[row] == 0} << row);
  near_[p] &= 0x7F;
  UpdateNear<false>(near_.data(), p);
  SetLineCode(p, static_cast<uint64_t>(Color::kEmpty));
  const Cell* saved = saved_.data() + history_.size() * kCellsPerMove;
  if (LineReach(rule_) == 4) {
    RestoreLines<4>(cells + p, saved);
  } else {
    RestoreLines<5>(cells + p, saved);
  }
  const SavedPly& ply = plies_.back();
  info_sum_[0] = ply.info_sum[0];
  info_sum_[1] = ply.info_sum[1];
  threat_counts_[0] = ply.threat_counts[0];
  threat_counts_[1] = ply.threat_counts[1];
  plies_.pop_back();
  cells[p].color = Color::kEmpty;
}

}  // namespace sente
