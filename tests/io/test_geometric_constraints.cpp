// Constraints stated geometrically in model files (rolling, coincident) against the same systems
// written with scalar rows: the same rows, the same equations.
#include <gtest/gtest.h>

#include <random>

#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "cli/cli_support.hpp"
#include "eom_support.hpp"

using namespace adyn;

namespace {

// Values for q and q̇ (by position in the coordinates) and the parameters.
GiNaC::exmap values(const model::System& s, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  GiNaC::exmap at = s.parameter_values();
  for (std::size_t i = 0; i < s.coordinates().size(); ++i) {
    at[s.coordinates()[i]] = q(static_cast<Eigen::Index>(i));
    at[sym::derivative_of(s.coordinates()[i])] = qd(static_cast<Eigen::Index>(i));
  }
  return at;
}

double row(const model::System& s, std::size_t k, const GiNaC::exmap& at) {
  return sym::evaluate(s.constraints().at(k).expression, at, s.constraints()[k].name);
}

// The joint model's rows equal the scalar model's (each up to one sign, fixed for the row: the pin
// measures E − B where the scalar row may be written B − E) at random configurations, and
// Lagrange's equations of both give the same q̈ at random consistent states.
void expect_same_mechanism(const std::string& scalar_file, const std::string& joint_file) {
  const auto scalar = io::read_model_file(test::example(scalar_file));
  const auto joint = io::read_model_file(test::example(joint_file));
  ASSERT_EQ(joint.constraints().size(), scalar.constraints().size());
  const auto e1 = formulations::derive(scalar, "lagrange"), e2 = formulations::derive(joint, "lagrange");
  std::mt19937 rng(8);
  std::vector<double> signs(scalar.constraints().size(), 1);
  for (int k = 0; k < 5; ++k) {
    const auto x = analysis::random_consistent_state(scalar, rng, 1.0);
    Eigen::VectorXd q = x.q, qd = x.u;
    for (auto& v : q) v += 0.1;  // off the constraints too
    for (std::size_t c = 0; c < scalar.constraints().size(); ++c) {
      const double a = row(joint, c, values(joint, q, qd)), b = row(scalar, c, values(scalar, q, qd));
      if (k == 0) signs[c] = a * b < 0 ? -1 : 1;
      EXPECT_NEAR(a, signs[c] * b, 1e-12) << joint.constraints()[c].name;
    }
    const auto a1 = formulations::coordinate_accelerations(e1, formulations::state_for(e1, scalar, x.t, x.q, x.u),
                                                           scalar.parameter_values());
    const auto a2 = formulations::coordinate_accelerations(e2, formulations::state_for(e2, joint, x.t, x.q, x.u),
                                                           joint.parameter_values());
    for (Eigen::Index i = 0; i < a1.size(); ++i) EXPECT_TRUE(test::close(a2(i), a1(i), 1e-10)) << "q̈_" << i << " sample " << k;
  }
}

}  // namespace

TEST(CoincidentPoints, FourBarPinnedEqualsScalarClosure) {
  expect_same_mechanism("four_bar_linkage.yaml", "four_bar_joint.yaml");
}

TEST(CoincidentPoints, SliderCrankPinnedEqualsScalarClosure) {
  expect_same_mechanism("slider_crank.yaml", "slider_crank_joint.yaml");
}

// Angeles Example 2.2.2 with the rolling constraint: the two no-slip rows are Angeles' "rolling x"
// and "rolling y" (2.2.9), and the rate of the contact height is his "contact" row, at random
// states with the disk tilted less than 90° (the contact is the rim's lowest point).
TEST(Angeles_E2_RollingDisk, RollingConstraintGivesThePublishedRows) {
  const auto scalar = io::read_model_file(test::example("angeles_rolling_disk.yaml"));
  const auto contact = io::read_model_file(test::example("angeles_rolling_disk_contact.yaml"));
  ASSERT_EQ(contact.constraints().size(), 3u);
  EXPECT_EQ(contact.constraints()[2].level, model::ConstraintLevel::Configuration);
  const GiNaC::ex height_rate = sym::time_derivative(contact.constraints()[2].expression);
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> angle(-1.4, 1.4), any(-2, 2);
  for (int k = 0; k < 6; ++k) {
    Eigen::VectorXd q(6), qd(6);
    for (int i = 0; i < 6; ++i) q(i) = i == 0 ? angle(rng) : any(rng), qd(i) = any(rng);
    const auto at_scalar = values(scalar, q, qd), at_contact = values(contact, q, qd);
    for (std::size_t c = 0; c < 2; ++c) EXPECT_NEAR(row(contact, c, at_contact), row(scalar, c, at_scalar), 1e-12);
    EXPECT_NEAR(sym::evaluate(height_rate, at_contact, "height rate"), row(scalar, 2, at_scalar), 1e-12);
  }
}

TEST(Angeles_E2_RollingDisk, RollingConstraintClassified) {
  auto r = test::run({"classify", test::example("angeles_rolling_disk_contact.yaml")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("rolling no-slip 1: nonholonomic"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rolling height: holonomic"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("configuration DOF 5, velocity DOF 3"), std::string::npos) << r.out;
}
