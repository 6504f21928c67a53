// URDF joints of several coordinates: a planar joint (a cart in the x-z plane with a pole) against
// an independent SymPy derivation (references/urdf_planar_cart_pole.py), and a floating joint
// from a fixed link, which moves its child as the floating base moves a root link.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

const char* const cart_pole = R"(<robot name="cart_pole">
  <link name="world"/>
  <joint name="carriage" type="planar">
    <origin xyz="0.1 0 0.2"/>
    <parent link="world"/>
    <child link="cart"/>
    <axis xyz="0 1 0"/>
  </joint>
  <link name="cart">
    <inertial><origin xyz="0.05 0 0.02"/><mass value="2"/>
      <inertia ixx="0.03" iyy="0.05" izz="0.04" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <joint name="arm" type="continuous">
    <origin xyz="0.3 0 0"/>
    <parent link="cart"/>
    <child link="pole"/>
    <axis xyz="0 1 0"/>
  </joint>
  <link name="pole">
    <inertial><origin xyz="0 0 -0.4"/><mass value="0.5"/>
      <inertia ixx="0.02" iyy="0.027" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
</robot>
)";

// references/urdf_planar_cart_pole.py at (x, y, theta, phi) = (0.2, -0.1, 0.7, -0.4), rates
// (0.3, -0.5, 0.8, 1.1), tau_arm = 0.6.
const std::vector<double> sympy_accelerations = {0.15279218678636666, 11.025040597037819, -8.2505063103656564,
                                                 16.273053667294977};

TEST(SymPy_UrdfPlanar_CartPole, AccelerationsEqualLagrangesInSymPy) {
  auto doc = io::read_urdf_text(cart_pole, "cart_pole.urdf");
  auto& s = doc.system;
  const std::vector<std::string> names = {"carriage_x", "carriage_y", "carriage_theta", "arm"};
  ASSERT_EQ(s.coordinates().size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(s.coordinates()[i].get_name(), names[i]);
  EXPECT_EQ(s.inputs().size(), 1u);  // tau_arm: the planar joint has none
  EXPECT_EQ(formulations::describe_evaluator(s), "articulated-body algorithm, O(n): an unconstrained tree of 2 bodies");
  s.set_input_values({{"tau_arm", 0.6}});
  Eigen::VectorXd q(4), u(4);
  q << 0.2, -0.1, 0.7, -0.4;
  u << 0.3, -0.5, 0.8, 1.1;
  const auto aba = numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(s),
                                                                     s.parameter_values(), numeric::Backend::Tape);
  const Eigen::Map<const Eigen::VectorXd> expected(sympy_accelerations.data(), 4);
  EXPECT_LT((aba.evaluate(0, q, u).udot - expected).cwiseAbs().maxCoeff(), 1e-10 * expected.cwiseAbs().maxCoeff());
  for (const auto& eom : {formulations::kane(s), formulations::lagrange(s)})
    EXPECT_LT((formulations::solve(eom, {0, q, u}, s.parameter_values()).udot - expected).cwiseAbs().maxCoeff(),
              1e-10 * expected.cwiseAbs().maxCoeff())
        << eom.method;
}

// A body on a floating joint from a fixed link (rotated and offset) and the same body as a root
// link read with a floating base: the joint's motion is the base's, measured in the joint's frame.
TEST(UrdfFloatingJoint, MovesItsChildAsTheFloatingBaseMovesARoot) {
  const std::string body = R"(<link name="block"><inertial><origin xyz="0.1 -0.05 0.2" rpy="0.3 0 0"/><mass value="3"/>
      <inertia ixx="0.1" iyy="0.2" izz="0.25" ixy="0.01" ixz="0" iyz="0.02"/></inertial></link>)";
  const auto base = io::read_urdf_text("<robot name=\"b\">" + body + "</robot>", "b.urdf", {.floating_base = true});
  const auto joint = io::read_urdf_text(R"(<robot name="j"><link name="ground"/>
      <joint name="free" type="floating"><origin xyz="0 0 0" rpy="0 0 0"/><parent link="ground"/><child link="block"/></joint>)" +
                                            body + "</robot>",
                                        "j.urdf");
  ASSERT_EQ(joint.system.coordinates().size(), 7u);
  EXPECT_EQ(joint.system.coordinates()[3].get_name(), "free_e0");
  EXPECT_EQ(joint.system.speeds()[5].get_name(), "free_wz");
  Eigen::VectorXd q(7), u(6);
  q << 0.3, -0.2, 0.5, 0.8, 0.3, -0.4, 0.2;
  q.segment<4>(3).normalize();
  u << 0.4, -0.3, 0.2, 0.5, -0.6, 0.3;
  auto udot = [&](const io::ModelDocument& doc) {
    return numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(doc.system),
                                                             doc.system.parameter_values(), numeric::Backend::Tape)
        .evaluate(0, q, u)
        .udot;
  };
  const Eigen::VectorXd a = udot(base), b = udot(joint);
  EXPECT_LT((a - b).norm(), 1e-12 * a.norm());
  // Free of torques, the block falls: its origin's acceleration in the world is (0, 0, -g).
  const Eigen::Matrix3d R = Eigen::Quaterniond(q(3), q(4), q(5), q(6)).toRotationMatrix();
  const Eigen::Vector3d omega = u.tail<3>(), v = u.head<3>();
  Eigen::Vector3d c(0.1, -0.05, 0.2);  // the mass centre falls; the origin's acceleration follows from it
  const Eigen::Vector3d a_centre = R * (a.head<3>() + omega.cross(v) + a.tail<3>().cross(c) + omega.cross(omega.cross(c)));
  EXPECT_LT((a_centre - Eigen::Vector3d(0, 0, -9.81)).norm(), 1e-10);
}

}  // namespace
