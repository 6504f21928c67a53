// Simulation with SUNDIALS: the seeds' trajectories and the monitors (period, energy drift,
// energy-rate integral, constraint violation with and without projection, friction).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "adyn/analysis/consistency.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;

namespace {

model::System pendulum(double l, double g) {
  model::System s("pendulum");
  auto m = s.add_parameter("m", 1.0), ls = s.add_parameter("l", l), gs = s.add_parameter("g", g);
  auto th = s.add_coordinate("theta");
  auto N = s.inertial_frame();
  auto B = s.add_frame(N.orient_new_axis("B", N.z(), th));
  s.add_particle({"bob", s.add_point(s.origin().locate_new("P", ls * B.x())), m});
  s.set_gravity(gs * N.x());
  return s;
}

}  // namespace

// Géradin E1.7: the period of the nonlinear pendulum is T = 4 sqrt(ℓ/g) K(sin(θ_max/2)) (E1.7.g);
// the ratios T / (2π sqrt(ℓ/g)) of the seed's table (1e-9). Released from θ_max at rest, the
// pendulum is back at θ_max with θ̇ = 0 after T: the period error |θ̇(T)/θ̈(T)| is below 1e-8 T.
TEST(Geradin_E1_7_NonlinearPendulum, PeriodFromEllipticIntegral) {
  const double l = 1.0, g = 9.81;
  const std::pair<double, double> table[] = {{0.1, 1.000625358}, {0.5, 1.015852531}, {1.0, 1.066334246},
                                             {2.0, 1.328904452}, {3.0, 2.571233949}};
  auto s = pendulum(l, g);
  auto eom = formulations::lagrange(s);
  for (auto [amplitude, ratio] : table) {
    const double T = 4 * std::sqrt(l / g) * std::comp_ellint_1(std::sin(amplitude / 2));
    EXPECT_NEAR(T / (2 * M_PI * std::sqrt(l / g)), ratio, 1e-9);
    numeric::SimulationOptions o;
    o.t_end = T;
    o.output_step = T / 2;
    o.rtol = 1e-12;
    o.atol = 1e-14;
    auto tr = numeric::simulate(s, eom, State{0, Eigen::VectorXd::Constant(1, amplitude), Eigen::VectorXd::Zero(1)}, o);
    ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
    ASSERT_EQ(tr.t.size(), 3u);
    EXPECT_NEAR(tr.q[1](0), -amplitude, 1e-8);
    EXPECT_NEAR(tr.q[2](0), amplitude, 1e-8);
    EXPECT_LT(std::abs(tr.u[2](0)) / (g / l * std::sin(amplitude)), 1e-8 * T) << amplitude;
  }
}

// A conservative double pendulum over 1000 periods at rtol 1e-10: the energy drifts by < 1e-8.
TEST(Simulation, DoublePendulumEnergyDriftOverAThousandPeriods) {
  auto s = seeds::double_pendulum();
  auto eom = formulations::lagrange(s);
  numeric::SimulationOptions o;
  o.t_end = 2000;  // the slow mode's period is about 2 s
  o.output_step = 10;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  auto tr = numeric::simulate(s, eom, State{0, Eigen::Vector2d(0.4, -0.3), Eigen::Vector2d(0, 0)}, o);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  double worst = 0;
  for (double E : tr.energy) worst = std::max(worst, std::abs(E - tr.energy.front()) / std::abs(tr.energy.front()));
  EXPECT_LT(worst, 1e-8);
  EXPECT_LT(tr.summary.relative_energy_error, 1e-8);
  EXPECT_GT(tr.summary.steps, 1000);
}

