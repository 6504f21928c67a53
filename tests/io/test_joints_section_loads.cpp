// A model file's joints with actuated, damping, friction and limits (io/joints_section.hpp,
// model/joint_loads.hpp): an actuated damped pendulum against its closed form, the URDF arm written
// with joints (examples/two_link_arm_joints.yaml) against the arm read from URDF, `check`'s listing
// of the joints, the simulation's report of a run that leaves the limits, and every error, named at
// its line (exit 2 in the CLI).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "adyn/cli/cli.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "read_error.hpp"
#include "same_motion.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// A compound pendulum (a rod along its arm) on an actuated, damped revolute joint about z, gravity
// along -y: with θ the angle from hanging down, (I_c + m l²) θ'' = τ − d θ' − m g l sin θ.
const char* const pendulum = R"(
name: pendulum
parameters: {m: 1.5, l: 0.4, Ic: 0.02, g: 9.81}
joints:
  - {name: swing, type: revolute, parent: ground, child: arm, axis: z, actuated: true, damping: 0.3}
bodies:
  - {name: arm, mass: m, mass_center: [0, -l, 0], inertia: {Ixx: Ic, Iyy: 0, Izz: Ic}}
gravity: {N: [0, -g, 0]}
)";

std::string input_text(const model::System& s) {
  std::ostringstream out;
  for (const auto& i : s.inputs()) out << i.symbol.get_name() << " [" << i.unit << "] ";
  return out.str();
}

std::string force_text(const model::System& s) {
  std::ostringstream out;
  for (const auto& f : s.generalized_forces()) out << f.name << ": " << f.coordinate.get_name() << ", " << f.value << "; ";
  return out.str();
}

struct Run {
  int status;
  std::string out, err;
};

Run run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int status = cli::run(args, out, err);
  return {status, out.str(), err.str()};
}

}  // namespace

TEST(JointLoads_Pendulum, ActuatedDampedRevoluteEqualsTheClosedForm) {
  const auto s = io::read_model(pendulum, "pendulum.yaml");
  ASSERT_EQ(s.inputs().size(), 1u);
  const auto tau = s.inputs()[0].symbol;
  EXPECT_EQ(tau.get_name(), "tau_swing");
  EXPECT_EQ(s.inputs()[0].unit, "N m");
  EXPECT_EQ(force_text(s), "tau_swing: swing, tau_swing; damping_swing: swing, -3/10*swing_d; ");
  const auto eom = formulations::lagrange(s);
  EXPECT_TRUE(eom.forcing(0, 0).has(tau)) << eom.forcing;
  const double m = 1.5, l = 0.4, Ic = 0.02, g = 9.81, d = 0.3, torque = 0.8, theta = 0.7, rate = -1.3;
  const double expected = (torque - d * rate - m * g * l * std::sin(theta)) / (Ic + m * l * l);
  auto with_torque = s;
  with_torque.set_input_values({{"tau_swing", torque}});
  const formulations::State x{0, Eigen::VectorXd::Constant(1, theta), Eigen::VectorXd::Constant(1, rate)};
  EXPECT_TRUE(test::close(test::udot(with_torque, x)(0), expected, 1e-12));
  EXPECT_TRUE(test::close(formulations::solve(eom, x, with_torque.parameter_values()).udot(0), expected, 1e-12));
}

