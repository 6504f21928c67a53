#include <gtest/gtest.h>

#include "adyn/kinematics/point.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

using namespace adyn;
using namespace adyn::kin;

TEST(Kinematics, SimpleRotationMatchesKaneE9) {
  auto th = sym::dynamic_symbol("theta");
  ReferenceFrame A("A"), B("B");
  B.orient_axis(A, A.z(), th);
  // b_1 = cθ a_1 + sθ a_2
  auto b1 = B.x().components_in(A);
  EXPECT_TRUE((b1(0, 0) - GiNaC::cos(th)).is_zero());
  EXPECT_TRUE((b1(1, 0) - GiNaC::sin(th)).is_zero());
  auto w = B.angular_velocity_in(A).components_in(B);
  EXPECT_TRUE((w(2, 0) - sym::derivative_of(th)).is_zero());
  auto wdef = angular_velocity_from_definition(B, A).components_in(B);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE((wdef(i, 0) - w(i, 0)).expand().subs(GiNaC::pow(GiNaC::sin(th), 2) == 1 - GiNaC::pow(GiNaC::cos(th), 2)).expand().is_zero()) << wdef(i, 0);
}

TEST(Kinematics, PendulumVelocity) {
  auto q = sym::dynamic_symbol("q");
  auto l = sym::parameter("l");
  ReferenceFrame N("N");
  ReferenceFrame B = N.orient_new_axis("B", N.z(), q);
  Point O("O");
  O.fix_in(N);
  Point P = O.locate_new("P", l * B.x());
  auto v = P.velocity_in(N);
  auto vb = v.components_in(B);
  EXPECT_TRUE((vb(1, 0) - l * sym::derivative_of(q)).is_zero()) << v;
  auto a = P.acceleration_in(N).components_in(B);
  EXPECT_TRUE((a(0, 0) + l * GiNaC::pow(sym::derivative_of(q), 2)).normal().is_zero()) << a;
}
