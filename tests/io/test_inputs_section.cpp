// The model file's `inputs:` section: {name: value} or {name: {value, unit, latex}}, value 0 unless
// given; the names are symbols of the model's expressions (used in loads), claimed as parameters'
// are; bad entries are reported at their line, naming the input.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "io/read_error.hpp"
#include "test_support.hpp"

using namespace adyn;
using test::read_error;

namespace {

const std::string rotor = R"(
name: rotor
parameters: {J: 2.0}
inputs:
  T: {value: 0.5, unit: N*m, latex: \tau}
  F:
coordinates: [q]
frames:
  - {name: A, parent: N, axis: z, angle: q}
bodies:
  - {name: wheel, mass_center: O, frame: A, mass: 1, inertia: {Ixx: J, Iyy: J, Izz: J}}
torques:
  - {name: motor, frame: A, torque: {N: [0, 0, T + F]}}
)";

}  // namespace

TEST(InputsSection, ReadsInputsUsedInLoads) {
  const auto s = io::read_model(rotor);
  ASSERT_EQ(s.inputs().size(), 2u);
  EXPECT_EQ(s.inputs()[0].symbol.get_name(), "T");
  EXPECT_EQ(s.inputs()[0].value, 0.5);
  EXPECT_EQ(s.inputs()[0].unit, "N*m");
  EXPECT_EQ(s.inputs()[1].value, 0.0) << "no value given: 0";
  ASSERT_EQ(s.torques().size(), 1u);
  const auto z = s.torques()[0].torque.components_in(s.inertial_frame())(2, 0);
  EXPECT_TRUE((z - s.inputs()[0].symbol - s.inputs()[1].symbol).is_zero()) << z;
  EXPECT_TRUE(s.parameters().size() == 1) << "inputs are not parameters";
}

TEST(InputsSection, NameOfAParameterOrCoordinate) {
  auto e = read_error("parameters: {m: 1}\ninputs: {m: 0}\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(std::string(e.what()).find("input 'm': the name 'm' is already used by parameter 'm' (line 1)"),
            std::string::npos)
      << e.what();
  e = read_error("inputs: {T: 0}\ncoordinates: [T]\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(std::string(e.what()).find("coordinate 'T': the name 'T' is already used by input 'T' (line 1)"),
            std::string::npos)
      << e.what();
}

TEST(InputsSection, NonFiniteValue) {
  auto e = read_error("inputs:\n  T: .inf\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(std::string(e.what()).find("input 'T': expected a finite number, got '.inf'"), std::string::npos) << e.what();
  e = read_error("inputs:\n  T: {value: sin}\n");
  EXPECT_NE(std::string(e.what()).find("input 'T'"), std::string::npos) << e.what();
}

TEST(InputsSection, NotInAConstraint) {
  auto e = read_error("inputs: {F: 0}\ncoordinates: [x]\nconstraints:\n  - {name: c, holonomic: x - F}\n");
  EXPECT_EQ(e.line(), 4);
  EXPECT_NE(std::string(e.what()).find("constraint 'c': contains the input 'F'"), std::string::npos) << e.what();
}
