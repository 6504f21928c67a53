// Partial velocities, partial angular velocities and the remainders v_t, ω_t (Kane's notes §1.10,
// A8), and the error for velocities that are not linear in the speeds.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::test::numerically_equal;
using adyn::test::thrown_message;

namespace {

// A pendulum of length L hinged to a cart sliding along n1: q1 the cart position, q2 the angle.
struct CartPendulum {
  ReferenceFrame N{"N"};
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 2);
  std::vector<GiNaC::symbol> qd = sym::derivatives_of(q);
  GiNaC::symbol L = sym::parameter("L");
  ReferenceFrame B = N.orient_new_axis("B", N.z(), q[1]);
  Point O{"O"};
  Point C = O.locate_new("C", q[0] * N.x());
  Point P = C.locate_new("P", L * B.x());

  CartPendulum() { O.fix_in(N); }
};

}  // namespace

TEST(PartialVelocities, CartPendulum) {
  CartPendulum s;
  auto partials = partial_velocities(s.P.velocity_in(s.N), s.qd);
  ASSERT_EQ(partials.size(), 2u);
  EXPECT_TRUE(numerically_equal(partials[0], s.N.x(), s.N));
  EXPECT_TRUE(numerically_equal(partials[1], s.L * s.B.y(), s.N));
  EXPECT_TRUE(velocity_remainder(s.P.velocity_in(s.N), s.qd).is_zero());
}

TEST(PartialVelocities, PartialAngularVelocities) {
  CartPendulum s;
  auto partials = partial_velocities(s.B.angular_velocity_in(s.N), s.qd, "angular velocity of B");
  EXPECT_TRUE(partials[0].is_zero());
  EXPECT_TRUE(numerically_equal(partials[1], s.N.z(), s.N));
}

TEST(PartialVelocities, SumReproducesTheVelocity) {
  // v = Σ v_r u_r + v_t.
  CartPendulum s;
  Vector v = s.P.velocity_in(s.N);
  auto partials = partial_velocities(v, s.qd);
  Vector sum = velocity_remainder(v, s.qd);
  for (std::size_t r = 0; r < partials.size(); ++r) sum += partials[r] * s.qd[r];
  EXPECT_TRUE(numerically_equal(sum, v, s.N));
}

TEST(PartialVelocities, TwoPointFormForPartials) {
  // A5: v_r^P = v_r^C + ω_r^B × r^{PC} for P and C fixed on B (here C is the hinge).
  CartPendulum s;
  s.P.fix_in(s.B);
  s.C.fix_in(s.B);
  auto vp = partial_velocities(s.P.velocity_in(s.N), s.qd);
  auto vc = partial_velocities(s.C.velocity_in(s.N), s.qd);
  auto w = partial_velocities(s.B.angular_velocity_in(s.N), s.qd);
  for (std::size_t r = 0; r < s.qd.size(); ++r)
    EXPECT_TRUE(numerically_equal(vp[r], vc[r] + w[r].cross(s.P.position_from(s.C)), s.N)) << "r = " << r + 1;
}

TEST(PartialVelocities, RheonomicRemainder) {
  // A plane J spinning at the prescribed rate Ω about n3 (angle Ωt); P slides on j1 at q.
  // ^N v^P = q̇ j1 + Ω q j2: v_1 = j1, v_t = Ω q j2; ^Nω^J = Ω n3 is all remainder.
  ReferenceFrame N("N");
  auto q = sym::dynamic_symbol("q");
  auto Omega = sym::parameter("Omega");
  ReferenceFrame J = N.orient_new_axis("J", N.z(), Omega * sym::time());
  Point O("O");
  O.fix_in(N);
  Point P = O.locate_new("P", q * J.x());
  std::vector<GiNaC::symbol> speeds{sym::derivative_of(q)};
  Vector v = P.velocity_in(N);
  EXPECT_TRUE(numerically_equal(partial_velocities(v, speeds)[0], J.x(), N));
  EXPECT_TRUE(numerically_equal(velocity_remainder(v, speeds), Omega * q * J.y(), N));
  Vector w = J.angular_velocity_in(N);
  EXPECT_TRUE(partial_velocities(w, speeds)[0].is_zero());
  EXPECT_TRUE(numerically_equal(velocity_remainder(w, speeds), Omega * N.z(), N));
}

TEST(PartialVelocities, PartsInSeveralFrames) {
  // A velocity kept as parts in N and B: the partial collects both.
  CartPendulum s;
  Vector v = s.qd[0] * s.N.x() + s.qd[0] * s.B.y() + s.qd[1] * s.B.x();
  auto partials = partial_velocities(v, s.qd);
  EXPECT_TRUE(numerically_equal(partials[0], s.N.x() + s.B.y(), s.B));
  EXPECT_TRUE(numerically_equal(partials[1], s.B.x(), s.B));
}

TEST(PartialVelocities, NonlinearInTheSpeedsIsAnError) {
  CartPendulum s;
  Vector square = s.qd[0] * s.qd[0] * s.N.x();
  std::string message = thrown_message<ModelError>([&] { partial_velocities(square, s.qd, "velocity of P"); });
  EXPECT_NE(message.find("velocity of P"), std::string::npos) << message;
  EXPECT_NE(message.find("not linear"), std::string::npos) << message;
  EXPECT_NE(message.find("q1_d"), std::string::npos) << message;
  Vector product = s.qd[0] * s.qd[1] * s.B.y();
  EXPECT_THROW(partial_velocities(product, s.qd), ModelError);
  Vector transcendental = GiNaC::sin(s.qd[1]) * s.N.x();
  EXPECT_THROW(partial_velocities(transcendental, s.qd), ModelError);
}
