// Events and impacts (Géradin & Rixen §1.5): SUNDIALS root finding locates the contact, the
// impulsive Lagrange equations M Δu = Jᵀ Λ with restitution give the velocity jump.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/numeric/simulation.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;

namespace {

// Two masses on a line; m1 at x1 moving towards m2 at x2 (contact when x2 − x1 = 0).
model::System two_masses(double m1v, double m2v, double restitution) {
  model::System s("two masses on a line");
  auto m1 = s.add_parameter("m1", m1v), m2 = s.add_parameter("m2", m2v), e = s.add_parameter("e", restitution);
  auto x1 = s.add_coordinate("x1"), x2 = s.add_coordinate("x2");
  auto N = s.inertial_frame();
  s.add_particle({"m1", s.add_point(s.origin().locate_new("P1", x1 * N.x())), m1});
  s.add_particle({"m2", s.add_point(s.origin().locate_new("P2", x2 * N.x())), m2});
  s.add_event({"contact", x2 - x1, GiNaC::ex(e)});
  return s;
}

numeric::SimulationOptions tight(double t_end, double step) {
  numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = step;
  o.rtol = 1e-12;
  o.atol = 1e-14;
  return o;
}

}  // namespace

// Géradin E1.9 (E1.9.d): m1 = 1, m2 = 2, V = 3: v1⁺ = (m1 − m2)V/(m1 + m2) = −1, v2⁺ = 2 m1 V/(m1 + m2)
// = 2; momentum 3 and energy 4.5 conserved. The contact at t = 1/3 is located by root finding
// (ARKODE, CVODE and IDA).
TEST(Geradin_E1_9_ElasticCollision, VelocitiesAfterTheShock) {
  auto s = two_masses(1, 2, 1);
  for (auto integrator : {numeric::Integrator::DormandPrince, numeric::Integrator::Bdf, numeric::Integrator::Ida})
  for (const auto& eom : {formulations::lagrange(s), formulations::kane(s)}) {
    auto options = tight(1, 0.5);
    options.integrator = integrator;
    auto tr = numeric::simulate(s, eom, State{0, Eigen::Vector2d(-1, 0), Eigen::Vector2d(3, 0)}, options);
    ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
    EXPECT_EQ(tr.summary.impacts, 1);
    EXPECT_NEAR(tr.u.back()(0), -1, 1e-10) << eom.method;
    EXPECT_NEAR(tr.u.back()(1), 2, 1e-10) << eom.method;
    EXPECT_NEAR(tr.q.back()(0), -1 + 1 - 2.0 / 3, 1e-9);  // −1 + 3·(1/3) − 1·(2/3)
    EXPECT_NEAR(tr.q.back()(1), 4.0 / 3, 1e-9);
    bool event_recorded = false;
    for (double t : tr.t) event_recorded |= std::abs(t - 1.0 / 3) < 1e-10;
    EXPECT_TRUE(event_recorded);
    EXPECT_NEAR(tr.energy.back(), 4.5, 1e-9);
  }
}

// With restitution e: the relative velocity reverses with factor e (A14), momentum is conserved.
TEST(Geradin_E1_9_ElasticCollision, RestitutionCoefficient) {
  auto s = two_masses(1, 2, 0.5);
  auto tr = numeric::simulate(s, formulations::lagrange(s), State{0, Eigen::Vector2d(-1, 0), Eigen::Vector2d(3, 0)},
                              tight(1, 0.5));
  ASSERT_TRUE(tr.summary.completed);
  const double v1 = tr.u.back()(0), v2 = tr.u.back()(1);
  EXPECT_NEAR(v2 - v1, 0.5 * 3, 1e-10);
  EXPECT_NEAR(v1 + 2 * v2, 3, 1e-10);
}

