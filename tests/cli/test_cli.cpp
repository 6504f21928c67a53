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
  for (const char* name : {"rolling_disk.yaml", "double_pendulum.yaml"}) {
    auto r = run({"check", example(name)});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    r = run({"kinematics", example(name), "--latex"});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
  }
}

TEST(Cli, MissingFileIsAnErrorNotACrash) {
  auto r = run({"kinematics", "/nonexistent.yaml"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("/nonexistent.yaml"), std::string::npos);
}

TEST(Cli, UsageErrors) {
  EXPECT_EQ(run({}).status, 2);
  EXPECT_EQ(run({"frobnicate"}).status, 2);
  EXPECT_EQ(run({"--help"}).status, 0);
}
