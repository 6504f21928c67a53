// The energy function E = T2 − T0 + V and its rate (Greenwood (4.379), (4.393); Géradin (1.58)):
// golden values of Greenwood 4.12 and 4.13, the rate against dE/dt along the motion, the
// sufficient conditions for a conservative system, and the form a simulation's monitor evaluates.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/energy.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/tape.hpp"
#include "hostile_models.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using GiNaC::ex;

namespace {

// Ė from the formula equals dE/dt along Lagrange's equations (q̈ and λ solved) at random
// consistent states.
void expect_rate_is_derivative(const model::System& s, int samples = 10) {
  auto eom = formulations::lagrange(s);
  ex E = formulations::energy_function(s);
  ex dE = sym::time_derivative(E);
  ex rate = formulations::energy_rate(s, eom.multipliers);
  std::mt19937 rng(31);
  auto params = s.parameter_values();
  for (int k = 0; k < samples; ++k) {
    auto x = test::state_for(eom, s, analysis::random_consistent_state(s, rng));
    auto values = formulations::state_values(eom, x, params);
    auto a = formulations::solve(eom, x, params);
    for (std::size_t i = 0; i < eom.n(); ++i) values[sym::derivative_of(eom.speeds[i])] = a.udot(static_cast<Eigen::Index>(i));
    for (std::size_t j = 0; j < eom.m(); ++j) values[eom.multipliers[j]] = a.lambda(static_cast<Eigen::Index>(j));
    EXPECT_TRUE(test::close(sym::evaluate(rate, values), sym::evaluate(dE, values), 1e-10)) << s.name();
  }
}

}  // namespace

// Greenwood 4.12 golden (seed-001 G-4.12): θ = 0.7, θ̇ = 1.1, Ω = 2, Ω̇ = 0.5:
// E = 3.695292714355476, Ė = −m r² Ω Ω̇ sin²θ = −0.1037541071374699 (4.399), (4.405), (4.410).
TEST(Greenwood_4_12_BeadOnRotatingWire, EnergyFunctionAndRate) {
  auto s = seeds::bead_on_rotating_wire();
  auto e = analysis::energy_at(s, State{0, Eigen::VectorXd::Constant(1, 0.7), Eigen::VectorXd::Constant(1, 1.1)});
  EXPECT_TRUE(test::close(e.energy, 3.695292714355476, 1e-13));
  EXPECT_TRUE(test::close(e.rate, -0.1037541071374699, 1e-13));
  expect_rate_is_derivative(s);
  auto report = analysis::conservation_report(s);
  EXPECT_FALSE(report.lagrangian_time_invariant);
  EXPECT_FALSE(report.conservative());
}

// Greenwood 4.13 by Lagrange: the unconstrained T has no explicit t and the knife-edge constraint is
// catastatic (conservative, 4.352), so E = T is conserved: Ė = 0; T = 1.41365100538519 at the
// golden state.
TEST(Greenwood_4_13_RheonomicKnifeEdge, EnergyIsConserved) {
  auto s = seeds::knife_edge(false);
  const double alpha = 0.3 + 0.5 * 0.8;
  auto e = analysis::energy_at(s, State{0.8, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector3d(std::cos(alpha), std::sin(alpha), 0.6)});
  EXPECT_TRUE(test::close(e.energy, 1.41365100538519, 1e-13));
  EXPECT_NEAR(e.rate, 0, 1e-14);
  expect_rate_is_derivative(s);
  EXPECT_TRUE(analysis::conservation_report(s).conservative());
}

