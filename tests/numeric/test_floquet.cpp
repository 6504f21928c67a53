// Floquet multipliers (Kane's notes E1): the plate's perturbation about the pendulum's swing is the
// Mathieu equation y'' + (α + β cos x) y = 0 (7) with α = β = Q²/8 (J/B3 = −1); its exact stability
// boundaries on that line are s = α = 0.164503, 0.444910, 0.929106, i.e. Q = 65.73°, 108.10°,
// 156.21° ([C] the notes' 66°, 115°, 156° are the first-order approximations).
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/lagrange.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/floquet.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

using namespace adyn;

namespace {

// y'' + (s + s cos t) y = 0 as a system: a unit mass with the time-periodic potential ½ (s + s cos t) y².
bool stable(double s) {
  model::System sys("Mathieu equation");
  auto a = sys.add_parameter("s", s);
  auto y = sys.add_coordinate("y");
  sys.add_particle({"mass", sys.add_point(sys.origin().locate_new("P", y * sys.inertial_frame().x())), 1});
  sys.add_potential({"periodic stiffness", (a + a * GiNaC::cos(sym::time())) * y * y / 2});
  auto eom = formulations::lagrange(sys);
  auto r = numeric::floquet(sys, eom, formulations::State{0, Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1)}, 2 * M_PI);
  EXPECT_NEAR(r.monodromy.determinant(), 1.0, 1e-7);  // Liouville: no damping, det Φ = 1
  return r.stable;
}

double boundary(double lo, double hi) {  // bisection on the stability verdict
  const bool at_lo = stable(lo);
  for (int i = 0; i < 30; ++i) {
    const double mid = (lo + hi) / 2;
    (stable(mid) == at_lo ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace

TEST(Kane_E1_PendulumWithPlate, MathieuStabilityBoundariesFromFloquetMultipliers) {
  EXPECT_TRUE(stable(0.10));    // Q = 51°
  EXPECT_FALSE(stable(0.30));   // Q = 89°
  EXPECT_TRUE(stable(0.60));    // Q = 125°
  EXPECT_FALSE(stable(1.00));   // Q = 162°
  const double reference[] = {0.164503, 0.444910, 0.929106};
  const double brackets[][2] = {{0.10, 0.30}, {0.30, 0.60}, {0.60, 1.00}};
  const double degrees[] = {65.73, 108.10, 156.21};
  for (int k = 0; k < 3; ++k) {
    const double s = boundary(brackets[k][0], brackets[k][1]);
    EXPECT_NEAR(s, reference[k], 2e-5) << k;
    EXPECT_NEAR(std::sqrt(8 * s) * 180 / M_PI, degrees[k], 0.01) << k;
  }
}

// A periodic orbit of an autonomous system (the pendulum of Géradin E1.7 swinging from 1 rad, period
// T = 4 √(l/g) K(sin ½θ0)): the flow direction is an eigenvector of the monodromy matrix with
// multiplier 1, Φ f(x0) = f(x0), and the orbit is neutrally stable (both multipliers 1).
TEST(Floquet, PeriodicOrbitOfThePendulumHasUnitMultipliers) {
  model::System sys("pendulum");
  auto l = sys.add_parameter("l", 0.7), g = sys.add_parameter("g", 9.81);
  auto th = sys.add_coordinate("theta");
  auto B = sys.add_frame(sys.inertial_frame().orient_new_axis("B", sys.inertial_frame().z(), th));
  sys.add_particle({"bob", sys.add_point(sys.origin().locate_new("P", -l * B.y())), 1});
  sys.set_gravity(-g * sys.inertial_frame().y());
  auto eom = formulations::lagrange(sys);
  const double theta0 = 1.0, period = 4 * std::sqrt(0.7 / 9.81) * std::comp_ellint_1(std::sin(theta0 / 2));
  formulations::State x0{0, Eigen::VectorXd::Constant(1, theta0), Eigen::VectorXd::Zero(1)};
  auto r = numeric::floquet(sys, eom, x0, period);
  Eigen::Vector2d flow(0, -9.81 / 0.7 * std::sin(theta0));  // (θ̇, θ̈) at x0
  EXPECT_LT((r.monodromy * flow - flow).norm(), 1e-8 * flow.norm());
  EXPECT_NEAR(r.monodromy.determinant(), 1.0, 1e-9);
  for (Eigen::Index k = 0; k < r.multipliers.size(); ++k) EXPECT_NEAR(std::abs(r.multipliers(k)), 1.0, 1e-6);
  EXPECT_TRUE(r.stable);
}
