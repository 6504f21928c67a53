// The rigid-body calls of a compiled system (numeric/rigid_body_calls.hpp) on the robot
// descriptions (test::robot) read by io::read_urdf: τ, M and a frame's pose and Jacobian equal Pinocchio 3.7's
// rnea, crba, oMf and computeFrameJacobian (LOCAL_WORLD_ALIGNED) at the test state of
// bench/peers/pinocchio_urdf.cpp (references/pinocchio_rigid_body.hpp), to 1e-10; and they agree
// with the other calls: τ at the rates is the inputs, M is Kane's, J is the derivative of the pose.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <string>

#include "adyn/error.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "references/pinocchio_rigid_body.hpp"
#include "robot_state.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

using Reference = test::PinocchioRigidBody;

using test::expect_equal;
using test::Robot;

// With `inputs`, the test state's τ_i set on the system (else every input at zero).
Robot read_robot(const Reference& reference, bool inputs = false) {
  io::UrdfOptions options;
  options.mimic_constraints = false;  // as Pinocchio reads them
  Robot r{test::read_robot(reference.file, options), {}, {}, {}, {}, {}};
  auto& s = r.doc.system;
  const auto n = static_cast<Eigen::Index>(s.coordinates().size());
  r.q.resize(n), r.u.resize(n), r.a.resize(n);
  const auto tau = test::set_joint_state(r, 0, 0);
  if (inputs) s.set_input_values(tau);
  test::compile(r);
  const auto& names = r.compiled->names();
  for (std::size_t i = 0; i < names.parameters.size(); ++i)
    if (s.has_input(names.parameters[i])) r.parameters[i] = 0;
  return r;
}

void expect_equals_pinocchio(const Reference& reference) {
  const auto r = read_robot(reference);
  const auto& calls = r.compiled->rigid_body();
  EXPECT_EQ(calls.path(), "recursive Newton-Euler and composite rigid bodies over the tree");
  auto w = calls.workspace();
  const auto p = calls.p();
  std::vector<double> tau(p), M(p * p), R(9), position(3), J(6 * p);
  calls.inverse_dynamics(0, r.q.data(), r.u.data(), r.a.data(), r.parameters.data(), tau.data(), w);
  expect_equal(tau.data(), reference.rnea, std::string(reference.file) + " tau");
  calls.mass_matrix(0, r.q.data(), r.parameters.data(), M.data(), w);
  expect_equal(M.data(), reference.crba, std::string(reference.file) + " M");
  const auto& frame = calls.frame(reference.frame);
  frame.pose(0, r.q.data(), r.parameters.data(), R.data(), position.data(), w);
  expect_equal(R.data(), reference.frame_R, std::string(reference.frame) + " R");
  expect_equal(position.data(), reference.frame_p, std::string(reference.frame) + " p");
  frame.jacobian(0, r.q.data(), r.parameters.data(), J.data(), w);
  expect_equal(J.data(), reference.frame_J, std::string(reference.frame) + " J");
}

TEST(Pinocchio_UR5, InverseDynamicsMassMatrixAndFrameEqualPinocchio) { expect_equals_pinocchio(test::ur5_rigid_body); }
TEST(Pinocchio_Panda, InverseDynamicsMassMatrixAndFrameEqualPinocchio) { expect_equals_pinocchio(test::panda_rigid_body); }
TEST(Pinocchio_Solo12, InverseDynamicsMassMatrixAndFrameEqualPinocchio) { expect_equals_pinocchio(test::solo12_rigid_body); }
TEST(Pinocchio_AnymalB, InverseDynamicsMassMatrixAndFrameEqualPinocchio) { expect_equals_pinocchio(test::anymal_rigid_body); }
TEST(Pinocchio_TalosReduced, InverseDynamicsMassMatrixAndFrameEqualPinocchio) {
  expect_equals_pinocchio(test::talos_rigid_body);
}

