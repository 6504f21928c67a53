#include <gtest/gtest.h>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "test_support.hpp"

using namespace adyn;
using model::Constraint;
using model::ConstraintLevel;
using GiNaC::cos;
using GiNaC::sin;

namespace {

GiNaC::symbol rate(const GiNaC::symbol& q) { return sym::derivative_of(q); }

// The integral f must satisfy: f's velocity form is proportional to the constraint's, so it
// suffices to check df/dt = μ · constraint at random states.
::testing::AssertionResult integral_matches(const analysis::ConstraintReport& r, const GiNaC::ex& constraint) {
  if (!r.integral) return ::testing::AssertionFailure() << "no integral for " << r.name;
  GiNaC::ex mu = r.integrating_factor.value_or(1);
  return test::numerically_equal(sym::time_derivative(*r.integral), mu * constraint);
}

}  // namespace

// Angeles Example 2.2.1: A q̇ = 0 with A = [[−a, 0, −b, a], [0, −a, b, a]] ([C] second row
// (0, −a, b, a), not the printed (0, a, b, a)). Constant coefficients: holonomic, integral A q.
TEST(Angeles_E1_DifferentialGear, HolonomicWithIntegralAq) {
  model::System s("differential gear");
  auto a = s.add_parameter("a", 0.3), b = s.add_parameter("b", 0.1);
  auto th1 = s.add_coordinate("theta1"), th2 = s.add_coordinate("theta2"), th3 = s.add_coordinate("theta3"),
       th4 = s.add_coordinate("theta4");
  GiNaC::ex c1 = -a * rate(th1) - b * rate(th3) + a * rate(th4);
  GiNaC::ex c2 = -a * rate(th2) + b * rate(th3) + a * rate(th4);
  s.add_constraint({"P rolling", ConstraintLevel::Velocity, c1, {}});
  s.add_constraint({"Q rolling", ConstraintLevel::Velocity, c2, {}});
  auto c = analysis::classify_constraints(s);
  for (const auto& r : c.constraints) {
    EXPECT_TRUE(r.exact && r.integrable && r.holonomic) << r.name;
    EXPECT_FALSE(r.rheonomic);
    EXPECT_TRUE(r.catastatic);
  }
  // [C] printed "−aθ1 − bθ2 + aθ4 = 0": θ2 should be θ3.
  EXPECT_TRUE(test::numerically_equal(*c.constraints[0].integral, -a * th1 - b * th3 + a * th4));
  EXPECT_TRUE(test::numerically_equal(*c.constraints[1].integral, -a * th2 + b * th3 + a * th4));
  EXPECT_EQ(c.integrals, 2);
  EXPECT_EQ(c.configuration_dof, 2);
  EXPECT_EQ(c.velocity_dof, 2);
  EXPECT_TRUE(c.holonomic_system);
}

