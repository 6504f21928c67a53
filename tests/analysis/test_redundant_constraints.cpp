// Rows redundant wherever the constraints hold, left out before deriving (redundant_constraints.hpp).
#include "adyn/analysis/redundant_constraints.hpp"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "adyn/application/initial_state.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/numeric/simulation.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// Bricard's mechanism (IFToMM A04) as the example states it, by `method` (the rows left_out left
// out), from its initial state over t_end.
numeric::Trajectory bricard(const std::string& method, double t_end, const std::vector<std::string>& left_out) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  const auto eom = analysis::derive_without_redundant_rows(doc.system, method);
  EXPECT_EQ(eom.dropped_constraints, left_out) << method;
  const auto x = application::initial_state_of(doc).state;
  numeric::SimulationOptions o;
  o.t_end = t_end;
  o.output_step = 0.025;
  o.rtol = 1e-10;
  o.atol = 1e-12;
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

// Angeles' two-wheel axle (E7, examples/angeles_e7_two_wheel_axle.yaml) with a `rolling:` contact
// per wheel, each given the extra keys `wheel4` and `wheel3` (e.g. ", tangents: wheel").
std::string two_wheel_axle_on_rolling_contacts(const std::string& wheel4, const std::string& wheel3) {
  return R"(name: two-wheel axle on two rolling contacts
parameters: {m: {value: 1.2}, a: {value: 0.3}, l: {value: 1.0}}
coordinates: [q1, q2, q3, q4, q5]
frames:
  - {name: H, parent: N, axis: z, angle: Pi - q5}
  - {name: D3, parent: H, axis: y, angle: q3}
  - {name: D4, parent: H, axis: y, angle: q4}
points:
  - {name: C, from: O, position: {N: [q1, q2, a]}}
  - {name: A, from: C, position: {H: [0, l/2, 0]}}
  - {name: B, from: C, position: {H: [0, -l/2, 0]}}
bodies:
  - {name: disk 4, mass_center: A, frame: D4, mass: m, inertia: {Ixx: m*a^2/4, Iyy: m*a^2/2, Izz: m*a^2/4}}
  - {name: disk 3, mass_center: B, frame: D3, mass: m, inertia: {Ixx: m*a^2/4, Iyy: m*a^2/2, Izz: m*a^2/4}}
constraints:
  - {name: wheel 4, rolling: {wheel: D4, center: A, axle: H.y, radius: a, normal: N.z)" +
         wheel4 + R"(}}
  - {name: wheel 3, rolling: {wheel: D3, center: B, axle: H.y, radius: a, normal: N.z)" +
         wheel3 + R"(}}
initial: {q3_d: 2, q4_d: 3, q5_d: 0.3, q1_d: -0.75, q2_d: 0}
)";
}

// A run of `method` from the model's initial state over 10 s, with the rows it left out.
std::pair<std::vector<std::string>, numeric::Trajectory> axle_run(const io::ModelDocument& d, const std::string& method) {
  const auto eom = analysis::derive_without_redundant_rows(d.system, method);
  const auto x = application::initial_state_of(d).state;
  numeric::SimulationOptions o;
  o.t_end = 10;
  o.output_step = 0.5;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  return {eom.dropped_constraints, numeric::simulate(d.system, eom, formulations::state_for(eom, d.system, x.t, x.q, x.u), o)};
}

}  // namespace

TEST(RedundantConstraints, NoneWhereTheRowsAreIndependent) {
  for (const char* file : {"four_bar_linkage.yaml", "iftomm_a03_andrews_squeezer.yaml", "angeles_rolling_disk.yaml"}) {
    const auto doc = io::read_model_document(test::example(file));
    EXPECT_TRUE(analysis::redundant_constraints(doc.system).empty()) << file;
    EXPECT_TRUE(analysis::derive_without_redundant_rows(doc.system, "lagrange").dropped_constraints.empty()) << file;
  }
}

// One of Bricard's five closure rows depends on the others wherever the loop is closed. The
// multiplier form keeps all five (the augmented Lagrangian accepts them); Kane's, Gibbs–Appell's
// and Maggi's equations, which need independent rows, leave it out with a note and then run where
// they stopped at the start before, agreeing with the independent reference (tests/numeric/
// references/iftomm_a04_bricard.py) at t = 1 s. Their dependent speeds (q1', q2', q3', q5') are
// singular at t ≈ 1.248 s: there they stop, naming the row and the method that passes.
TEST(IFToMM_A04_Bricard, TheRedundantRowIsLeftOutWhereTheMethodNeedsIndependentRows) {
  const auto doc = io::read_model_document(test::example("iftomm_a04_bricard.yaml"));
  EXPECT_EQ(analysis::redundant_constraints(doc.system), std::vector<std::string>{"J6 axis 2"});
  const Eigen::Vector3d reference(0.274481319265, -0.886707938735, -0.462330002687);
  const auto lagrange = bricard("lagrange", 10, {});
  ASSERT_TRUE(lagrange.summary.completed) << lagrange.summary.stop_reason;
  EXPECT_EQ(lagrange.summary.constraint_rank.rows, 5u);
  EXPECT_LT((j3_at(lagrange, 1) - reference).norm(), 1e-7);
  for (const char* method : {"kane", "gibbs-appell", "maggi"}) {
    const auto tr = bricard(method, 2, {"J6 axis 2"});
    EXPECT_FALSE(tr.summary.completed) << method;
    EXPECT_NE(tr.summary.stop_reason.find("loses rank at t = 1.24"), std::string::npos) << tr.summary.stop_reason;
    EXPECT_NE(tr.summary.stop_reason.find("--method lagrange"), std::string::npos) << tr.summary.stop_reason;
    EXPECT_LT((j3_at(tr, 1) - reference).norm(), 1e-7) << method;
  }
}

