// Equations as bytes and back (equations_archive.hpp): the same accelerations at random consistent
// states for every method on models with multipliers, eliminated speeds, Hamilton's momenta; the
// Whipple bicycle's equations stay a DAG (small text, read quickly); malformed bytes are errors.
#include <gtest/gtest.h>

#include <random>

#include "adyn/analysis/random_state.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/equations_archive.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

void expect_round_trip(const std::string& file, const std::string& method) {
  SCOPED_TRACE(file + ", " + method);
  const auto system = io::read_model_file(test::example(file));
  const auto eom = formulations::derive(system, method);
  const auto back = formulations::unarchive_equations(formulations::archive_equations(eom, system), system);
  EXPECT_EQ(back.method, eom.method);
  EXPECT_EQ(back.multiplier_names, eom.multiplier_names);
  ASSERT_EQ(back.n(), eom.n());
  ASSERT_EQ(back.p(), eom.p());
  ASSERT_EQ(back.m(), eom.m());
  for (std::size_t i = 0; i < eom.n(); ++i) EXPECT_TRUE(back.coordinates[i].is_equal(eom.coordinates[i]));
  std::mt19937 rng(5);
  const auto parameters = system.parameter_values();
  for (int k = 0; k < 3; ++k) {
    const auto x = analysis::random_consistent_state_near(system, system.reference_configuration(), rng);
    const auto a = formulations::solve(eom, formulations::state_for(eom, system, x.t, x.q, x.u), parameters);
    const auto b = formulations::solve(back, formulations::state_for(back, system, x.t, x.q, x.u), parameters);
    EXPECT_EQ(a.udot, b.udot);  // the same expressions: the same bits
    EXPECT_EQ(a.lambda, b.lambda);
  }
}

}  // namespace

TEST(EquationsArchive, EveryKindOfEquationsRoundTrips) {
  expect_round_trip("four_bar_joint.yaml", "lagrange");                   // multipliers
  expect_round_trip("greenwood_4_11_rolling_disk.yaml", "kane");          // dependent speeds eliminated
  expect_round_trip("greenwood_4_10_dumbbell_knife_edge.yaml", "gibbs-appell");
  expect_round_trip("double_pendulum.yaml", "hamilton");                  // momenta: the method's own symbols
  expect_round_trip("udwadia_kalaba_ex3_nonideal_drag.yaml", "udwadia-kalaba");  // nonideal force
}

TEST(EquationsArchive, TheBicycleStaysADag) {
  const auto system = io::read_model_file(test::example("whipple_bicycle.yaml"));
  const auto eom = formulations::derive(system, "kane");
  const auto bytes = formulations::archive_equations(eom, system);
  EXPECT_LT(bytes.size(), 100000u);  // 34 KiB: written out as trees it would not fit in memory
  expect_round_trip("whipple_bicycle.yaml", "kane");
}

TEST(EquationsArchive, MalformedBytesAreErrors) {
  const auto system = io::read_model_file(test::example("double_pendulum.yaml"));
  const auto bytes = formulations::archive_equations(formulations::derive(system, "lagrange"), system);
  for (const auto& broken : {std::string("not equations"), bytes.substr(0, bytes.size() / 2),
                             std::string("adyn-equations 3\n99999999999:x")}) {
    const auto message = test::thrown_message([&] { formulations::unarchive_equations(broken, system); });
    EXPECT_NE(message.find("equations archive"), std::string::npos) << message;
  }
  // Another model's equations: its symbols are not this model's.
  const auto other = io::read_model_file(test::example("simple_pendulum.yaml"));
  const auto message = test::thrown_message([&] { formulations::unarchive_equations(bytes, other); });
  EXPECT_NE(message.find("equations archive"), std::string::npos) << message;
}
