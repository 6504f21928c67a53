// Linearization and eigenanalysis (issue 6): Géradin E1.8 (M, C, G, K − Ω²M and the characteristic
// roots), P1.3/P1.8 (ω² of the double pendulum, relative and absolute angles), the rolling disk
// (nonholonomic: critical speed, perturbations against the nonlinear motion), holonomic elimination.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/analysis/linearization.hpp"
#include "adyn/analysis/stability_sweep.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/numeric/simulation.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::ex;

namespace {

GiNaC::exmap at_rest(const model::System& s) {
  GiNaC::exmap at;
  for (const auto& q : s.coordinates()) at[q] = 0, at[sym::derivative_of(q)] = 0;
  return at;
}

}  // namespace

// Géradin E1.8 (E1.8.a): M = m I, C = diag(c1, 0), G = [[0, −2mΩ], [2mΩ, 0]], K* = K − Ω²M; with
// m = 1, k1 = 4, k2 = 9, c1 = 0 the roots of (m s² + k1 − mΩ²)(m s² + k2 − mΩ²) + 4m²Ω²s² = 0 are
// ±1.34948i, ±3.63028i at Ω = 1 (stable), ±0.490287 (and ±5.07350i) at Ω = 2.5 (unstable),
// 0 (double) and ±5.56776i at Ω = 3.
TEST(Geradin_E1_8_RotatingWheel, LinearizedMatricesAndRoots) {
  auto s = seeds::rotating_wheel();
  auto lin = analysis::linearize(s, formulations::lagrange(s), at_rest(s));
  ex m = seeds::parameter(s, "m"), W = seeds::parameter(s, "Omega"), k1 = seeds::parameter(s, "k1"),
     k2 = seeds::parameter(s, "k2"), c1 = seeds::parameter(s, "c1");
  EXPECT_TRUE(test::numerically_equal(lin.M, GiNaC::matrix(2, 2, GiNaC::lst{m, 0, 0, m})));
  EXPECT_TRUE(test::numerically_equal(lin.C, GiNaC::matrix(2, 2, GiNaC::lst{c1, 0, 0, 0})));
  EXPECT_TRUE(test::numerically_equal(lin.G, GiNaC::matrix(2, 2, GiNaC::lst{0, -2 * m * W, 2 * m * W, 0})));
  EXPECT_TRUE(test::numerically_equal(lin.K, GiNaC::matrix(2, 2, GiNaC::lst{k1 - m * W * W, 0, 0, k2 - m * W * W})));
  EXPECT_TRUE(test::numerically_equal(lin.N, GiNaC::matrix(2, 2, GiNaC::lst{0, 0, 0, 0})));

  auto params = s.parameter_values();
  params[c1] = 0;
  params[W] = 1.0;
  auto a = analysis::eigenanalysis(lin, params);
  ASSERT_EQ(a.frequencies.size(), 2u);
  EXPECT_NEAR(a.frequencies[0], 1.34948, 1e-5);
  EXPECT_NEAR(a.frequencies[1], 3.63028, 1e-5);
  EXPECT_TRUE(a.stable);
  EXPECT_FALSE(a.asymptotically_stable);
  params[W] = 2.5;
  a = analysis::eigenanalysis(lin, params);
  EXPECT_FALSE(a.stable);
  double largest = 0;
  for (Eigen::Index i = 0; i < a.eigenvalues.size(); ++i) largest = std::max(largest, a.eigenvalues(i).real());
  EXPECT_NEAR(largest, 0.490287, 1e-6);
  ASSERT_EQ(a.frequencies.size(), 1u);
  EXPECT_NEAR(a.frequencies[0], 5.07350, 1e-5);
  params[W] = 3.0;
  a = analysis::eigenanalysis(lin, params);
  ASSERT_EQ(a.frequencies.size(), 1u);
  EXPECT_NEAR(a.frequencies[0], 5.56776, 1e-5);
  // The double zero is a Jordan block (the only kernel vector of A is y = 1): y drifts like t.
  EXPECT_TRUE(a.secular);
  EXPECT_FALSE(a.stable);
  // With damping the spinning wheel below the critical speed is asymptotically stable.
  params[c1] = 0.3;
  params[W] = 1.0;
  EXPECT_TRUE(analysis::eigenanalysis(lin, params).asymptotically_stable);
  // Damped: s⁴ + c s³ + (a + b + 4Ω²) s² + c b s + ab (a = k1 − mΩ², b = k2 − mΩ², m = 1) has
  // a sign change — so a root with Re s > 0 — once a < 0 (Ω > 2), and c b < 0 beyond Ω = 3: Routh–
  // Hurwitz gives one boundary, Ω = 2, with no stable window at the double zero of Ω = 3.
  const auto boundaries = analysis::stability_boundaries(lin, params, GiNaC::ex_to<GiNaC::symbol>(W), 0.0, 4.0, 81);
  ASSERT_EQ(boundaries.size(), 1u);
  EXPECT_NEAR(boundaries[0].value, 2.0, 1e-7);
  EXPECT_FALSE(boundaries[0].stable_above);
}

