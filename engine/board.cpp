#include "engine/board.h"

#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace sente {
namespace {

// A stone changes the line keys of the cells up to five steps away on its four lines.
constexpr int kCellsPerMove = 5 * 2 * kNumDirs;

}  // namespace

uint64_t ZobristKey(Color c, Pos p) {
  // splitmix64 of (cell, colour): no table to load, identical everywhere.
  uint64_t z = (static_cast<uint64_t>(p) << 1 | static_cast<uint64_t>(Index(c))) +
               0x9E3779B97F4A7C15ull;
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
  for (Cell& cell : cells_) cell = Cell{{0, 0}, {0, 0}, {kP4None, kP4None}, Color::kWall};
  lines_.fill(~uint64_t{0});  // cells beyond the padded array read as walls too
  near_.fill(0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      cells_[MakePos(x, y)].color = Color::kEmpty;
      SetLineCode(MakePos(x, y), static_cast<uint64_t>(Color::kEmpty));
      points_.push_back(MakePos(x, y));
    }
  }
  for (Pos q : points_) {
    DeriveCell(q);
    value_sum_[0] += cells_[q].value[0];
    value_sum_[1] += cells_[q].value[1];
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
  for (int c = 0; c < 2; ++c) {
    const ComboInfo& info = tables_->info[c][cell.combo[c]];
    cell.pattern4[c] = info.pattern4;
    cell.value[c] = info.value;
  }
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

// What Place carries from cell to cell.
struct PlaceState {
  Pos pos;
  Cell* at;  // the new stone's cell
  SavedCell* out;
  int32_t sum_black, sum_white;
};


// Re-derives the empty cell k steps from a new stone along direction d, whose line word (after
// the stone) is `line` with the stone at coordinate `coord`. Templated on d and k so that every
// cell offset and shift is a constant once Place unrolls the forty calls.
template <int d, int k>
[[gnu::always_inline]] inline void UpdateCell(PlaceState& s, const TableView& t, uint64_t line,
                                              int coord) {
  constexpr int kOff = k * kDirOffset[d];
  constexpr int kShift = 4 * d;
  Cell& cell = s.at[kOff];
  if (cell.color != Color::kEmpty) return;
  const uint32_t key = KeyOfWindow(line >> (2 * (coord + k - 5)));
  uint32_t combos;
  std::memcpy(&combos, cell.combo, sizeof combos);
  const uint32_t updated = (combos & ~(0x000F000Fu << kShift)) | kSpread[t.line[key]] << kShift;
  if (updated == combos) return;  // a far stone often changes no pattern
  s.out->cell = cell;
  s.out->pos = static_cast<Pos>(s.pos + kOff);
  ++s.out;
  std::memcpy(cell.combo, &updated, sizeof updated);
  const ComboInfo black = t.info[0][updated & 0xFFFF], white = t.info[1][updated >> 16];
  s.sum_black += black.value - cell.value[0];
  s.sum_white += white.value - cell.value[1];
  const uint32_t values =
      static_cast<uint16_t>(black.value) | static_cast<uint32_t>(white.value) << 16;
  std::memcpy(cell.value, &values, sizeof values);
  const uint16_t classes = static_cast<uint16_t>(black.pattern4 | white.pattern4 << 8);
  std::memcpy(cell.pattern4, &classes, sizeof classes);
}

template <int d, int... i>
[[gnu::always_inline]] inline void UpdateLine(PlaceState& s, const TableView& t, uint64_t line,
                                              int coord, std::integer_sequence<int, i...>) {
  (UpdateCell<d, i < 5 ? i - 5 : i - 4>(s, t, line, coord), ...);
}

}  // namespace

void Board::Place(Pos p, Color c) {
  const TableView t(*tables_);
  Cell* const cells = cells_.data();
  plies_.push_back(SavedPly{saved_count_, {value_sum_[0], value_sum_[1]}});
  PlaceState s{p, cells + p, saved_.data() + saved_count_, value_sum_[0] - cells[p].value[0],
               value_sum_[1] - cells[p].value[1]};
  cells[p].color = c;
  SetLineCode(p, static_cast<uint64_t>(c));
  constexpr auto kTen = std::make_integer_sequence<int, 10>();
  UpdateLine<0>(s, t, lines_[LineIndex(p, 0)], LineCoord(p, 0), kTen);
  UpdateLine<1>(s, t, lines_[LineIndex(p, 1)], LineCoord(p, 1), kTen);
  UpdateLine<2>(s, t, lines_[LineIndex(p, 2)], LineCoord(p, 2), kTen);
  UpdateLine<3>(s, t, lines_[LineIndex(p, 3)], LineCoord(p, 3), kTen);
  saved_count_ = static_cast<uint32_t>(s.out - saved_.data());
  UpdateNear<true>(near_.data(), p);
  value_sum_[0] = s.sum_black;
  value_sum_[1] = s.sum_white;
  hash_ ^= ZobristKey(c, p);
  ++counts_[Index(c)];
  history_.push_back(p);
}

// Restores instead of recomputing. The stone's own cell needs nothing: cells are not updated
// while occupied, and every stone placed since has been taken back, so its fields are as they
// were.
void Board::Undo() {
  const Pos p = history_.back();
  history_.pop_back();
  Cell* const cells = cells_.data();
  const Color c = cells[p].color;
  --counts_[Index(c)];
  hash_ ^= ZobristKey(c, p);
  UpdateNear<false>(near_.data(), p);
  SetLineCode(p, static_cast<uint64_t>(Color::kEmpty));
  const SavedPly& ply = plies_.back();
  for (uint32_t i = ply.first_saved; i < saved_count_; ++i) cells[saved_[i].pos] = saved_[i].cell;
  saved_count_ = ply.first_saved;
  value_sum_[0] = ply.value_sum[0];
  value_sum_[1] = ply.value_sum[1];
  plies_.pop_back();
  cells[p].color = Color::kEmpty;
}

}  // namespace sente
