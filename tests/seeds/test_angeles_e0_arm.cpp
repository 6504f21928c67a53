// Angeles E0 (seed-000 §1.5, Fig. 1.5.1): the three-link planar manipulator. Forward kinematics
// of the joints B, C and the hand D, the velocity Jacobians ∂v/∂q̇ = ∂r/∂q (1.5.2) and the
// degree of freedom 3.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::test::numerically_equal;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::sin;

namespace {

// Links AB, BC, CD of lengths l1, l2, l3; θ1 is AB from the x axis, θ2 and θ3 are relative.
struct ThreeLinkArm {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("theta", 3);
  std::vector<GiNaC::symbol> qd = sym::derivatives_of(q);
  std::vector<GiNaC::symbol> l{sym::parameter("l1"), sym::parameter("l2"), sym::parameter("l3")};
  ReferenceFrame N{"N"};
  ReferenceFrame L1 = N.orient_new_axis("L1", N.z(), q[0]);
  ReferenceFrame L2 = L1.orient_new_axis("L2", L1.z(), q[1]);
  ReferenceFrame L3 = L2.orient_new_axis("L3", L2.z(), q[2]);
  Point A{"A"};
  Point B = A.locate_new("B", l[0] * L1.x());
  Point C = B.locate_new("C", l[1] * L2.x());
  Point D = C.locate_new("D", l[2] * L3.x());

  ThreeLinkArm() { A.fix_in(N); }
  // (x, y) of joint j (1 = B, 2 = C, 3 = D): x_B = l1 cθ1, x_C = x_B + l2 c(θ1+θ2),
  // x_D = x_C + l3 c(θ1+θ2+θ3), and likewise y with sines.
  std::pair<ex, ex> joint(int j) const {
    ex x = 0, y = 0, angle = 0;
    for (int i = 0; i < j; ++i) {
      angle += q[i];
      x += l[i] * cos(angle);
      y += l[i] * sin(angle);
    }
    return {x, y};
  }
};

}  // namespace

TEST(Angeles_E0_ThreeLinkArm, ForwardKinematics) {
  ThreeLinkArm s;
  const Point* joints[] = {&s.B, &s.C, &s.D};
  for (int j = 1; j <= 3; ++j) {
    auto [x, y] = s.joint(j);
    EXPECT_TRUE(numerically_equal(joints[j - 1]->position_from(s.A), Vector(s.N, x, y, 0), s.N)) << "joint " << j;
  }
  // The garbled first display: x_D = x_C + l3 cos(θ1+θ2+θ3), y_D = y_C + l3 sin(θ1+θ2+θ3).
  ex hand_angle = s.q[0] + s.q[1] + s.q[2];
  auto [xC, yC] = s.joint(2);
  auto [xD, yD] = s.joint(3);
  EXPECT_TRUE(numerically_equal(xD, xC + s.l[2] * cos(hand_angle)));
  EXPECT_TRUE(numerically_equal(yD, yC + s.l[2] * sin(hand_angle)));
}

TEST(Angeles_E0_ThreeLinkArm, VelocityJacobiansArePositionJacobians) {
  // (1.5.2) ∂v_i/∂q̇ = ∂r_i/∂q for every joint (scleronomic: no ∂r/∂t).
  ThreeLinkArm s;
  for (const Point* P : {&s.B, &s.C, &s.D}) {
    Vector r = P->position_from(s.A);
    auto partials = partial_velocities(P->velocity_in(s.N), s.qd);
    for (int k = 0; k < 3; ++k)
      EXPECT_TRUE(numerically_equal(partials[k], r.diff(s.q[k], s.N), s.N)) << P->name() << ", q" << k + 1;
    EXPECT_TRUE(velocity_remainder(P->velocity_in(s.N), s.qd).is_zero());
  }
}

TEST(Angeles_E0_ThreeLinkArm, DegreeOfFreedomIsThree) {
  // The naive description (x_B, y_B, x_C, y_C, θ1, θ2, θ3) is tied by 4 independent holonomic
  // constraints, leaving 7 − 4 = 3 = dim q degrees of freedom.
  ThreeLinkArm s;
  std::vector<GiNaC::symbol> naive{sym::parameter("x_B"), sym::parameter("y_B"), sym::parameter("x_C"),
                                   sym::parameter("y_C")};
  for (const auto& th : s.q) naive.push_back(th);
  auto [xB, yB] = s.joint(1);
  auto [xC, yC] = s.joint(2);
  std::vector<ex> constraints{naive[0] - xB, naive[1] - yB, naive[2] - xC, naive[3] - yC};
  GiNaC::matrix Phi_q = sym::jacobian(sym::column(constraints), naive);
  EXPECT_EQ(naive.size() - Phi_q.rank(), 3u);
  // The hand pose (x_D, y_D, θ1+θ2+θ3) depends on q through a Jacobian of full rank 3 (generic q).
  auto [xD, yD] = s.joint(3);
  GiNaC::matrix pose = sym::column(std::vector<ex>{xD, yD, s.q[0] + s.q[1] + s.q[2]});
  GiNaC::exmap at{{s.q[0], 0.3}, {s.q[1], 0.7}, {s.q[2], -0.4}, {s.l[0], 1.0}, {s.l[1], 0.8}, {s.l[2], 0.5}};
  Eigen::MatrixXd J = sym::evaluate(sym::jacobian(pose, s.q), at);
  EXPECT_EQ(Eigen::FullPivLU<Eigen::MatrixXd>(J).rank(), 3);
}
