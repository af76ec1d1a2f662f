#include "engine/board.h"

#include "absl/strings/str_cat.h"

namespace sente {

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
  for (Cell& cell : cells_) cell = Cell{{0, 0, 0, 0}, {0, 0}, {0, 0}, Color::kWall, 0};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      cells_[MakePos(x, y)].color = Color::kEmpty;
      points_.push_back(MakePos(x, y));
    }
  }
  for (Pos q : points_) InitCell(q);
}

void Board::InitCell(Pos q) {
  Cell& cell = cells_[q];
  for (int d = 0; d < kNumDirs; ++d) {
    uint32_t key = 0;
    for (int k = -5; k <= 5; ++k) {
      if (k == 0) continue;
      key |= static_cast<uint32_t>(cells_[q + k * kDirOffset[d]].color) << (2 * LineSlot(k));
    }
    cell.key[d] = key;
    uint8_t entry = tables_->line[key];
    cell.combo[0] = static_cast<uint16_t>(cell.combo[0] | (entry & 15) << (4 * d));
    cell.combo[1] = static_cast<uint16_t>(cell.combo[1] | (entry >> 4) << (4 * d));
  }
  for (int c = 0; c < 2; ++c) {
    cell.pattern4[c] = tables_->pattern4[c][cell.combo[c]];
    value_sum_[c] += tables_->value[c][cell.combo[c]];
  }
}

// Re-derives cell q's pattern on line dir after its key changed.
inline void Board::UpdateLine(Pos q, int dir) {
  Cell& cell = cells_[q];
  uint8_t entry = tables_->line[cell.key[dir]];
  uint16_t mask = static_cast<uint16_t>(~(15u << (4 * dir)));
  uint16_t black = static_cast<uint16_t>((cell.combo[0] & mask) | (entry & 15) << (4 * dir));
  uint16_t white = static_cast<uint16_t>((cell.combo[1] & mask) | (entry >> 4) << (4 * dir));
  if (cell.color == Color::kEmpty) {
    value_sum_[0] += tables_->value[0][black] - tables_->value[0][cell.combo[0]];
    value_sum_[1] += tables_->value[1][white] - tables_->value[1][cell.combo[1]];
  }
  cell.combo[0] = black;
  cell.combo[1] = white;
  cell.pattern4[0] = tables_->pattern4[0][black];
  cell.pattern4[1] = tables_->pattern4[1][white];
}

void Board::Place(Pos p, Color c) {
  Cell& placed = cells_[p];
  value_sum_[0] -= tables_->value[0][placed.combo[0]];
  value_sum_[1] -= tables_->value[1][placed.combo[1]];
  placed.color = c;
  const uint32_t code = static_cast<uint32_t>(c);
  for (int d = 0; d < kNumDirs; ++d) {
    const int off = kDirOffset[d];
    for (int k = 1; k <= 5; ++k) {
      // Seen from p + k*off, the new stone sits at offset -k; from p - k*off, at +k.
      Pos after = static_cast<Pos>(p + k * off), before = static_cast<Pos>(p - k * off);
      cells_[after].key[d] |= code << (2 * LineSlot(-k));
      cells_[before].key[d] |= code << (2 * LineSlot(k));
      UpdateLine(after, d);
      UpdateLine(before, d);
    }
  }
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) ++cells_[p + dy * kStride + dx].near;
  hash_ ^= ZobristKey(c, p);
  ++counts_[Index(c)];
  history_.push_back(p);
}

void Board::Undo() {
  Pos p = history_.back();
  history_.pop_back();
  Cell& placed = cells_[p];
  Color c = placed.color;
  --counts_[Index(c)];
  hash_ ^= ZobristKey(c, p);
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) --cells_[p + dy * kStride + dx].near;
  for (int d = 0; d < kNumDirs; ++d) {
    const int off = kDirOffset[d];
    for (int k = 1; k <= 5; ++k) {
      Pos after = static_cast<Pos>(p + k * off), before = static_cast<Pos>(p - k * off);
      cells_[after].key[d] &= ~(3u << (2 * LineSlot(-k)));
      cells_[before].key[d] &= ~(3u << (2 * LineSlot(k)));
      UpdateLine(after, d);
      UpdateLine(before, d);
    }
  }
  placed.color = Color::kEmpty;
  value_sum_[0] += tables_->value[0][placed.combo[0]];
  value_sum_[1] += tables_->value[1][placed.combo[1]];
}

}  // namespace sente