// τ(q, u, u̇(q, u, τ_in)) with the inputs at zero is τ_in, and with the inputs at τ_in zero.
void expect_inverse_of_rates(const Reference& reference) {
  const auto r = read_robot(reference, true);
  const auto& calls = r.compiled->rigid_body();
  const auto udot = r.compiled->evaluator().evaluate(0, r.q, r.u).udot;
  auto w = calls.workspace();
  Eigen::VectorXd tau(udot.size());
  calls.inverse_dynamics(0, r.q.data(), r.u.data(), udot.data(), r.parameters.data(), tau.data(), w);
  for (Eigen::Index i = 0; i < tau.size(); ++i)
    EXPECT_TRUE(test::close(tau(i), 2 * std::sin(0.6 * static_cast<double>(i) + 0.3), 1e-10)) << reference.file << " " << i;
  calls.inverse_dynamics(0, r.q.data(), r.u.data(), udot.data(), r.compiled->parameter_values().data(), tau.data(), w);
  EXPECT_LT(tau.norm(), 1e-9) << reference.file;
}

TEST(RigidBodyCalls_UR5, InverseDynamicsAtTheRatesGivesTheInputs) { expect_inverse_of_rates(test::ur5_rigid_body); }
TEST(RigidBodyCalls_TalosReduced, InverseDynamicsAtTheRatesGivesTheInputs) { expect_inverse_of_rates(test::talos_rigid_body); }

// The tree's M and τ are Kane's M and M a − F (inputs at zero, as the model has them).
TEST(RigidBodyCalls_Panda, MassMatrixAndInverseDynamicsEqualKanesEquations) {
  const auto r = read_robot(test::panda_rigid_body);
  const auto kane = numeric::EquationsEvaluator::for_parameters(formulations::kane(r.doc.system), r.doc.system.parameter_values());
  const auto e = kane.matrices(0, r.q, r.u);
  const auto& calls = r.compiled->rigid_body();
  auto w = calls.workspace();
  const auto p = static_cast<Eigen::Index>(calls.p());
  numeric::RowMajorMatrix M(p, p);
  Eigen::VectorXd tau(p);
  calls.mass_matrix(0, r.q.data(), r.parameters.data(), M.data(), w);
  calls.inverse_dynamics(0, r.q.data(), r.u.data(), r.a.data(), r.parameters.data(), tau.data(), w);
  EXPECT_LT((M - e.M).norm(), 1e-11 * e.M.norm());
  EXPECT_LT((tau - (e.M * r.a - e.F)).norm(), 1e-11 * std::max(1.0, tau.norm()));
}

// J's columns are the derivatives of the pose (u = q' for these joints): ∂p/∂q_j, and ∂R/∂q_j Rᵀ = [ω_j]×.
void expect_jacobian_of_pose(const Reference& reference) {
  const auto r = read_robot(reference);
  const auto& frame = r.compiled->rigid_body().frame(reference.frame);
  auto w = r.compiled->rigid_body().workspace();
  const auto n = r.q.size();
  numeric::RowMajorMatrix J(6, n);
  frame.jacobian(0, r.q.data(), r.parameters.data(), J.data(), w);
  Eigen::Matrix<double, 3, 3, Eigen::RowMajor> R, Rp, Rm;
  Eigen::Vector3d p, pp, pm;
  frame.pose(0, r.q.data(), r.parameters.data(), R.data(), p.data(), w);
  const double h = 1e-6;
  for (Eigen::Index j = 0; j < n; ++j) {
    Eigen::VectorXd q = r.q;
    q(j) += h;
    frame.pose(0, q.data(), r.parameters.data(), Rp.data(), pp.data(), w);
    q(j) -= 2 * h;
    frame.pose(0, q.data(), r.parameters.data(), Rm.data(), pm.data(), w);
    const Eigen::Matrix3d W = (Rp - Rm) / (2 * h) * R.transpose();
    const Eigen::Vector3d omega(W(2, 1), W(0, 2), W(1, 0));
    EXPECT_LT((omega - J.col(j).head<3>()).norm(), 1e-7) << reference.frame << " column " << j;
    EXPECT_LT(((pp - pm) / (2 * h) - J.col(j).tail<3>()).norm(), 1e-7) << reference.frame << " column " << j;
  }
}

