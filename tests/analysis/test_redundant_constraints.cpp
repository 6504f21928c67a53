// Rows redundant wherever the constraints hold, left out before deriving (redundant_constraints.hpp).
#include "adyn/analysis/redundant_constraints.hpp"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// Bricard's mechanism (IFToMM A04) as the example states it, by `method` with its redundant row
// left out, from its initial state over t_end.
numeric::Trajectory bricard(const std::string& method, double t_end, numeric::ConstraintSolver solver) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  const auto eom = analysis::derive_without_redundant_rows(doc.system, method);
  EXPECT_EQ(eom.dropped_constraints, std::vector<std::string>{"J6 axis 2"}) << method;
  const auto x = io::initial_state_of(doc).state;
  numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = 0.025;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  o.constraint_solver = solver;
  return numeric::simulate(doc.system, eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), o);
}

// The joint J3 of Bricard's mechanism at the sample at t (as tests/numeric/test_iftomm.cpp).
Eigen::Vector3d j3_at(const numeric::Trajectory& tr, double t) {
  for (std::size_t k = 0; k < tr.t.size(); ++k)
    if (std::abs(tr.t[k] - t) < 1e-12) {
      const auto& q = tr.q[k];
      using Eigen::AngleAxisd, Eigen::Vector3d;
      const Eigen::Matrix3d R1 = AngleAxisd(q(0), Vector3d::UnitY()).toRotationMatrix();
      const Eigen::Matrix3d R2 = R1 * AngleAxisd(q(1), Vector3d::UnitZ()).toRotationMatrix();
      return R1 * Vector3d(1, 0, 0) + R2 * Vector3d(0, -1, 0);
    }
  ADD_FAILURE() << "no sample at t = " << t;
  return Eigen::Vector3d::Zero();
}

}  // namespace

TEST(RedundantConstraints, NoneWhereTheRowsAreIndependent) {
  for (const char* file : {"four_bar_linkage.yaml", "iftomm_a03_andrews_squeezer.yaml", "angeles_rolling_disk.yaml"}) {
    const auto doc = io::read_model_document(test::example(file));
    EXPECT_TRUE(analysis::redundant_constraints(doc.system).empty()) << file;
    EXPECT_TRUE(analysis::derive_without_redundant_rows(doc.system, "lagrange").dropped_constraints.empty()) << file;
  }
}

// One of Bricard's five closure rows depends on the others wherever the loop is closed: it is left
// out with a note, and then the KKT solve and the eliminating methods run where they stopped at the
// start before; all agree with the independent reference (tests/numeric/references/
// iftomm_a04_bricard.py) at t = 1 s. Kane's, Gibbs–Appell's and Maggi's dependent speeds
// (q1', q2', q3', q5') are singular at t ≈ 1.248 s: there they stop, naming the row and the method
// that passes.
TEST(IFToMM_A04_Bricard, TheRedundantRowIsLeftOutForEveryMethod) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  EXPECT_EQ(analysis::redundant_constraints(doc.system), std::vector<std::string>{"J6 axis 2"});
  const Eigen::Vector3d reference(0.274481319265, -0.886707938735, -0.462330002687);
  const auto kkt = bricard("lagrange", 10, numeric::ConstraintSolver::Kkt);
  ASSERT_TRUE(kkt.summary.completed) << kkt.summary.stop_reason;
  EXPECT_EQ(kkt.summary.constraint_rank.rows, 4u);
  EXPECT_LT(kkt.summary.relative_energy_error, 1e-8);
  EXPECT_LT((j3_at(kkt, 1) - reference).norm(), 1e-7);
  ASSERT_FALSE(kkt.summary.warnings.empty());
  EXPECT_NE(kkt.summary.warnings.back().find("constraint 'J6 axis 2' left out"), std::string::npos);
  for (const char* method : {"kane", "gibbs-appell", "maggi"}) {
    const auto tr = bricard(method, 2, numeric::ConstraintSolver::AugmentedLagrangian);
    EXPECT_FALSE(tr.summary.completed) << method;
    EXPECT_NE(tr.summary.stop_reason.find("loses rank at t = 1.24"), std::string::npos) << tr.summary.stop_reason;
    EXPECT_NE(tr.summary.stop_reason.find("--method lagrange"), std::string::npos) << tr.summary.stop_reason;
    EXPECT_LT((j3_at(tr, 1) - reference).norm(), 1e-7) << method;
  }
}