// Greenwood 4.12 trajectory (seed-001 T-4.12): Ω(t) = 2 + 0.5 t, θ(0) = 0.7, θ̇(0) = 1.1; at t = 1
// θ = 5.606547337254, θ̇ = 0.187508316034 and E(1) − E(0) = ∫Ė dt = −0.172880477025.
TEST(Greenwood_4_12_BeadOnRotatingWire, TrajectoryAndEnergyRateIntegral) {
  auto s = seeds::bead_on_rotating_wire();
  for (auto integrator : {numeric::Integrator::DormandPrince, numeric::Integrator::Bdf}) {
    numeric::SimulationOptions o;
    o.t_end = 1;
    o.output_step = 0.1;
    o.rtol = 1e-12;
    o.atol = 1e-14;
    o.integrator = integrator;
    auto tr = numeric::simulate(s, formulations::kane(s),
                                State{0, Eigen::VectorXd::Constant(1, 0.7), Eigen::VectorXd::Constant(1, 1.1)}, o);
    ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
    const double tol = integrator == numeric::Integrator::Bdf ? 1e-7 : 1e-9;
    EXPECT_NEAR(tr.q.back()(0), 5.606547337254, tol);
    EXPECT_NEAR(tr.u.back()(0), 0.187508316034, tol);
    EXPECT_NEAR(tr.energy.back() - tr.energy.front(), -0.172880477025, tol);
    EXPECT_NEAR(tr.energy_rate_integral.back(), -0.172880477025, tol);
  }
}

// The rolling disk (Angeles E6) by Lagrange's multipliers: with projection the violation of the
// rolling constraints stays below the constraint tolerance (1e-10 here; rtol by default); without,
// it is reported and grows.
TEST(Angeles_E6_RollingDisk, ConstraintViolationWithAndWithoutProjection) {
  auto s = seeds::angeles_rolling_disk();
  auto eom = formulations::lagrange(s);
  Eigen::VectorXd q(5);
  q << 0.3, 0.2, 0.0, 0.0, 0.0;
  Eigen::VectorXd u = analysis::consistent_speeds(s, q, (Eigen::VectorXd(5) << 0.2, 1.1, 3.0, 0, 0).finished());
  numeric::SimulationOptions o;
  o.t_end = 5;
  o.output_step = 0.05;
  o.rtol = 1e-6;
  o.atol = 1e-9;
  auto largest_violation = [&](const numeric::Trajectory& tr) {
    double v = 0;
    for (std::size_t k = 0; k < tr.t.size(); ++k)
      v = std::max(v, analysis::constraint_residuals(s, {tr.t[k], tr.q[k], tr.u[k]}).cwiseAbs().maxCoeff());
    return v;
  };
  auto within_rtol = numeric::simulate(s, eom, State{0, q, u}, o);
  ASSERT_TRUE(within_rtol.summary.completed) << within_rtol.summary.stop_reason;
  EXPECT_LT(largest_violation(within_rtol), o.rtol);
  o.constraint_tolerance = 1e-10;
  auto projected = numeric::simulate(s, eom, State{0, q, u}, o);
  ASSERT_TRUE(projected.summary.completed) << projected.summary.stop_reason;
  const double after = largest_violation(projected);
  EXPECT_LT(after, 1e-10);
  o.project = false;
  o.t_end = 20;
  auto free = numeric::simulate(s, eom, State{0, q, u}, o);
  ASSERT_TRUE(free.summary.completed);
  EXPECT_GT(free.summary.max_violation, 100 * after);
  EXPECT_GT(free.summary.max_violation, 10 * free.violation[1]);  // accumulates over the run
}

// Udwadia–Kalaba Example 1 with friction: sliding up the wire the bead decelerates at
// g (sin θ + μ cos θ); seed-002 trajectory at t = 0.15: (x, y) = (0.152380073187, 0.087976676274),
// (ẋ, ẏ) = (0.531734309166, 0.306996946534).
TEST(UdwadiaKalaba_Ex1_InclinedWire, SlidingTrajectoryWithFriction) {
  model::System s("bead on an inclined wire");
  auto m = s.add_parameter("m", 2.0), th = s.add_parameter("theta", M_PI / 6), g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  s.add_particle({"bead", s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y())), m});
  s.set_gravity(-g * N.y());
  model::Constraint wire{"wire", model::ConstraintLevel::Configuration, y - x * GiNaC::tan(th), {}};
  wire.friction_coefficient = 0.3;
  s.add_constraint(wire);
  numeric::SimulationOptions o;
  o.t_end = 0.15;
  o.output_step = 0.05;
  o.rtol = 1e-12;
  o.atol = 1e-14;
  auto tr = numeric::simulate(s, formulations::udwadia_kalaba(s),
                              State{0, Eigen::Vector2d(0, 0), Eigen::Vector2d(1.5, 1.5 * std::tan(M_PI / 6))}, o);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  EXPECT_NEAR(tr.q.back()(0), 0.152380073187, 1e-10);
  EXPECT_NEAR(tr.q.back()(1), 0.087976676274, 1e-10);
  EXPECT_NEAR(tr.u.back()(0), 0.531734309166, 1e-10);
  EXPECT_NEAR(tr.u.back()(1), 0.306996946534, 1e-10);
}

