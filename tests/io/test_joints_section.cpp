// The `joints:` section of model files (io/joints_section.hpp): models written with joints give the
// accelerations of the same models written with frames and points (examples/double_pendulum.yaml,
// a 3-D chain) and of the same robot read from URDF, at random states to 1e-12; the tree comes from
// the joints (the articulated-body algorithm runs); every error names the joint at its line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "adyn/cli/cli.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "joint_models.hpp"
#include "read_error.hpp"
#include "same_motion.hpp"
#include "test_support.hpp"

using namespace adyn;

using test::expect_close;
using test::expect_same_motion;
using test::random_vector;
using test::udot;

namespace {

const char* const articulated = "articulated-body algorithm, O(n): an unconstrained tree of ";

}  // namespace

// q2 of the joints' model is relative: q2 = q2_abs − q1.
TEST(Joints_DoublePendulum, SameAccelerationsAsTheFrameModel) {
  const auto frames = io::read_model_file(test::example("double_pendulum.yaml"));
  const auto joints = io::read_model_file(test::example("double_pendulum_joints.yaml"));
  std::mt19937 rng(7);
  for (int k = 0; k < 3; ++k) {
    const Eigen::VectorXd q = random_vector(2, rng), u = random_vector(2, rng);
    const Eigen::VectorXd a = udot(frames, {0, q, u});
    const Eigen::Vector2d q_rel(q(0), q(1) - q(0)), u_rel(u(0), u(1) - u(0));
    const Eigen::VectorXd b = udot(joints, {0, q_rel, u_rel});
    expect_close(Eigen::Vector2d(a(0), a(1) - a(0)), b, 1e-12);
  }
  EXPECT_EQ(formulations::describe_evaluator(joints), std::string(articulated) + "2 bodies");
}

TEST(Joints_Chain3D, SameAccelerationsAsTheFrameModel) {
  const auto joints = io::read_model(test::chain_with_joints, "chain.yaml");
  const auto frames = io::read_model(test::chain_with_frames, "chain_frames.yaml");
  ASSERT_EQ(joints.coordinates().size(), 5u);
  expect_same_motion(joints, frames, 11);
  EXPECT_EQ(formulations::describe_evaluator(joints), std::string(articulated) + "4 bodies");
}

TEST(Joints_Robot, SameAccelerationsAsItsUrdf) {
  const auto urdf = io::read_urdf_text(test::robot_urdf, "arm.urdf").system;
  const auto joints = io::read_model(test::robot_with_joints, "arm.yaml");
  ASSERT_EQ(joints.coordinates().size(), 3u);
  expect_same_motion(joints, urdf, 5);
  EXPECT_EQ(formulations::describe_evaluator(joints), std::string(articulated) + "3 bodies");
}

// The spherical pendulum of tests/model/references/joint_spherical_free.py as a model file: its
// Newton–Euler ω', Kane's equations by default, the Euler parameters starting at the identity.
TEST(Joints_SphericalPendulum, ModelFileEqualsTheNewtonEulerReference) {
  const auto doc = io::read_model_document_text(R"(
joints:
  - {name: ball, type: spherical, parent: ground, child: bob, origin: {translation: [0, 0, 0.5]}}
bodies:
  - {name: bob, mass: 1.3, mass_center: [0.1, -0.05, -0.6], inertia: {Ixx: 0.04, Iyy: 0.05, Izz: 0.03, Ixy: 0.01}}
gravity: {N: [0, 0, -9.81]}
)", "spherical.yaml");
  EXPECT_EQ(doc.setup.method, "kane");
  EXPECT_EQ(doc.setup.initial.at("ball_e0"), 1.0);
  const Eigen::Vector4d e(0.8988771049900602, 0.19975046777556893, -0.2996257016633534, 0.24968808471946116);
  const Eigen::Vector3d w(0.7, -1.1, 0.4), reference(-2.63789434900532, 10.868849951565002, -0.8842169527147834);
  expect_close(udot(doc.system, {0, e, w}), reference, 1e-12);
  EXPECT_EQ(formulations::describe_evaluator(doc.system), std::string(articulated) + "1 body");
}

// Fixed, universal and planar joints: the articulated-body algorithm on the stated tree (a fixed
// joint's body a node without speeds) against Lagrange's equations, at random states.
TEST(Joints_EveryType, ArticulatedBodyAlgorithmEqualsLagrange) {
  const auto s = io::read_model(test::every_type, "every_type.yaml");
  ASSERT_EQ(s.coordinates().size(), 7u);
  const auto aba = numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(s),
                                                                     s.parameter_values(), numeric::Backend::Tape);
  const auto lagrange = formulations::lagrange(s);
  std::mt19937 rng(3);
  for (int k = 0; k < 3; ++k) {
    const formulations::State x{0, random_vector(7, rng), random_vector(7, rng)};
    expect_close(aba.evaluate(0, x.q, x.u).udot, formulations::solve(lagrange, x, s.parameter_values()).udot, 1e-12);
  }
  EXPECT_EQ(formulations::describe_evaluator(s), std::string(articulated) + "5 bodies");
}

TEST(Joints_Example, CheckAndSimulateRunTheArticulatedBodyAlgorithm) {
  const auto path = test::example("double_pendulum_joints.yaml");
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"check", path}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find(std::string("Evaluator: ") + articulated + "2 bodies\n"), std::string::npos) << out.str();
  std::ostringstream sim_out, sim_err;
  ASSERT_EQ(cli::run({"simulate", path, "--t-end", "0.1"}, sim_out, sim_err), 0) << sim_err.str();
  EXPECT_NE((sim_out.str() + sim_err.str()).find(articulated), std::string::npos) << sim_out.str() << sim_err.str();
}

