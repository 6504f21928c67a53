// URDF import (io/urdf_reader.hpp) on adyn's own small descriptions: examples/two_link_arm.urdf
// against an independent SymPy derivation (tests/io/references/urdf_two_link_arm.py), the fixed
// joint's merging, names, inputs, limits, notes, the snapping of a rounded π/2, mimic joints.
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include <sstream>

#include "adyn/cli/cli.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

const std::string arm_path = test::example("two_link_arm.urdf");

// The reference state: q, q' and the inputs tau (urdf_two_link_arm.py).
const Eigen::Vector3d q_ref(0.3, -0.7, 0.04), qd_ref(0.5, -1.1, 0.02);

io::ModelDocument arm() {
  auto doc = io::read_urdf(arm_path);
  doc.system.set_input_values({{"tau_shoulder", 1.5}, {"tau_elbow", -0.4}, {"tau_gripper_slide", 0.3}});
  return doc;
}

// urdf_two_link_arm.py's q'' (Lagrange's equations of the four bodies, wrist kept apart).
const Eigen::Vector3d sympy_qdd(-12.127498708917164, -10.551898183640841, 2.659025900562308);

TEST(Urdf_TwoLinkArm, LagrangeEqualsTheSymPyReference) {
  const auto doc = arm();
  const auto eom = formulations::lagrange(doc.system);
  const auto a = formulations::solve(eom, {0, q_ref, qd_ref}, doc.system.parameter_values()).udot;
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(a(i), sympy_qdd(i), 1e-10)) << "q''" << i;
}

TEST(Urdf_TwoLinkArm, ArticulatedBodyAlgorithmEqualsTheSymPyReference) {
  const auto doc = arm();
  const auto aba = numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(doc.system),
                                                                     doc.system.parameter_values(), numeric::Backend::Tape);
  const auto d = aba.evaluate(0, q_ref, qd_ref);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(d.udot(i), sympy_qdd(i), 1e-10)) << "q''" << i;
  EXPECT_EQ(formulations::describe_evaluator(doc.system).rfind("articulated-body algorithm, O(n): an unconstrained tree of 3 bodies", 0), 0u)
      << formulations::describe_evaluator(doc.system);
}

// The wrist (fixed to the forearm) merged into the forearm's body: urdf_two_link_arm.py's mass,
// mass centre (in the forearm's frame) and inertia about it by the parallel-axis theorem.
TEST(Urdf_TwoLinkArm, FixedJointMergesTheWristIntoTheForearm) {
  const auto doc = io::read_urdf(arm_path);
  const auto& bodies = doc.system.bodies();
  ASSERT_EQ(bodies.size(), 3u);
  const auto& forearm = bodies[1];
  EXPECT_EQ(forearm.name(), "forearm");
  EXPECT_NEAR(GiNaC::ex_to<GiNaC::numeric>(forearm.mass()).to_double(), 1.1, 1e-15);
  const double centre[3] = {0.19569590488303837, 0.0072727272727272727, -0.0026150483923865616};
  const auto c = forearm.mass_center().position_from(doc.system.point("forearm")).components_in(forearm.frame());
  const auto I = forearm.central_inertia().components_in(forearm.frame());
  const double inertia[9] = {0.00076486260226871021, 0.00046556723906430715, 0.00039259809020930858,
                             0.00046556723906430715, 0.012445198990111032,   -2.0920387139092495e-05,
                             0.00039259809020930853, -2.0920387139092495e-05, 0.012623972751478686};
  for (unsigned i = 0; i < 3; ++i) {
    EXPECT_NEAR(GiNaC::ex_to<GiNaC::numeric>(c(i, 0)).to_double(), centre[i], 1e-15);
    for (unsigned j = 0; j < 3; ++j)
      EXPECT_NEAR(GiNaC::ex_to<GiNaC::numeric>(GiNaC::evalf(I(i, j))).to_double(), inertia[3 * i + j], 1e-15);
  }
  // The wrist's frame and origin are kept, fixed in the forearm's.
  EXPECT_TRUE(doc.system.find_frame("wrist"));
  EXPECT_TRUE(doc.system.find_point("wrist"));
}

