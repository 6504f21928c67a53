// The tape and the equations evaluator against the symbolic slow path.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/hamilton.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/numeric/tape.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;

TEST(Tape, EvaluatesEveryOperationLikeGiNaC) {
  GiNaC::symbol x("x"), y("y");
  std::vector<GiNaC::ex> outputs = {
      x + 2 * y, x * y / 3, GiNaC::pow(x, 3) - GiNaC::pow(y, -2), GiNaC::sqrt(x * x + y * y), GiNaC::pow(x, GiNaC::numeric(3, 2)),
      GiNaC::sin(x) * GiNaC::cos(y) + GiNaC::tan(x / 2), GiNaC::exp(-x) * GiNaC::log(y), GiNaC::abs(x - y),
      GiNaC::atan2(y, x) + GiNaC::atan(x) + GiNaC::asin(x / 4) + GiNaC::acos(y / 5), GiNaC::sinh(x) + GiNaC::cosh(y) + GiNaC::tanh(x),
      GiNaC::Pi * x, 1 / GiNaC::sqrt(y), GiNaC::csgn(x - 2 * y)};
  numeric::Tape tape({x, y}, outputs);
  EXPECT_EQ(tape.output_count(), outputs.size());
  for (auto [xv, yv] : {std::pair{0.7, 1.3}, std::pair{2.1, 0.4}}) {
    double in[2] = {xv, yv};
    std::vector<double> out(outputs.size());
    tape.evaluate(in, out.data());
    for (std::size_t i = 0; i < outputs.size(); ++i)
      EXPECT_TRUE(test::close(out[i], sym::evaluate(outputs[i], {{x, xv}, {y, yv}}), 1e-14)) << outputs[i];
  }
  EXPECT_THROW(numeric::Tape({x}, {x + y}), Error);
}

// The evaluator gives the slow path's q̇ and u̇ (1e-12 relative) for every formulation family.
TEST(EquationsEvaluator, AgreesWithTheSymbolicSolve) {
  auto check = [](const model::System& s, const formulations::EquationsOfMotion& eom) {
    auto ev = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values());
    std::mt19937 rng(5);
    for (int k = 0; k < 5; ++k) {
      auto x = test::state_for(eom, s, analysis::random_consistent_state(s, rng));
      auto slow = formulations::solve(eom, x, s.parameter_values());
      auto fast = ev.evaluate(x.t, x.q, x.u);
      for (Eigen::Index i = 0; i < slow.udot.size(); ++i) EXPECT_TRUE(test::close(fast.udot(i), slow.udot(i), 1e-12)) << eom.method;
      auto qd = formulations::coordinate_rates(eom, x, s.parameter_values());
      EXPECT_LT((fast.qdot - qd).norm(), 1e-12 * (1 + qd.norm()));
    }
  };
  auto disk = seeds::angeles_rolling_disk();
  check(disk, formulations::lagrange(disk));
  check(disk, formulations::kane(disk));
  check(disk, formulations::udwadia_kalaba(disk));
  auto g = seeds::greenwood_rolling_disk(1, 0.5);
  check(g, formulations::gibbs_appell(g));
  auto dp = seeds::double_pendulum();
  check(dp, formulations::lagrange(dp));
}

// Parameters stay inputs: a new value changes the result without re-deriving.
TEST(EquationsEvaluator, ParameterSweepWithoutRederiving) {
  auto s = seeds::double_pendulum();
  auto eom = formulations::lagrange(s);
  std::vector<GiNaC::symbol> params;
  std::vector<double> values;
  for (const auto& p : s.parameters()) params.push_back(p.symbol), values.push_back(*p.value);
  numeric::EquationsEvaluator ev(eom, params, values);
  Eigen::Vector2d q(0.3, -0.2), u(0.1, 0.4);
  auto a = ev.evaluate(0, q, u).udot;
  values.back() = 2 * values.back();  // g doubled: at rest the accelerations double
  ev.set_parameters(values);
  auto b = ev.evaluate(0, q, Eigen::Vector2d::Zero()).udot;
  values.back() /= 2;
  ev.set_parameters(values);
  auto c = ev.evaluate(0, q, Eigen::Vector2d::Zero()).udot;
  EXPECT_LT((b - 2 * c).norm(), 1e-12);
  EXPECT_GT((a - c).norm(), 1e-3);
}

