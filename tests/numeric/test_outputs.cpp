// Outputs in simulations (issue 31 item 3): compiled once with the equations (CompiledSystem::
// outputs), recorded at every sample; a constraint's force is its multiplier where the equations
// keep its row, and Lagrange's multiplier along their motion where they eliminate it; and inputs
// that vary along a run (SimulationOptions::input_law).
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/numeric/compiled_system.hpp"
#include "adyn/numeric/simulation.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

numeric::SimulationOptions run_of(double t_end) {
  numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = 0.05;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  return o;
}

formulations::State state(double t, std::vector<double> q, std::vector<double> u) {
  return {t, Eigen::Map<Eigen::VectorXd>(q.data(), static_cast<Eigen::Index>(q.size())),
          Eigen::Map<Eigen::VectorXd>(u.data(), static_cast<Eigen::Index>(u.size()))};
}

}  // namespace

// The pendulum's bob P at l along B (theta from N.x): its position's x component l cos θ and its
// velocity's y component l cos θ θ̇, at every sample, from the state recorded with it.
TEST(SimulationOutputs, PointPositionAndVelocityAtEverySample) {
  auto s = seeds::pendulum();
  const auto P = s.point("P");
  const auto& N = s.inertial_frame();
  s.add_output({.name = "P_x", .expression = P.position_from(s.origin()).dot(N.x())});
  s.add_output({.name = "P_vy", .expression = P.velocity_in(N).dot(N.y())});
  const auto tr = numeric::simulate(s, formulations::lagrange(s), state(0, {0.4}, {0.0}), run_of(1.0));
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  ASSERT_EQ(tr.output_names, (std::vector<std::string>{"P_x", "P_vy"}));
  ASSERT_EQ(tr.outputs.size(), tr.t.size());
  const double l = 0.7;
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    const double th = tr.q[k](0), thd = tr.u[k](0);
    EXPECT_NEAR(tr.outputs[k](0), l * std::cos(th), 1e-15);
    EXPECT_NEAR(tr.outputs[k](1), l * std::cos(th) * thd, 1e-14);
  }
}

// The Cartesian pendulum's rod force by Lagrange's multiplier form: the output is λ of 'rod', and
// λ = m (g y − v²) / (2 l²) from the radial equation −m v²/l = 2 λ l − m g y/l (the constraint
// force 2λ (x, y), gravity −m g ŷ).
TEST(SimulationOutputs, ConstraintForceIsTheMultiplier) {
  auto s = seeds::cartesian_pendulum();
  s.add_output({.name = "rod_force", .constraint = "rod", .unit = "N/m"});
  const double m = 1, l = 1, g = 9.81;
  const auto tr = numeric::simulate(s, formulations::lagrange(s), state(0, {0.6, -0.8}, {0.8, 0.6}), run_of(1.0));
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  ASSERT_EQ(tr.multiplier_names, std::vector<std::string>{"rod"});
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    EXPECT_EQ(tr.outputs[k](0), tr.lambda[k](0));
    const double v2 = tr.u[k].squaredNorm(), y = tr.q[k](1);
    EXPECT_NEAR(tr.outputs[k](0), m * (g * y - v2) / (2 * l * l), 1e-6) << "t = " << tr.t[k];
  }
}

// Kane's and Gibbs–Appell's equations with y_d dependent eliminate the rod's force: the output is
// Lagrange's multiplier along their motion (λ from M_L q̈ = F_L + G_Lᵀλ with their q̇ and q̈), the
// same closed form as above.
TEST(SimulationOutputs, ConstraintForceOfAnEliminatingMethodIsLagrangesMultiplierAlongItsMotion) {
  auto s = seeds::cartesian_pendulum();
  s.add_output({.name = "rod_force", .constraint = "rod"});
  s.set_dependent_speeds({sym::derivative_of(s.coordinates()[1])});
  const double m = 1, l = 1, g = 9.81;
  for (const auto& eom : {formulations::kane(s), formulations::gibbs_appell(s)}) {
    ASSERT_TRUE(eom.multipliers.empty()) << eom.method;
    const auto tr = numeric::simulate(s, eom, state(0, {0.6, -0.8}, {0.8}), run_of(1.0));
    ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
    ASSERT_EQ(tr.output_names, std::vector<std::string>{"rod_force"});
    for (std::size_t k = 0; k < tr.t.size(); ++k) {
      const double v2 = tr.u[k].squaredNorm(), y = tr.q[k](1);  // (u with the dependent y_d)
      EXPECT_NEAR(tr.outputs[k](0), m * (g * y - v2) / (2 * l * l), 1e-6) << eom.method << ", t = " << tr.t[k];
    }
  }
}