TEST(RigidBodyCalls_UR5, FrameJacobianIsTheDerivativeOfThePose) { expect_jacobian_of_pose(test::ur5_rigid_body); }
TEST(RigidBodyCalls_TalosReduced, FrameJacobianIsTheDerivativeOfThePose) { expect_jacobian_of_pose(test::talos_rigid_body); }

// Read as the file says, the Panda's fingers are one constraint, and Kane's equations eliminate a
// dependent speed: M and τ come from the equations, a frame's pose is still Pinocchio's (the hand does
// not move with the fingers), its Jacobian is refused (its columns would be the system's speeds).
TEST(RigidBodyCalls_Panda, MimicConstraintGivesPoseButNoJacobian) {
  auto doc = io::read_urdf(test::robot("panda.urdf"));
  const numeric::CompiledSystem compiled(doc.system, formulations::kane(doc.system));
  const auto& calls = compiled.rigid_body();
  EXPECT_EQ(calls.path().rfind("M u' - F of the Kane equations: constraint 'mimic_panda_finger_joint2'", 0), 0u)
      << calls.path();
  ASSERT_EQ(calls.n(), 9u);
  ASSERT_EQ(calls.p(), 8u);
  const auto r = read_robot(test::panda_rigid_body);  // its test state
  auto w = calls.workspace();
  std::vector<double> R(9), position(3), J(6 * 8);
  const auto& frame = calls.frame(test::panda_rigid_body.frame);
  frame.pose(0, r.q.data(), compiled.parameter_values().data(), R.data(), position.data(), w);
  expect_equal(R.data(), test::panda_rigid_body.frame_R, "R");
  expect_equal(position.data(), test::panda_rigid_body.frame_p, "p");
  EXPECT_THROW(frame.jacobian(0, r.q.data(), compiled.parameter_values().data(), J.data(), w), NotApplicableError);
}

// The generated C computes what the tape does.
TEST(RigidBodyCalls_UR5, GeneratedCEqualsTheTape) {
  const auto r = read_robot(test::ur5_rigid_body);
  const numeric::CompiledSystem native(r.doc.system, *formulations::tree_equations(r.doc.system, "kane"),
                                       {numeric::Backend::Native, true});
  const auto& tape = r.compiled->rigid_body();
  const auto& c = native.rigid_body();
  auto w = tape.workspace();
  std::vector<double> a(36), b(36);
  tape.inverse_dynamics(0, r.q.data(), r.u.data(), r.a.data(), r.parameters.data(), a.data(), w);
  c.inverse_dynamics(0, r.q.data(), r.u.data(), r.a.data(), r.parameters.data(), b.data(), w);
  expect_equal(b.data(), std::vector<double>(a.begin(), a.begin() + 6), "tau", 1e-14);
  tape.mass_matrix(0, r.q.data(), r.parameters.data(), a.data(), w);
  c.mass_matrix(0, r.q.data(), r.parameters.data(), b.data(), w);
  expect_equal(b.data(), a, "M", 1e-14);
  tape.frame("tool0").jacobian(0, r.q.data(), r.parameters.data(), a.data(), w);
  c.frame("tool0").jacobian(0, r.q.data(), r.parameters.data(), b.data(), w);
  expect_equal(b.data(), a, "J", 1e-14);
}

TEST(RigidBodyCalls_UR5, UnknownFrameIsNamed) {
  const auto r = read_robot(test::ur5_rigid_body);
  try {
    (void)r.compiled->rigid_body().frame("tool9");
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.object(), "frame 'tool9'");
    EXPECT_NE(std::string(e.what()).find("no frame with a point of that name at its origin, nor a rigid body"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