// Géradin P1.3 / P1.8: m1 = 1, m2 = 2, ℓ1 = 1, ℓ2 = 0.5, g = 9.81: ω² = 7.113062095 and 81.17693791,
// the same from relative (P1.3) and absolute (P1.8) angles.
TEST(Geradin_P1_3_DoublePendulumRelativeAngles, NaturalFrequenciesRelativeAndAbsolute) {
  auto relative = seeds::double_pendulum_relative(1, 2, 1, 0.5);
  auto absolute = seeds::double_pendulum();
  auto params_abs = absolute.parameter_values();
  params_abs[seeds::parameter(absolute, "m1")] = 1;
  params_abs[seeds::parameter(absolute, "m2")] = 2;
  params_abs[seeds::parameter(absolute, "l1")] = 1;
  params_abs[seeds::parameter(absolute, "l2")] = 0.5;
  for (auto [s, params] : {std::pair{&relative, relative.parameter_values()}, std::pair{&absolute, params_abs}}) {
    auto lin = analysis::linearize(*s, formulations::lagrange(*s), at_rest(*s));
    auto a = analysis::eigenanalysis(lin, params);
    ASSERT_EQ(a.frequencies.size(), 2u) << s->name();
    EXPECT_NEAR(a.frequencies[0] * a.frequencies[0], 7.113062095, 1e-8) << s->name();
    EXPECT_NEAR(a.frequencies[1] * a.frequencies[1], 81.17693791, 1e-7) << s->name();
    EXPECT_TRUE(a.stable);
  }
}

namespace {

// The upright disk rolling straight at spin rate W: θ = π/2 (Greenwood's lean angle from the
// vertical axis... measured so that the centre is at height r sin θ), u1 = θ̇ = 0, u2 = 0 (no
// turning), u3 = W (spin).
GiNaC::exmap upright_rolling(const model::System& s, const formulations::EquationsOfMotion& eom, const ex& W) {
  GiNaC::exmap at;
  for (const auto& q : s.coordinates()) at[q] = 0;
  at[s.coordinates()[2]] = GiNaC::Pi / 2;
  at[eom.speeds[0]] = 0, at[eom.speeds[1]] = 0, at[eom.speeds[2]] = W;
  return at;
}

// Independent derivation of the lean equation of the upright rolling disk (Newton–Euler about the
// contact point, by hand; confirmed with SymPy's KanesMethod.linearize in
// tests/analysis/references/rolling_disk_critical_speed.py): with A, C the diametral and polar
// moments of inertia about the centre, (A + m r²) δθ̈ = [m g r − C (C + m r²) W² / A] δθ, so
// λ² = (m g r A − C (C + m r²) W²) / (A (A + m r²)) and the critical spin rate is
// W_c² = m g r A / (C (C + m r²)) = g / (3 r) for a uniform disk.
double lean_eigenvalue_squared(double m, double r, double g, double W) {
  const double A = m * r * r / 4, C = m * r * r / 2;
  return (m * g * r * A - C * (C + m * r * r) * W * W) / (A * (A + m * r * r));
}

}  // namespace

