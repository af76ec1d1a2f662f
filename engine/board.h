// The board: stones, Zobrist hash, move history, and per-cell line patterns kept up to
// date incrementally on every Place and Undo.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/pattern.h"
#include "engine/types.h"

namespace sente {

// Hot per-cell state, 16 bytes: four cells per cache line. Meaningful for empty cells only:
// Place overwrites the fields of stones and walls near it too (see board.cpp), and Undo puts
// them back, so a stone's cell is current again once the stone is taken back. Per colour
// index c: combo[c], the four line patterns, a nibble each (direction d at bits 4d), and
// info[c], what they make (class and value, pattern.h).
struct alignas(16) Cell {
  uint16_t combo[2];
  ComboInfo info[2];
  Color color;
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

  bool OnBoard(Pos p) const { return p > 0 && p < kNumCells && cells_[p].color != Color::kWall; }
  Color At(Pos p) const { return cells_[p].color; }
  bool IsEmpty(Pos p) const { return cells_[p].color == Color::kEmpty; }
  const Cell& cell(Pos p) const { return cells_[p]; }

  int stone_count() const { return static_cast<int>(history_.size()); }
  int count(Color c) const { return counts_[Index(c)]; }
  bool IsFull() const { return stone_count() == width_ * height_; }
  // Black to move when both colours have as many stones, otherwise the side with fewer.
  Color SideToMove() const { return counts_[0] <= counts_[1] ? Color::kBlack : Color::kWhite; }
  const std::vector<Pos>& history() const { return history_; }
  Pos LastMove() const { return history_.empty() ? kNoPos : history_.back(); }
  uint64_t hash() const { return hash_; }

  // Preconditions: p on the board and empty.
  void Place(Pos p, Color c);
  void Play(Pos p) { Place(p, SideToMove()); }
  // Removes the last stone placed. Precondition: stone_count() > 0.
  void Undo();

  Pattern4 pattern4(Pos p, Color c) const { return InfoPattern4(cells_[p].info[Index(c)]); }
  // Valid for empty points: colour c's cell value (engine/code_values.h).
  int Value(Pos p, Color c) const { return InfoValue(cells_[p].info[Index(c)]); }
  // Colour c's four line patterns at p, a nibble each (direction d at bits 4d).
  uint16_t combo(Pos p, Color c) const { return cells_[p].combo[Index(c)]; }
  LinePattern line(Pos p, Color c, int dir) const {
    return ComboLine(cells_[p].combo[Index(c)], dir);
  }
  // The 2-bit codes of the ten cells around p on line dir, in the layout of pattern.h.
  uint32_t LineKey(Pos p, int dir) const {
    return KeyOfWindow(lines_[LineIndex(p, dir)] >> (2 * (LineCoord(p, dir) - 5)));
  }
  // Colour c's line pattern for a key: what Place derives, for keys of positions not on the
  // board (see KeyWithStone).
  LinePattern LineOfKey(uint32_t key, Color c) const {
    const uint8_t entry = tables_->line[key];
    return static_cast<LinePattern>(c == Color::kBlack ? entry & 15 : entry >> 4);
  }
  // Colour c's line pattern at the empty point q on line dir once a stone of colour `stone`
  // stands on the empty point k steps from q along it (0 < |k| <= 5).
  LinePattern LineWith(Pos q, int dir, int k, Color stone, Color c) const {
    return LineOfKey(KeyWithStone(LineKey(q, dir), k, stone), c);
  }
  // Colour c's class at the empty point q with its line on direction dir replaced by lp.
  Pattern4 Pattern4With(Pos q, Color c, int dir, LinePattern lp) const {
    uint32_t combo = cells_[q].combo[Index(c)];
    combo = (combo & ~(15u << (4 * dir))) | static_cast<uint32_t>(lp) << (4 * dir);
    return InfoPattern4(tables_->info[Index(c)][combo]);
  }
  // Stones within Chebyshev distance 2 of p: candidate moves have Near(p) > 0.
  int Near(Pos p) const { return near_[p] & 0x7F; }
  // Empty, with a stone within distance 2: one byte test for move generators' scans.
  bool IsCandidate(Pos p) const { return static_cast<int8_t>(near_[p]) > 0; }
  // Valid for empty points. Whether c playing the empty point p makes a winning five.
  bool MakesFive(Pos p, Color c) const { return pattern4(p, c) == kP4Five; }

  // Calls f(p) for every candidate point, row by row: the rows within two of a stone, eight
  // near_ bytes at a time.
  template <typename F>
  void ForEachCandidate(F&& f) const {
    const uint64_t stones = stone_rows_;
    uint64_t rows = (stones << 2 | stones << 1 | stones | stones >> 1 | stones >> 2) & board_rows_;
    for (; rows != 0; rows &= rows - 1) {
      const int first = __builtin_ctzll(rows) * kStride + kPad;
      for (int x = 0; x < width_; x += 8) {
        uint64_t word;
        std::memcpy(&word, &near_[first + x], sizeof word);
        // Bytes 1..127: a stone near and no stone or wall here.
        constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
        uint64_t candidates = ((word & kLow7) + kLow7) & ~word & ~kLow7;
        for (; candidates != 0; candidates &= candidates - 1)
          f(static_cast<Pos>(first + x + (__builtin_ctzll(candidates) >> 3)));
      }
    }
  }

