// A robot description's joint limits along a trajectory (io/joint_limits.hpp): the first sample
// beyond and the furthest, for the range and the speed bound; nothing for a continuous joint or
// a run that stays within them; the description's own joint names. (A model file's joints:
// test_joints_section_loads.cpp.)
#include <gtest/gtest.h>

#include <algorithm>

#include "adyn/io/joint_limits.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// examples/two_link_arm.urdf: shoulder in [-2.5, 2.5] rad at most 3 rad/s, elbow continuous,
// gripper_slide in [0, 0.1] m at most 0.2 m/s.
numeric::Trajectory samples(const std::vector<Eigen::Vector3d>& q, const std::vector<Eigen::Vector3d>& u) {
  numeric::Trajectory tr;
  tr.coordinate_names = {"shoulder", "elbow", "gripper_slide"};
  tr.speed_names = {"shoulder_d", "elbow_d", "gripper_slide_d"};
  for (std::size_t k = 0; k < q.size(); ++k) {
    tr.t.push_back(0.5 * static_cast<double>(k));
    tr.q.emplace_back(q[k]), tr.u.emplace_back(u[k]);
  }
  return tr;
}

}  // namespace

TEST(JointLimits, RangeAndSpeedBoundLeftAreNamedWithTheirFirstAndFurthestSamples) {
  const auto doc = io::read_urdf(test::example("two_link_arm.urdf"));
  const auto tr = samples({{0, 0, 0.05}, {2.6, 40, -0.01}, {2.4, 80, -0.03}, {2.7, 120, 0.02}},
                          {{0, 100, 0}, {1, 100, 0.1}, {-3.5, 100, -0.15}, {0, 100, 0}});
  const auto found = io::joint_limit_excursions(doc, tr);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0], "joint 'shoulder' left its range [-2.5, 2.5] rad at t = 0.5 (q = 2.6), furthest at t = 1.5 "
                      "(q = 2.7): the equations do not enforce a description's limits");
  EXPECT_EQ(found[1], "joint 'shoulder' exceeded its speed bound 3 rad/s at t = 1 (q' = -3.5), furthest at t = 1 "
                      "(q' = -3.5): the equations do not enforce a description's limits");
  EXPECT_EQ(found[2], "joint 'gripper_slide' left its range [0, 0.1] m at t = 0.5 (q = -0.01), furthest at t = 1 "
                      "(q = -0.03): the equations do not enforce a description's limits");
}

TEST(JointLimits, ARunWithinThemAndAModelFileHaveNone) {
  const auto doc = io::read_urdf(test::example("two_link_arm.urdf"));
  EXPECT_TRUE(io::joint_limit_excursions(doc, samples({{2.5, 7, 0}, {-2.5, -7, 0.1}}, {{3, 50, 0.2}, {-3, 9, -0.2}}))
                  .empty());
  const auto file = io::read_model_document(test::example("double_pendulum.yaml"));
  EXPECT_TRUE(io::joint_limit_excursions(file, numeric::Trajectory{}).empty());
}

// The report reads the model's joints, and names a robot description's joint by its own name
// (finger-left, whose coordinate is finger_left), as the friction note does.
TEST(JointLimits, ADescriptionsJointKeepsItsNameInTheReportAndTheNote) {
  const auto doc = io::read_urdf_text(R"(<robot name="gripper">
  <link name="palm"/>
  <link name="left"><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="finger-left" type="prismatic">
    <parent link="palm"/><child link="left"/><axis xyz="0 1 0"/>
    <limit lower="0" upper="0.04" effort="20" velocity="0.2"/><dynamics friction="0.1"/>
  </joint>
</robot>)", "gripper.urdf");
  ASSERT_EQ(doc.system.joints().size(), 1u);
  EXPECT_EQ(doc.system.joints()[0].name, "finger_left");
  numeric::Trajectory tr;
  tr.coordinate_names = {"finger_left"}, tr.speed_names = {"finger_left_d"};
  tr.t = {0, 0.5}, tr.q = {Eigen::VectorXd::Constant(1, 0.01), Eigen::VectorXd::Constant(1, 0.05)};
  tr.u = {Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1)};
  const auto found = io::joint_limit_excursions(doc, tr);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], "joint 'finger-left' left its range [0, 0.04] m at t = 0.5 (q = 0.05), furthest at t = 0.5 "
                      "(q = 0.05): the equations do not enforce a description's limits");
  EXPECT_NE(std::find(doc.notes.begin(), doc.notes.end(),
                      "joint 'finger-left': Coulomb friction 0.1 ignored (adyn has no regularized friction law yet)"),
            doc.notes.end());
}
