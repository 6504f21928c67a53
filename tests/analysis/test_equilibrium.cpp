// Equilibria, relative equilibria and steady motions (issue 6): Kane's notes E34 (the gravity-
// gradient rod: relative equilibria of the prescribed orbit from V* = V − T0, the libration
// frequency √3 Ω, and the steady circular orbit of the free rod with θ cyclic), all four
// equilibria of the double pendulum, a multiplier form, and the failure to find one.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/equilibrium.hpp"
#include "adyn/analysis/linearization.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::ex;

namespace {

formulations::State state(std::initializer_list<double> q, std::initializer_list<double> u) {
  formulations::State x;
  x.q = Eigen::Map<const Eigen::VectorXd>(q.begin(), static_cast<Eigen::Index>(q.size()));
  x.u = Eigen::Map<const Eigen::VectorXd>(u.begin(), static_cast<Eigen::Index>(u.size()));
  return x;
}

double wrapped(double angle) { return std::remainder(angle, 2 * M_PI); }

}  // namespace

// E34 with the orbit prescribed: the relative equilibria are the stationary points of
// V* = V − T0 — the rod along the local vertical (ψ = 0, π: stable, libration at √3 Ω) or along
// the orbit (ψ = ±π/2: unstable). Ω = 1 here (G m = 1, R0 = 1); L/R0 = 1e-3 puts the finite-length
// correction at 1e-6.
TEST(Kane_E34_GravityGradientRod, RelativeEquilibriaAndLibrationFrequency) {
  auto s = seeds::orbiting_rod(true);
  auto eom = formulations::lagrange(s);
  const auto params = s.parameter_values();
  std::vector<formulations::State> guesses;
  for (double psi : {-1.9, -0.4, 0.3, 1.3, 2.9}) guesses.push_back(state({psi}, {0}));
  auto found = analysis::find_equilibria(s, eom, guesses, params);
  std::string angles;
  for (const auto& e : found) angles += std::to_string(e.state.q(0)) + " ";
  ASSERT_EQ(found.size(), 4u) << angles;
  const ex psi = s.coordinates()[0], Vstar = analysis::effective_potential(s);
  for (const auto& e : found) {
    const double angle = e.state.q(0);
    EXPECT_NEAR(std::remainder(angle, M_PI / 2), 0, 1e-9) << angle;
    auto at = formulations::state_values(eom, e.state, params);
    EXPECT_NEAR(sym::evaluate(Vstar.diff(GiNaC::ex_to<GiNaC::symbol>(psi)), at), 0, 1e-12);  // ∂V*/∂ψ = 0
    auto lin = analysis::linearize(s, eom, formulations::state_values(eom, e.state, {}));
    auto a = analysis::eigenanalysis(lin, params);
    const bool along_vertical = std::abs(std::sin(angle)) < 0.5;
    EXPECT_EQ(a.stable, along_vertical) << angle;
    // The sign of ∂²V*/∂ψ² decides, as for a conservative system in moving axes.
    EXPECT_EQ(sym::evaluate(Vstar.diff(GiNaC::ex_to<GiNaC::symbol>(psi), 2), at) > 0, along_vertical);
    if (along_vertical) {
      ASSERT_EQ(a.frequencies.size(), 1u);
      EXPECT_NEAR(a.frequencies[0] / std::sqrt(3.0), 1.0, 1e-5);  // √3 Ω
    }
  }
}

// E34 with the orbit free: q = (R, θ, ψ), θ cyclic. Given θ̇ = Ω = 1, the steady motion has R = R0
// (Ω² = G m / R0³ up to the rod's length) and ψ = 0; about it the orbit oscillates at the
// epicyclic frequency Ω (Kepler) and the rod librates at √3 Ω.
TEST(Kane_E34_GravityGradientRod, SteadyCircularOrbitOfTheFreeRod) {
  auto s = seeds::orbiting_rod(false);
  for (const auto& [name, eom] : {std::pair{"Lagrange", formulations::lagrange(s)}, std::pair{"Kane", formulations::kane(s)}}) {
    auto ignorable = analysis::ignorable_coordinates(eom);
    ASSERT_EQ(ignorable.size(), 1u) << name;
    EXPECT_EQ(ignorable[0].get_name(), "theta");
    const auto params = s.parameter_values();
    auto e = analysis::find_equilibrium(s, eom, state({1.2, 0.0, 0.2}, {0, 1, 0}), params);
    EXPECT_NEAR(e.state.q(0), 1.0, 1e-5) << name;  // R
    EXPECT_NEAR(wrapped(e.state.q(2)), 0, 1e-10) << name;
    EXPECT_NEAR(e.state.u(1), 1.0, 0) << name;  // held at the guess
    auto lin = analysis::linearize(s, eom, formulations::state_values(eom, e.state, {}));
    ASSERT_EQ(lin.ignorable.size(), 1u);
    EXPECT_LT(analysis::stationarity_residual(lin, params), 1e-9);
    auto a = analysis::eigenanalysis(lin, params);
    ASSERT_EQ(a.frequencies.size(), 2u) << name;
    EXPECT_NEAR(a.frequencies[0], 1.0, 1e-5) << name;
    EXPECT_NEAR(a.frequencies[1], std::sqrt(3.0), 1e-5) << name;
    EXPECT_TRUE(a.stable);
  }
}

