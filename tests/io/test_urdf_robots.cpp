// The robot descriptions (test::robot: UR5, Panda, Solo-12, ANYmal B, Talos reduced; Gepetto's
// example-robot-data) read by io::read_urdf: each is a tree for the articulated-body algorithm, and
// its accelerations at a test state equal Pinocchio 3.7's aba on the same file (to 1e-10) and, for
// the small ones, Kane's and Lagrange's M u̇ = F.
//
// Pinocchio's values were computed once by bench/peers/pinocchio_urdf.cpp (Pinocchio's own URDF
// parser and aba; mimic joints independent, as its buildModel reads them by default, and τ − d v
// for the joints' damping d) at its test state, repeated here in test_state().
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/io/urdf_reader.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

struct Robot {
  const char* file;
  std::vector<std::string> joints;  // Pinocchio's order
  std::vector<double> pinocchio_aba;
};

// bench/peers/pinocchio_urdf.cpp's output for each file.
const Robot ur5{"ur5_robot.urdf",
                {"shoulder_pan_joint", "shoulder_lift_joint", "elbow_joint", "wrist_1_joint", "wrist_2_joint", "wrist_3_joint"},
                {-0.7386889461539331, 23.218936938954947, -28.721868184883078, 13.883619405489307, 2.8165836688910559,
                 -26.871468732279052}};
const Robot panda{"panda.urdf",
                  {"panda_joint1", "panda_joint2", "panda_joint3", "panda_joint4", "panda_joint5", "panda_joint6",
                   "panda_joint7", "panda_finger_joint1", "panda_finger_joint2"},
                  {-12.251789563167398, 33.50315820035717, 58.273172453937747, 44.587211320207096, -63.713632615447217,
                   -53.424749049485527, -165.98462138485144, -144.49922918793504, -130.84465827164269}};
const Robot solo12{"solo12.urdf",
                   {"FL_HAA", "FL_HFE", "FL_KFE", "FR_HAA", "FR_HFE", "FR_KFE", "HL_HAA", "HL_HFE", "HL_KFE", "HR_HAA",
                    "HR_HFE", "HR_KFE"},
                   {104.52295533289082, -1695.3975642105322, 7197.9622744885792, 424.18018128684685, 902.97010334795493,
                    -2509.4346641626471, -476.0317469964541, 1049.7582224004975, -5583.4646861267356, -203.70662642863391,
                    -1341.1170728445759, 4725.4697656127664}};
const Robot anymal{"anymal_b.urdf",
                   {"LF_HAA", "LF_HFE", "LF_KFE", "LH_HAA", "LH_HFE", "LH_KFE", "RF_HAA", "RF_HFE", "RF_KFE", "RH_HAA",
                    "RH_HFE", "RH_KFE"},
                   {-7.4979635084375493, -37.805638644589337, 223.95048233087525, 15.534095417187245, 31.339097023643674,
                    -88.541051740017096, -8.2103023795320809, 2.2254525651032289, -127.03472297119021, 16.71782929815312,
                    -22.704283658434399, 103.57342595505717}};
const Robot talos{
    "talos_reduced.urdf",
    {"leg_left_1_joint",  "leg_left_2_joint",  "leg_left_3_joint",  "leg_left_4_joint",   "leg_left_5_joint",
     "leg_left_6_joint",  "leg_right_1_joint", "leg_right_2_joint", "leg_right_3_joint",  "leg_right_4_joint",
     "leg_right_5_joint", "leg_right_6_joint", "torso_1_joint",     "torso_2_joint",      "arm_left_1_joint",
     "arm_left_2_joint",  "arm_left_3_joint",  "arm_left_4_joint",  "arm_left_5_joint",   "arm_left_6_joint",
     "arm_left_7_joint",  "gripper_left_joint", "arm_right_1_joint", "arm_right_2_joint", "arm_right_3_joint",
     "arm_right_4_joint", "arm_right_5_joint", "arm_right_6_joint", "arm_right_7_joint",  "gripper_right_joint",
     "head_1_joint",      "head_2_joint"},
    {20.052452694328259,  -8.6087431884644232, -26.866276627227798, 45.864707121598023,  -6.2199714694411554,
     -37.026573610301732, -20.488000872512327, 9.5951161019437983,  2.8561370350880639,  18.750133203145491,
     -37.793876743525658, 98.742826701496043,  0.38133060642133909, -16.948631794982703, 22.458614923031973,
     -18.759665599837074, 199.81563410644446,  3.2959991338890426,  -529.30567011729954, -208.56565674336508,
     -117.15931314418012, 0.15775166272246821, -20.810344916327821, 51.353944760028689,  198.14792555064358,
     49.393094791542339,  -338.49062530160734, -168.71812892229042, -264.37538685772381, -2037.9024894988963,
     15.790549914344954,  97.185520176542198}};


