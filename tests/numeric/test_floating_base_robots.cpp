// The legged robots (test::robot) read with a floating base (io::UrdfOptions::floating_base):
// the forward dynamics (the articulated-body algorithm), τ, M and a frame's pose and Jacobian
// equal Pinocchio 3.7's aba, rnea, crba, oMf and computeFrameJacobian (LOCAL_WORLD_ALIGNED) with
// its JointModelFreeFlyer at the test state of bench/peers/pinocchio_urdf.cpp --free-flyer
// (references/pinocchio_floating_base.hpp), to 1e-10; and a robot falling freely keeps its
// horizontal momentum and its energy, its Euler parameters unit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <string>

#include "adyn/error.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/simulation.hpp"
#include "references/pinocchio_floating_base.hpp"
#include "robot_state.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

using Reference = test::PinocchioFloatingBase;

using test::expect_equal;
using test::Robot;

// pinocchio_urdf.cpp --free-flyer's state: the base at p = (0.3, −0.2, 0.5) with the Euler
// parameters ∝ (0.8, 0.3, −0.4, 0.2), v = (0.4, −0.3, 0.2), ω = (0.5, −0.6, 0.3) and
// a = (0.2, 0.1, −0.3, 0.4, 0.2, −0.1); the joints as test::set_joint_state, τ_i set on the system.
Robot read_robot(const Reference& reference) {
  io::UrdfOptions options;
  options.floating_base = true;
  Robot r{test::read_robot(reference.file, options), {}, {}, {}, {}, {}};
  auto& s = r.doc.system;
  const auto n = static_cast<Eigen::Index>(s.coordinates().size());
  r.q.resize(n), r.u.resize(n - 1), r.a.resize(n - 1);
  Eigen::Vector4d e(0.8, 0.3, -0.4, 0.2);
  e.normalize();
  r.q.head(7) << 0.3, -0.2, 0.5, e(0), e(1), e(2), e(3);
  r.u.head(6) << 0.4, -0.3, 0.2, 0.5, -0.6, 0.3;
  r.a.head(6) << 0.2, 0.1, -0.3, 0.4, 0.2, -0.1;
  s.set_input_values(test::set_joint_state(r, 7, 6));
  test::compile(r);
  return r;
}

// The parameter values with every input (the joints' torques) at zero.
std::vector<double> zero_inputs(const Robot& r) {
  auto values = r.parameters;
  const auto& names = r.compiled->names();
  for (std::size_t i = 0; i < names.parameters.size(); ++i)
    if (r.doc.system.has_input(names.parameters[i])) values[i] = 0;
  return values;
}

void expect_equals_pinocchio(const Reference& reference) {
  const auto r = read_robot(reference);
  const auto& s = r.doc.system;
  ASSERT_EQ(s.speeds().size(), reference.aba.size());
  EXPECT_EQ(s.coordinates().size(), s.speeds().size() + 1);
  EXPECT_EQ(r.compiled->evaluator_choice().rfind("articulated-body algorithm, O(n)", 0), 0u) << r.compiled->evaluator_choice();
  const auto udot = r.compiled->evaluator().evaluate(0, r.q, r.u).udot;
  expect_equal(udot.data(), reference.aba, std::string(reference.file) + " udot");

  const auto& calls = r.compiled->rigid_body();
  EXPECT_EQ(calls.path(), "recursive Newton-Euler and composite rigid bodies over the tree");
  auto w = calls.workspace();
  const auto p = calls.p();
  std::vector<double> tau(p), M(p * p), R(9), position(3), J(6 * p);
  const auto zero = zero_inputs(r);
  calls.inverse_dynamics(0, r.q.data(), r.u.data(), r.a.data(), zero.data(), tau.data(), w);
  expect_equal(tau.data(), reference.rnea, std::string(reference.file) + " tau");
  calls.mass_matrix(0, r.q.data(), zero.data(), M.data(), w);
  expect_equal(M.data(), reference.crba, std::string(reference.file) + " M");
  const auto& frame = calls.frame(reference.frame);
  frame.pose(0, r.q.data(), zero.data(), R.data(), position.data(), w);
  expect_equal(R.data(), reference.frame_R, std::string(reference.frame) + " R");
  expect_equal(position.data(), reference.frame_p, std::string(reference.frame) + " p");
  frame.jacobian(0, r.q.data(), zero.data(), J.data(), w);
  expect_equal(J.data(), reference.frame_J, std::string(reference.frame) + " J");
}

TEST(Pinocchio_Solo12, FloatingBaseDynamicsEqualPinocchiosFreeFlyer) { expect_equals_pinocchio(test::solo12_floating_base); }
TEST(Pinocchio_AnymalB, FloatingBaseDynamicsEqualPinocchiosFreeFlyer) { expect_equals_pinocchio(test::anymal_floating_base); }
TEST(Pinocchio_TalosReduced, FloatingBaseDynamicsEqualPinocchiosFreeFlyer) {
  expect_equals_pinocchio(test::talos_floating_base);
}

