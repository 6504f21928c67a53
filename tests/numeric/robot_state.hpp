#pragma once
// A robot description (test::robot) read by io::read_urdf, at the test state of
// bench/peers/pinocchio_urdf.cpp (the reference numbers of references/pinocchio_*.hpp), and compiled
// (Kane's equations through the tree) — shared by the robot tests against Pinocchio.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "test_support.hpp"

namespace adyn::test {

struct Robot {
  io::ModelDocument doc;
  std::unique_ptr<const numeric::CompiledSystem> compiled;
  Eigen::VectorXd q, u, a;
  std::vector<double> parameters;  // the model's (with the inputs the test state sets, if any)
};

inline io::ModelDocument read_robot(const char* file, const io::UrdfOptions& options) {
  return io::read_urdf(robot(file), options);
}

/// pinocchio_urdf.cpp's joint state from the coordinate `first_q` and the speed `first_u` on
/// (joint i from 0): q_i = 0.5 sin(1.3 i + 0.2), v_i = 0.7 cos(0.9 i + 0.1), a_i = 1.1 cos(0.7 i + 0.4);
/// returns the inputs τ_i = 2 sin(0.6 i + 0.3) by name (tau_<joint>). r.q, r.u, r.a must be sized.
inline std::map<std::string, double> set_joint_state(Robot& r, Eigen::Index first_q, Eigen::Index first_u) {
  const auto& coordinates = r.doc.system.coordinates();
  std::map<std::string, double> tau;
  for (Eigen::Index i = 0; first_q + i < r.q.size(); ++i) {
    const double k = static_cast<double>(i);
    r.q(first_q + i) = 0.5 * std::sin(1.3 * k + 0.2);
    r.u(first_u + i) = 0.7 * std::cos(0.9 * k + 0.1);
    r.a(first_u + i) = 1.1 * std::cos(0.7 * k + 0.4);
    tau["tau_" + coordinates[static_cast<std::size_t>(first_q + i)].get_name()] = 2 * std::sin(0.6 * k + 0.3);
  }
  return tau;
}

/// Compiles the robot's tree equations (Kane's) and takes the model's parameter values.
inline void compile(Robot& r) {
  r.compiled = std::make_unique<const numeric::CompiledSystem>(r.doc.system, *formulations::tree_equations(r.doc.system, "kane"));
  r.parameters = r.compiled->parameter_values();
}

inline void expect_equal(const double* a, const std::vector<double>& b, const std::string& what, double tolerance = 1e-10) {
  for (std::size_t i = 0; i < b.size(); ++i) EXPECT_TRUE(close(a[i], b[i], tolerance)) << what << " [" << i << "]";
}

}  // namespace adyn::test