namespace {

// A rotor J θ̈ = T driven by the input T.
model::System rotor() {
  model::System s("rotor");
  const auto J = s.add_parameter("J", 2.0);
  const auto T = s.add_input("T", 0.0, "N*m");
  const auto th = s.add_coordinate("th");
  const auto A = s.add_frame(s.inertial_frame().orient_new_axis("A", s.inertial_frame().z(), th));
  s.add_body({"wheel", s.origin(), A, 1, model::inertia_dyadic(A, J, J, J)});
  s.add_torque({"motor", A, T * s.inertial_frame().z(), std::nullopt});
  s.add_output({.name = "torque", .expression = T});
  return s;
}

}  // namespace

// T = a t from a law: θ = a t³ / (6 J) from rest, and the output T follows the law.
TEST(SimulationInputLaw, TorqueAsAFunctionOfTime) {
  const auto s = rotor();
  const auto eom = formulations::lagrange(s);
  auto o = run_of(2.0);
  const double a = 0.3, J = 2.0;
  o.input_law.names = {"T"};
  o.input_law.values = [a](double t, const auto&, const auto&, Eigen::Ref<Eigen::VectorXd> w) { w(0) = a * t; };
  const auto tr = numeric::simulate(s, eom, state(0, {0}, {0}), o);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    const double t = tr.t[k];
    EXPECT_NEAR(tr.q[k](0), a * t * t * t / (6 * J), 1e-9) << "t = " << t;
    EXPECT_NEAR(tr.outputs[k](0), a * t, 1e-15);
  }
}

// A law that returns the constant the model's input has gives the run of the constant, bit for bit.
TEST(SimulationInputLaw, ConstantLawEqualsTheConstantInput) {
  auto s = rotor();
  s.set_input_values({{"T", 0.7}});
  const auto eom = formulations::lagrange(s);
  const numeric::CompiledSystem compiled(s, eom);
  const auto constant = numeric::simulate(compiled, state(0, {0.1}, {0.2}), run_of(1.0));
  auto o = run_of(1.0);
  o.input_law.names = {"T"};
  o.input_law.values = [](double, const auto&, const auto&, Eigen::Ref<Eigen::VectorXd> w) { w(0) = 0.7; };
  const auto law = numeric::simulate(compiled, compiled.parameter_values({{"T", 0.0}}), state(0, {0.1}, {0.2}), o);
  ASSERT_EQ(constant.t.size(), law.t.size());
  for (std::size_t k = 0; k < law.t.size(); ++k) {
    EXPECT_EQ(constant.q[k](0), law.q[k](0));
    EXPECT_EQ(constant.u[k](0), law.u[k](0));
  }
  EXPECT_EQ(constant.summary.steps, law.summary.steps);
}

TEST(SimulationInputLaw, UnknownInputAndValuesThatAreNotFinite) {
  const auto s = rotor();
  const auto eom = formulations::lagrange(s);
  auto o = run_of(0.5);
  o.input_law.names = {"F"};
  o.input_law.values = [](double, const auto&, const auto&, Eigen::Ref<Eigen::VectorXd> w) { w(0) = 0; };
  try {
    numeric::simulate(s, eom, state(0, {0}, {0}), o);
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()), "input 'F': no such input in the system (its inputs: T)");
  }
  o.input_law.names = {"T"};
  o.input_law.values = [](double t, const auto&, const auto&, Eigen::Ref<Eigen::VectorXd> w) { w(0) = t > 0.2 ? std::nan("") : 0.0; };
  const auto tr = numeric::simulate(s, eom, state(0, {0}, {0}), o);
  EXPECT_FALSE(tr.summary.completed);
  EXPECT_NE(tr.summary.stop_reason.find("input 'T' is nan at t = "), std::string::npos) << tr.summary.stop_reason;
}