// Géradin E1.8: the Jacobi integral E = T2 − T0 + V of the mass in the spinning wheel; with the
// damper Ė = −c1 ẋ² (= −2D).
TEST(Geradin_E1_8_RotatingWheel, JacobiIntegralAndDissipation) {
  auto s = seeds::rotating_wheel();
  auto m = seeds::parameter(s, "m"), W = seeds::parameter(s, "Omega"), k1 = seeds::parameter(s, "k1");
  auto k2 = seeds::parameter(s, "k2"), c1 = seeds::parameter(s, "c1");
  auto x = s.coordinates()[0], y = s.coordinates()[1];
  ex E_ref = m * (seeds::d(x) * seeds::d(x) + seeds::d(y) * seeds::d(y)) / 2 - m * W * W * (x * x + y * y) / 2 +
             (k1 * x * x + k2 * y * y) / 2;
  EXPECT_TRUE(test::numerically_equal(formulations::energy_function(s), E_ref));
  EXPECT_TRUE(test::numerically_equal(formulations::energy_rate(s, {}), -c1 * seeds::d(x) * seeds::d(x)));
  expect_rate_is_derivative(s);
  auto report = analysis::conservation_report(s);
  EXPECT_FALSE(report.no_nonconservative_forces);
  EXPECT_TRUE(report.lagrangian_time_invariant);
}

// Géradin P1.5 (holonomic, scleronomic constraint in a rotating frame): E = T2 − T0 conserved; and
// a rheonomic (acatastatic) constraint whose multiplier does work: the formula still equals dE/dt.
TEST(EnergyRate, ConstraintPowerThroughTheMultipliers) {
  auto grooves = seeds::grooves_on_wheel(1.0, 2.5);
  expect_rate_is_derivative(grooves);
  EXPECT_TRUE(analysis::conservation_report(grooves).conservative());

  model::System s("particle on a line turning with time");
  auto g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  s.add_particle({"p", s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y())), 1});
  s.set_gravity(-g * N.y());
  s.add_constraint({"moving line", model::ConstraintLevel::Configuration, y - GiNaC::sin(sym::time()) * x, {}});
  expect_rate_is_derivative(s);
  auto report = analysis::conservation_report(s);
  EXPECT_FALSE(report.catastatic_constraints);
  EXPECT_FALSE(report.conservative());
}

// The energy monitor of a simulation evaluates E = T + V with T over the tree's graph (O(n) named
// intermediates, formulations::tree_kinetic_energy) and Ė from the loads alone: at random states
// they equal the energy function T2 − T0 + V and its rate — for particles and rigid bodies, hinges
// and sliders, relative and absolute angles, springs and a damper.
TEST(EnergyForEvaluation, OfATreeIsTheEnergyFunctionAndItsRate) {
  const auto chain = io::read_model_document_text(test::chain_model(6), "chain.yaml").system;
  for (const auto& [name, s] : std::vector<std::pair<std::string, model::System>>{
           {"chain", chain},
           {"double pendulum", io::read_model_file(test::example("double_pendulum.yaml"))},
           {"pendulum and plate", io::read_model_file(test::example("kane_e1_pendulum_plate.yaml"))},
           {"elastic pendulum", io::read_model_file(test::example("geradin_p1_6_elastic_pendulum.yaml"))},
           {"cart and pendulum", io::read_model_file(test::example("cart_pendulum.yaml"))},
           {"top", io::read_model_file(test::example("heavy_symmetric_top.yaml"))}}) {
    ASSERT_TRUE(formulations::tree_kinetic_energy(s)) << name << " is a tree";
    const auto monitor = formulations::energy_for_evaluation(s);
    const ex E = formulations::energy_function(s), rate = formulations::energy_rate(s, {});
    std::vector<GiNaC::symbol> inputs = {sym::time()};
    for (const auto& q : s.coordinates()) inputs.push_back(q);
    for (const auto& u : s.speeds()) inputs.push_back(u);
    for (const auto& p : s.parameters()) inputs.push_back(p.symbol);
    const numeric::Tape tape(inputs, {monitor.energy, monitor.rate});
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> value(-1.5, 1.5);
    for (int sample = 0; sample < 5; ++sample) {
      GiNaC::exmap at = s.parameter_values();
      std::vector<double> in;
      for (const auto& x : inputs) {
        if (!at.count(x)) at[x] = value(rng);
        in.push_back(GiNaC::ex_to<GiNaC::numeric>(at[x]).to_double());
      }
      double out[2];
      tape.evaluate(in.data(), out);
      EXPECT_TRUE(test::close(out[0], sym::evaluate(E, at), 1e-12)) << name;
      EXPECT_TRUE(test::close(out[1], sym::evaluate(rate, at), 1e-12)) << name;
    }
  }
}
