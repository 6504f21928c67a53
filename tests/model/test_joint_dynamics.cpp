// Joints built with the C++ API (model/joint.hpp): a rigid body on a spherical joint and on a free
// joint against the Newton–Euler equations of tests/model/references/joint_spherical_free.py, by
// Kane's equations and by the articulated-body algorithm, which the stated tree selects.
#include <gtest/gtest.h>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/joint.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

GiNaC::ex ratio(int a, int b) { return GiNaC::numeric(a, b); }

// joint_spherical_free.py's state and accelerations.
const Eigen::Vector4d e_ref(0.8988771049900602, 0.19975046777556893, -0.2996257016633534, 0.24968808471946116);
const Eigen::Vector3d w_ref(0.7, -1.1, 0.4), v_ref(0.3, 0.5, -0.2);
const Eigen::Vector3d spherical_wdot(-2.63789434900532, 10.868849951565002, -0.8842169527147834);
const Eigen::Matrix<double, 6, 1> free_udot =
    (Eigen::Matrix<double, 6, 1>() << -6.0019185807411235, -2.484339786498666, -9.017550072187953, -0.16631578947368397,
     0.06526315789474653, 0.4966666666666654)
        .finished();

// The body of joint_spherical_free.py on a joint of `type`, its origin at (0, 0, 0.5).
model::System body_on(model::JointType type) {
  model::System s("body on a joint");
  model::Joint j;
  j.name = "hinge", j.type = type, j.child = "body";
  j.translation = GiNaC::matrix(3, 1, GiNaC::lst{0, 0, ratio(1, 2)});
  const auto added = model::add_joint(s, j);
  kin::Point G("G");
  G.set_position(added.origin, kin::Vector(added.frame, ratio(1, 10), ratio(-1, 20), ratio(-3, 5)));
  s.add_point(G);
  const auto I = model::inertia_dyadic(added.frame, ratio(1, 25), ratio(1, 20), ratio(3, 100), ratio(1, 100));
  s.add_body(model::RigidBody("body", G, added.frame, ratio(13, 10), I));
  s.set_gravity(kin::Vector(s.inertial_frame(), 0, 0, ratio(-981, 100)));
  return s;
}

Eigen::VectorXd kane_udot(const model::System& s, const formulations::State& x) {
  return formulations::solve(formulations::kane(s), x, s.parameter_values()).udot;
}

Eigen::VectorXd aba_udot(const model::System& s, const formulations::State& x) {
  const auto aba = numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(s),
                                                                     s.parameter_values(), numeric::Backend::Tape);
  return aba.evaluate(x.t, x.q, x.u).udot;
}

}  // namespace

TEST(Joint_SphericalPendulum, NewtonEulerReference) {
  const auto s = body_on(model::JointType::Spherical);
  ASSERT_EQ(s.coordinates().size(), 4u);
  EXPECT_EQ(s.coordinates()[0].get_name(), "hinge_e0");
  EXPECT_EQ(s.speeds()[2].get_name(), "hinge_wz");
  const formulations::State x{0, e_ref, w_ref};
  const Eigen::VectorXd kane = kane_udot(s, x), aba = aba_udot(s, x);
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(test::close(kane(i), spherical_wdot(i), 1e-12)) << "Kane, w'" << i;
    EXPECT_TRUE(test::close(aba(i), spherical_wdot(i), 1e-12)) << "ABA, w'" << i;
  }
  EXPECT_EQ(formulations::describe_evaluator(s), "articulated-body algorithm, O(n): an unconstrained tree of 1 body");
}

TEST(Joint_FreeBody, NewtonEulerReference) {
  const auto s = body_on(model::JointType::Free);
  ASSERT_EQ(s.coordinates().size(), 7u);
  EXPECT_EQ(s.coordinates()[3].get_name(), "hinge_e0");
  EXPECT_EQ(s.speeds()[0].get_name(), "hinge_vx");
  Eigen::VectorXd q(7), u(6);
  q << 0.2, -0.1, 0.7, e_ref;
  u << v_ref, w_ref;
  const formulations::State x{0, q, u};
  const Eigen::VectorXd kane = kane_udot(s, x), aba = aba_udot(s, x);
  for (int i = 0; i < 6; ++i) {
    EXPECT_TRUE(test::close(kane(i), free_udot(i), 1e-12)) << "Kane, u'" << i;
    EXPECT_TRUE(test::close(aba(i), free_udot(i), 1e-12)) << "ABA, u'" << i;
  }
  EXPECT_EQ(formulations::describe_evaluator(s), "articulated-body algorithm, O(n): an unconstrained tree of 1 body");
}
