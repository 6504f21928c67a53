// The adyn command-line tool: see `adyn --help` and docs/.
#include <sys/personality.h>
#include <unistd.h>

#include <iostream>

#include "adyn/cli/cli.hpp"

int main(int argc, char** argv) {
  // GiNaC orders the terms of sums and products by hash values that mix in the address of its
  // class information, so under address-space randomization the printed equations (and the
  // generated C, and with it the compiled-code cache key) change from run to run. The tool
  // re-executes itself once without randomization, as `setarch -R` would; if that is refused it
  // runs as it is.
  const int persona = personality(0xffffffff);
  if (persona != -1 && !(persona & ADDR_NO_RANDOMIZE) && personality(persona | ADDR_NO_RANDOMIZE) != -1)
    execv("/proc/self/exe", argv);
  std::vector<std::string> args(argv + 1, argv + argc);
  return adyn::cli::run(args, std::cout, std::cerr);
}
