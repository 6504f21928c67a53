#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli_support.hpp"

namespace {

using adyn::test::example;
using adyn::test::run;

// The subcommands `adyn --help` lists (so that a new command is covered without editing the tests).
std::vector<std::string> subcommands() {
  auto help = run({"--help"}).out;
  std::istringstream lines(help.substr(help.find("Subcommands:")));
  std::vector<std::string> names;
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line) && line.size() > 2 && line.rfind("  ", 0) == 0 && line[2] != ' ') {
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.push_back(name);
  }
  return names;
}

}  // namespace

TEST(Cli, KinematicsOfRollingDiskExample) {
  auto r = run({"kinematics", example("rolling_disk.yaml")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Rolling disk"), std::string::npos);
  EXPECT_NE(r.out.find("omega"), std::string::npos);
  EXPECT_NE(r.out.find("Dstar"), std::string::npos);
  EXPECT_NE(r.out.find("partial velocity w.r.t. x_d"), std::string::npos) << r.out;
}

TEST(Cli, CheckEveryExample) {
  for (const char* name : {"rolling_disk.yaml", "double_pendulum.yaml", "angeles_rolling_disk.yaml"}) {
    auto r = run({"check", example(name)});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    r = run({"kinematics", example(name), "--latex"});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
  }
}

// Angeles Example 2.2.2 through the command line: two nonholonomic rolling rows, one holonomic
// with the integral z − r cos θ.
TEST(Angeles_E2_RollingDisk, ClassifyCommand) {
  auto r = run({"classify", example("angeles_rolling_disk.yaml")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("rolling x: nonholonomic"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("contact: holonomic"), std::string::npos) << r.out;
  // (the integral's value is checked in tests/analysis; GiNaC's term order varies between runs)
  EXPECT_NE(r.out.find("integral: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("configuration DOF 5, velocity DOF 3"), std::string::npos) << r.out;
}

TEST(Cli, DeriveDoublePendulumByEveryMethod) {
  for (const char* method : {"lagrange", "kane", "gibbs-appell", "maggi", "boltzmann-hamel", "gauss", "udwadia-kalaba",
                             "fundamental-equation", "hamilton"}) {
    auto r = run({"derive", example("double_pendulum.yaml"), "--method", method});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("M[1,1] = "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("F[2] = "), std::string::npos) << r.out;
  }
  EXPECT_NE(run({"derive", example("double_pendulum.yaml"), "-m", "hamilton"}).out.find("Hamiltonian H = "),
            std::string::npos);
  auto latex = run({"derive", example("double_pendulum.yaml"), "--format", "latex"});
  EXPECT_NE(latex.out.find("\\begin{aligned}"), std::string::npos) << latex.out;
  auto c = run({"derive", example("double_pendulum.yaml"), "-f", "c"});
  EXPECT_NE(c.out.find("void eom(const double* t, const double* q, const double* u, const double* p, double* M"),
            std::string::npos)
      << c.out;
  EXPECT_EQ(run({"derive", example("double_pendulum.yaml"), "--method", "hamel"}).status, 2);
}

TEST(Cli, DeriveNonidealConstraintByUdwadiaKalaba) {
  auto r = run({"derive", example("bead_on_wire.yaml"), "-m", "udwadia-kalaba"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Q^c_ni"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Coulomb friction mu = mu"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("G[1,2] = 1"), std::string::npos) << r.out;
}

TEST(Cli, SimulateWritesTheTrajectory) {
  auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "1", "--dt", "0.5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("t,q1,q2,q1_d,q2_d,energy,violation"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("simulated to t = 1"), std::string::npos) << r.err;
  const std::string path = ::testing::TempDir() + "adyn_bead.json";
  auto j = run({"simulate", example("bead_on_wire.yaml"), "-m", "udwadia-kalaba", "--t-end", "0.2", "-o", path});
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("written to"), std::string::npos) << j.out;
}

// A direction-cosine matrix in the coordinates that is a rotation at the initial state only: the
// run stops at the first sample where it is not one (exit 1), names the frame and the time, and
// writes the trajectory so far, marked where it stops.
TEST(Cli, SimulateStopsWhereAFrameIsNoLongerARotation) {
  const auto model = adyn::test::temporary_file("stretch.yaml"), out = adyn::test::temporary_file("stretch.csv");
  std::ofstream(model) << "name: stretching frame\ncoordinates: [q]\nframes:\n"
                          "  - {name: B, parent: N, dcm: [[cos(q), -sin(q), 0], [sin(q), cos(q), 0], [0, 0, 1 + q^2]]}\n"
                          "points:\n  - {name: P, from: O, position: {B: [1, 0, 0]}}\n"
                          "particles:\n  - {name: p, point: P, mass: 1}\ninitial: {q_d: 1}\n";
  const auto r = run({"simulate", model, "--dt", "0.25", "-o", out});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("adyn: error: frame 'B': its direction-cosine matrix is not a rotation at t = 0.25 (|CᵀC − I| = "
                       "0.128"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(adyn::test::read_text(out), "t,q,q_d,energy,violation\n0,0,1,0.5,0\n# incomplete: frame 'B': its "
                                         "direction-cosine matrix is not a rotation at t = 0.25 (|CᵀC − I| = 0.128906)\n");
}

// The run's step budget (--max-steps): the run stops after that many steps, exits with 1, names the
// budget and the time in the error, the summary and the trajectory's mark, and keeps the samples so far.
TEST(Cli, SimulateStopsAtItsStepBudget) {
  const auto csv = adyn::test::temporary_file("budget.csv"), json = adyn::test::temporary_file("budget.json");
  const auto r = run({"simulate", example("double_pendulum.yaml"), "--max-steps", "200", "-o", csv});
  EXPECT_EQ(r.status, 1) << r.err;
  const std::string reason = "the step budget of 200 steps (max steps) is spent at t = ";
  EXPECT_NE(r.err.find("adyn: error: " + reason), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(", before t_end = 10\n"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find(" samples, 200 steps, "), std::string::npos) << r.out;
  const auto text = adyn::test::read_text(csv);
  EXPECT_NE(text.find("\n# incomplete: " + reason), std::string::npos) << text;
  EXPECT_GT(std::count(text.begin(), text.end(), '\n'), 10);
  const auto j = run({"simulate", example("double_pendulum.yaml"), "--max-steps", "200", "-o", json});
  EXPECT_EQ(j.status, 1) << j.err;
  const auto object = nlohmann::json::parse(adyn::test::read_text(json));
  EXPECT_FALSE(object["summary"]["completed"].get<bool>());
  EXPECT_EQ(object["summary"]["steps"].get<long>(), 200);
  EXPECT_EQ(object["summary"]["stop_reason"].get<std::string>().rfind(reason, 0), 0u);
}

// The run's wall-clock budget (--max-time): a run of 10^6 s stops within a second, exits with 1,
// names the budget in the error and the trajectory's mark, and keeps the samples so far.
TEST(Cli, SimulateStopsAtItsTimeBudget) {
  const auto csv = adyn::test::temporary_file("time_budget.csv");
  const auto r = run({"simulate", example("double_pendulum.yaml"), "--t-end", "1e6", "--dt", "1", "--max-time", "0.2", "-o", csv});
  EXPECT_EQ(r.status, 1) << r.err;
  const std::string reason = "the time budget of 0.2 s (max time) is spent at t = ";
  EXPECT_NE(r.err.find("adyn: error: " + reason), std::string::npos) << r.err;
  const auto text = adyn::test::read_text(csv);
  EXPECT_NE(text.find("\n# incomplete: " + reason), std::string::npos) << text;
  EXPECT_GT(std::count(text.begin(), text.end(), '\n'), 10);
}

TEST(Cli, MissingFileIsAnErrorNotACrash) {
  auto r = run({"kinematics", "/nonexistent.yaml"});
  EXPECT_EQ(r.status, 2);  // bad input
  EXPECT_NE(r.err.find("/nonexistent.yaml"), std::string::npos);
}

// A model of kinematics alone (Kane's rolling disk: frames and points, no masses) is bad input for
// simulate: refused before the run, naming the model, and no trajectory file is written.
TEST(Cli, SimulatingAModelWithoutMassesIsRefusedNamingIt) {
  const auto csv = adyn::test::temporary_file("massless.csv");
  std::filesystem::remove(csv);
  const auto r = run({"simulate", example("rolling_disk.yaml"), "-o", csv});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("model 'Rolling disk (Kane E18)': has no particle and no rigid body"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(csv));
}

TEST(Cli, UsageErrors) {
  EXPECT_EQ(run({}).status, 2);
  EXPECT_EQ(run({"frobnicate"}).status, 2);
  EXPECT_EQ(run({"--help"}).status, 0);
  EXPECT_EQ(run({"check"}).status, 2);  // the model is required
  EXPECT_EQ(run({"check", example("double_pendulum.yaml"), "--frobnicate"}).status, 2);
  EXPECT_EQ(run({"compare", example("double_pendulum.yaml"), "--states", "0"}).status, 2);
  EXPECT_EQ(run({"simulate", example("double_pendulum.yaml"), "--plot", "out.pdf"}).status, 2);
  EXPECT_EQ(run({"codegen", example("double_pendulum.yaml"), "--name", "2fast"}).status, 2);
  auto r = run({"derive", example("double_pendulum.yaml"), "--format", "pdf"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--format"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.rfind("adyn: error: ", 0), 0u) << r.err;  // every usage error says so first
  // Ranges in plain words (CLI11's own check prints DBL_MAX in 309 digits), counts capped.
  r = run({"simulate", example("double_pendulum.yaml"), "--dt", "0"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "adyn: error: --dt: must be a positive number, not '0'");
  r = run({"equilibrium", example("double_pendulum.yaml"), "--scan", "1000000000"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not in range 0 to 10000"), std::string::npos) << r.err;
  r = run({"eigen", example("double_pendulum.yaml"), "--sweep", "g=1:2:1000000000"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("2 <= COUNT <= 100000"), std::string::npos) << r.err;
}

TEST(Cli, UnknownCommandsAndVersion) {
  auto r = run({"drive", example("double_pendulum.yaml")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "adyn: error: unknown command 'drive' (did you mean 'derive'?); the commands are listed by 'adyn --help'\n");
  r = run({"frobnicate"});
  EXPECT_EQ(r.err.rfind("adyn: error: unknown command 'frobnicate'; ", 0), 0u) << r.err;
  r = run({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("adyn ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find('.'), std::string::npos) << r.out;
}

TEST(Cli, HelpOfEverySubcommand) {
  const auto names = subcommands();
  for (const char* expected : {"check", "kinematics", "classify", "derive", "compare", "codegen", "simulate"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  for (const auto& name : names) {
    for (const char* flag : {"--help", "-h"}) {
      auto r = run({name, flag});
      EXPECT_EQ(r.status, 0) << name << " " << flag << ": " << r.err;
      EXPECT_NE(r.out.find("Usage: adyn " + name), std::string::npos) << r.out;
    }
  }
}

TEST(Cli, ExitCodes) {
  EXPECT_EQ(run({"check", example("double_pendulum.yaml")}).status, 0);
  EXPECT_EQ(run({"check", "/nonexistent.yaml"}).status, 2);                    // bad input
  EXPECT_EQ(run({"simulate", example("angeles_rolling_disk.yaml")}).status, 2);  // no mass: bad input
}

TEST(Cli, CheckSummarizesTheModel) {
  auto r = run({"check", example("double_pendulum.yaml")});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* line : {"System: Double pendulum", "Coordinates q (2): q1, q2", "Generalized speeds u = q' (2): q1_d, q2_d",
                           "m1 = 1 kg", "A: simple rotation", "Particles (2): bob1 at P1 (mass m1)", "Loads (1): gravity",
                           "Constraints: none", "Degrees of freedom: configuration 2, velocity 2",
                           "Initial conditions: q1 = 0.8, q2 = -0.4", "Simulation: method = lagrange, t_end = 10"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << " in\n" << r.out;
  auto bead = run({"check", example("bead_on_wire.yaml")});
  ASSERT_EQ(bead.status, 0) << bead.err;
  EXPECT_NE(bead.out.find("Constraints (1):\n  wire: holonomic"), std::string::npos) << bead.out;
  EXPECT_NE(bead.out.find("Degrees of freedom: configuration 1, velocity 1"), std::string::npos) << bead.out;
}

TEST(Cli, CheckJson) {
  auto r = run({"check", example("bead_on_wire.yaml"), "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["system"], "Bead on an inclined wire with Coulomb friction");
  EXPECT_EQ(j["coordinates"], nlohmann::json({"x", "y"}));
  EXPECT_EQ(j["speeds"], nlohmann::json({"x_d", "y_d"}));
  EXPECT_EQ(j["parameters"][0]["name"], "m");
  EXPECT_EQ(j["parameters"][0]["unit"], "kg");
  EXPECT_DOUBLE_EQ(j["parameters"][0]["value"].get<double>(), 2.0);
  EXPECT_EQ(j["particles"][0]["name"], "bead");
  EXPECT_EQ(j["loads"][0]["kind"], "gravity");
  ASSERT_EQ(j["constraints"].size(), 1u);
  EXPECT_EQ(j["constraints"][0]["name"], "wire");
  EXPECT_EQ(j["constraints"][0]["level"], "configuration");
  EXPECT_TRUE(j["constraints"][0]["holonomic"].get<bool>());
  EXPECT_EQ(j["dof"]["configuration"], 1);
  EXPECT_EQ(j["dof"]["velocity"], 1);
  EXPECT_TRUE(j["initial"].is_object());
  auto dp = nlohmann::json::parse(run({"check", example("double_pendulum.yaml"), "--json"}).out);
  EXPECT_DOUBLE_EQ(dp["initial"]["q1"].get<double>(), 0.8);
  EXPECT_EQ(dp["simulation"]["method"], "lagrange");
  EXPECT_DOUBLE_EQ(dp["simulation"]["t_end"].get<double>(), 10.0);
  EXPECT_EQ(dp["frames"][1]["parent"], "N");
}

TEST(Angeles_E2_RollingDisk, ClassifyJson) {
  auto r = run({"classify", example("angeles_rolling_disk.yaml"), "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["constraints"].size(), 3u);
  EXPECT_FALSE(j["constraints"][0]["holonomic"].get<bool>());
  EXPECT_TRUE(j["constraints"][2]["holonomic"].get<bool>());
  EXPECT_TRUE(j["constraints"][2]["integral"].is_string());
  EXPECT_TRUE(j["constraints"][0]["integral"].is_null());
  EXPECT_EQ(j["dof"]["configuration"], 5);
  EXPECT_EQ(j["dof"]["velocity"], 3);
  EXPECT_FALSE(j["dof"]["holonomic_system"].get<bool>());
}

TEST(Cli, DeriveJson) {
  auto r = run({"derive", example("geradin_e1_10_cartesian_pendulum.yaml"), "-m", "lagrange", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["system"], "Pendulum in Cartesian coordinates with a multiplier (Geradin E1.10)");
  EXPECT_EQ(j["method"], "Lagrange");
  EXPECT_EQ(j["coordinates"], nlohmann::json({"u1", "u2"}));
  ASSERT_EQ(j["mass_matrix"].size(), 2u);
  EXPECT_EQ(j["mass_matrix"][0][0], "m");
  EXPECT_EQ(j["mass_matrix"][0][1], "0");
  ASSERT_EQ(j["forcing"].size(), 2u);
  ASSERT_EQ(j["constraint_matrix"].size(), 1u);
  EXPECT_EQ(j["constraint_matrix"][0].size(), 2u);
  EXPECT_EQ(j["constraint_rhs"].size(), 1u);
  ASSERT_EQ(j["multipliers"].size(), 1u);
  EXPECT_EQ(j["multipliers"][0]["constraint"], "rod");
  EXPECT_EQ(j["coordinate_rates"], nlohmann::json({"u1_d", "u2_d"}));
  EXPECT_FALSE(j.contains("hamiltonian"));
  auto h = nlohmann::json::parse(run({"derive", example("double_pendulum.yaml"), "-m", "hamilton", "-f", "json"}).out);
  EXPECT_TRUE(h["hamiltonian"].is_string());
  EXPECT_EQ(h["speeds"].size(), 2u);
}

// The C of the equations compiles: Kane's form (M, F, qdot) and Udwadia–Kalaba's with a nonideal C.
TEST(Cli, CodegenWritesCompilableC) {
  const auto kane = adyn::test::temporary_file("double_pendulum.c");
  auto r = run({"codegen", example("double_pendulum.yaml"), "-m", "kane", "-o", kane, "--name", "double_pendulum"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("written to " + kane), std::string::npos) << r.out;
  EXPECT_NE(adyn::test::read_text(kane).find("void double_pendulum(const double* t, const double* q, const double* u, "
                                             "const double* p, double* M, double* F, double* qdot)"),
            std::string::npos);
  auto to_stdout = run({"codegen", example("bead_on_wire.yaml"), "-m", "udwadia-kalaba"});
  ASSERT_EQ(to_stdout.status, 0) << to_stdout.err;
  EXPECT_NE(to_stdout.out.find("void eom("), std::string::npos) << to_stdout.out;
  EXPECT_NE(to_stdout.out.find("double* C"), std::string::npos) << to_stdout.out;  // the nonideal force
  const auto bead = adyn::test::temporary_file("bead.c");
  std::ofstream(bead) << to_stdout.out;
  if (!adyn::test::on_path("cc")) GTEST_SKIP() << "no C compiler (cc) to compile the generated code";
  for (const auto& file : {kane, bead}) {
    const auto command = "cc -std=c99 -c '" + file + "' -o '" + file + ".o'";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  }
}

TEST(Cli, DependentSpeedsChosenOnTheCommandLine) {
  // The sleigh's knife edge eliminates y' by default; --dependent phi_d keeps x' and y'.
  auto r = run({"derive", example("chaplygin_sleigh.yaml"), "-m", "kane", "--dependent", "phi_d"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("speeds u: x_d, y_d"), std::string::npos) << r.out;
  r = run({"eigen", example("chaplygin_sleigh.yaml"), "--dependent", "phi_d"});
  EXPECT_EQ(r.status, 0) << r.err;
  r = run({"derive", example("chaplygin_sleigh.yaml"), "-m", "kane", "--dependent", "psi_d"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--dependent 'psi_d': is not a speed of the model"), std::string::npos) << r.err;
}

// Lost data (issue 16): an output file that is the model, or that another output of the same
// command names, is refused before anything is computed or written; the model is left as it was.
TEST(Cli, OutputsNeverOverwriteTheModelOrEachOther) {
  const std::string model = adyn::test::temporary_file("pendulum.yaml"), text = adyn::test::read_text(example("simple_pendulum.yaml"));
  { std::ofstream(model) << text; }
  const std::string same_model = std::filesystem::path(model).parent_path().string() + "/./" +
                                 std::filesystem::path(model).filename().string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"simulate", model, "-o", model},
           {"simulate", model, "--t-end", "0.1", "-o", same_model},
           {"codegen", model, "-o", model},
           {"eigen", model, "--rest", "--sweep", "g=1:2:3", "--csv", model}}) {
    const auto r = run(args);
    EXPECT_EQ(r.status, 2) << args[0] << ": " << r.out << r.err;  // bad input
    EXPECT_NE(r.err.find("is the model file"), std::string::npos) << r.err;
    EXPECT_EQ(adyn::test::read_text(model), text) << args[0];
  }
  const std::string png = adyn::test::temporary_file("both.png");
  const auto r = run({"simulate", model, "--t-end", "0.1", "-o", png, "--plot", png});
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--plot '" + png + "': is also the file of --output"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(png));
}

// `--t-end inf` and a negative Baumgarte rate are bad input (exit 2), not "simulated to t = 0".
TEST(Cli, SimulationOptionsOutOfRangeAreBadInput) {
  for (const auto& extra : std::vector<std::vector<std::string>>{{"--t-end", "inf"}, {"--baumgarte", "-50"}}) {
    std::vector<std::string> args = {"simulate", example("simple_pendulum.yaml")};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run(args);
    EXPECT_EQ(r.status, 2) << extra[0] << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("simulation options"), std::string::npos) << r.err;
  }
}

// --floating-base on a robot description: the free joint's 19 coordinates and 18 speeds, and a run
// that says its Euler parameters stayed unit; on a model file it is bad input (exit 2), and a later
// command in the same process reads the robot with its root fixed again.
TEST(Cli, FloatingBaseOfARobotDescription) {
  const std::string solo = adyn::test::robot("solo12.urdf");
  auto r = run({"check", solo, "--floating-base"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Degrees of freedom: configuration 19, velocity 18"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  root: floating world -> base_link, coordinates root_x, root_y, root_z, root_e0"), std::string::npos);
  r = run({"simulate", solo, "--floating-base", "--t-end", "0.1", "-o", adyn::test::temporary_file("solo.csv")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  Euler parameters of 'base_link': |norm - 1| at most "), std::string::npos) << r.out;
  r = run({"check", example("double_pendulum.yaml"), "--floating-base"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("floating base: applies to a robot description (.urdf) only"), std::string::npos) << r.err;
  r = run({"check", solo});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Coordinates q (12)"), std::string::npos);
}
