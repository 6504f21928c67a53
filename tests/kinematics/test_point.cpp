// Points: the two-point and one-point theorems (Kane's notes §1.7, A5) against brute-force
// differentiation of position vectors, and the errors of ill-posed point trees.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using adyn::test::numerically_equal;
using adyn::test::thrown_message;

namespace {

// A body B tumbling in N (body-fixed 3-1-3 angles) whose point Q moves freely: O is fixed in N,
// r^{Q/O} = x1 n1 + x2 n2 + x3 n3, and Q is fixed in B.
struct TumblingBody {
  ReferenceFrame N{"N"};
  std::vector<GiNaC::symbol> angles = sym::dynamic_symbols("e", 3);
  std::vector<GiNaC::symbol> x = sym::dynamic_symbols("x", 3);
  ReferenceFrame B = N.orient_new_body_fixed("B", "313", {angles[0], angles[1], angles[2]});
  Point O{"O"};
  Point Q = O.locate_new("Q", Vector(N, x[0], x[1], x[2]));

  TumblingBody() {
    O.fix_in(N);
    Q.fix_in(B);
  }
  // ^N d r^{P/O}/dt, the definition of ^N v^P (O fixed in N).
  Vector brute_velocity(const Point& P) const { return P.position_from(O).dt(N); }
  Vector brute_acceleration(const Point& P) const { return P.position_from(O).dt(N).dt(N); }
};

}  // namespace

TEST(PointTheorems, TwoPointsFixedOnABody) {
  TumblingBody s;
  auto b = sym::parameter("b");
  Point P = s.Q.locate_new("P", b * s.B.x() + 2 * b * s.B.z());
  P.fix_in(s.B);
  EXPECT_TRUE(numerically_equal(velocity_two_point(P, s.Q, s.N, s.B), s.brute_velocity(P), s.N));
  EXPECT_TRUE(numerically_equal(acceleration_two_point(P, s.Q, s.N, s.B), s.brute_acceleration(P), s.N));
}

TEST(PointTheorems, OnePointMovingOnABody) {
  TumblingBody s;
  auto z = sym::dynamic_symbols("z", 2);
  Point P = s.Q.locate_new("P", z[0] * s.B.x() + z[1] * s.B.y());
  EXPECT_TRUE(numerically_equal(velocity_one_point(P, s.Q, s.N, s.B), s.brute_velocity(P), s.N));
  EXPECT_TRUE(numerically_equal(acceleration_one_point(P, s.Q, s.N, s.B), s.brute_acceleration(P), s.N));
  // Without the Coriolis term 2 ^Nω^B × ^B v^P the theorem fails.
  Vector without_coriolis = P.acceleration_in(s.B) + acceleration_two_point(P, s.Q, s.N, s.B);
  EXPECT_FALSE(numerically_equal(without_coriolis, s.brute_acceleration(P), s.N));
}

TEST(PointTheorems, VelocityInTheBodyOfAPointMovingOnIt) {
  TumblingBody s;
  auto z = sym::dynamic_symbol("z");
  Point P = s.Q.locate_new("P", z * s.B.y());
  EXPECT_TRUE(numerically_equal(P.velocity_in(s.B), sym::derivative_of(z) * s.B.y(), s.B));
  EXPECT_TRUE(numerically_equal(P.acceleration_in(s.B), sym::derivative_of(z, 2) * s.B.y(), s.B));
}

TEST(PointVelocity, FixedPointHasZeroVelocityAndAcceleration) {
  TumblingBody s;
  EXPECT_TRUE(s.O.velocity_in(s.N).is_zero());
  EXPECT_TRUE(s.O.acceleration_in(s.N).is_zero());
  EXPECT_TRUE(s.Q.velocity_in(s.B).is_zero());
}

TEST(PointVelocity, FoundFromAPointPositionedFromIt) {
  // P is the root of its tree; the point fixed in N is its child: ^N v^P = −^N d r^{K/P}/dt.
  ReferenceFrame N("N");
  auto q = sym::dynamic_symbol("q");
  ReferenceFrame B = N.orient_new_axis("B", N.z(), q);
  Point P("P");
  Point K = P.locate_new("K", 3 * B.x());
  K.fix_in(N);
  Vector expected = -K.position_from(P).dt(N);
  EXPECT_TRUE(numerically_equal(P.velocity_in(N), expected, N));
  EXPECT_TRUE(numerically_equal(P.acceleration_in(N), expected.dt(N), N));
}

