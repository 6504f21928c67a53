// A joint's actuation, damping, friction and limits (model/joint_loads.hpp): the inputs and
// generalized forces add_joint makes for each coordinate, the names joint_names gives them, the
// record the system keeps, the friction note, a slider's motion against its closed form, and the
// errors that name the joint.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/joint.hpp"
#include "adyn/model/system.hpp"
#include "joint_fixture.hpp"
#include "test_support.hpp"

using namespace adyn;
using adyn::test::thrown_message;

namespace {

std::string error_of(const model::Joint& j) {
  return thrown_message<ModelError>([&] { model::check_joint_loads(j); });
}

}  // namespace

// One input and one damping force per coordinate, in joint_names' order; units by coordinate.
TEST(JointLoads, PlanarJointActuatedAndDampedOnEachCoordinate) {
  model::System s;
  auto j = joint("p", model::JointType::Planar, "", "puck");
  j.actuated = true, j.damping = 0.5, j.friction = 0.25;
  const auto added = model::add_joint(s, j);
  const auto names = model::joint_names(j, false);
  EXPECT_EQ(names.inputs, (std::vector<std::string>{"tau_p_x", "tau_p_y", "tau_p_theta"}));
  EXPECT_EQ(names.loads, (std::vector<std::string>{"tau_p_x", "damping_p_x", "tau_p_y", "damping_p_y", "tau_p_theta",
                                                   "damping_p_theta"}));
  ASSERT_EQ(added.inputs.size(), 3u);
  ASSERT_EQ(s.inputs().size(), 3u);
  EXPECT_EQ(s.inputs()[0].unit, "N");
  EXPECT_EQ(s.inputs()[2].unit, "N m");
  std::ostringstream forces;
  for (const auto& f : s.generalized_forces()) forces << f.name << " on " << f.coordinate.get_name() << ": " << f.value << "; ";
  EXPECT_EQ(forces.str(), "tau_p_x on p_x: tau_p_x; damping_p_x on p_x: -1/2*p_x_d; tau_p_y on p_y: tau_p_y; "
                          "damping_p_y on p_y: -1/2*p_y_d; tau_p_theta on p_theta: tau_p_theta; "
                          "damping_p_theta on p_theta: -1/2*p_theta_d; ");
  ASSERT_EQ(s.joints().size(), 1u);
  const auto& r = s.joints()[0];
  EXPECT_EQ(r.type, "planar");
  EXPECT_EQ(r.coordinates, (std::vector<std::string>{"p_x", "p_y", "p_theta"}));
  EXPECT_EQ(r.speeds, (std::vector<std::string>{"p_x_d", "p_y_d", "p_theta_d"}));
  EXPECT_EQ(r.inputs, names.inputs);
  EXPECT_EQ(model::friction_note(r), "joint 'p': Coulomb friction 0.25 ignored (adyn has no regularized friction law yet)");
}

// A joint without loads adds none, and is recorded all the same (a fixed joint too).
TEST(JointLoads, PassiveAndFixedJointsAreRecordedWithoutLoads) {
  model::System s;
  auto hinge = joint("hinge", model::JointType::Revolute, "", "arm");
  hinge.limits = {-1.0, 2.0, 4.0};
  auto weld = joint("weld", model::JointType::Fixed, "", "tip");
  weld.parent = "arm";
  model::add_joints(s, {hinge, weld});
  EXPECT_TRUE(s.inputs().empty());
  EXPECT_TRUE(s.generalized_forces().empty());
  ASSERT_EQ(s.joints().size(), 2u);
  EXPECT_EQ(s.joints()[0].limits.upper, 2.0);
  EXPECT_EQ(s.joints()[0].limits.velocity, 4.0);
  EXPECT_EQ(s.joints()[1].parent, "arm");
  EXPECT_TRUE(s.joints()[1].coordinates.empty());
  EXPECT_FALSE(model::friction_note(s.joints()[0]));
}

// A slider along x driven by τ, damped by d: m x'' = τ − d x' (no gravity).
TEST(JointLoads, ActuatedDampedSliderEqualsTheClosedForm) {
  model::System s;
  auto j = joint("x", model::JointType::Prismatic, "", "cart");
  j.axis = GiNaC::matrix(3, 1, GiNaC::lst{1, 0, 0}), j.actuated = true, j.damping = 0.5;
  const auto added = model::add_joint(s, j);
  s.add_body(model::RigidBody("cart", added.origin, added.frame, 2, model::inertia_dyadic(added.frame, 1, 1, 1)));
  s.set_input_values({{"tau_x", 3}});
  const formulations::State state{0, Eigen::VectorXd::Constant(1, 0.1), Eigen::VectorXd::Constant(1, 0.4)};
  const double a = formulations::solve(formulations::kane(s), state, s.parameter_values()).udot(0);
  EXPECT_TRUE(test::close(a, (3 - 0.5 * 0.4) / 2, 1e-14));
}

TEST(JointLoads, ErrorsNameTheJoint) {
  using T = model::JointType;
  auto with = [](T type, auto set) {
    auto j = joint("j", type, "", "c");
    set(j);
    return error_of(j);
  };
  EXPECT_EQ(with(T::Revolute, [](model::Joint& j) { j.damping = -1; }), "joint 'j': its damping must be >= 0, got -1");
  EXPECT_EQ(with(T::Revolute, [](model::Joint& j) { j.friction = std::nan(""); }),
            "joint 'j': its friction must be a finite number");
  EXPECT_EQ(with(T::Revolute, [](model::Joint& j) { j.limits.upper = 1; }),
            "joint 'j': its limits need both ends of the range, lower and upper");
  EXPECT_EQ(with(T::Prismatic, [](model::Joint& j) { j.limits = {0.0, 0.0, std::nullopt}; }),
            "joint 'j': its limits need lower < upper, got [0, 0] (a joint that cannot move is a fixed joint)");
  EXPECT_EQ(with(T::Prismatic, [](model::Joint& j) { j.limits = {0.0, 1.0, HUGE_VAL}; }),
            "joint 'j': its limits must be finite numbers");
  EXPECT_EQ(with(T::Revolute, [](model::Joint& j) { j.limits.velocity = -2; }),
            "joint 'j': its speed bound (velocity) must be > 0, got -2");
  EXPECT_EQ(with(T::Planar, [](model::Joint& j) { j.limits.velocity = 2; }),
            "joint 'j': limits apply to a revolute or prismatic joint (one coordinate), not to a planar joint");
  EXPECT_EQ(with(T::Spherical, [](model::Joint& j) { j.actuated = true; }),
            "joint 'j': a spherical joint cannot be actuated: its coordinates are Euler parameters; apply a torque to its child");
  EXPECT_EQ(with(T::Fixed, [](model::Joint& j) { j.damping = 1; }), "joint 'j': a fixed joint takes no damping: it does not move");
  // add_joint checks them too, before it adds anything.
  model::System s;
  auto bad = joint("j", T::Revolute, "", "c");
  bad.damping = -1;
  EXPECT_THROW(model::add_joint(s, bad), ModelError);
  EXPECT_TRUE(s.coordinates().empty());
  EXPECT_TRUE(s.joints().empty());
}