struct TestState {
  Eigen::VectorXd q, u;
};

// pinocchio_urdf.cpp's state: q_i = 0.5 sin(1.3 i + 0.2), v_i = 0.7 cos(0.9 i + 0.1), and the
// inputs τ_i = 2 sin(0.6 i + 0.3) set on the system.
TestState test_state(model::System& system) {
  const auto n = static_cast<Eigen::Index>(system.coordinates().size());
  TestState x{Eigen::VectorXd(n), Eigen::VectorXd(n)};
  std::map<std::string, double> tau;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double k = static_cast<double>(i);
    x.q(i) = 0.5 * std::sin(1.3 * k + 0.2);
    x.u(i) = 0.7 * std::cos(0.9 * k + 0.1);
    tau["tau_" + system.coordinates()[static_cast<std::size_t>(i)].get_name()] = 2 * std::sin(0.6 * k + 0.3);
  }
  system.set_input_values(tau);
  return x;
}

io::ModelDocument read_robot(const Robot& robot) {
  io::UrdfOptions options;
  options.mimic_constraints = false;  // as Pinocchio reads them
  return io::read_urdf(test::robot(robot.file), options);
}

void expect_equal(const Eigen::VectorXd& a, const std::vector<double>& b, double tolerance, const std::string& what) {
  ASSERT_EQ(static_cast<std::size_t>(a.size()), b.size()) << what;
  for (std::size_t i = 0; i < b.size(); ++i)
    EXPECT_TRUE(test::close(a(static_cast<Eigen::Index>(i)), b[i], tolerance)) << what << ", joint " << i;
}

// Read, recognized as a tree, and the articulated-body algorithm's u̇ equals Pinocchio's aba.
void expect_equals_pinocchio(const Robot& robot) {
  auto doc = read_robot(robot);
  auto& s = doc.system;
  ASSERT_EQ(s.coordinates().size(), robot.joints.size());
  for (std::size_t i = 0; i < robot.joints.size(); ++i) EXPECT_EQ(s.coordinates()[i].get_name(), robot.joints[i]);
  EXPECT_EQ(formulations::describe_evaluator(s).rfind("articulated-body algorithm, O(n)", 0), 0u)
      << formulations::describe_evaluator(s);
  const auto x = test_state(s);
  const auto aba = numeric::ArticulatedBodyEvaluator::for_parameters(formulations::articulated_body_dynamics(s),
                                                                     s.parameter_values(), numeric::Backend::Tape);
  expect_equal(aba.evaluate(0, x.q, x.u).udot, robot.pinocchio_aba, 1e-10, robot.file);
}

TEST(Pinocchio_UR5, ArticulatedBodyAccelerationsEqualPinocchiosAba) { expect_equals_pinocchio(ur5); }
TEST(Pinocchio_Panda, ArticulatedBodyAccelerationsEqualPinocchiosAba) { expect_equals_pinocchio(panda); }
TEST(Pinocchio_Solo12, ArticulatedBodyAccelerationsEqualPinocchiosAba) { expect_equals_pinocchio(solo12); }
TEST(Pinocchio_AnymalB, ArticulatedBodyAccelerationsEqualPinocchiosAba) { expect_equals_pinocchio(anymal); }
TEST(Pinocchio_TalosReduced, ArticulatedBodyAccelerationsEqualPinocchiosAba) { expect_equals_pinocchio(talos); }

// The UR5's M u̇ = F by Kane's and by Lagrange's method gives Pinocchio's accelerations too.
TEST(Pinocchio_UR5, KaneAndLagrangeEqualPinocchiosAba) {
  auto doc = read_robot(ur5);
  const auto x = test_state(doc.system);
  for (const auto& eom : {formulations::kane(doc.system), formulations::lagrange(doc.system)})
    expect_equal(formulations::solve(eom, {0, x.q, x.u}, doc.system.parameter_values()).udot, ur5.pinocchio_aba, 1e-10,
                 eom.method);
}

// Read as the file says (mimic joints as constraints), the Panda's fingers are one constraint: the
// evaluator is then the mass matrix, M and F by the recursions over the tree the constraint closes
// (8 deep), and says why.
TEST(Pinocchio_Panda, MimicFingerIsAConstraintByDefault) {
  const auto doc = io::read_urdf(test::robot(panda.file));
  ASSERT_EQ(doc.system.constraints().size(), 1u);
  EXPECT_EQ(formulations::describe_evaluator(doc.system),
            "mass matrix M u' = F + G^T lambda: for equations that keep the constraint rows with multipliers "
            "(Lagrange's), M and F by composite rigid bodies and recursive Newton-Euler over the bodies' tree without "
            "the constraints (9 bodies, 8 deep), G and g from the equations; constraint 'mimic_panda_finger_joint2': the "
            "articulated-body algorithm solves unconstrained trees");
}

}  // namespace
