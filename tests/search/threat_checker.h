// Checkers of the threat solvers' answers, written with the rules core alone (Board,
// MakesFive, JudgeMove, IsForbidden), never the solvers' move logic: a line played out move
// by move, and a brute force that tries every defender reply to a claimed win.
#pragma once

#include <string>
#include <vector>

#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "protocol/io/puzzle_file.h"
#include "search/threat.h"
#include "tests/test_util.h"

namespace sente::testing {

inline std::vector<Pos> FivePointsOf(Board& board, Color c) {
  std::vector<Pos> out;
  for (Pos p : board.points()) {
    if (board.IsEmpty(p) && JudgeMove(board, p, c) == MoveVerdict::kWin) out.push_back(p);
  }
  return out;
}

// After the attacker's move: does the attacker win whatever the defender does next? True
// with two five points, or with one that Black may not block; the defender has no five.
inline bool UnstoppableFive(Board& board, Color attacker) {
  Color defender = Opponent(attacker);
  if (!FivePointsOf(board, defender).empty()) return false;
  std::vector<Pos> fives = FivePointsOf(board, attacker);
  if (fives.size() >= 2) return true;
  return fives.size() == 1 && JudgeMove(board, fives[0], defender) == MoveVerdict::kForbidden;
}

// A legal attacker move after which UnstoppableFive holds (a straight four or a double four).
inline bool HasWinningFour(Board& board, Color attacker) {
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p) || JudgeMove(board, p, attacker) != MoveVerdict::kNormal) continue;
    board.Place(p, attacker);
    bool wins = UnstoppableFive(board, attacker);
    board.Undo();
    if (wins) return true;
  }
  return false;
}

// Plays a claimed line and checks it with the rules: every move legal; after an attacker
// four, the defender's reply is the single block; the defender never has a five to play;
// when the defender's reply makes a four, the attacker's next move blocks it. For VCF every
// attacker move is a four and the final position is an unstoppable five threat; for VCT
// the final position leaves the attacker a winning four or an unstoppable five.
inline ::testing::AssertionResult PlaysOut(Board board, Color attacker,
                                           const std::vector<Pos>& line, bool vcf) {
  const int h = board.height();
  Color defender = Opponent(attacker);
  if (line.empty() || line.size() % 2 == 0)
    return ::testing::AssertionFailure() << "line must end with an attacker move";
  for (size_t i = 0; i < line.size(); ++i) {
    const Pos p = line[i];
    const bool attacker_move = i % 2 == 0;
    const Color mover = attacker_move ? attacker : defender;
    const std::string where = "move " + std::to_string(i + 1) + " " + FormatRenju(p, h) + ": ";
    MoveVerdict verdict = JudgeMove(board, p, mover);
    if (verdict == MoveVerdict::kIllegal || verdict == MoveVerdict::kForbidden)
      return ::testing::AssertionFailure() << where << "not a legal move";
    if (verdict == MoveVerdict::kWin) {
      if (i + 1 == line.size() && attacker_move && line.size() == 1)
        return ::testing::AssertionSuccess();  // a five on the board already
      return ::testing::AssertionFailure() << where << "a five inside the line";
    }
    std::vector<Pos> opponent_fives = FivePointsOf(board, Opponent(mover));
    if (!FivePointsOf(board, mover).empty())
      return ::testing::AssertionFailure() << where << "the mover could have made five";
    if (opponent_fives.size() >= 2)
      return ::testing::AssertionFailure() << where << "the opponent has two fives";
    if (opponent_fives.size() == 1 && opponent_fives[0] != p)
      return ::testing::AssertionFailure() << where << "does not block the opponent's four";
    board.Place(p, mover);
    if (attacker_move) {
      std::vector<Pos> fives = FivePointsOf(board, attacker);
      if (vcf && fives.empty()) return ::testing::AssertionFailure() << where << "not a four";
      if (i + 1 == line.size()) {
        if (UnstoppableFive(board, attacker)) return ::testing::AssertionSuccess();
        if (!vcf && FivePointsOf(board, defender).empty() && fives.empty() &&
            HasWinningFour(board, attacker))
          return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << where << "the last threat can be stopped";
      }
      if (fives.size() == 1 && line[i + 1] != fives[0])
        return ::testing::AssertionFailure() << where << "the reply is not the forced block";
      if (fives.size() >= 2 ||
          (fives.size() == 1 && JudgeMove(board, fives[0], defender) == MoveVerdict::kForbidden))
        return ::testing::AssertionFailure() << where << "the line goes on after a won four";
    }
  }
  return ::testing::AssertionFailure() << "unreachable";
}

// Brute force: does the attacker (to move) win against every defence? The attacker's moves
// come from the solver under test (any forced win it finds), the defender tries every
// legal point of the board; `moves` bounds the attacker's moves.
inline bool AttackerWins(Board& board, Color attacker, int moves, uint64_t* oracle_calls);

inline bool DefenderLoses(Board& board, Color attacker, int moves, uint64_t* oracle_calls) {
  Color defender = Opponent(attacker);
  if (!FivePointsOf(board, defender).empty()) return false;
  std::vector<Pos> fives = FivePointsOf(board, attacker);
  if (fives.size() >= 2) return true;
  for (Pos p : board.points()) {
    if (!board.IsEmpty(p)) continue;
    if (JudgeMove(board, p, defender) == MoveVerdict::kForbidden) continue;  // Black loses
    if (fives.size() == 1 && p != fives[0]) continue;  // the attacker makes five next
    board.Place(p, defender);
    bool wins = AttackerWins(board, attacker, moves, oracle_calls);
    board.Undo();
    if (!wins) return false;
  }
  return true;
}

inline bool AttackerWins(Board& board, Color attacker, int moves, uint64_t* oracle_calls) {
  if (!FivePointsOf(board, attacker).empty()) return true;
  if (HasWinningFour(board, attacker)) return true;  // checked by the rules alone
  if (moves <= 0) return false;
  ++*oracle_calls;
  ThreatLimits limits;
  limits.max_nodes = 2'000'000;
  limits.max_attacker_moves = moves;
  ThreatResult r = FindVcf(board, attacker, limits);
  if (!r.win) r = FindVct(board, attacker, limits);
  if (!r.win) return false;
  Pos move = r.line[0];
  if (JudgeMove(board, move, attacker) != MoveVerdict::kNormal) return false;
  board.Place(move, attacker);
  bool wins = DefenderLoses(board, attacker, moves - 1, oracle_calls);
  board.Undo();
  return wins;
}

inline Board FromRows(const std::vector<std::string>& rows, Rule rule) {
  return testing::BoardFromDiagram(rule, rows);
}

inline std::vector<Puzzle> SharedPuzzles() {
  absl::StatusOr<std::vector<Puzzle>> puzzles = ReadPuzzleFile(testing::DataPath("vcf/cases.txt"));
  EXPECT_TRUE(puzzles.ok()) << puzzles.status();
  return puzzles.ok() ? *puzzles : std::vector<Puzzle>{};
}

}  // namespace sente::testing
