// Entry points of pbrain-sente: the Gomocup protocol and the command-line subcommands.
// Each takes the arguments after its name and returns the process exit status.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace sente {

using Args = std::vector<std::string>;

int RunProtocol(std::istream& in, std::ostream& out);  // no subcommand: Gomocup on stdin/stdout
int RunForbid(const Args& args, std::istream& in, std::ostream& out);
int RunBench(const Args& args, std::ostream& out);
int RunSolve(const Args& args, std::ostream& out);
int RunAnalyze(const Args& args, std::ostream& out);
int RunMatch(const Args& args, std::ostream& out);
int RunTune(const Args& args, std::ostream& out);

}  // namespace sente