// Géradin P1.11: two identical pendulums that just touch at θ1 = θ2 = 0; pendulum 1 released from
// −θ0 reaches the other after a quarter period t⁻ = sqrt(ℓ/g) K(sin(θ0/2)) with
// |θ̇1⁻| = 2 sqrt(g/ℓ) sin(θ0/2); the elastic shock exchanges the velocities (θ̇1⁺ = 0, θ̇2⁺ = θ̇1⁻).
TEST(Geradin_P1_11_CollidingPendulums, VelocitiesExchangedAtTheBottom) {
  const double l = 0.8, g = 9.81, theta0 = 0.9;
  model::System s("two pendulums");
  auto m = s.add_parameter("m", 1.0), ls = s.add_parameter("l", l), gs = s.add_parameter("g", g);
  auto t1 = s.add_coordinate("theta1"), t2 = s.add_coordinate("theta2");
  auto N = s.inertial_frame();  // n1 down, n2 horizontal
  auto P1 = s.add_point(s.origin().locate_new("P1", ls * GiNaC::cos(t1) * N.x() + ls * GiNaC::sin(t1) * N.y()));
  auto P2 = s.add_point(s.origin().locate_new("P2", ls * GiNaC::cos(t2) * N.x() + ls * GiNaC::sin(t2) * N.y()));
  s.add_particle({"bob 1", P1, m});
  s.add_particle({"bob 2", P2, m});
  s.set_gravity(gs * N.x());
  s.add_event({"bobs touch", ls * (GiNaC::sin(t2) - GiNaC::sin(t1)), GiNaC::ex(1)});
  const double t_minus = std::sqrt(l / g) * std::comp_ellint_1(std::sin(theta0 / 2));
  auto tr = numeric::simulate(s, formulations::lagrange(s), State{0, Eigen::Vector2d(-theta0, 0), Eigen::Vector2d(0, 0)},
                              tight(1.2 * t_minus, 1.2 * t_minus));
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  ASSERT_EQ(tr.summary.impacts, 1);
  std::size_t before = 0;
  while (before < tr.t.size() && std::abs(tr.t[before] - t_minus) > 1e-8) ++before;
  ASSERT_LT(before + 1, tr.t.size()) << "no sample at the impact time";
  const double w = 2 * std::sqrt(g / l) * std::sin(theta0 / 2);
  EXPECT_NEAR(tr.u[before](0), w, 1e-8);          // just before
  EXPECT_NEAR(tr.u[before + 1](0), 0, 1e-8);      // just after: at rest
  EXPECT_NEAR(tr.u[before + 1](1), w, 1e-8);      // and the other one takes the velocity
}

// A stopping event ends the run there (completed, named); a Zeno ball is stopped as an event
// storm with the time, the trajectory kept.
TEST(Events, StopEventAndEventStorm) {
  model::System s("falling particle");
  auto g = s.add_parameter("g", 9.81);
  auto z = s.add_coordinate("z");
  auto N = s.inertial_frame();
  s.add_particle({"ball", s.add_point(s.origin().locate_new("P", z * N.z())), 1});
  s.set_gravity(-g * N.z());
  s.add_event({"ground", z, std::nullopt});
  auto tr = numeric::simulate(s, formulations::lagrange(s), State{0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1)},
                              tight(5, 0.1));
  EXPECT_TRUE(tr.summary.completed);
  EXPECT_EQ(tr.summary.ended_by_event, "ground");
  EXPECT_NEAR(tr.t.back(), std::sqrt(2 / 9.81), 1e-10);

  model::System b("bouncing ball");
  auto gb = b.add_parameter("g", 9.81);
  auto zb = b.add_coordinate("z");
  b.add_particle({"ball", b.add_point(b.origin().locate_new("P", zb * b.inertial_frame().z())), 1});
  b.set_gravity(-gb * b.inertial_frame().z());
  b.add_event({"floor", zb, GiNaC::ex(GiNaC::numeric(1, 2))});
  auto bounce = numeric::simulate(b, formulations::lagrange(b), State{0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1)},
                                  tight(5, 0.5));
  EXPECT_FALSE(bounce.summary.completed);
  EXPECT_NE(bounce.summary.stop_reason.find("event storm"), std::string::npos) << bounce.summary.stop_reason;
  EXPECT_GT(bounce.summary.impacts, 10);
  EXPECT_GT(bounce.t.size(), 20u);
  EXPECT_NEAR(bounce.t.back(), std::sqrt(2 / 9.81) * 3, 1e-3);  // accumulation point t0 (1 + 2e/(1 − e))
}

// An impact on a constrained system (Cartesian pendulum, Lagrange's multiplier form): the bob hits a
// wall at x = 0 below the pivot; with e = 1 the impulse M Δu = Jᵀ Λ keeps G Δu = 0, so the bob stays
// on its circle (φ̇ = x ẋ + y ẏ = 0 after the shock) and its speed is reversed, not changed.
TEST(Geradin_A14_ConstrainedImpact, PendulumHitsAWall) {
  auto s = seeds::cartesian_pendulum("Cartesian pendulum and a wall");
  auto x = s.coordinates()[0];
  s.add_event({"wall", x, GiNaC::ex(1)});
  auto eom = formulations::lagrange(s);
  auto tr = numeric::simulate(s, eom, State{0, Eigen::Vector2d(std::sin(0.7), -std::cos(0.7)), Eigen::Vector2d(0, 0)},
                              tight(0.8, 0.8));
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  ASSERT_EQ(tr.summary.impacts, 1);
  std::size_t k = 0;
  while (k + 1 < tr.t.size() && tr.t[k + 1] != tr.t[k]) ++k;  // the two samples at the impact time
  ASSERT_LT(k + 1, tr.t.size());
  const Eigen::Vector2d before = tr.u[k], after = tr.u[k + 1], at = tr.q[k + 1];
  EXPECT_NEAR(at(0), 0, 1e-9);
  EXPECT_NEAR(at.dot(after), 0, 1e-10);                   // still tangent to the circle
  EXPECT_NEAR(after.norm(), before.norm(), 1e-10);        // elastic
  EXPECT_NEAR(after(0), -before(0), 1e-10);               // reversed
  EXPECT_NEAR(before.norm(), std::sqrt(2 * 9.81 * (1 - std::cos(0.7))), 1e-8);
}
