// `adyn derive` of a robot (issue 32 item 5): its equations as the tree's recursions compute them,
// over named intermediates, in about the time they take — Talos (32 speeds) in 0.3 s, where
// Kane's M and F written out and simplified took 15 s —, in every format. That these equations
// are right is tests/python/test_sympy.py's (the UR5's JSON evaluated by SymPy against the compiled
// u' and Kane's own M).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "cli_support.hpp"

namespace {


}  // namespace

TEST(RobotDerive, TalosPrintsTheTreesRecursionsInEveryFormatWithinSeconds) {
  for (const char* format : {"text", "latex", "c", "json"}) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = adyn::test::run({"derive", adyn::test::robot("talos_reduced.urdf"), "-m", "kane", "-f", format});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.status, 0) << format << ": " << r.err;
    EXPECT_LT(seconds, 5.0) << format;  // 0.3 s here; 15 s before
    EXPECT_NE(r.out.find("M u' = F over the kinematic tree: M by composite rigid bodies, F = Q - tau(q, u, 0) by "
                         "recursive Newton-Euler"),
              std::string::npos)
        << format;
  }
}

// The methods whose equations of an unconstrained tree are the tree's print them so; the others
// derive as before, and a small tree (the double pendulum) keeps its explicit, simplified entries.
TEST(RobotDerive, OnlyLargeTreesByTheirOwnPrinciplesPrintTheRecursions) {
  const std::string ur5 = adyn::test::robot("ur5_robot.urdf");
  for (const char* method : {"kane", "lagrange", "gibbs-appell"}) {
    const auto r = adyn::test::run({"derive", ur5, "-m", method});
    ASSERT_EQ(r.status, 0) << method << ": " << r.err;
    EXPECT_NE(r.out.find("over the kinematic tree"), std::string::npos) << method;
    EXPECT_NE(r.out.find("  M[1,1] = z"), std::string::npos) << method;
  }
  auto r = adyn::test::run({"derive", ur5, "-m", "maggi"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("over the kinematic tree"), std::string::npos);
  r = adyn::test::run({"derive", adyn::test::example("double_pendulum.yaml"), "-m", "kane"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("over the kinematic tree"), std::string::npos);
  EXPECT_NE(r.out.find("  M[1,1] = l1^2*(m1+m2)\n"), std::string::npos) << r.out;
}
