#pragma once
// The `adyn` command line, as a library function so that tests can run it in process. The
// subcommands are in commands.hpp; docs/cli.md is the reference.
#include <ostream>
#include <string>
#include <vector>

namespace adyn::cli {

/// Runs the command line `args` (without the program name), writing results to `out` and
/// messages to `err`. Returns the exit status: 0 on success (and for --help), 2 on bad input (a
/// usage error, or an adyn::ModelError: the model file or the model it describes), 1 when the run
/// fails (a singular state, an expression that cannot be evaluated, a simulation that stopped,
/// formulations that disagree, any other error).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace adyn::cli
