// Named inputs (model::Input): symbols the equations keep, with a value (0 unless given) that every
// numeric evaluation takes as a parameter's; their names are the model's symbols', and their values
// are checked as parameters' are (finite), all or none.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/model/system.hpp"
#include "test_support.hpp"

using namespace adyn;
using adyn::test::thrown_message;

TEST(Inputs, ValuesJoinTheParameterValues) {
  model::System s("rotor");
  const auto I = s.add_parameter("I", 2.0);
  const auto T = s.add_input("T", 0.5, "N*m");
  const auto F = s.add_input("F");
  ASSERT_EQ(s.inputs().size(), 2u);
  EXPECT_EQ(s.inputs()[0].unit, "N*m");
  EXPECT_EQ(s.inputs()[1].value, 0.0) << "an input's value is 0 unless given";
  const auto values = s.parameter_values();
  EXPECT_EQ(values.at(I), 2.0);
  EXPECT_EQ(values.at(T), 0.5);
  EXPECT_EQ(values.at(F), 0.0);
  EXPECT_TRUE(s.symbol_table().at("T").is_equal(T)) << "expressions may name it";
  s.set_input_values({{"F", -3.0}, {"T", 1.0}});
  EXPECT_EQ(s.parameter_values().at(F), -3.0);
  EXPECT_EQ(s.parameter_values().at(T), 1.0);
  EXPECT_TRUE(s.has_input("F"));
  EXPECT_FALSE(s.has_input("I"));
}

TEST(Inputs, NameInUseIsRefused) {
  model::System s;
  s.add_parameter("m", 1.0);
  s.add_coordinate("q");
  s.add_input("T");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.add_input("m"); }), "input 'm': the name is already used by a parameter");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.add_input("q"); }), "input 'q': the name is already used by a coordinate");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.add_parameter("T", 1.0); }),
            "parameter 'T': the name is already used by an input");
}

TEST(Inputs, UnknownOrNonFiniteValuesAreRefusedAllOrNone) {
  model::System s("rotor");
  s.add_input("T", 0.25);
  EXPECT_EQ(thrown_message<ModelError>([&] { s.add_input("F", NAN); }), "input 'F': expected a finite number, got nan");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_input_values({{"T", 1.0}, {"Tx", 2.0}}); }),
            "input 'Tx': no such input in system 'rotor' (its inputs: T)");
  EXPECT_EQ(thrown_message<ModelError>([&] { s.set_input_values({{"T", INFINITY}}); }),
            "input 'T': expected a finite number, got inf");
  EXPECT_EQ(s.inputs()[0].value, 0.25) << "left as it was";
}

TEST(Inputs, NotInConstraints) {
  model::System s;
  const auto x = s.add_coordinate("x");
  const auto F = s.add_input("F");
  EXPECT_EQ(thrown_message<ModelError>([&] {
              s.add_constraint({"track", model::ConstraintLevel::Configuration, x - F, {}});
            }),
            "constraint 'track': contains the input 'F': inputs act through loads (forces, torques, generalized "
            "forces), not constraints");
}