// Greenwood 4.10 trajectory in quasi-velocities by Gibbs–Appell (seed-001 T-4.10): at t = 2
// (x, y, φ, v, φ̇) = (3.612638137782, 1.788383708151, 0.497406605251, 2.019900165695, 0.003221328423).
TEST(Greenwood_4_10_DumbbellKnifeEdge, Trajectory) {
  auto s = seeds::dumbbell();
  numeric::SimulationOptions o;
  o.t_end = 2;
  o.output_step = 0.5;
  o.rtol = 1e-12;
  o.atol = 1e-14;
  auto tr = numeric::simulate(s, formulations::gibbs_appell(s), State{0, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector2d(2, 0.5)}, o);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  const double ref[] = {3.612638137782, 1.788383708151, 0.497406605251, 2.019900165695, 0.003221328423};
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(tr.q.back()(i), ref[i], 1e-9) << i;
  for (int i = 0; i < 2; ++i) EXPECT_NEAR(tr.u.back()(i), ref[3 + i], 1e-9) << i;
}

// A state leaving the domain stops the run with the time and the cause; the trajectory so far is
// kept and written.
TEST(Simulation, FailureKeepsTheTrajectoryAndNamesTheTime) {
  model::System s("particle falling into a singular point");
  auto x = s.add_coordinate("x");
  auto N = s.inertial_frame();
  s.add_particle({"p", s.add_point(s.origin().locate_new("P", x * N.x())), 1});
  s.add_potential({"pit", -1 / x});  // attraction to x = 0, which it reaches in finite time
  numeric::SimulationOptions o;
  o.t_end = 5;
  o.output_step = 0.01;
  auto tr = numeric::simulate(s, formulations::lagrange(s), State{0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1)}, o);
  EXPECT_FALSE(tr.summary.completed);
  EXPECT_NE(tr.summary.stop_reason.find("t = "), std::string::npos) << tr.summary.stop_reason;
  EXPECT_GT(tr.t.size(), 10u);
  std::ostringstream csv, json;
  tr.write_csv(csv);
  tr.write_json(json);
  EXPECT_NE(csv.str().find("t,x,x_d"), std::string::npos) << csv.str().substr(0, 80);
  EXPECT_NE(json.str().find("\"completed\": false"), std::string::npos);
}

// Baumgarte stabilization (no projection): the Cartesian pendulum of Géradin E1.10 by Lagrange's
// multipliers drifts off its circle at a loose tolerance; with α = 10 the drift stays bounded and
// far smaller.
TEST(Geradin_E1_10_CartesianPendulum, BaumgarteStabilization) {
  auto s = seeds::cartesian_pendulum();
  auto eom = formulations::lagrange(s);
  numeric::SimulationOptions o;
  o.t_end = 200;
  o.output_step = 1;
  o.rtol = 1e-4;
  o.atol = 1e-6;
  o.project = false;
  const State x0{0, Eigen::Vector2d(std::sin(1.0), -std::cos(1.0)), Eigen::Vector2d(0, 0)};
  auto free = numeric::simulate(s, eom, x0, o);
  o.baumgarte = 10;
  auto stabilized = numeric::simulate(s, eom, x0, o);
  ASSERT_TRUE(free.summary.completed && stabilized.summary.completed);
  EXPECT_GT(free.summary.max_violation, 1e-3);  // 7.8e-3 on the reference machine
  EXPECT_LT(stabilized.summary.max_violation, 1e-2 * free.summary.max_violation);  // 5.7e-6
  // Kane's equations have no constraint rows to stabilize: a clear error.
  EXPECT_THROW(numeric::simulate(s, formulations::kane(s), x0, o), Error);
}

