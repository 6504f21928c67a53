// The rigid-body calls (numeric/rigid_body_calls.hpp) of equations that are not a tree's: the
// four-bar linkage by Lagrange's equations with multipliers. M is the equations', the inverse
// dynamics is refused (τ is not unique beside Gᵀλ), and a rigid body's pose and Jacobian (its frame,
// its mass centre) are those written from the model by hand. Hamilton's equations are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

struct FourBar {
  io::ModelDocument doc = io::read_model_document(test::example("four_bar_linkage.yaml"));
  numeric::CompiledSystem compiled{doc.system, formulations::derive(doc.system, "lagrange")};
  double parameter(const std::string& name) const {
    const auto& names = compiled.names().parameters;
    return compiled.parameter_values()[static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin())];
  }
};

TEST(RigidBodyCalls_FourBar, MassMatrixIsTheEquationsAndInverseDynamicsIsRefused) {
  const FourBar f;
  const auto& calls = f.compiled.rigid_body();
  EXPECT_EQ(calls.path().rfind("M u' - F of the Lagrange equations: constraint 'closure x'", 0), 0u) << calls.path();
  const Eigen::Vector3d q(1.0, 0.57, 1.75), u(0.3, -0.2, 0.1);
  auto w = calls.workspace();
  numeric::RowMajorMatrix M(3, 3);
  calls.mass_matrix(0, q.data(), f.compiled.parameter_values().data(), M.data(), w);
  const auto e = f.compiled.evaluator().matrices(0, q, u);
  EXPECT_LT((M - e.M).norm(), 1e-14 * e.M.norm());
  Eigen::Vector3d tau;
  EXPECT_THROW(calls.inverse_dynamics(0, q.data(), u.data(), u.data(), f.compiled.parameter_values().data(), tau.data(), w),
               NotApplicableError);
}

// The coupler: frame L3 = Rz(θ3), mass centre G3 = a (cos θ2, sin θ2, 0) + b/2 (cos θ3, sin θ3, 0).
TEST(RigidBodyCalls_FourBar, BodyPoseAndJacobianAreItsFrameAndMassCentre) {
  const FourBar f;
  const double a = f.parameter("a"), b = f.parameter("b"), t2 = 1.0, t3 = 0.57;
  const Eigen::Vector3d q(t2, t3, 1.75);
  const auto& coupler = f.compiled.rigid_body().frame("coupler");
  EXPECT_EQ(coupler.frame(), "L3");
  EXPECT_EQ(coupler.origin(), "G3");
  auto w = f.compiled.rigid_body().workspace();
  Eigen::Matrix<double, 3, 3, Eigen::RowMajor> R;
  Eigen::Vector3d p;
  numeric::RowMajorMatrix J(6, 3);
  coupler.pose(0, q.data(), f.compiled.parameter_values().data(), R.data(), p.data(), w);
  coupler.jacobian(0, q.data(), f.compiled.parameter_values().data(), J.data(), w);
  Eigen::Matrix3d Rz;
  Rz << std::cos(t3), -std::sin(t3), 0, std::sin(t3), std::cos(t3), 0, 0, 0, 1;
  EXPECT_LT((R - Rz).norm(), 1e-15);
  EXPECT_LT((p - Eigen::Vector3d(a * std::cos(t2) + b / 2 * std::cos(t3), a * std::sin(t2) + b / 2 * std::sin(t3), 0)).norm(), 1e-15);
  numeric::RowMajorMatrix expected = numeric::RowMajorMatrix::Zero(6, 3);
  expected(2, 1) = 1;  // ω = θ3' z
  expected.block(3, 0, 2, 2) << -a * std::sin(t2), -b / 2 * std::sin(t3), a * std::cos(t2), b / 2 * std::cos(t3);
  EXPECT_LT((J - expected).norm(), 1e-15);
}

// Hamilton's equations are in momenta: M u' = F of speeds is not theirs to give.
TEST(RigidBodyCalls_DoublePendulum, HamiltonsEquationsAreRefused) {
  auto doc = io::read_model_document(test::example("double_pendulum.yaml"));
  const numeric::CompiledSystem compiled(doc.system, formulations::derive(doc.system, "hamilton"));
  const auto& calls = compiled.rigid_body();
  auto w = calls.workspace();
  const Eigen::Vector2d q(0.3, 0.2), u(0.1, -0.1);
  Eigen::Matrix2d M;
  Eigen::Vector2d tau;
  EXPECT_THROW(calls.mass_matrix(0, q.data(), compiled.parameter_values().data(), M.data(), w), NotApplicableError);
  EXPECT_THROW(calls.inverse_dynamics(0, q.data(), u.data(), u.data(), compiled.parameter_values().data(), tau.data(), w),
               NotApplicableError);
}

}  // namespace
