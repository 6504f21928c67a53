// Interruption: Ctrl-C (SIGINT), SIGTERM and SIGHUP. During the integration the trajectory so far is
// written, complete and marked as cut short; during any other stage the tool ends within a second,
// saying which stage, writing nothing and leaving no temporary file. The tool runs on a pseudo-
// terminal, and each test waits for what the tool shows there — the progress bar, a long stage's
// name — before it interrupts, never for a fixed time.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_support.hpp"
#include "hostile_models.hpp"
#include "tool_process.hpp"

namespace {

namespace fs = std::filesystem;
using adyn::test::example;
using adyn::test::ToolProcess;

// A fresh directory for one run's files.
fs::path fresh_directory(const std::string& name) {
  const fs::path dir = adyn::test::temporary_file(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::size_t files_in(const fs::path& dir) {
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) files += entry.is_regular_file();
  return files;
}

// The relative-angle chain, whose Lagrange equations take minutes to derive.
std::string slow_model(const fs::path& dir) {
  const auto path = (dir / "chain.yaml").string();
  std::ofstream(path) << adyn::test::chain_model(40);
  return path;
}

// Interrupts `tool` (Ctrl-C typed on its terminal, or `signal` sent) and returns its exit status,
// with the seconds from the signal to the exit in `seconds`.
int interrupt(ToolProcess& tool, int signal, double& seconds) {
  const auto start = std::chrono::steady_clock::now();
  signal == SIGINT ? tool.type_ctrl_c() : tool.send(signal);
  const int status = tool.wait(30);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return status;
}

// A long run interrupted during the integration writes the trajectory so far, completely (written
// aside and renamed), with the mark of a run cut short as its last line; says so; and exits with
// 128 + the signal. No temporary file is left. SIGHUP (the terminal closed) is handled like SIGTERM.
TEST(Interruption, SignalsDuringTheIntegrationKeepTheTrajectorySoFar) {
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    const fs::path dir = fresh_directory("signal" + std::to_string(signal_number));
    const std::string out = (dir / "long.csv").string();
    ToolProcess tool({"simulate", example("double_pendulum.yaml"), "--t-end", "1e5", "--dt", "1", "-o", out});
    ASSERT_TRUE(tool.wait_for("simulate [", 60)) << "no progress bar:\n" << tool.shown();
    double seconds = 0;
    EXPECT_EQ(interrupt(tool, signal_number, seconds), 128 + signal_number) << tool.shown();
    EXPECT_NE(tool.shown().find("adyn: interrupted at t = "), std::string::npos) << tool.shown();
    EXPECT_NE(tool.shown().find("the trajectory so far was written"), std::string::npos) << tool.shown();
    const auto csv = adyn::test::read_text(out);
    EXPECT_EQ(csv.rfind("t,q1,q2,q1_d,q2_d,energy,violation\n0,", 0), 0u) << csv.substr(0, 80);
    EXPECT_GT(std::count(csv.begin(), csv.end(), '\n'), 100);
    const auto last = csv.substr(csv.rfind('\n', csv.size() - 2) + 1);
    EXPECT_EQ(last.rfind("# incomplete: interrupted at t = ", 0), 0u) << last;
    EXPECT_EQ(csv.back(), '\n');
    EXPECT_EQ(files_in(dir), 1u) << "a temporary file was left beside the output";
  }
}

// The JSON of an interrupted run says so in its summary.
TEST(Interruption, AnInterruptedJsonTrajectorySaysSo) {
  const fs::path dir = fresh_directory("json");
  const std::string out = (dir / "long.json").string();
  ToolProcess tool({"simulate", example("double_pendulum.yaml"), "--t-end", "1e5", "--dt", "1", "-o", out});
  ASSERT_TRUE(tool.wait_for("simulate [", 60)) << tool.shown();
  double seconds = 0;
  EXPECT_EQ(interrupt(tool, SIGTERM, seconds), 143) << tool.shown();
  const auto json = adyn::test::read_text(out);
  EXPECT_NE(json.find("\"summary\": {\"completed\": false, \"interrupted\": true, \"stop_reason\": \"interrupted at t = "),
            std::string::npos)
      << json.substr(0, 300);
}

// Ctrl-C during a derivation (which GiNaC cannot cancel) ends the tool within a second, naming the
// stage; nothing is written. (By Gauss's principle: Lagrange's equations of the chain, a tree, are
// printed as its recursions compute them, in a second.)
TEST(Interruption, CtrlCEndsADerivationWithinASecond) {
  const fs::path dir = fresh_directory("derive");
  ToolProcess tool({"derive", slow_model(dir), "-m", "gauss"});
  ASSERT_TRUE(tool.wait_for("adyn: derivation ...", 60)) << "the long stage was not shown:\n" << tool.shown();
  double seconds = 0;
  EXPECT_EQ(interrupt(tool, SIGINT, seconds), 130) << tool.shown();
  EXPECT_LT(seconds, 1.0);
  EXPECT_NE(tool.shown().find("adyn: interrupted during derivation; nothing was written"), std::string::npos)
      << tool.shown();
  EXPECT_EQ(tool.shown().find("Equations of motion"), std::string::npos) << tool.shown();
}

// Ctrl-C during simulate's set-up (here the derivation of M u' = F) ends it within a second; no
// output, no temporary file.
TEST(Interruption, CtrlCEndsTheSetUpOfASimulationWithinASecond) {
  const fs::path dir = fresh_directory("setup");
  const auto model = slow_model(dir);
  ToolProcess tool({"simulate", model, "--mass-matrix", "-o", (dir / "run.csv").string()});
  ASSERT_TRUE(tool.wait_for("adyn: derivation ...", 60)) << tool.shown();
  double seconds = 0;
  EXPECT_EQ(interrupt(tool, SIGINT, seconds), 130) << tool.shown();
  EXPECT_LT(seconds, 1.0);
  EXPECT_NE(tool.shown().find("adyn: interrupted during derivation; nothing was written"), std::string::npos)
      << tool.shown();
  EXPECT_EQ(files_in(dir), 1u) << "only the model should be there";
}

// SIGTERM while the C compiler builds the generated code: the tool ends within a second, the
// compiler is killed and its files (in a working directory of its own) are removed from the cache
// directory.
TEST(Interruption, SigtermDuringCodeGenerationKillsTheCompilerAndRemovesItsFiles) {
  if (!adyn::test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  const fs::path dir = fresh_directory("codegen"), cache = dir / "cache";
  const auto model = (dir / "chain.yaml").string();
  std::ofstream(model) << adyn::test::chain_model(200);
  fs::create_directories(cache);
  fs::permissions(cache, fs::perms::owner_all);
  setenv("ADYN_CACHE_DIR", cache.c_str(), 1);
  ToolProcess tool({"simulate", model, "--backend", "native", "--t-end", "0.01", "-o", (dir / "run.csv").string()});
  unsetenv("ADYN_CACHE_DIR");
  ASSERT_TRUE(tool.wait_for("adyn: code generation ...", 60)) << tool.shown();
  double seconds = 0;
  EXPECT_EQ(interrupt(tool, SIGTERM, seconds), 143) << tool.shown();
  EXPECT_LT(seconds, 1.0);
  EXPECT_NE(tool.shown().find("adyn: interrupted during code generation; nothing was written"), std::string::npos)
      << tool.shown();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // a compiler left running would write by now
  EXPECT_TRUE(fs::is_empty(cache)) << "the compiler's files were left in the cache";
  EXPECT_EQ(files_in(dir), 1u) << "only the model should be there";
}

// Whether process `pid` has ended (gone, or a zombie no one has reaped yet).
bool ended(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string id, name, state;
  return !(stat >> id >> name >> state) || state == "Z";
}

// The compilers' own children (cc1 and as under a driver) are killed with them: here stand-in
// compilers, one per unit of the generated C, each waiting for a child of its own that sleeps and
// writing that child's process id. The sleepers ignore SIGHUP, which the end of the terminal's
// session would otherwise send them.
TEST(Interruption, SigtermDuringCodeGenerationKillsTheCompilersChildrenToo) {
  const fs::path dir = fresh_directory("codegen-children"), cache = dir / "cache", sleepers = dir / "sleepers";
  const auto model = (dir / "chain.yaml").string(), compiler = (dir / "cc.sh").string();
  std::ofstream(model) << adyn::test::chain_model(200);
  std::ofstream(compiler) << "#!/bin/sh\ntrap '' HUP\nsleep 30 &\necho $! >> '" << sleepers.string() << "'\nwait\n";
  fs::permissions(compiler, fs::perms::owner_all);
  fs::create_directories(cache);
  fs::permissions(cache, fs::perms::owner_all);
  const char* cc = std::getenv("CC");
  const std::string saved = cc ? cc : "";
  setenv("ADYN_CACHE_DIR", cache.c_str(), 1);
  setenv("CC", compiler.c_str(), 1);
  ToolProcess tool({"simulate", model, "--backend", "native", "--t-end", "0.01", "-o", (dir / "run.csv").string()});
  unsetenv("ADYN_CACHE_DIR");
  if (saved.empty()) unsetenv("CC");
  else setenv("CC", saved.c_str(), 1);
  ASSERT_TRUE(tool.wait_for("adyn: code generation ...", 60)) << tool.shown();
  for (int k = 0; k < 600 && (!fs::exists(sleepers) || fs::file_size(sleepers) == 0); ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(fs::exists(sleepers)) << "no compiler started: " << tool.shown();
  double seconds = 0;
  EXPECT_EQ(interrupt(tool, SIGTERM, seconds), 143) << tool.shown();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  std::ifstream written(sleepers);
  int count = 0;
  for (std::string pid; written >> pid; ++count) EXPECT_TRUE(ended(pid)) << "a compiler's child " << pid << " still runs";
  EXPECT_GT(count, 0);
  EXPECT_TRUE(fs::is_empty(cache)) << "the compilers' files were left in the cache";
}

}  // namespace
