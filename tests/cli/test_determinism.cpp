// The same input gives byte-identical output in separate processes, with address-space
// randomization on (the tool turns it off for itself: apps/adyn/main.cpp).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "cli_support.hpp"

namespace {

std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

}  // namespace

TEST(Determinism, DeriveGivesTheSameBytesInSeparateProcesses) {
  for (const char* model : {"double_pendulum.yaml", "four_bar_linkage.yaml", "whipple_bicycle.yaml"}) {
    const std::string command = std::string(ADYN_CLI_PATH) + " derive " + adyn::test::example(model) + " -m kane -f c";
    const std::string first = output_of(command);
    ASSERT_GT(first.size(), 100u) << command;
    for (int run = 0; run < 2; ++run) EXPECT_EQ(output_of(command), first) << model << ", run " << run + 2;
  }
}