// The implicit midpoint rule on Hamilton's equations of the double pendulum is symplectic: over
// 500 s (≈ 250 periods) at h = 0.01 the energy error stays bounded (no secular drift) — its maximum
// over the last fifth of the run is no larger than 1.5× that over the first fifth.
TEST(Simulation, ImplicitMidpointKeepsTheEnergyBounded) {
  auto s = seeds::double_pendulum();
  auto H = formulations::hamilton(s);
  numeric::SimulationOptions o;
  o.t_end = 500;
  o.output_step = 0.5;
  o.integrator = numeric::Integrator::ImplicitMidpoint;
  o.fixed_step = 0.01;
  auto x0 = formulations::state_for(H, s, 0, Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d(0, 0));
  auto tr = numeric::simulate(s, H, x0, o);
  ASSERT_TRUE(tr.summary.completed) << tr.summary.stop_reason;
  const std::size_t n = tr.energy.size(), fifth = n / 5;
  double first = 0, last = 0;
  for (std::size_t k = 0; k < n; ++k) {
    double err = std::abs(tr.energy[k] - tr.energy.front()) / std::abs(tr.energy.front());
    if (k < fifth) first = std::max(first, err);
    if (k >= n - fifth) last = std::max(last, err);
  }
  EXPECT_LT(last, 1e-3);
  EXPECT_LT(last, 1.5 * first);
  // A step far too large for the fixed-point iteration is reported (divergence, or the state leaving
  // the domain), not a silent NaN.
  o.fixed_step = 5;
  o.output_step = 5;
  o.t_end = 10;
  auto bad = numeric::simulate(s, H, x0, o);
  EXPECT_FALSE(bad.summary.completed);
  const auto& why = bad.summary.stop_reason;
  EXPECT_TRUE(why.find("did not converge") != std::string::npos || why.find("left the domain") != std::string::npos)
      << why;
}

// IDA on the index-1 DAE with the multiplier as an algebraic unknown: Géradin P1.5 (grooves on the
// rotating wheel, m1 ≠ m2) — the bar force along the run is λ = −e m1 m2 (Ω² + θ̇²)/(m1 s² + m2 c²)
// and the motion agrees with Dormand–Prince.
TEST(Geradin_P1_5_GroovesOnRotatingWheel, IdaWithTheMultiplierAsAlgebraicUnknown) {
  auto s = seeds::grooves_on_wheel(1.0, 2.5);
  auto eom = formulations::lagrange(s);
  const double e = 0.8, W = 1.7, th = 0.3, thd = 0.5;
  State x0{0, Eigen::Vector2d(e * std::cos(th), e * std::sin(th)), Eigen::Vector2d(-e * std::sin(th) * thd, e * std::cos(th) * thd)};
  numeric::SimulationOptions o;
  o.t_end = 3;
  o.output_step = 0.1;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  o.integrator = numeric::Integrator::Ida;
  auto ida = numeric::simulate(s, eom, x0, o);
  ASSERT_TRUE(ida.summary.completed) << ida.summary.stop_reason;
  o.integrator = numeric::Integrator::DormandPrince;
  auto dopri = numeric::simulate(s, eom, x0, o);
  ASSERT_EQ(ida.t.size(), dopri.t.size());
  EXPECT_LT((ida.q.back() - dopri.q.back()).norm(), 1e-7);
  for (std::size_t k = 0; k < ida.t.size(); k += 5) {
    const double d1 = ida.q[k](0), d2 = ida.q[k](1), a = std::atan2(d2, d1);
    const double ad = (d1 * ida.u[k](1) - d2 * ida.u[k](0)) / (e * e);
    const double den = std::sin(a) * std::sin(a) + 2.5 * std::cos(a) * std::cos(a);
    EXPECT_NEAR(ida.lambda[k](0), -e * 2.5 * (W * W + ad * ad) / den, 1e-6) << "t = " << ida.t[k];
  }
  // The Udwadia–Kalaba form has no multipliers to integrate: a clear error.
  o.integrator = numeric::Integrator::Ida;
  EXPECT_THROW(numeric::simulate(s, formulations::udwadia_kalaba(s), x0, o), Error);
}

