// The same input gives byte-identical output in separate processes, with address-space
// randomization on (as the system has it): GiNaC orders operands by addresses, adyn by the
// canonical order (include/adyn/symbolic/canonical_order.hpp), and numbers are exact (a decimal as
// written), so that nothing rounds in GiNaC's order. And so the compiled-code cache hits in a
// second process.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

// The command's output (with the file it writes, if any) is the same in `runs` processes.
void expect_same_bytes(const std::string& arguments, const std::string& written = "", int runs = 3) {
  auto run = [&] {
    if (!written.empty()) fs::remove(written);
    std::string out = output_of(tool(arguments) + " 2>&1");
    if (!written.empty()) out += adyn::test::read_text(written);
    return out;
  };
  const std::string first = run();
  ASSERT_GT(first.size(), 100u) << arguments;
  for (int k = 2; k <= runs; ++k) EXPECT_EQ(run(), first) << arguments << ", run " << k;
}

}  // namespace

TEST(Determinism, DeriveGivesTheSameBytesInSeparateProcesses) {
  const std::string four_bar = adyn::test::example("four_bar_linkage.yaml");
  for (const char* format : {"text", "latex", "c", "json"})
    for (const char* method : {"kane", "lagrange"}) expect_same_bytes("derive " + four_bar + " -m " + method + " -f " + format);
  expect_same_bytes("derive " + four_bar + " -m hamilton");
  for (const char* method : {"kane", "maggi"})
    expect_same_bytes("derive " + adyn::test::example("whipple_bicycle.yaml") + " -f c -m " + method);
  // A robot's, by its tree's recursions (numbers from the description: decimals, exact).
  const std::string ur5 = adyn::test::robot("ur5_robot.urdf");
  for (const char* format : {"text", "latex", "c", "json"}) expect_same_bytes("derive " + ur5 + " -m kane -f " + format);
}

// The four-bar linearized where its dependent angles are doubles (made exact, their products grow
// past 2^53 and are shown as decimals): GiNaC recombined such numbers in its order of operands while
// they were shown, and K and C had an exact integer in one run, a float in the next (2 texts in 3).
TEST(Determinism, LinearizeAtDependentCoordinatesGivesTheSameBytesInSeparateProcesses) {
  const std::string four_bar = adyn::test::example("four_bar_linkage.yaml");
  expect_same_bytes("linearize " + four_bar, "", 6);
  for (const char* format : {"latex", "json"}) expect_same_bytes("linearize " + four_bar + " -f " + format);
}

// The bicycle leaning (phi = 0.1, its pitch a root of a huge rational there): GiNaC's evaluation
// rewrote such a root, (a/b)^(1/2) as a^(1/2) b^(−1/2), after sym::exact_numbers had judged the
// power, so the roots of 33-digit integers stayed symbolic, and what cancels against them rounded by
// GiNaC's order of terms: the state matrix's last bits, and the yaw's double zero eigenvalue (split
// to ±3e-13 or not), changed from run to run.
TEST(Determinism, EigenvaluesAwayFromTheUprightAreTheSameBytesInSeparateProcesses) {
  expect_same_bytes("eigen " + adyn::test::example("whipple_bicycle.yaml") + " --at phi=0.1 --json", "", 4);
}

// examples/two_link_arm.urdf by every method that applies (the fundamental equation is for
// particles). A robot description's inertias were handed to GiNaC as doubles, floats that it sums
// in its order of operands: Gauss's and Maggi's equations (among others) differed in their last
// digits in every run.
TEST(Determinism, DeriveOfARobotDescriptionByEveryMethodIsTheSameBytesInSeparateProcesses) {
  const std::string arm = adyn::test::example("two_link_arm.urdf");
  for (const char* method :
       {"lagrange", "kane", "gibbs-appell", "maggi", "boltzmann-hamel", "gauss", "udwadia-kalaba", "hamilton"})
    expect_same_bytes("derive " + arm + " -m " + method);
}