// The tape and the compiled C agree to 1e-14 relative (the same CSE'd expressions, evaluated in the
// same order up to the compiler's floating-point contractions).
TEST(EquationsEvaluator, TapeAndCompiledCAgree) {
  ::setenv("ADYN_CACHE_DIR", (::testing::TempDir() + "adyn-native-cache").c_str(), 1);
  auto check = [](const model::System& s, const formulations::EquationsOfMotion& eom) {
    auto tape = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), numeric::Backend::Tape);
    auto native = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), numeric::Backend::Native);
    EXPECT_EQ(native.backend(), numeric::Backend::Native);
    std::mt19937 rng(9);
    for (int k = 0; k < 5; ++k) {
      auto x = test::state_for(eom, s, analysis::random_consistent_state(s, rng));
      auto a = tape.evaluate(x.t, x.q, x.u), b = native.evaluate(x.t, x.q, x.u);
      for (Eigen::Index i = 0; i < a.udot.size(); ++i) EXPECT_TRUE(test::close(a.udot(i), b.udot(i), 1e-14)) << eom.method;
      for (Eigen::Index i = 0; i < a.qdot.size(); ++i) EXPECT_TRUE(test::close(a.qdot(i), b.qdot(i), 1e-14)) << eom.method;
    }
  };
  auto disk = seeds::angeles_rolling_disk();
  check(disk, formulations::lagrange(disk));
  check(disk, formulations::kane(disk));
  auto g = seeds::greenwood_rolling_disk(1, 0.5);
  check(g, formulations::gibbs_appell(g));
}

// Where M is singular (the bar of Angeles E4 along the shaft, φ = 0: no inertia about the shaft),
// both backends say so, by Eigen's Cholesky (tape) or by the generated LDLᵀ (compiled C); a state
// that is not finite is reported as such, not as a singular M. rates() is evaluate() without the
// allocations.
TEST(EquationsEvaluator, SingularAndNotFiniteStatesOnBothBackends) {
  ::setenv("ADYN_CACHE_DIR", (::testing::TempDir() + "adyn-native-cache").c_str(), 1);
  auto s = seeds::shaft_with_bar(0.5);
  auto eom = formulations::kane(s);
  for (auto backend : {numeric::Backend::Tape, numeric::Backend::Native}) {
    auto ev = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), backend);
    const Eigen::Vector2d u(0.4, -0.2);
    auto singular = test::thrown_message<SingularityError>([&] { ev.evaluate(1.5, Eigen::Vector2d(0.3, 0.0), u); });
    EXPECT_NE(singular.find("not positive definite"), std::string::npos) << singular;
    EXPECT_NE(singular.find("t = 1.5"), std::string::npos) << singular;
    auto not_finite = test::thrown_message<EvaluationError>([&] { ev.evaluate(0, Eigen::Vector2d(0.3, std::nan("")), u); });
    EXPECT_NE(not_finite.find("not finite"), std::string::npos) << not_finite;
    const Eigen::Vector2d q(0.3, 0.8);
    auto d = ev.evaluate(0.2, q, u);
    Eigen::Vector2d qdot, udot;
    ev.rates(0.2, q.data(), u.data(), qdot.data(), udot.data());
    EXPECT_EQ((d.qdot - qdot).norm(), 0);
    EXPECT_EQ((d.udot - udot).norm(), 0);
  }
}

// An unconstrained tree in its own coordinates and speeds: u̇ from the articulated-body algorithm,
// the same as Lagrange's M u̇ = F; M and F are compiled when first asked for (impacts, DAE).
TEST(EquationsEvaluator, TreesEvaluateByTheArticulatedBodyAlgorithm) {
  const auto s = seeds::double_pendulum();
  const auto eom = formulations::lagrange(s);
  const auto articulated = formulations::articulated_body_dynamics_for(s, eom);
  ASSERT_TRUE(articulated);
  const auto fast = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values(), numeric::Backend::Tape, &*articulated);
  const auto dense = numeric::EquationsEvaluator::for_parameters(eom, s.parameter_values());
  EXPECT_TRUE(fast.articulated_body());
  EXPECT_FALSE(dense.articulated_body());
  const Eigen::Vector2d q(0.4, -1.1), u(0.3, 2.0);
  const auto a = fast.evaluate(0, q, u), b = dense.evaluate(0, q, u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(test::close(a.udot(i), b.udot(i), 1e-12));
    EXPECT_TRUE(test::close(a.qdot(i), b.qdot(i), 1e-15));
  }
  const auto m = fast.matrices(0, q, u);
  EXPECT_TRUE(test::close((m.M * a.udot - m.F).norm(), 0, 1e-12));
  // Equations not in the system's own state, or constrained, are left to M u̇ = F.
  EXPECT_FALSE(formulations::articulated_body_dynamics_for(s, formulations::hamilton(s)));
  const auto slider = seeds::two_link(1.0);
  EXPECT_FALSE(formulations::articulated_body_dynamics_for(slider, formulations::lagrange(slider)));
}
