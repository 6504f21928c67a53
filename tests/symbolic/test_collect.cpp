// sym::collect_state_terms: the terms of sums gathered by their state-dependent part, an identity
// that turns Kane's Σ_k m_k X of a chain into the composite-body (Σ_k m_k) X.
#include <gtest/gtest.h>

#include "adyn/formulations/kane.hpp"
#include "adyn/symbolic/collect.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/model/system.hpp"
#include "test_support.hpp"

using namespace adyn;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::sin;

namespace {

const GiNaC::symbol m1 = sym::parameter("cm1"), m2 = sym::parameter("cm2"), m3 = sym::parameter("cm3"),
                    l1 = sym::parameter("cl1"), l2 = sym::parameter("cl2");
const GiNaC::symbol q1 = sym::dynamic_symbol("cq1"), q2 = sym::dynamic_symbol("cq2"), u2 = sym::dynamic_symbol("cu2");

bool same(const ex& a, const ex& b) { return (a - b).expand().is_zero(); }

}  // namespace

TEST(CollectStateTerms, GathersTheMassesOfAKinematicFactor) {
  const ex X = l1 * l2 * (sin(q1) * sin(q2) + cos(q1) * cos(q2));  // a chain's v_1 · v_2
  const ex per_particle = l1 * (m2 * (cos(q1) * cos(q2) + sin(q1) * sin(q2)) + m3 * sin(q1) * sin(q2) +
                                m3 * cos(q1) * cos(q2)) * l2;  // as Kane's sum over particles comes out
  const ex collected = sym::collect_state_terms(per_particle);
  EXPECT_TRUE(same(collected, per_particle));
  EXPECT_TRUE(collected.is_equal((m2 + m3) * X)) << collected;  // the composite-body form
  EXPECT_LT(sym::operation_count(collected), sym::operation_count(per_particle));
}

TEST(CollectStateTerms, GathersCoefficientsEqualUpToANumber) {
  const ex e = m1 * l1 * sin(q1) - 2 * m1 * l1 * cos(q2) * u2 + l2 * sin(q2);
  const ex collected = sym::collect_state_terms(e);
  EXPECT_TRUE(same(collected, e));
  EXPECT_TRUE(collected.is_equal(m1 * l1 * (sin(q1) - 2 * cos(q2) * u2) + l2 * sin(q2))) << collected;
}

TEST(CollectStateTerms, DistributesConstantsButExpandsNothingElse) {
  const ex product_of_sums = (m1 + q1) * (m2 + q2);
  EXPECT_TRUE(sym::collect_state_terms(product_of_sums).is_equal(product_of_sums));
  const ex power_of_sum = GiNaC::pow(sin(q1) + l1 * cos(q1), 3);
  EXPECT_TRUE(sym::collect_state_terms(power_of_sum).is_equal(power_of_sum));
  // Constant factors reach the terms of nested sums, so that equal factors meet across levels.
  const ex nested = m1 * (sin(q1) + m2 * (cos(q2) + sin(q1))) + m3 * sin(q1);
  const ex collected = sym::collect_state_terms(nested);
  EXPECT_TRUE(same(collected, nested));
  ASSERT_TRUE(GiNaC::is_a<GiNaC::add>(collected) && collected.nops() == 2) << collected;  // one term per factor
  EXPECT_TRUE(same(collected.coeff(sin(q1)), m1 + m1 * m2 + m3)) << collected;
  EXPECT_TRUE(same(collected.coeff(cos(q2)), m1 * m2)) << collected;
  EXPECT_EQ(sym::collect_state_terms(ex(m1 * m2 + l1)), m1 * m2 + l1);  // constant: left alone
}

// On a whole derivation: Kane's M and F of a 3-link chain of point masses (absolute angles) keep
// their values, shrink, and the masses of the links beyond each joint are gathered:
// M_12 = (m2 + m3) l1 l2 (sin q1 sin q2 + cos q1 cos q2).
TEST(CollectStateTerms, KaneChainKeepsItsValuesAndShrinks) {
  model::System s("chain");
  const auto g = s.add_parameter("g", 9.81);
  kin::Point previous = s.origin();
  std::vector<ex> masses;
  for (int i = 1; i <= 3; ++i) {
    const auto k = std::to_string(i);
    masses.push_back(s.add_parameter("m" + k, 1.0 + i));
    const auto l = s.add_parameter("l" + k, 0.5);
    const auto A = s.add_frame(s.inertial_frame().orient_new_axis("A" + k, s.inertial_frame().z(), s.add_coordinate("q" + k)));
    previous = s.add_point(previous.locate_new("P" + k, -l * A.y()));
    s.add_particle({"bob" + k, previous, masses.back()});
  }
  s.set_gravity(-g * s.inertial_frame().y());
  const auto eom = formulations::kane(s);
  std::vector<ex> raw;
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) raw.push_back(eom.mass_matrix(i, j));
  for (unsigned i = 0; i < 3; ++i) raw.push_back(eom.forcing(i, 0));
  const auto collected = sym::collect_state_terms(raw);
  std::size_t before = 0, after = 0;
  for (std::size_t k = 0; k < raw.size(); ++k) {
    EXPECT_TRUE(test::numerically_equal(collected[k], raw[k])) << k;
    before += sym::operation_count(raw[k]);
    after += sym::operation_count(collected[k]);
  }
  EXPECT_LT(after, before);
  const ex& m12 = collected[1];
  ASSERT_TRUE(GiNaC::is_a<GiNaC::mul>(m12)) << m12;
  bool composite_mass = false;
  for (const auto& factor : m12) composite_mass = composite_mass || factor.is_equal(masses[1] + masses[2]);
  EXPECT_TRUE(composite_mass) << m12;
}