// Géradin P1.8 parameters: the four equilibria of the double pendulum (hanging, each link up),
// only the hanging one stable.
TEST(Equilibrium, AllFourEquilibriaOfTheDoublePendulum) {
  auto s = seeds::double_pendulum();
  auto eom = formulations::lagrange(s);
  std::vector<formulations::State> guesses;
  for (double a : {-0.3, 2.8})
    for (double b : {0.4, 3.5}) guesses.push_back(state({a, b}, {0, 0}));
  guesses.push_back(state({0.1, 0.1}, {0, 0}));  // the same as the first
  auto found = analysis::find_equilibria(s, eom, guesses, s.parameter_values());
  ASSERT_EQ(found.size(), 4u);
  int stable = 0;
  for (const auto& e : found) {
    EXPECT_NEAR(std::remainder(e.state.q(0), M_PI), 0, 1e-10);
    EXPECT_NEAR(std::remainder(e.state.q(1), M_PI), 0, 1e-10);
    auto lin = analysis::linearize(s, eom, formulations::state_values(eom, e.state, {}));
    if (analysis::eigenanalysis(lin, s.parameter_values()).stable) {
      ++stable;
      EXPECT_NEAR(wrapped(e.state.q(0)), 0, 1e-10);
      EXPECT_NEAR(wrapped(e.state.q(1)), 0, 1e-10);
    }
  }
  EXPECT_EQ(stable, 1);
}

// A multiplier form: the Cartesian pendulum (Géradin E1.10) hangs at (0, −l) with the rod's
// multiplier balancing gravity, 2 l λ = m g (from F + Gᵀλ = 0 with G = ∂φ/∂q = (2x, 2y)).
TEST(Equilibrium, MultiplierFormGivesTheRodForce) {
  auto s = seeds::cartesian_pendulum();
  auto eom = formulations::lagrange(s);
  auto e = analysis::find_equilibrium(s, eom, state({0.3, -0.8}, {0, 0}), s.parameter_values());
  EXPECT_NEAR(e.state.q(0), 0, 1e-10);
  EXPECT_NEAR(e.state.q(1), -1, 1e-10);
  ASSERT_EQ(e.multipliers.size(), 1);
  EXPECT_NEAR(std::abs(2 * e.multipliers(0)), 9.81, 1e-9);
}

// A particle under gravity alone has no equilibrium: the error names the system and the residual.
TEST(Equilibrium, NoEquilibriumIsReportedWithTheResidual) {
  model::System s("falling particle");
  auto g = s.add_parameter("g", 9.81);
  auto y = s.add_coordinate("y");
  s.add_particle({"p", s.add_point(s.origin().locate_new("P", y * s.inertial_frame().y())), s.add_parameter("m", 1.0)});
  s.set_gravity(-g * s.inertial_frame().y());
  auto eom = formulations::lagrange(s);
  try {
    analysis::find_equilibrium(s, eom, state({0.0}, {0.0}), s.parameter_values(), {{y}, 1e-10, 100});
    FAIL() << "expected an error";
  } catch (const ModelError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("falling particle"), std::string::npos) << what;
    EXPECT_NE(what.find("no equilibrium found"), std::string::npos) << what;
    EXPECT_NE(what.find("9.81"), std::string::npos) << what;
  }
  EXPECT_THROW(analysis::find_equilibria(s, eom, {state({0.0}, {0.0}), state({1.0}, {0.0})}, s.parameter_values()),
               ModelError);
}
