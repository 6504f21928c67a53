// The same input gives byte-identical output in separate processes, with address-space
// randomization on (as the system has it): GiNaC orders operands by addresses, adyn by the
// canonical order (include/adyn/symbolic/canonical_order.hpp). And so the compiled-code cache hits
// in a second process.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;

std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

std::string tool(const std::string& arguments) { return std::string(ADYN_CLI_PATH) + " " + arguments; }

// The command's output (with the file it writes, if any) is the same in three processes.
void expect_same_bytes(const std::string& arguments, const std::string& written = "") {
  auto run = [&] {
    if (!written.empty()) fs::remove(written);
    std::string out = output_of(tool(arguments) + " 2>&1");
    if (!written.empty()) out += adyn::test::read_text(written);
    return out;
  };
  const std::string first = run();
  ASSERT_GT(first.size(), 100u) << arguments;
  for (int k = 2; k <= 3; ++k) EXPECT_EQ(run(), first) << arguments << ", run " << k;
}

}  // namespace

TEST(Determinism, DeriveGivesTheSameBytesInSeparateProcesses) {
  const std::string four_bar = adyn::test::example("four_bar_linkage.yaml");
  for (const char* format : {"text", "latex", "c", "json"})
    for (const char* method : {"kane", "lagrange"}) expect_same_bytes("derive " + four_bar + " -m " + method + " -f " + format);
  expect_same_bytes("derive " + four_bar + " -m hamilton");
  for (const char* method : {"kane", "maggi"})
    expect_same_bytes("derive " + adyn::test::example("whipple_bicycle.yaml") + " -f c -m " + method);
}

TEST(Determinism, CodegenAndTrajectoriesAreTheSameBytesInSeparateProcesses) {
  const std::string c = adyn::test::temporary_file("determinism.c"), csv = adyn::test::temporary_file("determinism.csv");
  expect_same_bytes("codegen " + adyn::test::example("heavy_symmetric_top.yaml") + " -o " + c, c);
  for (const char* model : {"four_bar_linkage.yaml", "double_pendulum.yaml", "angeles_e6_rolling_disk.yaml"})
    expect_same_bytes("simulate " + adyn::test::example(model) + " -o " + csv, csv);
}

// A 45-link planar chain: its C function is split into parts sharing a workspace
// (sym::c_function), numbered the same in every process, so the compiled-code cache hits too.
TEST(Determinism, SplitCCodeIsTheSameBytesInSeparateProcesses) {
  std::ostringstream coordinates, frames, points, particles;
  for (int i = 1; i <= 45; ++i) {
    coordinates << (i > 1 ? ", " : "") << "q" << i;
    frames << "  - {name: A" << i << ", parent: N, axis: z, angle: q" << i << "}\n";
    points << "  - {name: P" << i << ", from: ";
    if (i > 1) points << "P" << i - 1;
    else points << "O";
    points << ", position: {A" << i << ": [0, -0.5, 0]}}\n";
    particles << "  - {name: bob" << i << ", point: P" << i << ", mass: 1}\n";
  }
  std::ostringstream model;
  model << "name: chain\nparameters: {g: 9.81}\ncoordinates: [" << coordinates.str() << "]\nframes:\n" << frames.str()
        << "points:\n" << points.str() << "particles:\n" << particles.str() << "gravity: {N: [0, -g, 0]}\n";
  const std::string yaml = adyn::test::temporary_file("chain45.yaml"), c = adyn::test::temporary_file("chain45.c");
  std::ofstream(yaml) << model.str();
  expect_same_bytes("codegen " + yaml + " -m kane -o " + c, c);
  EXPECT_NE(adyn::test::read_text(c).find("_part1("), std::string::npos);
}

namespace {

// `adyn simulate MODEL --backend native` twice with a fresh cache: one library, built by the first
// run and found by the second.
void expect_cache_hit_in_a_second_process(const std::string& model, const std::string& cache_name) {
  const fs::path cache = fs::path(::testing::TempDir()) / cache_name;
  fs::remove_all(cache);
  const std::string csv = adyn::test::temporary_file(cache_name + ".csv");
  const std::string command = "ADYN_CACHE_DIR=" + cache.string() + " " +
                              tool("simulate " + adyn::test::example(model) + " --backend native -o " + csv);
  auto libraries = [&] {
    std::vector<fs::path> out;
    for (const auto& f : fs::directory_iterator(cache))
      if (f.path().extension() == ".so") out.push_back(f.path());
    return out;
  };
  output_of(command + " 2>&1");
  ASSERT_EQ(libraries().size(), 1u);
  const auto built = fs::last_write_time(libraries()[0]);
  const std::string second = output_of(command + " 2>&1");
  EXPECT_EQ(second.find("warning"), std::string::npos) << second;
  ASSERT_EQ(libraries().size(), 1u);
  EXPECT_EQ(fs::last_write_time(libraries()[0]), built);
}

}  // namespace

TEST(Determinism, CompiledCodeCacheHitsInASecondProcess) {
  expect_cache_hit_in_a_second_process("four_bar_linkage.yaml", "adyn-determinism-cache");
}

// An unconstrained tree is integrated by the articulated-body algorithm: its C (the only library:
// M and F are not compiled) is the same bytes in every process, so the cache hits.
TEST(Determinism, ArticulatedBodyCodeCacheHitsInASecondProcess) {
  expect_cache_hit_in_a_second_process("double_pendulum.yaml", "adyn-determinism-tree-cache");
}
