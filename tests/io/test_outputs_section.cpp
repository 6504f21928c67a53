// The model file's `outputs:` section: {name: expression} or {name: {expression | position |
// velocity | constraint_force, component, unit}}; bad entries are reported at their line, naming
// the output (the malformed models output_*.yaml are the fuzz seeds of the same cases).
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "io/read_error.hpp"
#include "test_support.hpp"

using namespace adyn;
using test::read_error;

namespace {

const std::string pendulum = R"(
name: pendulum
parameters: {m: 1, l: 0.5, g: 9.81}
inputs: {T: 0}
coordinates: [th]
frames:
  - {name: A, parent: N, axis: z, angle: th}
points:
  - {name: P, from: O, position: {A: [l, 0, 0]}}
particles:
  - {name: bob, point: P, mass: m}
gravity: {N: [0, -g, 0]}
torques:
  - {name: motor, frame: A, torque: {N: [0, 0, T]}}
)";

}  // namespace

TEST(OutputsSection, ReadsEveryKindOfOutput) {
  const auto s = io::read_model(pendulum + R"(
outputs:
  tip_x: {position: P, component: [N, x], unit: m}
  tip_vy: {velocity: P, component: [N, y]}
  power: T*th_d
  twice: {expression: 2*th}
)");
  ASSERT_EQ(s.outputs().size(), 4u);
  const auto& th = s.coordinates()[0];
  const auto l = s.symbol_table().at("l");
  EXPECT_EQ(s.outputs()[0].name, "tip_x");
  EXPECT_EQ(s.outputs()[0].unit, "m");
  EXPECT_TRUE(sym::is_zero_trig(s.outputs()[0].expression - l * cos(th))) << s.outputs()[0].expression;
  EXPECT_TRUE(sym::is_zero_trig(s.outputs()[1].expression - l * cos(th) * sym::derivative_of(th))) << s.outputs()[1].expression;
  EXPECT_TRUE((s.outputs()[2].expression - s.symbol_table().at("T") * sym::derivative_of(th)).is_zero());
  EXPECT_TRUE((s.outputs()[3].expression - 2 * th).is_zero());
}

TEST(OutputsSection, ConstraintForce) {
  const auto s = io::read_model(R"(
parameters: {m: 1, l: 1, g: 9.81}
coordinates: [x, y]
points:
  - {name: P, from: O, position: {N: [x, y, 0]}}
particles:
  - {name: bob, point: P, mass: m}
gravity: {N: [0, -g, 0]}
constraints:
  - {name: rod, holonomic: x^2 + y^2 - l^2}
outputs:
  tension: {constraint_force: rod, unit: N}
)");
  ASSERT_EQ(s.outputs().size(), 1u);
  EXPECT_EQ(s.outputs()[0].constraint, "rod");
}

TEST(OutputsSection, BadEntriesNameTheOutputAtTheirLine) {
  struct Case {
    std::string outputs, message;
    int line;
  };
  const Case cases[] = {
      {"  a: {position: Q, component: [N, x]}\n", "output 'a': no point 'Q' is defined", 16},
      {"  a: {position: P, component: [B, x]}\n", "output 'a': no frame 'B' is defined", 16},
      {"  a: {position: P, component: [N, w]}\n", "output 'a': unknown axis 'w'", 16},
      {"  a: {position: P}\n", "output 'a': a point's position needs 'component: [FRAME, x|y|z]'", 16},
      {"  a: {expression: th, component: [N, x]}\n", "output 'a': 'component' goes with position or velocity", 16},
      {"  a: {expression: th, velocity: P}\n", "output 'a': has both 'expression' and 'velocity': give one", 16},
      {"  a: {unit: m}\n", "output 'a': needs one of expression, position, velocity or constraint_force", 16},
      {"  a: th\n  a: 2*th\n", "outputs: the key 'a' appears twice", 17},
      {"  th: 2*th\n", "output 'th': the name is already used by a coordinate", 16},
      {"  T: 2*th\n", "output 'T': the name is already used by an input", 16},
      {"  a: th_dd\n", "output 'a': contains the acceleration 'th_dd'", 16},
      {"  a: {constraint_force: rod}\n", "output 'a': its constraint force is of the constraint 'rod', which the system does not have", 16},
      {"  a: q7\n", "output 'a': ", 16},
  };
  for (const auto& c : cases) {
    const auto e = read_error(pendulum + "outputs:\n" + c.outputs);
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << c.outputs << " -> " << e.what();
    EXPECT_EQ(e.line(), c.line) << c.outputs << " -> " << e.what();
  }
}