TEST(Urdf_TwoLinkArm, CoordinatesInputsLimitsAndNotes) {
  const auto doc = io::read_urdf(arm_path);
  const auto& s = doc.system;
  ASSERT_EQ(s.coordinates().size(), 3u);
  EXPECT_EQ(s.coordinates()[0].get_name(), "shoulder");
  EXPECT_EQ(s.coordinates()[2].get_name(), "gripper_slide");
  EXPECT_EQ(s.unit_of(s.coordinates()[2]), "m");
  ASSERT_EQ(s.inputs().size(), 3u);
  EXPECT_EQ(s.inputs()[1].symbol.get_name(), "tau_elbow");
  EXPECT_EQ(s.parameters().front().symbol.get_name(), "g");
  ASSERT_EQ(doc.joints.size(), 4u);
  EXPECT_EQ(doc.joints[0].type, "revolute");
  EXPECT_EQ(*doc.joints[0].lower, -2.5);
  EXPECT_EQ(*doc.joints[0].effort, 30);
  EXPECT_EQ(doc.joints[0].damping, 0.05);
  EXPECT_FALSE(doc.joints[1].lower);  // continuous
  EXPECT_EQ(doc.joints[2].type, "fixed");
  EXPECT_TRUE(doc.joints[2].coordinate.empty());
  std::string notes;
  for (const auto& n : doc.notes) notes += n + "\n";
  EXPECT_NE(notes.find("joint 'shoulder': Coulomb friction 0.2 ignored"), std::string::npos) << notes;
  EXPECT_NE(notes.find("1 joint origin rotation(s): entries within 1e-10 of 0 or +-1 read as exactly that"), std::string::npos)
      << notes;
}

// rpy 1.57079632679 (π/2 rounded): cos and sin are 5e-12 from 0 and 1; the constant frame has
// exactly Rx(π/2), so no 5e-12 coefficient reaches the equations.
TEST(Urdf_TwoLinkArm, RoundedHalfPiIsSnappedToExactEntries) {
  const auto doc = io::read_urdf(arm_path);
  const auto F = doc.system.frame("shoulder_origin");
  const auto R = doc.system.inertial_frame().dcm(F);
  const int exact[3][3] = {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}};
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) EXPECT_EQ(R(i, j), GiNaC::ex(exact[i][j])) << i << j;
}

// Check's report of a description: the joints, the evaluator, the notes.
TEST(Urdf_TwoLinkArm, CheckListsJointsEvaluatorAndNotes) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"check", arm_path}, out, err), 0) << err.str();
  const auto text = out.str();
  for (const char* line : {"Joints (4):\n  shoulder: revolute base -> upper_arm, coordinate shoulder, input tau_shoulder, "
                           "limits [-2.5, 2.5], damping 0.05, friction 0.2\n",
                           "Evaluator: articulated-body algorithm, O(n): an unconstrained tree of 3 bodies\n",
                           "  joint 'shoulder': Coulomb friction 0.2 ignored (adyn has no regularized friction law yet)\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin:\n" << text;
}

const char* const gripper = R"(<robot name="gripper">
  <link name="palm"/>
  <link name="left"><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="right"><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="finger-left" type="prismatic">
    <parent link="palm"/><child link="left"/><axis xyz="0 1 0"/>
    <limit lower="0" upper="0.04" effort="20" velocity="0.2"/>
  </joint>
  <joint name="finger-right" type="prismatic">
    <parent link="palm"/><child link="right"/><axis xyz="0 -1 0"/>
    <limit lower="0" upper="0.04" effort="20" velocity="0.2"/>
    <mimic joint="finger-left" multiplier="1" offset="0.001"/>
  </joint>
</robot>)";

// A mimic joint is a holonomic constraint q = multiplier q_mimicked + offset: the system is then
// no unconstrained tree, and the evaluator says why. Names map '-' to '_'.
TEST(Urdf_MimicJoint, IsAHolonomicConstraint) {
  const auto doc = io::read_urdf_text(gripper, "gripper.urdf");
  const auto& s = doc.system;
  ASSERT_EQ(s.constraints().size(), 1u);
  EXPECT_EQ(s.constraints()[0].name, "mimic_finger_right");
  const auto& q = s.coordinates();
  EXPECT_EQ(q[0].get_name(), "finger_left");
  EXPECT_EQ(s.constraints()[0].expression, q[1] - q[0] - GiNaC::numeric(1, 1000));
  EXPECT_EQ(formulations::describe_evaluator(s),
            "mass matrix M u' = F: constraint 'mimic_finger_right': the articulated-body algorithm solves unconstrained "
            "trees; M and F as derived: without the constraints the bodies hang 1 deep at most (2 bodies), less than "
            "the 5 from where a tree's recursions give the shorter M and F");
}

TEST(Urdf_MimicJoint, IndependentWhenAsked) {
  io::UrdfOptions options;
  options.mimic_constraints = false;
  const auto doc = io::read_urdf_text(gripper, "gripper.urdf", options);
  EXPECT_TRUE(doc.system.constraints().empty());
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[1], "joint 'finger-right' mimics 'finger-left': read as an independent joint");
}

}  // namespace
