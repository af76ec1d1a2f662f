#include <iostream>

#include "protocol/analyze/command.h"
#include "protocol/cli/commands.h"
#include "protocol/gomocup/session.h"
#include "protocol/io/platform.h"
#include "protocol/match/entry.h"
#include "protocol/tune/command.h"

namespace {

constexpr const char* kUsage =
    "usage: pbrain-sente                 Gomocup protocol on stdin/stdout\n"
    "       pbrain-sente forbid [--size N]         Renju forbidden points of move lists on stdin\n"
    "       pbrain-sente analyze MOVES|--file F [options]   analyse a position\n"
    "       pbrain-sente solve FILE [--time-per-case MS]    solve VCF/VCT puzzles\n"
    "       pbrain-sente bench [--depth D]          fixed search benchmark with a node signature\n"
    "       pbrain-sente match [options]            play engines against each other\n"
    "       pbrain-sente tune PGN... [options]      fit the evaluation weights to game results\n"
    "Run a subcommand with --help for its options.\n";

}  // namespace

int main(int argc, char** argv) {
  sente::PrepareProcess();
  std::ios::sync_with_stdio(false);
  if (argc < 2) return sente::RunProtocol(std::cin, std::cout);
  std::string command = argv[1];
  sente::Args args(argv + 2, argv + argc);
  if (command == "forbid") return sente::RunForbid(args, std::cin, std::cout);
  if (command == "analyze" || command == "analyse") return sente::RunAnalyze(args, std::cout);
  if (command == "solve") return sente::RunSolve(args, std::cout);
  if (command == "bench") return sente::RunBench(args, std::cout);
  if (command == "match") return sente::RunMatch(args, std::cout);
  if (command == "tune") return sente::RunTune(args, std::cout);
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << kUsage;
    return 0;
  }
  std::cerr << "pbrain-sente: unknown command '" << command << "'\n" << kUsage;
  return 2;
}
