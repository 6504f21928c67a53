#pragma once
// The `adyn` command line, as a library function so that tests can run it.
#include <ostream>
#include <string>
#include <vector>

namespace adyn::cli {

/// Runs the command line `args` (without the program name). Returns the exit status: 0 on
/// success, 1 on a model or evaluation error (message on `err`), 2 on a usage error.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace adyn::cli
