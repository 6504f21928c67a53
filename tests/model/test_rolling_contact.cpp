#include <gtest/gtest.h>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/rolling_contact.hpp"
#include "adyn/model/system.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::sin;

namespace {

model::System disk_with_rolling_contact() { return seeds::greenwood_rolling_disk(1.0, 0.5, true); }

// (x, y, θ, φ, ψ) = (0.1, −0.2, θ, 0.4, 0.7) and (u1, u2, u3) with the slip speeds u4 = u5 = 0, as
// the state of the equations `eom`.
formulations::State state(const formulations::EquationsOfMotion& eom, const model::System& s, double theta,
                          const Eigen::Vector3d& speeds) {
  Eigen::VectorXd q(5), u = Eigen::VectorXd::Zero(5);
  q << 0.1, -0.2, theta, 0.4, 0.7;
  u.head<3>() = speeds;
  return formulations::state_for(eom, s, 0, q, u);
}

}  // namespace

// Greenwood (4.317)-(4.319) at research state A (seed-001 E2): θ = 1.2, θ' = 0.3, ω_d = 0.8,
// Ω = 5 give (θ'', ω_d', Ω') = (−10.4378035293867, 2.90669290335163, 0.16), now with the rolling
// stated as a contact: adyn finds the contact point (−r e_d from the centre) and the two no-slip
// rows; the height row holds identically (the centre is at r sin θ) and is left out.
TEST(Greenwood_4_11_RollingDisk, RollingContactReproducesPublishedRates) {
  const auto s = disk_with_rolling_contact();
  ASSERT_EQ(s.constraints().size(), 2u);
  EXPECT_EQ(s.constraints()[0].name, "contact no-slip 1");
  EXPECT_EQ(s.constraints()[1].level, model::ConstraintLevel::Velocity);
  const auto eom = formulations::kane(s);
  const auto a = formulations::solve(eom, state(eom, s, 1.2, {0.3, 0.8, 5}), s.parameter_values());
  EXPECT_TRUE(test::close(a.udot(0), -10.4378035293867, 1e-10));
  EXPECT_TRUE(test::close(a.udot(1), 2.90669290335163, 1e-10));
  EXPECT_TRUE(test::close(a.udot(2), 0.16, 1e-10));
}

// The same equations as the hand-written constraints (tests/seed_systems.hpp), at random states.
TEST(RollingContact, AgreesWithHandWrittenDiskConstraints) {
  const auto by_contact = disk_with_rolling_contact();
  const auto by_hand = seeds::greenwood_rolling_disk(1.0, 0.5);
  const auto e1 = formulations::derive(by_contact, "gibbs-appell"), e2 = formulations::derive(by_hand, "gibbs-appell");
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> tilt(0.2, 2.9), speed(-2, 2);
  for (int k = 0; k < 6; ++k) {
    const double theta = tilt(rng);
    const Eigen::Vector3d u{speed(rng), speed(rng), speed(rng)};
    const auto a1 = formulations::solve(e1, state(e1, by_contact, theta, u), by_contact.parameter_values());
    const auto a2 = formulations::solve(e2, state(e2, by_hand, theta, u), by_hand.parameter_values());
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(test::close(a1.udot(i), a2.udot(i), 1e-10)) << "sample " << k;
  }
}

// The no-slip rows of a disk are nonholonomic (classify), the disk keeps 3 velocity DOF of 5.
TEST(RollingContact, ClassifiedNonholonomic) {
  const auto c = analysis::classify_constraints(disk_with_rolling_contact());
  ASSERT_EQ(c.constraints.size(), 2u);
  for (const auto& r : c.constraints) EXPECT_FALSE(r.holonomic) << r.name;
  EXPECT_EQ(c.velocity_dof, 3);
  EXPECT_FALSE(c.holonomic_system);
}

// A wheel whose centre is a free point: the contact height is a holonomic row, and a torus'
// contact is r_t lower. Upright wheel (axle N.y) at height h: φ = h − r − r_t.
TEST(RollingContact, HeightRowForAFreeWheelAndTorus) {
  model::System s("free wheel");
  auto r = s.add_parameter("r", 0.3), rt = s.add_parameter("rt", 0.02);
  auto h = s.add_coordinate("h"), spin = s.add_coordinate("spin");
  auto N = s.inertial_frame();
  auto W = s.add_frame(N.orient_new_axis("W", N.y(), spin));
  auto C = s.add_point(s.origin().locate_new("C", h * N.z()));
  const auto names = model::add_rolling_contact(s, {"wheel", W, C, W.y(), r, rt, N, N.z(), s.origin()});
  ASSERT_EQ(names.size(), 3u);
  EXPECT_EQ(names[2], "wheel height");
  const auto& height = s.constraints()[2];
  EXPECT_EQ(height.level, model::ConstraintLevel::Configuration);
  EXPECT_TRUE((height.expression - (h - r - rt)).normal().is_zero()) << height.expression;
}

TEST(RollingContact, BadGeometryIsNamed) {
  model::System s("bad");
  auto q = s.add_coordinate("q");
  auto k = s.add_parameter("k");
  auto N = s.inertial_frame();
  auto W = s.add_frame(N.orient_new_axis("W", N.y(), q));
  auto C = s.add_point(s.origin().locate_new("C", N.z()));
  EXPECT_THROW(
      {
        try {
          model::add_rolling_contact(s, {"front", W, C, W.y(), 0.3, 0, N, k * N.z(), s.origin()});
        } catch (const ModelError& e) {
          EXPECT_NE(std::string(e.what()).find("rolling contact 'front'"), std::string::npos) << e.what();
          throw;
        }
      },
      ModelError);
  EXPECT_THROW(model::add_rolling_contact(s, {"front", W, C, W.y(), 0.3, 0, N, 2 * N.z(), s.origin()}), ModelError);
  EXPECT_THROW(model::add_rolling_contact(s, {"front", W, C, W.y(), 0, 0, N, N.z(), s.origin()}), ModelError);
}
