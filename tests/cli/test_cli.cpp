#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "adyn/cli/cli.hpp"

namespace {

std::string example(const std::string& name) {
  const char* root = std::getenv("ADYN_SOURCE_DIR");
  return std::string(root ? root : ".") + "/examples/" + name;
}

struct Run {
  int status;
  std::string out, err;
};

Run run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int status = adyn::cli::run(args, out, err);
  return {status, out.str(), err.str()};
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
  // A model without masses cannot be integrated: the run stops with the time and the cause.
  auto bad = run({"simulate", example("angeles_rolling_disk.yaml"), "--t-end", "1"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("t = 0"), std::string::npos) << bad.err;
}

TEST(Cli, MissingFileIsAnErrorNotACrash) {
  auto r = run({"kinematics", "/nonexistent.yaml"});
  EXPECT_EQ(r.status, 2);  // bad input
  EXPECT_NE(r.err.find("/nonexistent.yaml"), std::string::npos);
}

TEST(Cli, UsageErrors) {
  EXPECT_EQ(run({}).status, 2);
  EXPECT_EQ(run({"frobnicate"}).status, 2);
  EXPECT_EQ(run({"--help"}).status, 0);
}
