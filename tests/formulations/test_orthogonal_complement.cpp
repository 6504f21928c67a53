// Angeles' orthogonal complement (Maggi's equations, Angeles §2.6) on Examples 2.6.1 (E6, rolling
// disk) and 2.6.2 (E7, two-wheel axle), with the two pitfalls of the research notes as negative
// tests, user-chosen generalized speeds and the errors.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/orthogonal_complement.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using formulations::State;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::sin;
using seeds::d;

namespace {

// The E6 state of seed-000 §7: r = 0.5, g = 9.81, θ = 0.3, θ̇ = 0.2, φ̇ = 1.1, ψ̇ = 3.0.
const double kTheta = 0.3, kThetaDot = 0.2, kPhiDot = 1.1, kPsiDot = 3.0;
const double kGolden[3] = {8.7632263571, -1.2561019218, 0.0209134535};

}  // namespace

// Angeles E6 (L1412–1471): q_p = (θ, φ, ψ), q_m = (x, y); the reduced equations (a), (b), (c) and
// the golden accelerations; X = 1, Z = −A_m⁻¹ A_mp = −A_mp (A_m = 1).
TEST(Angeles_E6_RollingDisk, OrthogonalComplement) {
  auto s = seeds::angeles_rolling_disk();
  const auto& q = s.coordinates();
  auto blocks = formulations::orthogonal_complement_blocks(s);
  ASSERT_EQ(blocks.dependent.size(), 2u);
  EXPECT_EQ(blocks.dependent[0].get_name(), "x");
  EXPECT_TRUE(test::numerically_equal(blocks.X, GiNaC::ex_to<GiNaC::matrix>(GiNaC::unit_matrix(3))));
  ex r = s.parameters()[1].symbol;
  EXPECT_TRUE(test::numerically_equal(blocks.Z(0, 0), -r * cos(q[0]) * sin(q[1])));
  auto oc = formulations::orthogonal_complement(s);
  ASSERT_EQ(oc.p(), 3u);
  for (double ph : {0.0, 0.7}) {
    Eigen::VectorXd qv(5);
    qv << kTheta, ph, 0.4, 1.0, -2.0;
    auto a = formulations::solve(oc, State{0, qv, Eigen::Vector3d(kThetaDot, kPhiDot, kPsiDot)}, s.parameter_values());
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(a.udot(i), kGolden[i], 1e-9)) << i;
  }
  test::expect_same_accelerations(s, {oc, formulations::lagrange(s), formulations::kane(s)});
}

// Negative test 1 (Angeles E6 [V]): substituting the nonholonomic constraints into L first and
// applying the holonomic Lagrange equations in (θ, φ, ψ) gives the wrong
// φ̈ = −(4 tan θ φ̇ + 6 ψ̇ / cos θ) θ̇ instead of φ̈ = −2 ψ̇ θ̇ / cos θ; adyn's route does not.
TEST(Angeles_E6_RollingDisk, SubstitutingConstraintsIntoLagrangianIsWrong) {
  auto s = seeds::angeles_rolling_disk();
  const auto& q = s.coordinates();
  auto form = formulations::lagrangian_form(s);
  auto blocks = formulations::orthogonal_complement_blocks(s);
  GiNaC::exmap constrained;  // ẋ, ẏ = Z q̇_p (b = 0)
  for (int i = 0; i < 2; ++i) {
    ex v = 0;
    for (int j = 0; j < 3; ++j) v += blocks.Z(i, j) * d(q[j]);
    constrained[d(q[3 + i])] = v;
  }
  formulations::LagrangianForm naive{{q[0], q[1], q[2]}, form.kinetic_energy.subs(constrained), form.potential_energy, 0, {}};
  auto wrong = formulations::lagrange(naive);
  auto right = formulations::orthogonal_complement(s);
  Eigen::VectorXd qv(5);
  qv << kTheta, 0.7, 0.4, 1.0, -2.0;
  Eigen::Vector3d rates(kThetaDot, kPhiDot, kPsiDot);
  auto params = s.parameter_values();
  double phidd_wrong = formulations::solve(wrong, State{0, qv.head(3), rates}, params).udot(1);
  double phidd_right = formulations::solve(right, State{0, qv, rates}, params).udot(1);
  EXPECT_TRUE(test::close(phidd_right, -2 * kPsiDot * kThetaDot / std::cos(kTheta), 1e-10));
  EXPECT_TRUE(test::close(phidd_wrong, -(4 * std::tan(kTheta) * kPhiDot + 6 * kPsiDot / std::cos(kTheta)) * kThetaDot, 1e-10));
  EXPECT_GT(std::abs(phidd_wrong - phidd_right), 0.1);
}

