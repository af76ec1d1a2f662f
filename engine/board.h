// The board: stones, Zobrist hash, move history, and per-cell line patterns kept up to
// date incrementally on every Place and Undo.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/pattern.h"
#include "engine/types.h"

namespace sente {

// Hot per-cell state, 32 bytes: two cells per cache line. key[d]: the 2-bit codes of the ten
// cells around this one on line d (pattern.h), kept for every cell. combo[c] (the four line
// patterns for colour index c, a nibble each), value and pattern4 are kept for empty cells
// only: a stone's own cell is re-derived from its keys when the stone is taken back.
struct alignas(32) Cell {
  uint32_t key[kNumDirs];
  uint16_t combo[2];
  int16_t value[2];  // cell value per colour index (weights.h)
  Pattern4 pattern4[2];
  Color color;
  uint8_t near;  // stones within Chebyshev distance 2: candidate moves have near > 0
};

class Board {
 public:
  // width and height in [kMinSize, kMaxSize]; the caller validates (see ValidateSize).
  Board(int width, int height, Rule rule);

  static absl::Status ValidateSize(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  Rule rule() const { return rule_; }
  const PatternTables& tables() const { return *tables_; }

  bool OnBoard(Pos p) const {
    return p > 0 && p < kNumCells && cells_[p].color != Color::kWall;
  }
  Color At(Pos p) const { return cells_[p].color; }
  bool IsEmpty(Pos p) const { return cells_[p].color == Color::kEmpty; }
  const Cell& cell(Pos p) const { return cells_[p]; }

  int stone_count() const { return static_cast<int>(history_.size()); }
  int count(Color c) const { return counts_[Index(c)]; }
  bool IsFull() const { return stone_count() == width_ * height_; }
  // Black to move when both colours have as many stones, otherwise the side with fewer.
  Color SideToMove() const {
    return counts_[0] <= counts_[1] ? Color::kBlack : Color::kWhite;
  }
  const std::vector<Pos>& history() const { return history_; }
  Pos LastMove() const { return history_.empty() ? kNoPos : history_.back(); }
  uint64_t hash() const { return hash_; }

  // Preconditions: p on the board and empty.
  void Place(Pos p, Color c);
  void Play(Pos p) { Place(p, SideToMove()); }
  // Removes the last stone placed. Precondition: stone_count() > 0.
  void Undo();

  Pattern4 pattern4(Pos p, Color c) const {
    return cells_[p].pattern4[Index(c)];
  }
  LinePattern line(Pos p, Color c, int dir) const {
    return ComboLine(cells_[p].combo[Index(c)], dir);
  }
  // Valid for empty points. Whether c playing the empty point p makes a winning five.
  bool MakesFive(Pos p, Color c) const { return pattern4(p, c) == kP4Five; }

  // Sum over empty cells of colour c's cell value (weights.h), kept incrementally.
  int32_t ValueSum(Color c) const { return value_sum_[Index(c)]; }

  // Every on-board point, row by row.
  const std::vector<Pos>& points() const { return points_; }

 private:
  void DeriveCell(Pos q);

  // What Undo restores: the fields of every empty cell a Place changed, and the sums before it.
  struct SavedCell {
    Pos pos;
    uint16_t pattern4;
    uint32_t combo;
    uint32_t value;
  };
  struct SavedPly {
    uint32_t first_saved;
    int32_t value_sum[2];
  };

  int width_, height_;
  Rule rule_;
  const PatternTables* tables_;
  uint64_t hash_ = 0;
  int32_t value_sum_[2] = {0, 0};
  int counts_[2] = {0, 0};
  std::vector<Pos> history_;
  std::vector<SavedPly> plies_;
  std::vector<SavedCell> saved_;  // sized once for a full board; saved_count_ in use
  uint32_t saved_count_ = 0;
  std::vector<Pos> points_;
  std::array<Cell, kNumCells> cells_;
};

// Zobrist key of a stone; deterministic across runs and machines.
uint64_t ZobristKey(Color c, Pos p);

}  // namespace sente
