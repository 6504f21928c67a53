// model::Output and System::add_output (issue 31 item 3): named outputs — expressions of the state,
// parameters and inputs, or a constraint's force — refused with their name when the name is taken,
// the expression holds an acceleration or the constraint does not exist.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "seed_systems.hpp"

using namespace adyn;

namespace {

std::string error_of(model::System& s, const model::Output& o) {
  try {
    s.add_output(o);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Outputs, AddsExpressionsAndConstraintForces) {
  auto s = seeds::cartesian_pendulum();
  const auto& x = s.coordinates()[0];
  s.add_output({.name = "x2", .expression = 2 * x});
  s.add_output({.name = "tension", .constraint = "rod", .unit = "N"});
  ASSERT_EQ(s.outputs().size(), 2u);
  EXPECT_FALSE(s.outputs()[0].is_constraint_force());
  EXPECT_TRUE(s.outputs()[1].is_constraint_force());
  EXPECT_EQ(s.outputs()[1].unit, "N");
}

TEST(Outputs, RefusesTakenNamesAccelerationsAndUnknownConstraints) {
  auto s = seeds::cartesian_pendulum();
  const auto& x = s.coordinates()[0];
  s.add_output({.name = "y2", .expression = x});
  EXPECT_EQ(error_of(s, {.name = "y2", .expression = x}), "output 'y2': an output with this name already exists");
  EXPECT_EQ(error_of(s, {.name = "x", .expression = x}), "output 'x': the name is already used by a coordinate");
  EXPECT_EQ(error_of(s, {.name = "m", .expression = x}), "output 'm': the name is already used by a parameter");
  EXPECT_EQ(error_of(s, {.name = "energy", .expression = x}), "output 'energy': the name is the trajectory's own column 'energy'");
  EXPECT_EQ(error_of(s, {.name = "", .expression = x}), "output: needs a name");
  EXPECT_NE(error_of(s, {.name = "a", .expression = sym::derivative_of(x, 2)}).find("output 'a': contains the acceleration 'x_dd'"),
            std::string::npos);
  EXPECT_EQ(error_of(s, {.name = "N", .constraint = "wire"}),
            "output 'N': its constraint force is of the constraint 'wire', which the system does not have");
  EXPECT_EQ(s.outputs().size(), 1u) << "nothing added by a refused output";
}