// Solo-12's C by Kane's method (its gathered M and F, then common subexpressions): with float
// inertias, coefficients that round differently were shared differently, and the C differed in
// every run.
TEST(Determinism, CodegenOfARobotIsTheSameBytesInSeparateProcesses) {
  const std::string solo = adyn::test::robot("solo12.urdf");
  const std::string c = adyn::test::temporary_file("solo12.c");
  expect_same_bytes("codegen " + solo + " -m kane -o " + c, c);
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
  const auto built = adyn::test::file_identity(libraries()[0]);
  const std::string second = output_of(command + " 2>&1");
  EXPECT_EQ(second.find("warning"), std::string::npos) << second;
  ASSERT_EQ(libraries().size(), 1u);
  EXPECT_EQ(adyn::test::file_identity(libraries()[0]), built);  // not compiled again
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

namespace {

// A robot-like spatial tree, as a humanoid's URDF converted by hand: a torso of 2 bodies on the
// base, a head of 2 and two arms of 8 on the torso, two legs of 6 on the base (32 bodies; the
// first `bodies` of them). Each joint is a frame turned by fixed roll-pitch-yaw angles (decimals
// such as 1.57079632679) and a revolute joint about an axis of it, at an offset in the parent's
// joint frame; each body has a full inertia tensor.
std::string robot_tree(int bodies) {
  struct Branch {
    int on, length;  // on: the branch whose last body carries it, −1 for the base
  };
  const Branch branches[] = {{-1, 2}, {0, 2}, {0, 8}, {0, 8}, {-1, 6}, {-1, 6}};
  const char* rpy[] = {"0, 0, 0", "1.57079632679, 0, 0", "0, -1.57079632679, 0", "-1.57079632679, 0, 0", "0, 0, 1.57079632679"};
  const char* axes[] = {"z", "y", "x", "-z", "-y"};
  std::ostringstream coordinates, initial, frames, points, masses;
  auto named = [](const char* prefix, int i) { return std::string(prefix).append(std::to_string(i)); };  // (GCC 12's -Wrestrict)
  std::vector<int> last;
  int k = 0;
  for (const auto& branch : branches) {
    int parent = branch.on < 0 ? -1 : last[static_cast<std::size_t>(branch.on)];
    for (int j = 0; j < branch.length && k < bodies; ++j, parent = k++) {
      const std::string n = std::to_string(k), P = parent < 0 ? "N" : named("B", parent), from = parent < 0 ? "O" : named("J", parent);
      coordinates << (k ? ", " : "") << "q" << n;
      initial << (k ? ", " : "") << "q" << n << ": " << 0.1 * (k % 5 - 2);
      frames << "  - {name: F" << n << ", parent: " << P << ", space_fixed: \"123\", angles: [" << rpy[k % 5] << "]}\n"
             << "  - {name: B" << n << ", parent: F" << n << ", axis: " << axes[k % 5] << ", angle: q" << n << "}\n";
      points << "  - {name: J" << n << ", from: " << from << ", position: {" << P << ": [" << 0.013 * (k % 4) - 0.02 << ", "
             << 0.05 + 0.011 * (k % 3) << ", " << 0.1 + 0.0071 * k << "]}}\n"
             << "  - {name: C" << n << ", from: J" << n << ", position: {B" << n << ": [0.012, " << -0.003 * (k % 4) << ", "
             << 0.06 + 0.002 * k << "]}}\n";
      const double xy = 0.0004 * (k % 3) - 0.0003, yz = 0.0001 - 0.0002 * (k % 4), zx = 0.00015 * (k % 5) - 0.0003;
      masses << "  - {name: link" << n << ", mass_center: C" << n << ", frame: B" << n << ", mass: " << 1 + 0.13 * (k % 7)
             << ", inertia: [[" << 0.02 + 0.001 * k << ", " << xy << ", " << zx << "], [" << xy << ", " << 0.025 + 0.0013 * k
             << ", " << yz << "], [" << zx << ", " << yz << ", " << 0.018 + 0.0009 * k << "]]}\n";
    }
    last.push_back(k - 1);
  }
  std::ostringstream model;
  model << "name: robot tree\nparameters: {g: 9.81}\ncoordinates: [" << coordinates.str() << "]\nframes:\n" << frames.str()
        << "points:\n" << points.str() << "bodies:\n" << masses.str() << "gravity: {N: [0, 0, -g]}\ninitial: {"
        << initial.str() << "}\nsimulation: {t_end: 0.02, output_step: 0.01, method: kane}\n";
  return model.str();
}

std::string written_model(const std::string& name, const std::string& text) {
  const std::string path = adyn::test::temporary_file(name);
  std::ofstream(path) << text;
  return path;
}

}  // namespace

// The 32-body tree is integrated by the articulated-body algorithm: its C, as `simulate --backend
// native` hands it to the compiler in translation units (here a stand-in that keeps each unit,
// compiles nothing and fails to link, so that the tape integrates and no compiler runs for long),
// and the trajectory are the same bytes in three processes. (They differed from run to run while decimals were floats, rounded in GiNaC's order of
// operands, and the canonical order keyed −1 and −1.0, one number to GiNaC, by whichever it met
// first: robots' C came in one of two variants, about 1 run in 4.)
TEST(Determinism, RobotTreeArticulatedBodyCodeAndTrajectoryAreTheSameBytesInSeparateProcesses) {
  const std::string yaml = written_model("robot.yaml", robot_tree(32)), compiler = adyn::test::temporary_file("cc.sh"),
                    csv = adyn::test::temporary_file("robot.csv");
  const fs::path units = adyn::test::temporary_file("robot-units");
  std::ofstream(compiler) << "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in *.c) cp \"$a\" '" << units.string()
                          << "';; esac; done\ncase \" $* \" in *\" -c \"*) exit 0;; esac\nexit 1\n";
  fs::permissions(compiler, fs::perms::owner_all);
  const fs::path cache = fs::path(::testing::TempDir()) / "adyn-determinism-robot-cache";
  fs::remove_all(cache);
  const std::string run = "simulate " + yaml + " --backend native -o " + csv;
  auto bytes = [&] {
    fs::remove_all(units);
    fs::create_directory(units);
    std::string out = output_of("CC=" + compiler + " ADYN_CACHE_DIR=" + cache.string() + " " + tool(run) + " 2>&1");
    std::set<fs::path> kept;  // unit0.c, unit1.c, ...: in order of their names
    for (const auto& f : fs::directory_iterator(units)) kept.insert(f.path());
    for (const auto& f : kept) out += f.filename().string() + "\n" + adyn::test::read_text(f.string());
    return out + adyn::test::read_text(csv);
  };
  const std::string first = bytes();
  // The articulated-body algorithm's outputs (u̇, q̇, pivots and their scales: 4 × 32), in parts.
  ASSERT_NE(first.find("out[127] ="), std::string::npos) << first.substr(0, 2000);
  EXPECT_EQ(first.find("out[128] ="), std::string::npos);
  EXPECT_NE(first.find("void adyn_native_part1("), std::string::npos);
  for (int k = 2; k <= 3; ++k) EXPECT_EQ(bytes(), first) << "run " << k;
}

// The mass-matrix form of the tree's first 6 bodies (torso, head, an upper arm): while its decimals
// were floating-point numbers, which GiNaC adds and multiplies in its order of operands, sums rounded
// differently and `codegen` differed in every run.
TEST(Determinism, CodegenOfATreeWithDecimalNumbersIsTheSameBytesInSeparateProcesses) {
  const std::string yaml = written_model("arm.yaml", robot_tree(6)), c = adyn::test::temporary_file("arm.c"),
                    csv = adyn::test::temporary_file("arm.csv");
  expect_same_bytes("codegen " + yaml + " -o " + c, c);
  expect_same_bytes("simulate " + yaml + " --mass-matrix -o " + csv, csv);
}
