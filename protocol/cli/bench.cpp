// `sente bench [--depth D]`: fixed positions searched to a fixed depth, single thread, fresh
// hash table. The signature (total nodes) depends on nothing but the code.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "engine/coord.h"
#include "protocol/cli/commands.h"
#include "search/search.h"

namespace sente {
namespace {

struct BenchPosition {
  Rule rule;
  int size;
  const char* moves;  // renju notation, Black first
};

// Middle-game positions from games, written as move lists.
constexpr BenchPosition kPositions[] = {
    {Rule::kFreestyle, 15, "h8 h9 i7 i9 g9 f10 f8 g8 i10 f7"},
    {Rule::kFreestyle, 15, "h8 i9 j8 i7 i8 k8"},
    {Rule::kFreestyle, 20, "j10 k11 l10 k9 k10 i10 j11 j9 l9 m8 m10 n10 j13 l12 i12 h13"},
    {Rule::kFreestyle, 20, "k10 k11 m12 l11 j11 l12 l9 m8 j10 l10 i12 h13 j12 j13"},
    {Rule::kStandard, 15, "h8 i8 j10 i9 i7 j11 j6 g9 j9 j7 k6 i10 k5 l4"},
    {Rule::kStandard, 15, "h8 g9 j9 g8 g7 g11 g12 i9 h10 h11 f11 j11 e10 h13"},
    {Rule::kRenju, 15, "h8 h9 h10 g10 f11 j7 k6 k7 l7 g7 h7 j5 j6 g9 g6 g11"},
    {Rule::kRenju, 15, "h8 i9 j10 i11 i8 i10 i12 j8 k7 j11 h9 h11 g11 l11 k11 g12"},
    {Rule::kRenju, 15, "h8 h9 i7 i9 g9 f10 f8 g8 i10 f7 h10 e7 j10 k10"},
};

constexpr int kDefaultDepth = 10;

}  // namespace

int RunBench(const Args& args, std::ostream& out) {
  if (WantsHelp(args)) {
    out << "usage: sente bench [--depth D]\n"
           "Searches fixed positions to depth D (default "
        << kDefaultDepth
        << ") with one thread and a fresh hash table, then prints the\n"
           "total nodes, the speed, and a signature that is identical on every machine.\n";
    return 0;
  }
  int depth = kDefaultDepth;
  ArgParser parser("bench");
  parser.AddInt("--depth", &depth, 1, 100);
  if (absl::Status s = parser.Parse(args); !s.ok()) {
    std::cerr << "bench: " << s.message() << "\n";
    return 2;
  }

  Searcher searcher(16u << 20);
  std::atomic<bool> stop{false};
  uint64_t total_nodes = 0;
  int64_t total_ms = 0;
  int index = 0;
  for (const BenchPosition& position : kPositions) {
    ++index;
    Board board(position.size, position.size, position.rule);
    absl::StatusOr<std::vector<Pos>> moves =
        ParseRenjuList(position.moves, position.size, position.size);
    if (!moves.ok()) {
      std::cerr << "bench: position " << index << ": " << moves.status().message() << "\n";
      return 1;
    }
    for (Pos p : *moves) {
      if (!board.IsEmpty(p)) {
        std::cerr << "bench: position " << index << ": occupied point "
                  << FormatRenju(p, position.size) << "\n";
        return 1;
      }
      board.Play(p);
    }
    searcher.ClearHash();
    SearchLimits limits;
    limits.max_depth = depth;
    auto start = std::chrono::steady_clock::now();
    SearchResult result = searcher.Think(board, board.SideToMove(), limits, stop);
    int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::steady_clock::now() - start)
                     .count();
    total_nodes += result.nodes;
    total_ms += us;
    out << "position " << std::setw(2) << index << "  " << std::setw(9) << RuleName(position.rule)
        << " " << position.size << "x" << position.size << "  best " << std::setw(3)
        << FormatRenju(result.best, position.size) << "  score " << std::setw(6) << result.score
        << "  nodes " << std::setw(10) << result.nodes << "  time " << std::setw(7) << us / 1000
        << " ms  speed " << std::setw(9) << (us > 0 ? result.nodes * 1000000 / us : 0) << " nps\n";
  }
  out << "\nNodes searched: " << total_nodes << "\n"
      << "Nodes/second: " << (total_ms > 0 ? total_nodes * 1000000 / total_ms : 0) << "\n"
      << "Signature: " << total_nodes << "\n";
  return 0;
}

}  // namespace sente