// A nonholonomic case (issue 6): Greenwood 4.11's rolling disk by Kane's method, the dependent
// speeds u4, u5 eliminated. The contact point (x, y), the heading φ and the spin angle ψ are
// ignorable; the state is (θ; u1, u2, u3). Eigenvalues 0, 0 and ±√λ² with λ² from the
// independent derivation above; the stability boundary located by root finding at W_c = √(g/3r).
TEST(Greenwood_4_11_RollingDisk, UprightRollingLinearizationAndCriticalSpeed) {
  const double m = 1.3, r = 0.5, g = 9.81;
  auto s = seeds::greenwood_rolling_disk(m, r);
  auto eom = formulations::kane(s);
  GiNaC::symbol W("W");
  auto lin = analysis::linearize(s, eom, upright_rolling(s, eom, W));
  ASSERT_EQ(lin.coordinates.size(), 1u);
  EXPECT_EQ(lin.coordinates[0].get_name(), "theta");
  EXPECT_EQ(lin.ignorable.size(), 4u);
  EXPECT_FALSE(lin.has_second_order_form());
  auto params = s.parameter_values();
  for (double w : {0.0, 1.0, 2.0, 2.5, 2.6, 4.0, 7.5}) {
    params[W] = w;
    EXPECT_LT(analysis::stationarity_residual(lin, params), 1e-12);
    auto a = analysis::eigenanalysis(lin, params);
    const double lambda2 = lean_eigenvalue_squared(m, r, g, w);
    double largest_real = 0, largest_imag = 0;
    for (const auto& mode : a.table)
      largest_real = std::max(largest_real, mode.eigenvalue.real()), largest_imag = std::max(largest_imag, mode.eigenvalue.imag());
    if (lambda2 > 0) EXPECT_NEAR(largest_real, std::sqrt(lambda2), 1e-9) << w;
    else EXPECT_NEAR(largest_imag, std::sqrt(-lambda2), 1e-9) << w;
    EXPECT_EQ(a.stable, lambda2 < 0) << w;
  }
  auto boundaries = analysis::stability_boundaries(lin, s.parameter_values(), W, 0.1, 10.0, 50);
  ASSERT_EQ(boundaries.size(), 1u);
  EXPECT_NEAR(boundaries[0].value, std::sqrt(g / (3 * r)), 1e-8);
  EXPECT_TRUE(boundaries[0].stable_above);
  auto sweep = analysis::eigenvalue_sweep(lin, s.parameter_values(), W, analysis::linspace(0, 5, 11));
  ASSERT_EQ(sweep.size(), 11u);
  EXPECT_FALSE(sweep[5].analysis.stable);  // W = 2.5 < 2.557
  EXPECT_TRUE(sweep[6].analysis.stable);   // W = 3
}

// Property: small perturbations of the nonlinear motion follow the linearization,
// x(t) = V e^{Λt} V⁻¹ x0 — growth below the critical speed, oscillation above it.
TEST(Greenwood_4_11_RollingDisk, PerturbationsFollowTheEigenvalues) {
  const double m = 1.0, r = 0.5;
  auto s = seeds::greenwood_rolling_disk(m, r);
  auto eom = formulations::kane(s);
  for (double w : {1.2, 4.0}) {
    auto lin = analysis::linearize(s, eom, upright_rolling(s, eom, w));
    auto a = analysis::eigenanalysis(lin, s.parameter_values());
    const double eps = 1e-9;
    Eigen::VectorXd dx0 = Eigen::VectorXd::Zero(4);
    dx0(0) = eps;  // lean
    formulations::State x0{0, Eigen::VectorXd::Zero(5), Eigen::VectorXd::Zero(3)};
    x0.q(2) = M_PI / 2 + eps, x0.u(2) = w;
    numeric::SimulationOptions options;
    options.t_end = 2.0, options.output_step = 0.5, options.rtol = 1e-12, options.atol = 1e-15;
    auto traj = numeric::simulate(s, eom, x0, options);
    ASSERT_TRUE(traj.summary.completed) << traj.summary.stop_reason;
    const Eigen::MatrixXcd V = a.modes;
    const Eigen::VectorXcd c = V.fullPivLu().solve(dx0.cast<std::complex<double>>());
    for (std::size_t k = 1; k < traj.t.size(); ++k) {
      const Eigen::VectorXcd growth = (a.eigenvalues * traj.t[k]).array().exp();
      const double predicted = (V * growth.asDiagonal() * c)(0).real();
      const double observed = traj.q[k](2) - M_PI / 2;
      EXPECT_NEAR(observed, predicted, 1e-5 * std::max(eps, std::abs(predicted))) << "W = " << w << ", t = " << traj.t[k];
    }
  }
}

// Holonomic constraints respected: the Cartesian pendulum (Géradin E1.10) by Kane's method keeps
// both coordinates; linearizing eliminates one (δy = 0 at the bottom) and gives ω² = g/l.
TEST(Geradin_E1_10_CartesianPendulum, LinearizationEliminatesTheDependentCoordinate) {
  auto s = seeds::cartesian_pendulum();
  auto eom = formulations::kane(s);
  GiNaC::exmap at{{s.coordinates()[0], 0}, {s.coordinates()[1], -1}, {eom.speeds[0], 0}};
  auto lin = analysis::linearize(s, eom, at);
  ASSERT_EQ(lin.coordinates.size(), 1u);
  ASSERT_EQ(lin.dependent.size(), 1u);
  EXPECT_EQ(lin.dependent[0].get_name(), "y");
  auto a = analysis::eigenanalysis(lin, s.parameter_values());
  ASSERT_EQ(a.frequencies.size(), 1u);
  EXPECT_NEAR(a.frequencies[0], std::sqrt(9.81), 1e-10);
}

