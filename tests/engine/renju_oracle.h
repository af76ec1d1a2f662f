// An independent Renju referee for tests: plain scans of a 2-D array, straight from the RIF
// definitions in engine/RULES.md. Slow and obvious on purpose; it shares no code with engine/.
#pragma once

#include <vector>

namespace sente::testing {

class RenjuOracle {
 public:
  enum Stone { kEmpty = 0, kBlack = 1, kWhite = 2 };
  enum Verdict { kLegal, kFive, kOverline, kDoubleFour, kDoubleThree };

  explicit RenjuOracle(int size) : size_(size), cells_(static_cast<size_t>(size * size), kEmpty) {}

  int size() const { return size_; }
  int at(int x, int y) const {
    return Inside(x, y) ? cells_[static_cast<size_t>(y * size_ + x)] : -1;
  }
  void set(int x, int y, int stone) { cells_[static_cast<size_t>(y * size_ + x)] = stone; }

  // Real threes Black makes by playing the empty point (x, y), on lines that are not fours.
  int CountRealThrees(int x, int y) {
    set(x, y, kBlack);
    int threes = 0;
    for (int d = 0; d < 4; ++d) threes += FoursOnLine(x, y, d) == 0 && RealThree(x, y, d);
    set(x, y, kEmpty);
    return threes;
  }

  // What Black playing the empty point (x, y) would be.
  Verdict Judge(int x, int y) {
    set(x, y, kBlack);
    Verdict v = JudgePlaced(x, y);
    set(x, y, kEmpty);
    return v;
  }

 private:
  static constexpr int kDx[4] = {1, 0, 1, 1};
  static constexpr int kDy[4] = {0, 1, 1, -1};

  bool Inside(int x, int y) const { return x >= 0 && y >= 0 && x < size_ && y < size_; }

  int RunLength(int x, int y, int d) const {
    int n = 1;
    for (int s = -1; s <= 1; s += 2)
      for (int k = 1; at(x + s * k * kDx[d], y + s * k * kDy[d]) == kBlack; ++k) ++n;
    return n;
  }

  bool ExactFiveAt(int x, int y) const {
    for (int d = 0; d < 4; ++d)
      if (RunLength(x, y, d) == 5) return true;
    return false;
  }

  // Empty points on line d through (x, y) that would make an exact five containing (x, y).
  std::vector<int> FivePoints(int x, int y, int d) {
    std::vector<int> ks;
    for (int k = -5; k <= 5; ++k) {
      int qx = x + k * kDx[d], qy = y + k * kDy[d];
      if (k == 0 || at(qx, qy) != kEmpty) continue;
      set(qx, qy, kBlack);
      // The five must contain both q and (x, y): the run through q covers (x, y).
      int lo = 0, hi = 0;
      while (at(qx + (lo - 1) * kDx[d], qy + (lo - 1) * kDy[d]) == kBlack) --lo;
      while (at(qx + (hi + 1) * kDx[d], qy + (hi + 1) * kDy[d]) == kBlack) ++hi;
      if (hi - lo + 1 == 5 && -k >= lo && -k <= hi) ks.push_back(k);
      set(qx, qy, kEmpty);
    }
    return ks;
  }

  int FoursOnLine(int x, int y, int d) {
    std::vector<int> ks = FivePoints(x, y, d);
    if (ks.size() == 2 && ks[1] - ks[0] == 5) return 1;  // one straight four
    return static_cast<int>(ks.size());
  }

  bool IsStraightFour(int x, int y, int d) {
    std::vector<int> ks = FivePoints(x, y, d);
    return ks.size() == 2 && ks[1] - ks[0] == 5;
  }

  // With Black on (x, y): does line d hold a real three through it?
  bool RealThree(int x, int y, int d) {
    for (int k = -4; k <= 4; ++k) {
      int qx = x + k * kDx[d], qy = y + k * kDy[d];
      if (k == 0 || at(qx, qy) != kEmpty) continue;
      set(qx, qy, kBlack);
      bool straight = IsStraightFour(x, y, d) && !ExactFiveAt(qx, qy);
      bool legal = straight && JudgePlaced(qx, qy) == kLegal;
      set(qx, qy, kEmpty);
      if (legal) return true;
    }
    return false;
  }

  Verdict JudgePlaced(int x, int y) {
    if (ExactFiveAt(x, y)) return kFive;
    for (int d = 0; d < 4; ++d)
      if (RunLength(x, y, d) >= 6) return kOverline;
    int fours = 0;
    for (int d = 0; d < 4; ++d) fours += FoursOnLine(x, y, d);
    if (fours >= 2) return kDoubleFour;
    int threes = 0;
    for (int d = 0; d < 4 && threes < 2; ++d)
      threes += FoursOnLine(x, y, d) == 0 && RealThree(x, y, d);
    return threes >= 2 ? kDoubleThree : kLegal;
  }

  int size_;
  std::vector<int> cells_;
};

}  // namespace sente::testing
