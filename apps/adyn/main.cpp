// The adyn command-line tool: see `adyn --help` and docs/.
#include <iostream>

#include "adyn/cli/cli.hpp"
#include "adyn/cli/standard_output.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  adyn::cli::StandardOutput standard_output;  // every write checked: a lost write fails the command
  std::ostream out(&standard_output);
  return adyn::cli::with_output_written(adyn::cli::run(args, out, std::cerr), standard_output, std::cerr);
}