// Negative test 2 (Angeles (2.6.40), second form [E]): d/dt(dL/dq̇_p) − dL/dq_p with the "total"
// derivatives dL/dq̇_p = ∂L/∂q̇_p + Bᵀ ∂L/∂q̇_m (B = ∂q̇_m/∂q̇_p = Z) drops (d/dt Bᵀ) ∂L/∂q̇_m: on the
// rolling disk its residual at the true accelerations does not vanish, while (2.6.32a)'s does.
TEST(Angeles_E6_RollingDisk, SecondFormOf2640IsWrong) {
  auto s = seeds::angeles_rolling_disk();
  const auto& q = s.coordinates();
  auto form = formulations::lagrangian_form(s);
  ex L = form.kinetic_energy - form.potential_energy;
  auto Z = formulations::orthogonal_complement_blocks(s).Z;
  auto oc = formulations::orthogonal_complement(s);
  Eigen::VectorXd qv(5);
  qv << kTheta, 0.7, 0.4, 1.0, -2.0;
  State x{0, qv, Eigen::Vector3d(kThetaDot, kPhiDot, kPsiDot)};
  auto params = s.parameter_values();
  Eigen::VectorXd qd = formulations::coordinate_rates(oc, x, params);
  Eigen::VectorXd qdd = formulations::coordinate_accelerations(oc, x, params);
  GiNaC::exmap at = params;
  for (int j = 0; j < 5; ++j) at[q[j]] = qv(j), at[d(q[j])] = qd(j), at[sym::derivative_of(q[j], 2)] = qdd(j);
  double worst_naive = 0, worst_right = 0;
  for (int r = 0; r < 3; ++r) {
    ex total_p = L.diff(d(q[r])), total_q = L.diff(q[r]), right = sym::time_derivative(L.diff(d(q[r]))) - L.diff(q[r]);
    for (int i = 0; i < 2; ++i) {
      total_p += Z(i, r) * L.diff(d(q[3 + i]));
      total_q += Z(i, r) * L.diff(q[3 + i]);
      right += Z(i, r) * (sym::time_derivative(L.diff(d(q[3 + i]))) - L.diff(q[3 + i]));
    }
    worst_naive = std::max(worst_naive, std::abs(sym::evaluate(sym::time_derivative(total_p) - total_q, at)));
    worst_right = std::max(worst_right, std::abs(sym::evaluate(right, at)));
  }
  EXPECT_LT(worst_right, 1e-12);
  EXPECT_GT(worst_naive, 1e-3);
}