// Angeles Example 2.2.2: rolling disk, q = (θ, φ, ψ, x, y, z); [nonholonomic, nonholonomic,
// holonomic with integral z − r cos θ].
TEST(Angeles_E2_RollingDisk, TwoNonholonomicOneHolonomic) {
  model::System s("rolling disk");
  auto r = s.add_parameter("r", 0.5);
  auto th = s.add_coordinate("theta"), ph = s.add_coordinate("phi"), ps = s.add_coordinate("psi"),
       x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z");
  s.add_constraint({"rolling x", ConstraintLevel::Velocity,
                    r * cos(th) * sin(ph) * rate(th) + r * sin(th) * cos(ph) * rate(ph) + r * cos(ph) * rate(ps) +
                        rate(x),
                    {}});
  s.add_constraint({"rolling y", ConstraintLevel::Velocity,
                    -r * cos(th) * cos(ph) * rate(th) + r * sin(th) * sin(ph) * rate(ph) + r * sin(ph) * rate(ps) +
                        rate(y),
                    {}});
  GiNaC::ex contact = r * sin(th) * rate(th) + rate(z);
  s.add_constraint({"contact", ConstraintLevel::Velocity, contact, {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_FALSE(c.constraints[0].holonomic);
  EXPECT_FALSE(c.constraints[1].holonomic);
  EXPECT_TRUE(c.constraints[2].exact);
  EXPECT_TRUE(c.constraints[2].holonomic);
  EXPECT_TRUE(test::numerically_equal(*c.constraints[2].integral, z - r * cos(th)));
  EXPECT_EQ(c.integrals, 1);
  EXPECT_EQ(c.configuration_dof, 5);
  EXPECT_EQ(c.velocity_dof, 3);
  EXPECT_FALSE(c.holonomic_system);
}

// Kane's notes E6: x ẋ + y ẏ + z ż = 0 is really holonomic: x² + y² + z² = c.
TEST(Kane_E6_Integrability, SphereConstraintIntegrates) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z");
  GiNaC::ex f = x * rate(x) + y * rate(y) + z * rate(z);
  s.add_constraint({"sphere", ConstraintLevel::Velocity, f, {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_TRUE(c.constraints[0].holonomic);
  EXPECT_TRUE(integral_matches(c.constraints[0], f));
  EXPECT_EQ(c.configuration_dof, 2);
}

// −y ẋ + x ẏ = 0 fails Angeles' exactness test but is integrable with μ = 1/x² (y/x = const):
// the limitation the research notes point out (seed-000 A7).
TEST(ConstraintClassification, IntegratingFactor) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  GiNaC::ex f = -y * rate(x) + x * rate(y);
  s.add_constraint({"ratio", ConstraintLevel::Velocity, f, {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_FALSE(c.constraints[0].exact);
  EXPECT_TRUE(c.constraints[0].integrable);
  EXPECT_TRUE(c.constraints[0].holonomic);
  ASSERT_TRUE(c.constraints[0].integrating_factor);
  EXPECT_TRUE(integral_matches(c.constraints[0], f));
  EXPECT_EQ(c.configuration_dof, 1);
}

// Kane E5 / E23: the knife edge −ẋ sin q + ẏ cos q = 0 is not integrable.
TEST(Kane_E23_KnifeEdge, NotIntegrable) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), q = s.add_coordinate("q");
  s.add_constraint({"knife edge", ConstraintLevel::Velocity, -rate(x) * sin(q) + rate(y) * cos(q), {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_FALSE(c.constraints[0].integrable);
  EXPECT_EQ(c.configuration_dof, 3);
  EXPECT_EQ(c.velocity_dof, 2);
}

// Géradin E1.1: two particles joined by a rigid link: 6 − 1 = 5 DOF.
TEST(Geradin_E1_1_RigidLink, FiveDof) {
  model::System s;
  std::vector<GiNaC::symbol> coords;
  for (const char* name : {"x1", "y1", "z1", "x2", "y2", "z2"}) coords.push_back(s.add_coordinate(name));
  auto l = s.add_parameter("l", 1.0);
  GiNaC::ex f = -l * l;
  for (int i = 0; i < 3; ++i) f += GiNaC::pow(coords[i + 3] - coords[i], 2);
  s.add_constraint({"link", ConstraintLevel::Configuration, f, {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_EQ(c.configuration_dof, 5);
  EXPECT_EQ(c.velocity_dof, 5);
  EXPECT_TRUE(c.holonomic_system);
}

// Géradin E1.2: wheel rolling without sliding, 8 variables, 4 holonomic + 2 rolling constraints:
// 4 configuration DOF, 2 velocity DOF. With the heading held fixed the rolling constraints become
// integrable in combination: 1 DOF (the joint Frobenius test).
TEST(Geradin_E1_2_RollingWheel, DofAndFixedHeading) {
  auto build = [](bool fixed_heading) {
    model::System s;
    auto r = s.add_parameter("r", 0.4);
    auto x1 = s.add_coordinate("x1"), y1 = s.add_coordinate("y1"), z1 = s.add_coordinate("z1");
    auto x2 = s.add_coordinate("x2"), y2 = s.add_coordinate("y2"), z2 = s.add_coordinate("z2");
    auto ph = s.add_coordinate("phi"), th = s.add_coordinate("theta");
    s.add_constraint({"roll a", ConstraintLevel::Velocity, rate(x1) + r * rate(ph) * cos(th), {}});
    s.add_constraint({"roll b", ConstraintLevel::Velocity, rate(y1) - r * rate(ph) * sin(th), {}});
    s.add_constraint({"c", ConstraintLevel::Configuration, x2 - x1 - r * sin(ph) * cos(th), {}});
    s.add_constraint({"d", ConstraintLevel::Configuration, y2 - y1 + r * sin(ph) * sin(th), {}});
    s.add_constraint({"e", ConstraintLevel::Configuration, z2 - z1 + r * cos(ph), {}});
    s.add_constraint({"f", ConstraintLevel::Configuration, z1 - r, {}});
    if (fixed_heading) s.add_constraint({"heading", ConstraintLevel::Configuration, th - 0.3, {}});
    return analysis::classify_constraints(s);
  };
  auto free = build(false);
  EXPECT_EQ(free.configuration_dof, 4);
  EXPECT_EQ(free.velocity_dof, 2);
  EXPECT_FALSE(free.holonomic_system);
  auto fixed = build(true);
  EXPECT_EQ(fixed.configuration_dof, 1);
  EXPECT_EQ(fixed.velocity_dof, 1);
  EXPECT_FALSE(fixed.constraints[0].integrable);  // alone, roll a is still not integrable
}

// Greenwood §2.X4 table: the homogeneity classifier (4.352).
TEST(Greenwood_4_352_Homogeneity, ConservativeConstraints) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z"), ph = s.add_coordinate("phi");
  auto Om = s.add_parameter("Omega", 2.0), c = s.add_parameter("c", 1.5), R = s.add_parameter("R", 1.0);
  const auto t = sym::time();
  s.add_constraint({"knife", ConstraintLevel::Velocity, -rate(x) * sin(ph + Om * t) + rate(y) * cos(ph + Om * t), {}});
  s.add_constraint({"driven", ConstraintLevel::Velocity, rate(ph) - Om * t, {}});
  s.add_constraint({"seed 002", ConstraintLevel::Velocity, rate(y) - z * rate(x), {}});
  s.add_constraint({"cone", ConstraintLevel::General, rate(x) * rate(x) + rate(y) * rate(y) - rate(z) * rate(z), {}});
  s.add_constraint({"speed", ConstraintLevel::General, rate(x) * rate(x) + rate(y) * rate(y) - c * c, {}});
  s.add_constraint({"moving wall", ConstraintLevel::Configuration, x - c * t, {}});
  s.add_constraint({"circle", ConstraintLevel::Configuration, x * x + y * y - R * R, {}});
  auto cl = analysis::classify_constraints(s);
  std::vector<std::optional<int>> degree = {1, std::nullopt, 1, 2, std::nullopt, std::nullopt, 1};
  for (std::size_t i = 0; i < degree.size(); ++i) {
    EXPECT_EQ(cl.constraints[i].homogeneity_degree, degree[i]) << cl.constraints[i].name;
    EXPECT_EQ(cl.constraints[i].conservative, degree[i].has_value()) << cl.constraints[i].name;
  }
  EXPECT_TRUE(cl.constraints[0].rheonomic);
  EXPECT_TRUE(cl.constraints[0].catastatic);   // rheonomic but catastatic: a_jt = 0 ([C] Greenwood L366)
  EXPECT_FALSE(cl.constraints[1].catastatic);
  EXPECT_FALSE(cl.constraints[3].linear_in_velocities);
  EXPECT_TRUE(cl.constraints[1].holonomic);    // φ̇ − Ωt: integral φ − Ωt²/2
  EXPECT_TRUE(integral_matches(cl.constraints[1], rate(ph) - Om * t));
}

TEST(ConstraintClassification, RedundantConstraintsByRank) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  s.add_constraint({"line", ConstraintLevel::Configuration, x + y - 1, {}});
  s.add_constraint({"same line", ConstraintLevel::Configuration, 2 * x + 2 * y - 2, {}});
  s.add_constraint({"rate form", ConstraintLevel::Velocity, rate(x) + rate(y), {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_FALSE(c.constraints[0].redundant);
  EXPECT_TRUE(c.constraints[1].redundant);
  EXPECT_TRUE(c.constraints[2].redundant);
  EXPECT_EQ(c.velocity_rank, 1);
  EXPECT_EQ(c.configuration_dof, 1);
  EXPECT_NE(analysis::to_string(c).find("REDUNDANT"), std::string::npos);
  for (const auto& r : c.constraints) EXPECT_FALSE(r.inconsistent) << r.name;
}

// A row that depends on the earlier ones is redundant when its value agrees with theirs and
// inconsistent when it contradicts them: x = 0 and x = 1 share the row dx but no configuration
// (they were both "redundant"); ẋ = 0 and ẋ = 1 contradict at the velocity level.
TEST(ConstraintClassification, InconsistentToldFromRedundant) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  s.add_constraint({"wall", ConstraintLevel::Configuration, x, {}});
  s.add_constraint({"other wall", ConstraintLevel::Configuration, x - 1, {}});
  s.add_constraint({"same wall", ConstraintLevel::Configuration, 3 * x, {}});
  auto c = analysis::classify_constraints(s);
  EXPECT_FALSE(c.constraints[0].redundant || c.constraints[0].inconsistent);
  EXPECT_TRUE(c.constraints[1].inconsistent);
  EXPECT_FALSE(c.constraints[1].redundant);
  EXPECT_TRUE(c.constraints[2].inconsistent);  // 3x = 0 agrees with x = 0 but not with x = 1 before it
  EXPECT_NE(analysis::to_string(c).find("other wall: holonomic, scleronomic, catastatic, conservative, INCONSISTENT"),
            std::string::npos)
      << analysis::to_string(c);

  model::System v;
  auto vx = v.add_coordinate("x");
  v.add_coordinate("y");
  v.add_constraint({"stop", ConstraintLevel::Velocity, rate(vx), {}});
  v.add_constraint({"go", ConstraintLevel::Velocity, rate(vx) - 1, {}});
  v.add_constraint({"stop again", ConstraintLevel::Velocity, 2 * rate(vx), {}});
  auto cv = analysis::classify_constraints(v);
  EXPECT_TRUE(cv.constraints[1].inconsistent);
  EXPECT_FALSE(cv.constraints[2].inconsistent);
  EXPECT_TRUE(cv.constraints[2].redundant);
  (void)y;
}

TEST(ConstraintClassification, LevelChecks) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  EXPECT_THROW(s.add_constraint({"bad", ConstraintLevel::Configuration, rate(x) - 1, {}}), ModelError);
  try {
    s.add_constraint({"quadratic", ConstraintLevel::Velocity, rate(x) * rate(y), {}});
    FAIL();
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("constraint 'quadratic'"), std::string::npos);
  }
  s.add_constraint({"ok", ConstraintLevel::Velocity, rate(x) - y, {}});
  EXPECT_THROW(s.add_constraint({"ok", ConstraintLevel::Velocity, rate(y), {}}), ModelError);
}

// Joint integrability is a property of the set: dx + z dy = 0 alone is not integrable (ω ∧ dω =
// dz ∧ dy ∧ dx ≠ 0), but with dz = 0 beside it the pair is (z = c, x + c y = const): two integrals,
// a holonomic system, though the first constraint alone is not holonomic.
TEST(ConstraintClassification, HolonomicSystemIsJointIntegrability) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z");
  s.add_constraint({"tilted", ConstraintLevel::Velocity, rate(x) + z * rate(y), {}});
  auto alone = analysis::classify_constraints(s);
  EXPECT_FALSE(alone.constraints[0].holonomic);
  EXPECT_FALSE(alone.holonomic_system);
  s.add_constraint({"level", ConstraintLevel::Velocity, rate(z), {}});
  auto both = analysis::classify_constraints(s);
  EXPECT_FALSE(both.constraints[0].holonomic);
  EXPECT_EQ(both.integrals, 2);
  EXPECT_EQ(both.configuration_dof, 1);
  EXPECT_TRUE(both.holonomic_system);
}

// Coulomb friction does work while the constraint slides: not conservative, though ideal
// otherwise and homogeneous in the rates.
TEST(ConstraintClassification, CoulombFrictionIsNotConservative) {
  model::System s;
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  Constraint c{"guide", ConstraintLevel::Velocity, rate(y) - rate(x), {}};
  c.friction_coefficient = sym::parameter("mu_guide");
  s.add_constraint(c);
  const auto result = analysis::classify_constraints(s);
  EXPECT_EQ(result.constraints[0].homogeneity_degree, 1);
  EXPECT_FALSE(result.constraints[0].conservative);
}

// IFToMM A04, Bricard's mechanism stated naturally: five closure rows (a pin and an aligned
// axis at J6) on five joint angles. Independent at a generic configuration, of rank four wherever
// the loop is closed: counted there, it has one degree of freedom and one redundant row, the last
// (Grübler's count, 0, is what a generic point gives).
TEST(IFToMM_A04_Bricard, OneDegreeOfFreedomAndARedundantRowOnTheConstraintManifold) {
  const auto doc = adyn::io::read_model_document(adyn::test::example("iftomm_a04_bricard.yaml"));
  const auto c = analysis::classify_constraints(doc.system);
  EXPECT_EQ(c.coordinates, 5);
  EXPECT_EQ(c.integrals, 4);
  EXPECT_EQ(c.configuration_dof, 1);
  EXPECT_EQ(c.velocity_rank, 4);
  EXPECT_EQ(c.velocity_dof, 1);
  ASSERT_EQ(c.constraints.size(), 5u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_FALSE(c.constraints[i].redundant) << c.constraints[i].name;
  EXPECT_TRUE(c.constraints[4].redundant) << c.constraints[4].name;
  for (const auto& r : c.constraints) EXPECT_FALSE(r.inconsistent) << r.name;
  EXPECT_TRUE(c.holonomic_system);
}
