#include "engine/board.h"

#include <cstring>

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
  for (Cell& cell : cells_) cell = Cell{{0, 0, 0, 0}, {0, 0}, {0, 0}, {kP4None, kP4None}, Color::kWall, 0};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      cells_[MakePos(x, y)].color = Color::kEmpty;
      points_.push_back(MakePos(x, y));
    }
  }
  for (Pos q : points_) {
    for (int d = 0; d < kNumDirs; ++d) {
      uint32_t key = 0;
      for (int k = -5; k <= 5; ++k) {
        if (k == 0) continue;
        key |= static_cast<uint32_t>(cells_[q + k * kDirOffset[d]].color) << (2 * LineSlot(k));
      }
      cells_[q].key[d] = key;
    }
    DeriveCell(q);
    value_sum_[0] += cells_[q].value[0];
    value_sum_[1] += cells_[q].value[1];
  }
}

// Derives an empty cell's patterns from its four keys.
void Board::DeriveCell(Pos q) {
  Cell& cell = cells_[q];
  uint32_t black = 0, white = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    uint32_t entry = tables_->line[cell.key[d]];
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

// Re-derives an empty cell's pattern on line dir after its key changed, and the colours' value
// sums. Both colours' fields are packed into words through memcpy: one load and store each.
template <typename Save>
inline void UpdateLine(Cell& cell, int dir, const TableView& t, int32_t& sum_black, int32_t& sum_white,
                       Save save) {
  if (cell.color != Color::kEmpty) return;
  save(cell);
  const int shift = 4 * dir;
  uint32_t combos;
  std::memcpy(&combos, cell.combo, sizeof combos);
  combos = (combos & ~(0x000F000Fu << shift)) | kSpread[t.line[cell.key[dir]]] << shift;
  std::memcpy(cell.combo, &combos, sizeof combos);
  const ComboInfo black = t.info[0][combos & 0xFFFF], white = t.info[1][combos >> 16];
  sum_black += black.value - cell.value[0];
  sum_white += white.value - cell.value[1];
  const uint32_t values = static_cast<uint16_t>(black.value) | static_cast<uint32_t>(white.value) << 16;
  std::memcpy(cell.value, &values, sizeof values);
  const uint16_t classes = static_cast<uint16_t>(black.pattern4 | white.pattern4 << 8);
  std::memcpy(cell.pattern4, &classes, sizeof classes);
}

}  // namespace

void Board::Place(Pos p, Color c) {
  const TableView t(*tables_);
  Cell* const cells = cells_.data();
  plies_.push_back(SavedPly{saved_count_, {value_sum_[0], value_sum_[1]}});
  int32_t sum_black = value_sum_[0] - cells[p].value[0];
  int32_t sum_white = value_sum_[1] - cells[p].value[1];
  cells[p].color = c;
  SavedCell* out = saved_.data() + saved_count_;
  auto save = [&out, cells](const Cell& cell) {
    SavedCell& s = *out++;
    s.pos = static_cast<Pos>(&cell - cells);
    std::memcpy(&s.pattern4, cell.pattern4, sizeof s.pattern4);
    std::memcpy(&s.combo, cell.combo, sizeof s.combo);
    std::memcpy(&s.value, cell.value, sizeof s.value);
  };
  const uint32_t code = static_cast<uint32_t>(c);
  for (int d = 0; d < kNumDirs; ++d) {
    const int off = kDirOffset[d];
    for (int k = 1; k <= 5; ++k) {
      // Seen from p + k*off, the new stone sits at offset -k; from p - k*off, at +k.
      Cell& after = cells[p + k * off];
      Cell& before = cells[p - k * off];
      after.key[d] |= code << (2 * LineSlot(-k));
      before.key[d] |= code << (2 * LineSlot(k));
      UpdateLine(after, d, t, sum_black, sum_white, save);
      UpdateLine(before, d, t, sum_black, sum_white, save);
    }
  }
  saved_count_ = static_cast<uint32_t>(out - saved_.data());
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) ++cells[p + dy * kStride + dx].near;
  value_sum_[0] = sum_black;
  value_sum_[1] = sum_white;
  hash_ ^= ZobristKey(c, p);
  ++counts_[Index(c)];
  history_.push_back(p);
}

// Restores instead of recomputing. The stone's own cell needs nothing: cells are not updated
// while occupied, and every stone placed since has been taken back, so its fields and keys are
// as they were.
void Board::Undo() {
  const Pos p = history_.back();
  history_.pop_back();
  Cell* const cells = cells_.data();
  const Color c = cells[p].color;
  --counts_[Index(c)];
  hash_ ^= ZobristKey(c, p);
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) --cells[p + dy * kStride + dx].near;
  for (int d = 0; d < kNumDirs; ++d) {
    const int off = kDirOffset[d];
    for (int k = 1; k <= 5; ++k) {
      cells[p + k * off].key[d] &= ~(3u << (2 * LineSlot(-k)));
      cells[p - k * off].key[d] &= ~(3u << (2 * LineSlot(k)));
    }
  }
  const SavedPly& ply = plies_.back();
  for (uint32_t i = ply.first_saved; i < saved_count_; ++i) {
    const SavedCell& s = saved_[i];
    Cell& cell = cells[s.pos];
    std::memcpy(cell.pattern4, &s.pattern4, sizeof s.pattern4);
    std::memcpy(cell.combo, &s.combo, sizeof s.combo);
    std::memcpy(cell.value, &s.value, sizeof s.value);
  }
  saved_count_ = ply.first_saved;
  value_sum_[0] = ply.value_sum[0];
  value_sum_[1] = ply.value_sum[1];
  plies_.pop_back();
  cells[p].color = Color::kEmpty;
}

}  // namespace sente