// Angeles E7 (L1473–1593) with q5, q1, q2 dependent: (3 + α²) q̈3 − α² q̈4 = 0 and
// −α² q̈3 + (3 + α²) q̈4 = 0, i.e. the reduced mass matrix ½ m a² [[3 + α², −α²], [−α², 3 + α²]].
TEST(Angeles_E7_TwoWheelAxle, OrthogonalComplement) {
  auto s = seeds::two_wheel_axle();
  const auto& q = s.coordinates();
  formulations::OrthogonalComplementOptions options;
  options.dependent_coordinates = {q[0], q[1], q[4]};
  auto oc = formulations::orthogonal_complement(s, options);
  ASSERT_EQ(oc.p(), 2u);
  ex m = s.parameters()[0].symbol, a = s.parameters()[1].symbol, l = s.parameters()[2].symbol, al = a / l;
  GiNaC::matrix M_ref(2, 2, GiNaC::lst{3 + al * al, -al * al, -al * al, 3 + al * al});
  for (unsigned i = 0; i < 2; ++i)
    for (unsigned j = 0; j < 2; ++j) EXPECT_TRUE(sym::is_zero_trig(oc.mass_matrix(i, j) - m * a * a / 2 * M_ref(i, j)));
  for (unsigned i = 0; i < 2; ++i) EXPECT_TRUE(sym::is_zero_trig(oc.forcing(i, 0)));
  test::expect_same_accelerations(s, {oc, formulations::lagrange(s), formulations::kane(s)});
}

// User-chosen speeds (2.6.3) on the rolling disk: Greenwood's u = (θ̇, φ̇ sin θ, φ̇ cos θ + ψ̇) give
// the same motion; speeds that cannot be solved for the rates are an error.
TEST(Angeles_E6_RollingDisk, UserSpeedsAndErrors) {
  auto s = seeds::angeles_rolling_disk();
  const auto& q = s.coordinates();
  formulations::OrthogonalComplementOptions options;
  options.speeds = {{"u1", d(q[0])}, {"u2", d(q[1]) * sin(q[0])}, {"u3", d(q[1]) * cos(q[0]) + d(q[2])}};
  auto oc = formulations::orthogonal_complement(s, options);
  auto plain = formulations::orthogonal_complement(s);
  auto params = s.parameter_values();
  Eigen::VectorXd qv(5);
  qv << kTheta, 0.7, 0.4, 1.0, -2.0;
  State by_rates{0, qv, Eigen::Vector3d(kThetaDot, kPhiDot, kPsiDot)};
  State by_speeds{0, qv, Eigen::Vector3d(kThetaDot, kPhiDot * std::sin(kTheta), kPhiDot * std::cos(kTheta) + kPsiDot)};
  Eigen::VectorXd a = formulations::coordinate_accelerations(oc, by_speeds, params);
  Eigen::VectorXd b = formulations::coordinate_accelerations(plain, by_rates, params);
  EXPECT_LT((a - b).norm(), 1e-10 * (1 + b.norm()));
  // Two speeds along the same direction (u3 = 2 u2) leave ψ̇ undetermined: C of (2.6.4) is singular.
  options.speeds = {{"u1", d(q[0])}, {"u2", d(q[1])}, {"u3", 2 * d(q[1])}};
  auto message = test::thrown_message<SingularityError>([&] { formulations::orthogonal_complement(s, options); });
  EXPECT_NE(message.find("do not span the admissible motions"), std::string::npos) << message;
  options.speeds = {{"u1", d(q[0]) * d(q[1])}, {"u2", d(q[1])}, {"u3", d(q[2])}};
  EXPECT_THROW(formulations::orthogonal_complement(s, options), ModelError);
  options.speeds = {{"u1", d(q[0])}};
  EXPECT_THROW(formulations::orthogonal_complement(s, options), ModelError);
}

// A dependent-coordinate choice whose block A_m is singular is an error naming the block: on the
// rolling disk (θ, x) cannot be dependent (θ̇ appears with y's partner only through A_mp).
TEST(Angeles_E6_RollingDisk, SingularPartitionBlock) {
  auto s = seeds::angeles_rolling_disk();
  const auto& q = s.coordinates();
  formulations::OrthogonalComplementOptions options;
  options.dependent_coordinates = {q[3], q[3]};
  EXPECT_THROW(formulations::orthogonal_complement(s, options), SingularityError);
  options.dependent_coordinates = {q[3]};
  EXPECT_THROW(formulations::orthogonal_complement(s, options), ModelError);
}