// The free joint's coordinates and speeds, named after it, and no input for it.
TEST(FloatingBase_Solo12, CoordinatesSpeedsAndInputs) {
  io::UrdfOptions floating;
  floating.floating_base = true;
  const auto doc = test::read_robot("solo12.urdf", floating);
  const auto& s = doc.system;
  ASSERT_EQ(s.coordinates().size(), 19u);
  ASSERT_EQ(s.speeds().size(), 18u);
  const std::vector<std::string> q = {"root_x", "root_y", "root_z", "root_e0", "root_e1", "root_e2", "root_e3", "FL_HAA"};
  const std::vector<std::string> u = {"root_vx", "root_vy", "root_vz", "root_wx", "root_wy", "root_wz", "FL_HAA_u"};
  for (std::size_t i = 0; i < q.size(); ++i) EXPECT_EQ(s.coordinates()[i].get_name(), q[i]);
  for (std::size_t i = 0; i < u.size(); ++i) EXPECT_EQ(s.speeds()[i].get_name(), u[i]);
  EXPECT_EQ(s.inputs().size(), 12u);
  EXPECT_FALSE(s.has_input("tau_root"));
  EXPECT_EQ(doc.setup.method.value_or(""), "kane");
  EXPECT_EQ(doc.setup.initial.at("root_e0"), 1.0);
}

// Falling freely (zero torques) from a state with the base moving and turning and the legs
// swinging: the horizontal momentum (the base's rows of M u, turned into the world) and the energy
// stay constant, and the Euler parameters unit, as the summary says.
TEST(FloatingBase_Solo12, FreeFallKeepsHorizontalMomentumAndEnergy) {
  const auto r = read_robot(test::solo12_floating_base);
  const auto& compiled = *r.compiled;
  const auto parameters = zero_inputs(r);
  numeric::SimulationOptions options;
  options.t_end = 0.5, options.output_step = 0.01;
  const auto tr = numeric::simulate(compiled, parameters, {0, r.q, r.u}, options);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  EXPECT_EQ(tr.summary.evaluator.rfind("articulated-body algorithm, O(n)", 0), 0u) << tr.summary.evaluator;
  EXPECT_LT(tr.summary.relative_energy_error, 1e-6);
  const auto& euler = tr.summary.euler_parameters;
  ASSERT_EQ(euler.frames, std::vector<std::string>{"base_link"});
  EXPECT_LT(euler.largest, 1e-6);
  const auto& calls = compiled.rigid_body();
  auto w = calls.workspace();
  const auto p = static_cast<Eigen::Index>(calls.p());
  auto horizontal_momentum = [&](std::size_t k) {
    numeric::RowMajorMatrix M(p, p);
    calls.mass_matrix(0, tr.q[k].data(), parameters.data(), M.data(), w);
    const Eigen::Vector3d body = (M * tr.u[k]).head<3>();  // the momentum in the base's axes
    const Eigen::Vector4d e = tr.q[k].segment<4>(3);
    EXPECT_LT(std::abs(e.norm() - 1), 1e-7) << "t = " << tr.t[k];
    return Eigen::Vector2d((Eigen::Quaterniond(e(0), e(1), e(2), e(3)).toRotationMatrix() * body).head<2>());
  };
  const Eigen::Vector2d P0 = horizontal_momentum(0);
  EXPECT_GT(P0.norm(), 0.1);
  for (std::size_t k = 1; k < tr.t.size(); ++k)
    EXPECT_LT((horizontal_momentum(k) - P0).norm(), 1e-6 * P0.norm()) << "t = " << tr.t[k];
  EXPECT_GT(std::abs(tr.q.back()(2) - tr.q.front()(2)), 0.5);  // it fell (g t²/2 = 1.2 m less its rise)
}

// At a loose rtol the Euler parameters drift beyond a tight constraint tolerance: the run scales
// them back at the samples (the summary counts it): every recorded sample is within it of unit norm.
TEST(FloatingBase_Solo12, EulerParametersScaledBackBeyondTheTolerance) {
  const auto r = read_robot(test::solo12_floating_base);
  numeric::SimulationOptions options;
  options.t_end = 1, options.output_step = 0.01, options.rtol = 1e-4, options.atol = 1e-6;
  options.constraint_tolerance = 1e-10;
  Eigen::VectorXd u = Eigen::VectorXd::Zero(r.u.size());
  u.segment<3>(3) << 3, -2, 5;  // tumbling
  const auto tr = numeric::simulate(*r.compiled, zero_inputs(r), {0, r.q, u}, options);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  const auto& euler = tr.summary.euler_parameters;
  EXPECT_GT(euler.scalings, 0);
  EXPECT_GT(euler.largest, 1e-10);
  for (std::size_t k = 0; k < tr.t.size(); ++k)
    EXPECT_LE(std::abs(tr.q[k].segment<4>(3).norm() - 1), 1e-10) << "t = " << tr.t[k];
}

// A model file has no floating base to give: the option is refused, naming it.
TEST(FloatingBase, RefusedForAModelFile) {
  try {
    (void)io::read_model_document_text("name: x\n", "model.yaml", io::UrdfOptions{.floating_base = true});
    FAIL() << "no error";
  } catch (const ModelFileError& e) {
    EXPECT_NE(std::string(e.what()).find("applies to a robot description (.urdf) only"), std::string::npos) << e.what();
  }
}

}  // namespace
