// Nonholonomic systems by Kane's method (dependent speeds) and Lagrange multipliers.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/inertia.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using GiNaC::cos;
using GiNaC::sin;

namespace {

// ẋ, ẏ that satisfy the rolling constraints for given angle rates.
Eigen::VectorXd rolling_rates(double r, double th, double ph, double thd, double phd, double psd) {
  Eigen::VectorXd qd(5);
  qd << thd, phd, psd,
      -(r * std::cos(th) * std::sin(ph) * thd + r * std::sin(th) * std::cos(ph) * phd + r * std::cos(ph) * psd),
      -(-r * std::cos(th) * std::cos(ph) * thd + r * std::sin(th) * std::sin(ph) * phd + r * std::sin(ph) * psd);
  return qd;
}

}  // namespace

// Angeles E6 golden values (seed-000 §7): r = 0.5, g = 9.81, θ = 0.3, θ̇ = 0.2, φ̇ = 1.1, ψ̇ = 3.0:
// θ̈ = 8.7632263571, φ̈ = −1.2561019218, ψ̈ = 0.0209134535 — by Kane (ẋ, ẏ dependent) and by
// Lagrange with two multipliers.
TEST(Angeles_E6_RollingDisk, KaneAndLagrangeMultipliersGolden) {
  auto s = seeds::angeles_rolling_disk();
  auto params = s.parameter_values();
  auto K = formulations::kane(s);
  ASSERT_EQ(K.p(), 3u);
  auto L = formulations::lagrange(s);
  ASSERT_EQ(L.m(), 2u);
  for (double ph : {0.0, 0.7, -2.0}) {
    auto qd = rolling_rates(0.5, 0.3, ph, 0.2, 1.1, 3.0);
    Eigen::VectorXd q(5);
    q << 0.3, ph, 0.4, 1.0, -2.0;
    auto k = formulations::solve(K, State{0, q, qd.head(3)}, params);
    auto l = formulations::coordinate_accelerations(L, State{0, q, qd}, params);
    const double golden[] = {8.7632263571, -1.2561019218, 0.0209134535};
    for (int i = 0; i < 3; ++i) {
      EXPECT_TRUE(test::close(k.udot(i), golden[i], 1e-9)) << "Kane " << i;
      EXPECT_TRUE(test::close(l(i), golden[i], 1e-9)) << "Lagrange " << i;
    }
    // The dependent accelerations agree too.
    auto kq = formulations::coordinate_accelerations(K, State{0, q, qd.head(3)}, params);
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(test::close(kq(i), l(i), 1e-10)) << i;
  }
  test::expect_same_accelerations(s, {L, K});
}

// Inconsistent velocities for the multiplier form are a user error that solve() cannot see, but a
// redundant constraint makes the KKT matrix singular: reported, not a NaN.
TEST(Lagrange, RedundantConstraintRowsAreReported) {
  auto s = seeds::angeles_rolling_disk();
  auto c0 = s.constraints()[0];
  s.add_constraint({"rolling x again", model::ConstraintLevel::Velocity, 2 * c0.expression, {}});
  auto L = formulations::lagrange(s);
  Eigen::VectorXd q(5);
  q << 0.3, 0.2, 0.4, 1.0, -2.0;
  auto qd = rolling_rates(0.5, 0.3, 0.2, 0.2, 1.1, 3.0);
  try {
    formulations::solve(L, State{0, q, qd}, s.parameter_values());
    FAIL() << "no error";
  } catch (const SingularityError& e) {
    EXPECT_NE(std::string(e.what()).find("loses rank"), std::string::npos) << e.what();
  }
  EXPECT_THROW(formulations::kane(s), SingularityError);
}

// Kane's auxiliary generalized speed: a radial speed ũ added to the bob of a simple pendulum
// brings the rod tension R into evidence. The auxiliary equation R + m g·b1 − m a·b1 = 0 gives
// R = −m(ℓ q̇² + g cos q) along b1 (outward), i.e. the Cartesian multiplier of Géradin E1.10.
TEST(Kane, AuxiliarySpeedGivesRodTension) {
  model::System s("pendulum");
  auto m = s.add_parameter("m", 1.3), l = s.add_parameter("l", 0.8), g = s.add_parameter("g", 9.81);
  auto R = s.add_parameter("R");  // unknown tension, solved from the auxiliary equation
  auto q = s.add_coordinate("q");
  auto ut = sym::dynamic_symbol("u_aux");
  auto N = s.inertial_frame();
  // b1 = (sin q, −cos q) points from the pivot to the bob: q = 0 hangs down.
  auto B = s.add_frame(N.orient_new_axis("B", N.z(), q - GiNaC::Pi / 2));
  kin::Point P("P");
  P.set_position(s.origin(), l * B.x());
  s.add_point(P);
  s.add_frame(B);
  P.set_velocity(N, l * sym::derivative_of(q) * B.y() + ut * B.x());
  s.add_particle({"bob", P, m});
  s.set_gravity(-g * N.y());
  s.add_force({"rod", P, R * B.x()});
  formulations::KaneOptions options;
  options.auxiliary_speeds = {ut};
  auto K = formulations::kane(s, options);
  ASSERT_EQ(K.auxiliary_equations.size(), 1u);
  for (double qv : {0.0, 0.5, 2.0})
    for (double qd : {0.0, 1.2}) {
      GiNaC::exmap at = s.parameter_values();
      at[q] = qv;
      at[sym::derivative_of(q)] = qd;
      State x{0, Eigen::VectorXd::Constant(1, qv), Eigen::VectorXd::Constant(1, qd)};
      at[sym::derivative_of(sym::derivative_of(q))] = formulations::solve(K, x, s.parameter_values()).udot(0);
      // Solve the (linear) auxiliary equation for R.
      GiNaC::ex eq = K.auxiliary_equations[0].subs(at);
      double tension = -sym::evaluate(eq.subs(R == 0), {}) / sym::evaluate(eq.diff(R), {});
      EXPECT_TRUE(test::close(tension, -1.3 * (0.8 * qd * qd + 9.81 * std::cos(qv)), 1e-10));
    }
}
