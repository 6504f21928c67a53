// Integrals of motion (issue 6): Angeles E4 — θ cyclic with p_θ = (m a²/3) θ̇ sin²φ conserved, the
// Routhian giving the corrected "equivalently" equation φ̈ − α² cos φ / sin³φ + (3g/2a) sin φ +
// (3k/ma²) φ = 0 (the printed form is garbled in the scan of Angeles 1983), the Jacobi
// integral; with the shaft torque (E5) nothing is cyclic.
#include <gtest/gtest.h>

#include "adyn/analysis/integrals.hpp"
#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::ex;

TEST(Angeles_E4_RotatingShaftBar, CyclicCoordinateAndConservedMomentum) {
  auto s = seeds::shaft_with_bar(0);
  auto integrals = analysis::integrals_of_motion(s);
  ASSERT_EQ(integrals.cyclic.size(), 1u);
  const auto th = s.coordinates()[0], ph = s.coordinates()[1];
  EXPECT_TRUE(integrals.cyclic[0].coordinate.is_equal(th));
  const ex m = seeds::parameter(s, "m"), a = seeds::parameter(s, "a");
  EXPECT_TRUE(test::numerically_equal(integrals.cyclic[0].momentum, m * a * a / 3 * seeds::d(th) * pow(sin(ph), 2)));
  EXPECT_TRUE(integrals.jacobi.conservative());
  EXPECT_NE(analysis::to_string(integrals).find("theta"), std::string::npos);
  // E5: the torque τ on the shaft acts along θ.
  auto driven = analysis::integrals_of_motion(seeds::shaft_with_bar(0.7));
  EXPECT_TRUE(driven.cyclic.empty());
  EXPECT_FALSE(driven.jacobi.conservative());
}

TEST(Angeles_E4_RotatingShaftBar, RouthianGivesTheReducedEquation) {
  auto s = seeds::shaft_with_bar(0);
  const auto th = s.coordinates()[0], ph = s.coordinates()[1];
  auto routh = analysis::routh_reduction(s, {th});
  ASSERT_EQ(routh.momenta.size(), 1u);
  const ex m = seeds::parameter(s, "m"), a = seeds::parameter(s, "a"), k = seeds::parameter(s, "k"),
           g = seeds::parameter(s, "g");
  const ex beta = routh.momenta[0], alpha = 3 * beta / (m * a * a);  // β = (m a²/3) α
  EXPECT_TRUE(test::numerically_equal(routh.cyclic_velocities(0, 0), alpha / pow(sin(ph), 2)));
  EXPECT_FALSE(routh.routhian.has(seeds::d(th)));
  // d/dt ∂R/∂φ̇ − ∂R/∂φ = 0 is (m a²/3) times the corrected reduced equation.
  const auto phd = seeds::d(ph);
  const ex reduced = sym::time_derivative(routh.routhian.diff(phd)) - routh.routhian.diff(ph);
  const ex expected = m * a * a / 3 *
                      (seeds::d(phd) - alpha * alpha * cos(ph) / pow(sin(ph), 3) + 3 * g / (2 * a) * sin(ph) +
                       3 * k / (m * a * a) * ph);
  EXPECT_TRUE(test::numerically_equal(reduced, expected));
  EXPECT_THROW(analysis::routh_reduction(s, {ph}), ModelError);  // φ is not cyclic
}