TEST(PointVelocity, SetVelocityAndAccelerationArePropagated) {
  // A rolling-disk centre whose velocity and (simplified) acceleration are given: a point
  // positioned from it adds the derivatives of its position vector.
  ReferenceFrame N("N");
  auto q = sym::dynamic_symbol("q");
  auto r = sym::parameter("r");
  ReferenceFrame D = N.orient_new_axis("D", N.z(), q);
  Point C("C");
  C.set_velocity(N, -r * sym::derivative_of(q) * N.x());
  C.set_acceleration(N, -r * sym::derivative_of(q, 2) * N.x());
  Point P = C.locate_new("P", r * D.x());
  EXPECT_TRUE(numerically_equal(P.velocity_in(N), C.velocity_in(N) + r * D.x().dt(N), N));
  EXPECT_TRUE(numerically_equal(P.acceleration_in(N), C.acceleration_in(N) + r * D.x().dt(N).dt(N), N));
}

TEST(PointVelocity, UndefinedVelocityNamesThePointAndTheFrame) {
  ReferenceFrame N("N"), B("B");
  Point O("O");
  O.fix_in(B);
  Point P = O.locate_new("P", B.x());
  std::string message = thrown_message<ModelError>([&] { P.velocity_in(N); });
  EXPECT_NE(message.find("point 'P'"), std::string::npos) << message;
  EXPECT_NE(message.find("frame 'N'"), std::string::npos) << message;
  EXPECT_THROW(P.acceleration_in(N), ModelError);
}

TEST(PointVelocity, RepositionedPointLeavesItsOldTree) {
  ReferenceFrame N("N");
  Point O("O"), E("E");
  O.fix_in(N);
  Point P = O.locate_new("P", N.x());
  P.set_position(E, N.y());
  EXPECT_THROW(P.velocity_in(N), ModelError);
  EXPECT_THROW(P.position_from(O), ModelError);
}

TEST(PointPosition, CycleOfPositionsIsRejected) {
  ReferenceFrame N("N");
  Point A("A");
  Point B = A.locate_new("B", N.x());
  Point C = B.locate_new("C", N.y());
  std::string message = thrown_message<ModelError>([&] { A.set_position(C, N.z()); });
  EXPECT_NE(message.find("point 'A'"), std::string::npos) << message;
  EXPECT_NE(message.find("cycle"), std::string::npos) << message;
  EXPECT_THROW(A.set_position(A, N.z()), ModelError);
  // The rejected call left the tree unchanged.
  EXPECT_TRUE(numerically_equal(C.position_from(A), N.x() + N.y(), N));
}

TEST(PointPosition, PositionFromIsTheSumAlongTheTree) {
  ReferenceFrame N("N");
  auto q = sym::dynamic_symbol("q");
  ReferenceFrame B = N.orient_new_axis("B", N.z(), q);
  Point O("O");
  Point P = O.locate_new("P", 2 * N.x());
  Point Q = O.locate_new("Q", B.y());
  EXPECT_TRUE(numerically_equal(P.position_from(Q), 2 * N.x() - B.y(), N));
  EXPECT_TRUE(numerically_equal(Q.position_from(P), B.y() - 2 * N.x(), N));
  EXPECT_TRUE(P.position_from(P).is_zero());
}

TEST(PointPosition, PointsOfDifferentTreesHaveNoPosition) {
  ReferenceFrame N("N");
  Point O1("O1"), O2("O2");
  Point P = O1.locate_new("P", N.x());
  Point Q = O2.locate_new("Q", N.y());
  std::string message = thrown_message<ModelError>([&] { P.position_from(Q); });
  EXPECT_NE(message.find("'P'"), std::string::npos) << message;
  EXPECT_NE(message.find("'Q'"), std::string::npos) << message;
}
