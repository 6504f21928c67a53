// The joint concept (model/joint.hpp): the names, frames and points a joint creates, the tree it
// states, declared speeds, and the errors that name the joint.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/model/joint.hpp"
#include "adyn/model/system.hpp"
#include "joint_fixture.hpp"
#include "test_support.hpp"

using namespace adyn;
using adyn::test::thrown_message;

TEST(Joint, RevoluteMakesItsCoordinateFramesPointAndTree) {
  model::System s;
  auto j = joint("shoulder", model::JointType::Revolute, "", "arm");
  j.rotation = GiNaC::matrix(3, 3, GiNaC::lst{1, 0, 0, 0, 0, -1, 0, 1, 0});
  const auto added = model::add_joint(s, j);
  ASSERT_EQ(added.coordinates.size(), 1u);
  EXPECT_EQ(added.coordinates[0].get_name(), "shoulder");
  EXPECT_EQ(added.speeds[0].get_name(), "shoulder_d");  // the rate: no declared speeds
  EXPECT_TRUE(s.find_frame("shoulder_origin"));
  EXPECT_EQ(added.frame.name(), "arm");
  EXPECT_EQ(added.origin.name(), "arm");
  EXPECT_EQ(s.stated_parents().at("arm"), "");
  EXPECT_EQ(s.unit_of(added.coordinates[0]), "rad");
}

TEST(Joint, NamesOfEachType) {
  using T = model::JointType;
  auto names = [](T type, bool declared) { return model::joint_names(joint("j", type, "", "c"), declared); };
  EXPECT_EQ(names(T::Universal, false).coordinates, (std::vector<std::string>{"j_1", "j_2"}));
  EXPECT_EQ(names(T::Universal, false).frames, (std::vector<std::string>{"j_cross", "c"}));
  EXPECT_EQ(names(T::Planar, true).speeds, (std::vector<std::string>{"j_x_u", "j_y_u", "j_theta_u"}));
  EXPECT_EQ(names(T::Spherical, false).speeds, (std::vector<std::string>{"j_wx", "j_wy", "j_wz"}));
  EXPECT_EQ(names(T::Free, false).coordinates.size(), 7u);
  EXPECT_TRUE(names(T::Fixed, false).coordinates.empty());
}

TEST(Joint, AddJointsOrdersParentsFirstAndDeclaresEverySpeedWithASphericalJoint) {
  model::System s;
  const auto added = model::add_joints(s, {joint("elbow", model::JointType::Revolute, "upper", "fore"),
                                           joint("ball", model::JointType::Spherical, "", "upper")});
  EXPECT_EQ(added[0].frame.name(), "upper");
  EXPECT_EQ(added[1].speeds[0].get_name(), "elbow_u");
  EXPECT_EQ(s.stated_parents().at("fore"), "upper");
  EXPECT_NO_THROW(s.check_kinematic_equations());
}

TEST(Joint, ErrorsNameTheJoint) {
  using T = model::JointType;
  model::System s;
  model::add_joint(s, joint("a", T::Revolute, "", "b1"));
  EXPECT_EQ(thrown_message<ModelError>([&] { model::add_joint(s, joint("x", T::Revolute, "nobody", "b2")); }),
            "joint 'x': its parent 'nobody' is neither the ground nor the child of a joint");
  EXPECT_EQ(thrown_message<ModelError>([&] { model::add_joint(s, joint("y", T::Revolute, "", "b1")); }),
            "joint 'y': its child 'b1' already hangs from the ground by another joint: a body has one parent joint");
  auto zero_axis = joint("z", T::Prismatic, "b1", "b3");
  zero_axis.axis = GiNaC::matrix(3, 1);
  EXPECT_EQ(thrown_message<ModelError>([&] { model::add_joint(s, zero_axis); }), "joint 'z': its axis is the zero vector");
  auto skewed = joint("w", T::Fixed, "b1", "b4");
  skewed.rotation = GiNaC::matrix(3, 3, GiNaC::lst{1, 0, 0, 0, 2, 0, 0, 0, 1});
  EXPECT_NE(thrown_message<ModelError>([&] { model::add_joint(s, skewed); }).find("joint 'w': its origin rotation: direction-cosine matrix: is not a rotation (|CᵀC − I| = 3)"),
            std::string::npos);
  EXPECT_NE(thrown_message<ModelError>([&] { model::add_joint(s, joint("ball", T::Spherical, "b1", "b5")); })
                .find("joint 'ball': a spherical joint declares its speeds, and the system's coordinates have their rates"),
            std::string::npos);
  EXPECT_EQ(thrown_message<ModelError>([&] { model::add_joint(s, joint("a", T::Revolute, "b1", "b6")); }),
            "joint 'a': coordinate 'a': the name is already used by a coordinate");
}

TEST(Joint, AddJointsReportsACycleAndTwoParents) {
  using T = model::JointType;
  model::System s;
  EXPECT_EQ(thrown_message<ModelError>([&] {
              model::add_joints(s, {joint("j1", T::Revolute, "c", "b"), joint("j2", T::Revolute, "b", "c")});
            }),
            "joint 'j1': it closes a cycle of joints (j1 -> j2 -> j1): joints state a tree");
  EXPECT_EQ(thrown_message<ModelError>([&] {
              model::add_joints(s, {joint("k1", T::Revolute, "", "d"), joint("k2", T::Prismatic, "", "d")});
            }),
            "joint 'k2': its child 'd' is moved by joint 'k1' too: a body has one parent joint");
}