// Angeles' two-wheel axle (E7, examples/angeles_e7_two_wheel_axle.yaml) stated with a `rolling:`
// contact per wheel: four no-slip rows along ground axes, of rank three everywhere (both wheels
// say the axle does not slide sideways). The multiplier form and Udwadia–Kalaba keep all four and
// agree with the hand-written three-row example; Kane's equations need independent rows, leave one
// out, and stop where the three kept are dependent (the axle along a ground axis, t = π/2 / 0.3),
// saying that the configuration may be regular for all the rows.
TEST(Angeles_E7_TwoWheelAxle, RedundantRollingRowsKeptWhereTheMethodAcceptsThem) {
  const auto doc = io::read_model_document_text(two_wheel_axle_on_rolling_contacts("", ""));
  EXPECT_EQ(analysis::redundant_constraints(doc.system), std::vector<std::string>{"wheel 3 no-slip 2"});
  const auto hand = io::read_model_document(test::example("angeles_e7_two_wheel_axle.yaml"));
  const auto [none, reference] = axle_run(hand, "lagrange");
  ASSERT_TRUE(reference.summary.completed) << reference.summary.stop_reason;
  for (const char* method : {"lagrange", "udwadia-kalaba"}) {
    const auto [dropped, tr] = axle_run(doc, method);
    EXPECT_TRUE(dropped.empty()) << method;
    ASSERT_TRUE(tr.summary.completed) << method << ": " << tr.summary.stop_reason;
    EXPECT_EQ(tr.summary.constraint_rank.rank, 3u) << method;
    EXPECT_LT((tr.q.back() - reference.q.back()).cwiseAbs().maxCoeff(), 1e-7) << method;
  }
  const auto [dropped, kane] = axle_run(doc, "kane");
  EXPECT_EQ(dropped, std::vector<std::string>{"wheel 3 no-slip 2"});
  EXPECT_FALSE(kane.summary.completed);
  EXPECT_NE(kane.summary.stop_reason.find("loses rank at t = 5.23"), std::string::npos) << kane.summary.stop_reason;
  EXPECT_NE(kane.summary.stop_reason.find("left out as redundant"), std::string::npos) << kane.summary.stop_reason;
  EXPECT_LT((kane.q[10] - reference.q[10]).cwiseAbs().maxCoeff(), 1e-7);  // t = 5
}

// The same axle with each wheel's no-slip rows along its own forward and lateral directions
// (`tangents: wheel`): the two lateral rows say the same (the axle does not slide sideways), and
// the model keeps one (`rows:` on wheel 3). Three independent rows everywhere: nothing is left out,
// and Kane's equations run through the configuration where the ground-axis rows lost rank,
// agreeing with the hand-written three-row example (Angeles (1983) Example 2.6.2).
TEST(Angeles_E7_TwoWheelAxle, WheelTangentsAndChosenRowsLetKaneRunThrough) {
  const auto doc = io::read_model_document_text(
      two_wheel_axle_on_rolling_contacts(", tangents: wheel", ", tangents: wheel, rows: [no-slip forward]"));
  std::vector<std::string> rows;
  for (const auto& c : doc.system.constraints()) rows.push_back(c.name);
  EXPECT_EQ(rows, (std::vector<std::string>{"wheel 4 no-slip forward", "wheel 4 no-slip lateral", "wheel 3 no-slip forward"}));
  EXPECT_TRUE(analysis::redundant_constraints(doc.system).empty());
  const auto [none, reference] = axle_run(io::read_model_document(test::example("angeles_e7_two_wheel_axle.yaml")), "lagrange");
  ASSERT_TRUE(reference.summary.completed) << reference.summary.stop_reason;
  for (const char* method : {"kane", "lagrange", "gibbs-appell"}) {
    const auto [dropped, tr] = axle_run(doc, method);
    EXPECT_TRUE(dropped.empty()) << method;
    ASSERT_TRUE(tr.summary.completed) << method << ": " << tr.summary.stop_reason;
    EXPECT_LT((tr.q.back() - reference.q.back()).cwiseAbs().maxCoeff(), 1e-7) << method;
  }
}