  // What c would make at the empty point `at` once a stone of colour `stone` stands on the
  // empty point p (another point), exactly as Place(p, stone) would leave it.
  Pattern4 Pattern4After(Pos p, Color stone, Pos at, Color c) const;

  // Sum over empty cells of colour c's cell value (engine/code_values.h), kept incrementally.
  int32_t ValueSum(Color c) const {
    return static_cast<int32_t>(info_sum_[Index(c)] >> kInfoValueShift);
  }

  // How many empty cells have class k for colour c, kept incrementally. k >= kP4Three: the
  // threat classes, all within two cells of a stone. Not while paused (ThreatCountsPause).
  int ThreatCount(Color c, Pattern4 k) const {
    return static_cast<int>(threat_counts_[Index(c)] >> ThreatCountShift(k)) & kThreatCountMask;
  }

  // Every on-board point, row by row.
  const std::vector<Pos>& points() const { return points_; }

 private:
  // Lines are numbered per direction: rows by y, columns by x, diagonals by x - y, and
  // anti-diagonals by x + y (padded coordinates). Along a line, a cell's coordinate grows in the
  // direction's offset: x for rows and diagonals, y for columns and anti-diagonals.
  static constexpr int kNumLines = 2 * kStride;
  static constexpr int LineIndex(Pos p, int dir) {
    const int x = static_cast<uint16_t>(p) % kStride, y = static_cast<uint16_t>(p) / kStride;
    const int line = dir == 0 ? y : dir == 1 ? x : dir == 2 ? x - y + kStride - 1 : x + y;
    return dir * kNumLines + line;
  }
  static constexpr int LineCoord(Pos p, int dir) {
    return dir == 0 || dir == 2 ? static_cast<uint16_t>(p) % kStride
                                : static_cast<uint16_t>(p) / kStride;
  }

  friend class ThreatCountsPause;

  void DeriveCell(Pos q);
  void SetLineCode(Pos p, uint64_t code);

  // The info sums and threat counts before a ply.
  struct SavedPly {
    int64_t info_sum[2];
    uint64_t threat_counts[2];
  };

  int width_, height_;
  Rule rule_;
  const PatternTables* tables_;
  uint64_t hash_ = 0;
  int64_t info_sum_[2] = {0, 0};        // sums of the empty cells' ComboInfo words
  uint64_t threat_counts_[2] = {0, 0};  // ThreatCountOne words summed over the empty cells
  bool threat_counts_paused_ = false;
  int counts_[2] = {0, 0};
  // Bit r set when row r of the padded array holds a stone; stones per row; the rows of the board.
  uint32_t stone_rows_ = 0;
  std::array<uint8_t, kStride> row_stones_{};
  uint64_t board_rows_ = 0;
  std::vector<Pos> history_;
  std::vector<SavedPly> plies_;
  // The cells each Place changes (up to forty), as they were before it: Undo restores them. Sized
  // once for a full board, kCellsPerMove per ply.
  std::vector<Cell> saved_;
  std::vector<Pos> points_;
  std::array<Cell, kNumCells> cells_;
  // Each line of the padded array as one word, 2 bits per cell (Color codes), per direction:
  // cell keys are read off these words, so a Place changes four words instead of forty keys.
  std::array<uint64_t, kNumDirs * kNumLines> lines_;
  // The Near counts in bits 0..6 (at most 25), and bit 7 set on stones and walls. Padded so
  // that the 8-byte words Place and Undo add to rows of near_ stay inside.
  std::array<uint8_t, kNumCells + 8> near_;
};

// Whether c plays under Renju's fouls: Black under the renju rule.
inline bool IsRenjuBlack(const Board& board, Color c) {
  return c == Color::kBlack && board.rule() == Rule::kRenju;
}

// Pauses a board's threat counts for a scope, for solvers that never read them: they cost
// about a fifth of Place. Every stone placed in the scope must be taken back before it ends,
// and then the counts are right again (Undo restores them as they were before each Place).
// A copy of the board made meanwhile has wrong counts and stays paused.
class ThreatCountsPause {
 public:
  explicit ThreatCountsPause(Board& board)
      : board_(board), was_paused_(board.threat_counts_paused_) {
    board.threat_counts_paused_ = true;
  }
  ~ThreatCountsPause() { board_.threat_counts_paused_ = was_paused_; }
  ThreatCountsPause(const ThreatCountsPause&) = delete;
  ThreatCountsPause& operator=(const ThreatCountsPause&) = delete;

 private:
  Board& board_;
  bool was_paused_;
};

// Zobrist key of a stone; deterministic across runs and machines.
uint64_t ZobristKey(Color c, Pos p);

}  // namespace sente
