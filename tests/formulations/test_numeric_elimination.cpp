// Dependent speeds solved numerically (numeric_elimination.hpp): the solve Cᵀ M C u̇_i = Cᵀ (F − M c)
// gives the KKT system's accelerations for any regular dependent set, chooses a new set where its
// block is singular though G is not (Wehage–Haug), and stops naming the rows where G loses rank; Kane's,
// Gibbs–Appell's and Maggi's equations in that form agree with Lagrange's multiplier form and with
// their own symbolic elimination (IFToMM A02, N = 2: 4 closure rows).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "adyn/error.hpp"
#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/formulations/orthogonal_complement.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/linalg/saddle_point.hpp"
#include "eom_support.hpp"

using namespace adyn;

namespace {

struct Saddle {
  Eigen::MatrixXd M, G;
  Eigen::VectorXd F, g;
};

// A random positive definite M (5 × 5) with 2 constraint rows.
Saddle random_saddle() {
  std::srand(7);
  Saddle s;
  const Eigen::MatrixXd A = Eigen::MatrixXd::Random(5, 5);
  s.M = A * A.transpose() + Eigen::MatrixXd::Identity(5, 5);
  s.G = Eigen::MatrixXd::Random(2, 5);
  s.F = Eigen::VectorXd::Random(5);
  s.g = Eigen::VectorXd::Random(2);
  return s;
}

Eigen::VectorXd kkt(const Saddle& s) { return linalg::solve_saddle_point(s.M, s.F, s.G, s.g, "kkt").udot; }

}  // namespace

TEST(NumericElimination, AnyRegularDependentSetGivesTheKktAccelerations) {
  const auto s = random_saddle();
  for (const std::vector<Eigen::Index>& set : {std::vector<Eigen::Index>{0, 1}, {1, 4}, {2, 3}}) {
    formulations::NumericElimination e(set);
    const Eigen::VectorXd udot = e.solve(s.M, s.F, s.G, s.g, "test", {"a", "b"});
    EXPECT_LT((udot - kkt(s)).norm(), 1e-12) << set[0] << ", " << set[1];
    EXPECT_FALSE(e.repartitioned());
  }
}

// Columns 0 and 1 of G made parallel: the set {0, 1} has a singular block though G keeps its rank;
// a new set is chosen by pivoting, and the accelerations are still the KKT system's.
TEST(NumericElimination, SingularBlockOfARegularMatrixIsRepartitioned) {
  auto s = random_saddle();
  s.G.col(1) = 2 * s.G.col(0);
  formulations::NumericElimination e({0, 1});
  const Eigen::VectorXd udot = e.solve(s.M, s.F, s.G, s.g, "test", {"a", "b"});
  EXPECT_TRUE(e.repartitioned());
  EXPECT_EQ(e.previous(), (std::vector<Eigen::Index>{0, 1}));
  EXPECT_NE(e.dependent(), (std::vector<Eigen::Index>{0, 1}));
  EXPECT_LT((udot - kkt(s)).norm(), 1e-12);
  const auto change = formulations::partition_change(
      0.5, e.previous(), e.dependent(), std::vector<GiNaC::symbol>{GiNaC::symbol("u1"), GiNaC::symbol("u2"), GiNaC::symbol("u3"), GiNaC::symbol("u4"), GiNaC::symbol("u5")});
  EXPECT_FALSE(change.left.empty());
  EXPECT_EQ(change.left.size(), change.entered.size());
}

TEST(NumericElimination, DependentRowsStopNamingThem) {
  auto s = random_saddle();
  s.G.row(1) = -3 * s.G.row(0);
  formulations::NumericElimination e({0, 1});
  try {
    e.solve(s.M, s.F, s.G, s.g, "Kane equations at t = 1", {"pin A", "pin B"});
    FAIL() << "no error";
  } catch (const SingularityError& error) {
    const std::string m = error.what();
    EXPECT_NE(m.find("Kane equations at t = 1"), std::string::npos) << m;
    EXPECT_NE(m.find("loses rank (1 of 2)"), std::string::npos) << m;
    EXPECT_NE(m.find("pin"), std::string::npos) << m;
  }
}

// A02 with N = 2 (4 closure rows, within the symbolic limit) with the numeric solve asked for: the
// equations keep all 5 speeds and the rows, say so, and give Lagrange's q̈ and the symbolic
// elimination's at random consistent states around two parallelogram configurations (cranks at 45°,
// the benchmark's, and at −120°). Not at states drawn around q = 0: that is A02's singular
// configuration (every bar horizontal), and the projection onto the constraints lands next to it,
// where the constraint rows lose rank and no method has an answer (Lagrange's KKT solve stops there).
TEST(NumericElimination, KaneGibbsAppellMaggiAgreeWithLagrangeAndTheirSymbolicElimination) {
  const auto system = io::read_model_document(test::example("iftomm_a02_n_four_bar_2.yaml")).system;
  const auto numeric = formulations::DependentSolve::Numeric;
  const std::vector<formulations::EquationsOfMotion> eoms = {
      formulations::lagrange(system),
      formulations::kane(system, {.dependent_speeds = {}, .auxiliary_speeds = {}, .dependent_solve = numeric}),
      formulations::gibbs_appell(system, {.dependent_speeds = {}, .dependent_solve = numeric}),
      formulations::orthogonal_complement(system, {.dependent_coordinates = {}, .speeds = {}, .dependent_solve = numeric}),
      formulations::kane(system)};
  for (std::size_t k = 1; k < 4; ++k) {
    const auto& eom = eoms[k];
    EXPECT_EQ(eom.enforcement, formulations::ConstraintEnforcement::NumericElimination) << eom.method;
    EXPECT_EQ(eom.p(), 5u) << eom.method;
    EXPECT_EQ(eom.constraint_matrix.rows(), 4u) << eom.method;
    EXPECT_EQ(eom.numeric_dependent_speeds.size(), 4u) << eom.method;
    EXPECT_TRUE(eom.multipliers.empty()) << eom.method;
    const auto note = formulations::numeric_elimination_note(eom);
    EXPECT_NE(note.find("dependent speeds u_d solved numerically: 4 rows (a numeric solve was asked for)"),
              std::string::npos) << note;
  }
  EXPECT_EQ(eoms[4].enforcement, formulations::ConstraintEnforcement::Multipliers);
  EXPECT_EQ(eoms[4].dependent_speeds.size(), 4u);
  EXPECT_TRUE(formulations::numeric_elimination_note(eoms[4]).empty());
  std::mt19937 rng(2024);
  std::vector<analysis::SystemState> states;
  for (const double crank : {std::acos(-1.0) / 4, -2 * std::acos(-1.0) / 3}) {
    const Eigen::VectorXd center = (Eigen::VectorXd(5) << crank, crank, crank, 0, 0).finished();  // c0, c1, c2, k1, k2
    for (int k = 0; k < 5; ++k) states.push_back(analysis::random_consistent_state_near(system, center, rng, 0.3));
  }
  test::expect_same_accelerations_at(system, eoms, states, 1e-9);
}