// The same inputs (names, units), generalized forces (names, coordinates, values) and limits, and
// the same u̇ with the inputs given, at random states.
TEST(JointLoads_TwoLinkArm, ModelFileEqualsTheUrdf) {
  const auto yaml = io::read_model_document(test::example("two_link_arm_joints.yaml"));
  const auto urdf = io::read_urdf(test::example("two_link_arm.urdf"));
  EXPECT_EQ(input_text(yaml.system), "tau_shoulder [N m] tau_elbow [N m] tau_gripper_slide [N] ");
  EXPECT_EQ(input_text(yaml.system), input_text(urdf.system));
  EXPECT_EQ(force_text(yaml.system), force_text(urdf.system));
  for (const auto& u : urdf.system.joints()) {
    const auto& joints = yaml.system.joints();
    const auto y = std::find_if(joints.begin(), joints.end(), [&](const model::JointRecord& j) { return j.name == u.name; });
    ASSERT_NE(y, joints.end()) << u.name;
    EXPECT_EQ(y->limits.lower, u.limits.lower) << u.name;
    EXPECT_EQ(y->limits.upper, u.limits.upper) << u.name;
    EXPECT_EQ(y->limits.velocity, u.limits.velocity) << u.name;
    EXPECT_EQ(y->damping, u.damping) << u.name;
    EXPECT_EQ(y->friction, u.friction) << u.name;
  }
  const std::string note = "joint 'shoulder': Coulomb friction 0.2 ignored (adyn has no regularized friction law yet)";
  EXPECT_NE(std::find(yaml.notes.begin(), yaml.notes.end(), note), yaml.notes.end());
  EXPECT_NE(std::find(urdf.notes.begin(), urdf.notes.end(), note), urdf.notes.end());
  auto a = yaml.system, b = urdf.system;
  const std::map<std::string, double> tau = {{"tau_shoulder", 1.5}, {"tau_elbow", -0.4}, {"tau_gripper_slide", 0.3}};
  a.set_input_values(tau), b.set_input_values(tau);
  test::expect_same_motion(a, b, 17);
}

// One printer: the joints a model file and a URDF share are listed alike.
TEST(JointLoads_TwoLinkArm, CheckListsTheJointsAsTheUrdfs) {
  const auto yaml = run({"check", test::example("two_link_arm_joints.yaml")});
  const auto urdf = run({"check", test::example("two_link_arm.urdf")});
  ASSERT_EQ(yaml.status, 0) << yaml.err;
  for (const char* line :
       {"Joints (4):\n  shoulder: revolute base -> upper_arm, coordinate shoulder, input tau_shoulder, limits [-2.5, 2.5], "
        "damping 0.05, friction 0.2\n",
        "  elbow: revolute upper_arm -> forearm, coordinate elbow, input tau_elbow\n",
        "  wrist_mount: fixed forearm -> wrist\n",
        "  gripper_slide: prismatic wrist -> gripper, coordinate gripper_slide, input tau_gripper_slide, limits [0, 0.1]\n",
        "  joint 'shoulder': Coulomb friction 0.2 ignored (adyn has no regularized friction law yet)\n"})
    EXPECT_NE(yaml.out.find(line), std::string::npos) << line << "\nin:\n" << yaml.out;
  const std::string shared = "  gripper_slide: prismatic wrist -> gripper";
  EXPECT_NE(urdf.out.find(shared), std::string::npos) << urdf.out;
}