// The dependent coordinate is chosen by pivoting on the constraint Jacobian at the point (|∂φ/∂y| >
// |∂φ/∂x| off to the side: y), unless the model names a coordinate's rate as a dependent speed.
TEST(Linearization, DependentCoordinateByPivotingOrAsTheModelNamesIt) {
  for (const bool named : {false, true}) {
    auto s = seeds::cartesian_pendulum();
    const auto x = s.coordinates()[0], y = s.coordinates()[1];
    if (named) s.set_dependent_speeds({sym::derivative_of(x)});
    auto eom = formulations::kane(s);
    GiNaC::exmap at{{x, std::sin(0.3)}, {y, -std::cos(0.3)}, {eom.speeds[0], 0}};  // l = 1
    auto lin = analysis::linearize(s, eom, at);
    ASSERT_EQ(lin.dependent.size(), 1u);
    EXPECT_EQ(lin.dependent[0].get_name(), named ? "x" : "y");
  }
}

// Errors: a point off the constraints, a singular mass matrix, multiplier forms.
TEST(Linearization, ErrorsNameTheCause) {
  auto s = seeds::cartesian_pendulum();
  auto kane = formulations::kane(s);
  GiNaC::exmap off{{s.coordinates()[0], 0.1}, {s.coordinates()[1], -1}, {kane.speeds[0], 0}};
  try {
    analysis::linearize(s, kane, off);
    FAIL() << "expected an error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("constraint 'rod'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(analysis::linearize(s, formulations::lagrange(s), off), ModelError);  // multiplier form
  // A spherical pendulum at the pole: M = m l² diag(1, sin²θ) is singular.
  model::System sp("spherical pendulum");
  auto m = sp.add_parameter("m", 1.0), l = sp.add_parameter("l", 1.0), g = sp.add_parameter("g", 9.81);
  auto th = sp.add_coordinate("theta"), ph = sp.add_coordinate("phi");
  auto N = sp.inertial_frame();
  auto A = sp.add_frame(N.orient_new_axis("A", N.z(), ph));
  auto B = sp.add_frame(A.orient_new_axis("B", A.y(), th));
  sp.add_particle({"bob", sp.add_point(sp.origin().locate_new("P", -l * B.z())), m});
  sp.set_gravity(-g * N.z());
  GiNaC::exmap pole{{th, 0}, {ph, 0}, {seeds::d(th), 0}, {seeds::d(ph), 0}};
  EXPECT_THROW(analysis::linearize(sp, formulations::lagrange(sp), pole), SingularityError);
}

// The eigenvalues scale with the parameters however large they are: the double pendulum's
// frequencies grow as √g, so at g = 1e200 they are 1e100 times those at g = 1. (Balancing squared
// the entries of the state matrix, which overflowed beyond 1e154: every eigenvalue came out 0 and
// the verdict "stable (marginally)", or real and absurd, with exit 0.)
TEST(Linearization, EigenvaluesOfLargeParametersScale) {
  auto s = seeds::double_pendulum();
  const auto lin = analysis::linearize(s, formulations::lagrange(s), at_rest(s));
  auto params = s.parameter_values();
  const auto g = seeds::parameter(s, "g");
  params[g] = 1;
  const auto reference = analysis::eigenanalysis(lin, params);
  ASSERT_EQ(reference.frequencies.size(), 2u);
  for (double scale : {1e100, 1e150}) {
    params[g] = scale * scale;
    const auto a = analysis::eigenanalysis(lin, params);
    ASSERT_EQ(a.frequencies.size(), 2u) << scale;
    for (std::size_t k = 0; k < 2; ++k) EXPECT_NEAR(a.frequencies[k] / (scale * reference.frequencies[k]), 1, 1e-10) << scale;
    EXPECT_TRUE(a.stable && !a.asymptotically_stable);
  }
}

// An entry of the state matrix that is beyond the range of doubles is named: the matrix, its row
// and column (the states), the parameters' values and the operating point.
TEST(Linearization, EntriesBeyondDoublesAreNamed) {
  auto s = seeds::double_pendulum();
  const auto lin = analysis::linearize(s, formulations::lagrange(s), at_rest(s));
  auto params = s.parameter_values();
  params[seeds::parameter(s, "g")] = GiNaC::numeric("1e400");
  try {
    analysis::state_matrix(lin, params);
    FAIL() << "expected an error";
  } catch (const EvaluationError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("linearized forces F_q [q1_d, q1]: its value, about"), std::string::npos) << what;
    EXPECT_NE(what.find("e+400, is beyond the range of floating-point numbers at g = 1e+400"), std::string::npos) << what;
    EXPECT_NE(what.find("(operating point: q1 = 0, q2 = 0, q1_d = 0, q2_d = 0)"), std::string::npos) << what;
  }
}