// ---- errors: file:line:column, the joint, the problem ----

namespace {

std::string joints_model(const std::string& joints, const std::string& bodies = "") {
  return "parameters: {g: 9.81}\n"  // line 1
         "joints:\n" +              // line 2: joints from line 3
         joints + "bodies:\n" + bodies;
}

const std::string body_a = "  - {name: a, mass: 1, mass_center: [0, 0, 0], inertia: {Ixx: 1, Iyy: 1, Izz: 1}}\n";
const std::string body_b = "  - {name: b, mass: 1, mass_center: [0, 0, 0], inertia: {Ixx: 1, Iyy: 1, Izz: 1}}\n";

void expect_error(const std::string& yaml, const std::string& where_and_what) {
  const auto e = test::read_error(yaml);
  EXPECT_NE(std::string(e.what()).find(where_and_what), std::string::npos) << e.what();
}

}  // namespace

TEST(Joints_Errors, UnknownParentWithASuggestion) {
  expect_error(joints_model("  - {name: j1, type: revolute, parent: ground, child: a, axis: z}\n"
                            "  - {name: j2, type: revolute, parent: aa, child: b, axis: z}\n",
                            body_a + body_b),
               "model.yaml:4:40: joint 'j2': its parent 'aa' is neither the ground nor the child of a joint (expected one of: ground, a, b)");
}

TEST(Joints_Errors, ChildThatIsNoBody) {
  expect_error(joints_model("  - {name: j1, type: revolute, parent: ground, child: c, axis: z}\n",
                            "  - {name: a, frame: N, mass: 1, mass_center: O, inertia: {Ixx: 1, Iyy: 1, Izz: 1}}\n"),
               "model.yaml:3:55: joint 'j1': its child 'c' is no body of the model: give it an entry in bodies:");
}

TEST(Joints_Errors, ACycle) {
  expect_error(joints_model("  - {name: j1, type: revolute, parent: b, child: a, axis: z}\n"
                            "  - {name: j2, type: revolute, parent: a, child: b, axis: z}\n",
                            body_a + body_b),
               "model.yaml:3:12: joint 'j1': it closes a cycle of joints (j1 -> j2 -> j1): joints state a tree");
}

TEST(Joints_Errors, ABodyWithTwoParentJoints) {
  expect_error(joints_model("  - {name: j1, type: revolute, parent: ground, child: a, axis: z}\n"
                            "  - {name: j2, type: prismatic, parent: ground, child: a, axis: x}\n",
                            body_a),
               "model.yaml:4:56: joint 'j2': its child 'a' is moved by joint 'j1' (line 3) too: a body has one parent joint");
}

TEST(Joints_Errors, BadAxes) {
  expect_error(joints_model("  - {name: j1, type: revolute, parent: ground, child: a, axis: w}\n", body_a),
               "model.yaml:3:64: joint 'j1': axis must be x, y, z, -x, -y, -z or a list of three components, got 'w'");
  expect_error(joints_model("  - {name: j1, type: revolute, parent: ground, child: a, axis: [0, 0, 0]}\n", body_a),
               "model.yaml:3:64: joint 'j1': the axis is the zero vector");
  expect_error(joints_model("  - {name: j1, type: spherical, parent: ground, child: a, axis: z}\n", body_a),
               "model.yaml:3:59: joint 'j1': 'axis' does not apply to a spherical joint");
  expect_error(joints_model("  - {name: j1, type: revolute, parent: ground, child: a}\n", body_a),
               "model.yaml:3:5: joint 'j1': needs 'axis'");
}

TEST(Joints_Errors, AMatrixThatIsNoRotation) {
  expect_error(joints_model("  - {name: j1, type: fixed, parent: ground, child: a,\n"
                            "     origin: {matrix: [[1, 0, 0], [0, 2, 0], [0, 0, 1]]}}\n",
                            body_a),
               "model.yaml:4:23: joint 'j1': its origin's matrix: direction-cosine matrix: is not a rotation (|CᵀC − I| = 3)");
}

TEST(Joints_Errors, UnknownTypeAndNameClash) {
  expect_error(joints_model("  - {name: j1, type: revolut, parent: ground, child: a, axis: z}\n", body_a),
               "model.yaml:3:22: joint 'j1': unknown joint type 'revolut' (did you mean 'revolute'?)");
  expect_error("parameters: {j1: 1}\n" + joints_model("  - {name: j1, type: revolute, parent: ground, child: a, axis: z}\n", body_a).substr(22),
               "model.yaml:3:12: joint 'j1': the name 'j1' is already used by parameter 'j1' (line 1)");
}

TEST(Joints_Errors, CheckExitsWithTwoNamingTheJoint) {
  const auto path = std::filesystem::temp_directory_path() / "adyn_joints_bad_parent.yaml";
  std::ofstream(path) << joints_model("  - {name: j1, type: revolute, parent: ground, child: a, axis: z}\n"
                                      "  - {name: j2, type: revolute, parent: aa, child: b, axis: z}\n",
                                      body_a + body_b);
  std::ostringstream out, err;
  EXPECT_EQ(cli::run({"check", path.string()}, out, err), 2);
  EXPECT_NE(err.str().find(path.string() + ":4:40: joint 'j2': its parent 'aa' is neither the ground nor the child of a joint"),
            std::string::npos)
      << err.str();
  std::filesystem::remove(path);
}