// The gripper slides out of [0, 0.1] m under gravity: said as for the URDF (io/joint_limits.hpp).
TEST(JointLoads_TwoLinkArm, SimulateReportsARunThatLeavesTheLimits) {
  const auto r = run({"simulate", test::example("two_link_arm_joints.yaml"), "--t-end", "0.5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("adyn: warning: joint 'gripper_slide' left its range [0, 0.1] m at t = 0.01"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("adyn: warning: joint 'shoulder' exceeded its speed bound 3 rad/s"), std::string::npos) << r.err;
}

// ---- errors: file:line:column, the joint, the problem; `adyn check` exits with 2 ----

namespace {

struct BadJoint {
  const char* joint;    // the entry on line 3 (a body 'a' and a parameter tau_j1 are defined)
  const char* message;  // model.yaml:line:column: joint 'j1': ...
};

const BadJoint bad_joints[] = {
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, actuated: maybe}",
     "3:77: joint 'j1': expected true or false, got 'maybe'"},
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, damping: -0.1}",
     "3:76: joint 'j1': its damping must be >= 0, got -0.1"},
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, friction: .inf}",
     "3:77: joint 'j1': expected a finite number, got '.inf'"},
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, friction: -2}",
     "3:77: joint 'j1': its friction must be >= 0, got -2"},
    {"{name: j1, type: universal, parent: ground, child: a, axis: x, second_axis: y, limits: {lower: 0, upper: 1}}",
     "3:92: joint 'j1': limits apply to a revolute or prismatic joint (one coordinate), not to a universal joint"},
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, limits: {lower: -1}}",
     "3:75: joint 'j1': its limits need both ends of the range, lower and upper"},
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, limits: {lower: 1, upper: -1}}",
     "3:75: joint 'j1': its limits need lower < upper, got [1, -1] (a joint that cannot move is a fixed joint)"},
    {"{name: j1, type: prismatic, parent: ground, child: a, axis: z, limits: {velocity: 0}}",
     "3:76: joint 'j1': its speed bound (velocity) must be > 0, got 0"},
    {"{name: j1, type: revolute, parent: ground, child: a, axis: z, limits: {}}",
     "3:75: joint 'j1': its limits are empty: give lower and upper, or velocity"},
    {"{name: j1, type: spherical, parent: ground, child: a, actuated: true}",
     "3:69: joint 'j1': a spherical joint cannot be actuated: its coordinates are Euler parameters; apply a torque to its child"},
    {"{name: j1, type: free, parent: ground, child: a, damping: 1}",
     "3:63: joint 'j1': a free joint takes no damping: its coordinates are Euler parameters; apply a torque to its child"},
    {"{name: j1, type: fixed, parent: ground, child: a, friction: 0.1}",
     "3:65: joint 'j1': a fixed joint has no friction: it does not move"},
    {"{name: j1, type: fixed, parent: ground, child: a, actuated: true}",
     "3:65: joint 'j1': a fixed joint cannot be actuated: it does not move"},
    {"{name: j2, type: revolute, parent: ground, child: a, axis: z, actuated: true}",
     "3:12: joint 'j2': the name 'tau_j2' is already used by parameter 'tau_j2' (line 1)"},
};

std::string bad_model(const BadJoint& c) {
  return std::string("parameters: {tau_j2: 1}\n"
                     "joints:\n  - ") +
         c.joint +
         "\n"
         "bodies:\n"
         "  - {name: a, mass: 1, mass_center: [0, 0, 0], inertia: {Ixx: 1, Iyy: 1, Izz: 1}}\n";
}

}  // namespace

TEST(JointLoads_Errors, EachNamesTheJointAtItsValueAndCheckExitsWithTwo) {
  const auto path = std::filesystem::temp_directory_path() / "adyn_joint_loads_bad.yaml";
  for (const auto& c : bad_joints) {
    const std::string what = test::read_error(bad_model(c)).what();
    EXPECT_EQ(what, std::string("model.yaml:") + c.message) << c.joint;
    std::ofstream(path) << bad_model(c);
    const auto r = run({"check", path.string()});
    EXPECT_EQ(r.status, 2) << c.joint;
    EXPECT_NE(r.err.find(path.string() + ":" + c.message), std::string::npos) << r.err;
  }
  std::filesystem::remove(path);
}

// A generalized force of the file that takes the name of a joint's.
TEST(JointLoads_Errors, ALoadNamedAsAJointsInput) {
  const auto e = test::read_error(
      "joints:\n"
      "  - {name: j1, type: revolute, parent: ground, child: a, axis: z, actuated: true}\n"
      "bodies:\n"
      "  - {name: a, mass: 1, mass_center: [0, 0, 0], inertia: {Ixx: 1, Iyy: 1, Izz: 1}}\n"
      "generalized_forces:\n"
      "  - {name: tau_j1, coordinate: j1, value: 1}\n");
  EXPECT_EQ(std::string(e.what()), "model.yaml:6:12: generalized force 'tau_j1': the name 'tau_j1' is already used by "
                                   "joint 'j1' (line 2)");
}
