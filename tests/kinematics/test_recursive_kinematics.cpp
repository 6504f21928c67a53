// kin::RecursiveKinematics: each body's angular velocity, velocity, acceleration and |v|² built
// from its parent's agree with the addition theorem and with differentiating position vectors
// (Point::velocity_in, Vector::dt) at random states, in every tree shape the kinematics accepts.
#include <gtest/gtest.h>

#include "adyn/kinematics/recursive_kinematics.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::test::numerically_equal;

namespace {

std::string indexed(const char* prefix, std::size_t i) {  // (appending, not operator+: GCC 12's -Wrestrict)
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}

// Three bodies on spherical joints (body-fixed 1-2-3 angles, each relative to the previous), a
// point on each hanging from the previous joint, and a slider x along the last body's axis.
struct SpatialChain {
  ReferenceFrame N{"N"};
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 9);
  GiNaC::symbol x = sym::dynamic_symbol("x");
  GiNaC::symbol l = sym::parameter("l");
  std::vector<ReferenceFrame> B;
  std::vector<Point> joint, tip;
  Point O{"O"};

  SpatialChain() {
    O.fix_in(N);
    ReferenceFrame parent = N;
    Point from = O;
    for (std::size_t i = 0; i < 3; ++i) {
      B.push_back(parent.orient_new_body_fixed(indexed("B", i), "123", {q[3 * i], q[3 * i + 1], q[3 * i + 2]}));
      tip.push_back(from.locate_new(indexed("G", i), Vector(B.back(), 0, 0, -l / 2)));
      joint.push_back(from.locate_new(indexed("P", i), Vector(B.back(), 0, 0, -l) + Vector(parent, l / 5, 0, 0)));
      parent = B.back();
      from = joint.back();
    }
    tip.push_back(from.locate_new("S", x * B.back().z()));
  }
};

}  // namespace

TEST(RecursiveKinematics, AngularVelocitiesFollowTheAdditionTheorem) {
  SpatialChain s;
  RecursiveKinematics motion(s.N);
  for (const auto& B : s.B) {
    EXPECT_EQ(motion.angular_velocity(B).parts().size(), 1u);  // one basis: the body's own
    EXPECT_TRUE(numerically_equal(motion.angular_velocity(B), B.angular_velocity_in(s.N), B));
    EXPECT_TRUE(numerically_equal(motion.angular_acceleration(B), B.angular_acceleration_in(s.N), B));
  }
}

TEST(RecursiveKinematics, VelocitiesAndAccelerationsOfPointsDownTheChain) {
  SpatialChain s;
  RecursiveKinematics motion(s.N);
  for (const auto& P : s.tip) {
    const Vector v = P.velocity_in(s.N);
    EXPECT_EQ(motion.velocity(P).parts().size(), 1u);
    EXPECT_TRUE(numerically_equal(motion.velocity(P), v, s.N));
    EXPECT_TRUE(numerically_equal(motion.velocity_by_parts(P), v, s.N));
    EXPECT_TRUE(numerically_equal(motion.acceleration(P), v.dt(s.N), s.N));
    EXPECT_TRUE(numerically_equal(motion.speed_squared(P), v.dot(v)));
  }
}

TEST(RecursiveKinematics, SpeedSquaredKeepsTheTextbookForm) {
  // Double pendulum in absolute angles: |v2|² = l1² q̇1² + 2 l1 l2 q̇1 q̇2 cos(q1 − q2) + l2² q̇2²
  // with no sin² + cos² left to simplify.
  ReferenceFrame N("N");
  auto q = sym::dynamic_symbols("q", 2);
  auto qd = sym::derivatives_of(q);
  auto l1 = sym::parameter("l1"), l2 = sym::parameter("l2");
  auto A = N.orient_new_axis("A", N.z(), q[0]), B = N.orient_new_axis("B", N.z(), q[1]);
  Point O("O");
  O.fix_in(N);
  Point P1 = O.locate_new("P1", -l1 * A.y()), P2 = P1.locate_new("P2", -l2 * B.y());
  RecursiveKinematics motion(N);
  GiNaC::ex expected = l1 * l1 * qd[0] * qd[0] + 2 * l1 * l2 * qd[0] * qd[1] * cos(q[0] - q[1]) + l2 * l2 * qd[1] * qd[1];
  EXPECT_TRUE(sym::is_zero_trig(motion.speed_squared(P2) - expected)) << motion.speed_squared(P2);
  EXPECT_TRUE(motion.speed_squared(P1).is_equal(GiNaC::pow(l1 * qd[0], 2))) << motion.speed_squared(P1);
}

TEST(RecursiveKinematics, AKnownVelocityBelowIsUsedAsPointVelocityInFindsIt) {
  // A disk's centre C positioned from its contact point K, whose velocity is set (rolling): C's
  // velocity comes from K's, not from a parent chain.
  ReferenceFrame N("N");
  auto q = sym::dynamic_symbols("q", 2);
  auto r = sym::parameter("r");
  auto D = N.orient_new_axis("D", N.z(), q[0]);
  Point O("O");
  O.fix_in(N);
  Point K = O.locate_new("K", q[1] * N.x());
  Point C = K.locate_new("C", r * N.y());
  K.set_velocity(N, Vector());
  C.fix_in(D);
  RecursiveKinematics motion(N);
  EXPECT_TRUE(numerically_equal(motion.velocity(C), C.velocity_in(N), N));
  EXPECT_TRUE(motion.velocity(K).is_zero());
}

TEST(RecursiveKinematics, RewritesApplyToEveryRate) {
  // Kinematic equations q̇ = u (per coordinate) rewrite the velocities in the speeds.
  SpatialChain s;
  GiNaC::exmap to_speeds;
  std::vector<GiNaC::symbol> u;
  for (std::size_t i = 0; i < s.q.size(); ++i) {
    u.push_back(sym::dynamic_symbol(indexed("u", i)));
    to_speeds[sym::derivative_of(s.q[i])] = 2 * u.back();
  }
  RecursiveKinematics motion(s.N, {to_speeds});
  const auto& v = motion.velocity(s.tip[2]);
  for (const auto& qd : sym::derivatives_of(s.q)) EXPECT_FALSE(sym::contains(v.parts().front().components, qd));
  EXPECT_TRUE(numerically_equal(v, s.tip[2].velocity_in(s.N).subs(to_speeds), s.N));
}