// A run asked to stop (options.interrupted, e.g. on SIGINT) keeps what it has: finite samples up to
// the time it stopped, summary.interrupted, and the reason naming that time.
TEST(Simulation, InterruptionKeepsTheTrajectorySoFar) {
  auto s = seeds::double_pendulum();
  numeric::SimulationOptions o;
  o.t_end = 100;
  int evaluations = 0;
  o.interrupted = [&evaluations] { return ++evaluations > 2000; };
  auto tr = numeric::simulate(s, formulations::lagrange(s), State{0, Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d(0, 0)}, o);
  EXPECT_TRUE(tr.summary.interrupted);
  EXPECT_FALSE(tr.summary.completed);
  EXPECT_EQ(tr.summary.stop_reason.rfind("interrupted at t = ", 0), 0u) << tr.summary.stop_reason;
  ASSERT_GT(tr.t.size(), 2u);
  EXPECT_LT(tr.t.back(), 100);
  for (const auto& q : tr.q) EXPECT_TRUE(q.allFinite());
  std::ostringstream json;
  tr.write_json(json);
  EXPECT_NE(json.str().find("\"completed\": false, \"interrupted\": true, \"stop_reason\": \"interrupted at t = "),
            std::string::npos)
      << json.str().substr(0, 300);
}

// A request to stop that is reported once (Python tells a pending Ctrl-C once) stops the run all
// the same: the evaluations after it are refused too, so no integrator retries past it.
TEST(Simulation, AStopRequestedOnceStopsTheRun) {
  auto s = seeds::double_pendulum();
  numeric::SimulationOptions o;
  o.t_end = 100;
  int evaluations = 0;
  o.interrupted = [&evaluations] { return ++evaluations == 2000; };
  auto tr = numeric::simulate(s, formulations::lagrange(s), State{0, Eigen::Vector2d(0.8, -0.4), Eigen::Vector2d(0, 0)}, o);
  EXPECT_TRUE(tr.summary.interrupted);
  EXPECT_FALSE(tr.summary.completed);
  EXPECT_LT(tr.t.back(), 100);
}

// An initial state a double cannot integrate is refused before the run: not finite, or so large
// (beyond 2^52) that its changes vanish in rounding (an angle of 1e300 ran "successfully" with the
// angle frozen and an energy error of 1e3).
TEST(Simulation, InitialStateBeyondDoublePrecisionIsRefused) {
  auto s = seeds::double_pendulum();
  auto eom = formulations::lagrange(s);
  for (double bad : {1e300, std::nan(""), std::numeric_limits<double>::infinity()}) {
    const auto message = test::thrown_message([&] {
      numeric::simulate(s, eom, State{0, Eigen::Vector2d(bad, -0.4), Eigen::Vector2d(0, 0)});
    });
    EXPECT_NE(message.find("initial state"), std::string::npos) << message;
    EXPECT_NE(message.find(eom.coordinates[0].get_name()), std::string::npos) << message;
  }
}

// A span of a few ulps integrates nothing: refused, not "simulated to t = 0" with exit 0.
TEST(SimulationOptions, SpanBelowRoundingIsRefused) {
  numeric::SimulationOptions o;
  o.t_end = 1e-320;
  EXPECT_THROW(o.check(0), ModelError);
  o.t_end = 1e-9;
  o.output_step = 1e-10;
  EXPECT_NO_THROW(o.check(0));
}

// At gimbal lock (body-fixed 3-1-3 angles with θ = 0) the mass matrix is singular to rounding:
// the run stops at once saying so, by every evaluation path, instead of integrating noise.
TEST(Simulation, GimbalLockIsReportedAsASingularMassMatrix) {
  const auto doc = io::read_model_document(test::example("heavy_symmetric_top.yaml"));
  for (const char* method : {"lagrange", "kane"}) {
    const auto eom = formulations::derive(doc.system, method);
    for (auto backend : {numeric::Backend::Tape, numeric::Backend::Native}) {
      numeric::SimulationOptions o;
      o.t_end = 0.1;
      o.backend = backend;
      const Eigen::Vector3d q(0, 0, 0), u(4.5, 0, 150);
      auto tr = numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, 0, q, u), o);
      EXPECT_FALSE(tr.summary.completed) << method;
      EXPECT_NE(tr.summary.stop_reason.find("mass matrix is singular"), std::string::npos) << tr.summary.stop_reason;
      EXPECT_NE(tr.summary.stop_reason.find("t = 0"), std::string::npos) << tr.summary.stop_reason;
    }
  }
}

