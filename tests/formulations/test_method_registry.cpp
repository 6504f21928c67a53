// The table of methods (formulations/method_registry.hpp): every key round-trips — found by its
// key, listed by method_names() in the table's order, its derivation labelled as the row says —, an
// unknown key gives the message it always gave, the defaults are keys of the table, and the methods
// whose equations the articulated-body algorithm may evaluate are those three.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/formulations/method_registry.hpp"
#include "adyn/formulations/methods.hpp"
#include "seed_systems.hpp"

using namespace adyn;
using namespace adyn::formulations;

TEST(MethodRegistry, EveryKeyRoundTripsAndItsEquationsCarryTheLabel) {
  const auto system = seeds::double_pendulum();
  ASSERT_EQ(method_names().size(), methods().size());
  for (std::size_t i = 0; i < methods().size(); ++i) {
    const auto& row = methods()[i];
    EXPECT_EQ(method_names()[i], row.key);
    EXPECT_EQ(&method_named(row.key), &row);
    EXPECT_EQ(derive(system, std::string(row.key)).method, row.label) << row.key;
  }
}

TEST(MethodRegistry, TheKeysAreTodays) {
  EXPECT_EQ(method_list(),
            "lagrange, kane, gibbs-appell, maggi, boltzmann-hamel, gauss, udwadia-kalaba, fundamental-equation, hamilton");
}

TEST(MethodRegistry, AnUnknownKeyIsAModelErrorListingTheMethods) {
  const std::string expected = "method 'newton': unknown (expected one of " + method_list() + ")";
  EXPECT_EQ(find_method("newton"), nullptr);
  try {
    derive(seeds::double_pendulum(), "newton");
    FAIL() << "derived by an unknown method";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()), expected);
    EXPECT_EQ(e.object(), "method 'newton'");
  }
  EXPECT_THROW(method_named("Lagrange"), ModelError);  // a label is not a key
}

TEST(MethodRegistry, TheDefaultsAreKeysOfTheTable) {
  EXPECT_STREQ(default_method, "lagrange");
  EXPECT_STREQ(default_method_in_speeds, "kane");
  EXPECT_NE(find_method(default_method), nullptr);
  EXPECT_NE(find_method(default_method_in_speeds), nullptr);
}

TEST(MethodRegistry, TheTreeFormIsLagrangesKanesAndGibbsAppells) {
  std::vector<std::string> tree, rates;
  for (const auto& m : methods()) {
    if (m.tree_form) tree.emplace_back(m.key);
    if (m.speeds_are_rates) rates.emplace_back(m.key);
  }
  EXPECT_EQ(tree, (std::vector<std::string>{"lagrange", "kane", "gibbs-appell"}));
  EXPECT_EQ(rates, (std::vector<std::string>{"lagrange"}));
}