// Greenwood's bead driven by the velocity constraint φ̇ = Ω0 + Ω1 t (research seed-001 X3): the
// drive does work (λΩ), which Kane's, Maggi's, Gibbs–Appell's and Boltzmann–Hamel's equations
// eliminate. The energy monitor counts its power (q̇ᵀQ^c from Lagrange's equations of the free
// system) for every method: the energy error was 0.46 J for the eliminating methods (the monitor's,
// not the trajectory's), and the trajectories record the eliminated speed φ̇ with the others.
TEST(Greenwood_X3_BeadDrivenWire, EveryMethodsEnergyMonitorCountsTheDrivesPower) {
  const auto doc = io::read_model_document(test::example("greenwood_x3_bead_driven_wire.yaml"));
  numeric::SimulationOptions o;
  o.t_end = 3;
  o.output_step = 0.5;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  for (const char* method : {"lagrange", "kane", "maggi", "gibbs-appell", "boltzmann-hamel"}) {
    const auto eom = formulations::derive(doc.system, method);
    const Eigen::VectorXd q0 = (Eigen::VectorXd(2) << 0.7, 0).finished();
    const Eigen::VectorXd u0 = eom.p() == 2 ? (Eigen::VectorXd(2) << 1.1, 2.0).finished() : Eigen::VectorXd::Constant(1, 1.1);
    const auto tr = numeric::simulate(doc.system, eom, State{0, q0, u0}, o);
    ASSERT_TRUE(tr.summary.completed) << method << ": " << tr.summary.stop_reason;
    EXPECT_LT(tr.summary.energy_error, 1e-7) << method;
    EXPECT_GT(std::abs(tr.energy.back() - tr.energy.front()), 0.4) << method << ": the drive does work";
    const auto at = std::find(tr.speed_names.begin(), tr.speed_names.end(), "phi_d");
    ASSERT_NE(at, tr.speed_names.end()) << method;
    const auto column = at - tr.speed_names.begin();
    for (std::size_t k = 0; k < tr.t.size(); ++k) EXPECT_NEAR(tr.u[k](column), 2.0 + 0.5 * tr.t[k], 1e-9) << method;
    EXPECT_NEAR(tr.q.back()(0), 5.4960695702, 1e-8) << method;
  }
}

// A direction-cosine matrix or Euler parameters written in the coordinates are a rotation only
// where the formula makes them one: checked at every sample, not only at the initial state. A
// particle turning at q̇ = 1 on a frame whose matrix is a rotation at q0 = 0.5 only stops at the
// first sample after it (t = 0.1, q = 0.6: |CᵀC − I| = 1.11² − 1), keeping the samples before it;
// the same matrix with C33 = 1 runs to the end.
TEST(Simulation, FrameThatStopsBeingARotationStopsTheRun) {
  auto run = [](const std::string& orientation, double q0) {
    const auto doc = io::read_model_document_text("coordinates: [q]\nframes:\n  - {name: B, parent: N, " + orientation +
                                                  "}\npoints:\n  - {name: P, from: O, position: {B: [1, 0, 0]}}\n"
                                                  "particles:\n  - {name: p, point: P, mass: 1}\ninitial: {q: " +
                                                  std::to_string(q0) + "}\n");
    numeric::SimulationOptions o;
    o.t_end = 1;
    o.output_step = 0.1;
    return numeric::simulate(doc.system, formulations::lagrange(doc.system),
                             State{0, Eigen::VectorXd::Constant(1, q0), Eigen::VectorXd::Constant(1, 1.0)}, o);
  };
  const auto stretched = run("dcm: [[cos(q), -sin(q), 0], [sin(q), cos(q), 0], [0, 0, 1 + q^2 - 0.25]]", 0.5);
  EXPECT_FALSE(stretched.summary.completed);
  EXPECT_EQ(stretched.summary.stop_reason,
            "frame 'B': its direction-cosine matrix is not a rotation at t = 0.1 (|CᵀC − I| = 0.2321)");
  ASSERT_EQ(stretched.t.size(), 1u);
  EXPECT_EQ(stretched.t.front(), 0);
  const auto scaled = run("quaternion: [1, 0, 0, q]", 0);
  EXPECT_EQ(scaled.summary.stop_reason.rfind("frame 'B': its Euler parameters do not have unit norm at t = 0.1 (norm 1.00", 0),
            0u)
      << scaled.summary.stop_reason;
  const auto rotation = run("dcm: [[cos(q), -sin(q), 0], [sin(q), cos(q), 0], [0, 0, 1]]", 0.5);
  ASSERT_TRUE(rotation.summary.completed) << rotation.summary.stop_reason;
  EXPECT_NEAR(rotation.q.back()(0), 1.5, 1e-8);
}
