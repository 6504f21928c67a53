// Vector operations in model-file expressions (dot, cross, norm, pos, vel, acc, angvel, B.x): the
// Chaplygin sleigh's knife edge written as v_P · b2 = 0 gives the scalar row of the textbook, and
// bad vector expressions are errors that name the expression and the term.
#include <gtest/gtest.h>

#include <regex>

#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "cli/cli_support.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// examples/chaplygin_sleigh.yaml with its knife-edge row replaced by `row` (quoted where it holds a
// comma: the row sits in a YAML flow map).
std::string sleigh_with(const std::string& row) {
  const std::string text = test::read_text(test::example("chaplygin_sleigh.yaml"));
  const std::string scalar = "velocity: -x_d*sin(phi) + y_d*cos(phi) - a*phi_d";
  const auto at = text.find(scalar);
  EXPECT_NE(at, std::string::npos);
  return std::string(text).replace(at, scalar.size(), row);
}

GiNaC::ex row_of(const model::System& s) { return s.constraints().at(0).expression; }

std::string error_of(const std::string& yaml) {
  try {
    io::read_model(yaml, "sleigh.yaml");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(VectorExpressions, KnifeEdgeAsDotOfVelocityAndBodyAxis) {
  const auto vector = io::read_model(sleigh_with("velocity: 'dot(vel(P), B.y)'"));
  const auto scalar = io::parse_expression(vector, "-x_d*sin(phi) + y_d*cos(phi) - a*phi_d", "the textbook row");
  EXPECT_TRUE(sym::is_zero_trig(row_of(vector) - scalar)) << row_of(vector);
}

TEST(VectorExpressions, CrossNormPositionAndAngularVelocity) {
  // The row holds only the term of the rotation: the sleigh starts without turning.
  auto text = sleigh_with("velocity: 'dot(cross(angvel(B), pos(P) - pos(C)), B.y) + 0*norm(-N.z)'");
  text.replace(text.find("phi_d: 0.5"), 10, "phi_d: 0");
  const auto s = io::read_model(text);
  // ω × r^{P/C} = φ̇ n3 × (−a b1) = −a φ̇ b2: its b2 component is −a φ̇.
  const auto phi_d = sym::derivative_of(s.coordinates()[2]);
  EXPECT_TRUE(sym::is_zero_trig(row_of(s) + s.symbol_table().at("a") * phi_d)) << row_of(s);
}

TEST(VectorExpressions, AccelerationOfAPoint) {
  const auto s = io::read_model(sleigh_with("velocity: 'dot(acc(C), N.x) + 0*x_d'"));
  EXPECT_TRUE(row_of(s).is_equal(sym::derivative_of(sym::derivative_of(s.coordinates()[0])))) << row_of(s);
}

TEST(VectorExpressions, ErrorsNameTheExpressionAndTheTerm) {
  std::string m = error_of(sleigh_with("velocity: 'dot(vel(Q), B.y)'"));
  EXPECT_NE(m.find("no point named 'Q'"), std::string::npos) << m;
  m = error_of(sleigh_with("velocity: 'dot(vel(P), BB.y)'"));
  EXPECT_NE(m.find("no frame named 'BB'"), std::string::npos) << m;
  m = error_of(sleigh_with("velocity: vel(P)"));
  EXPECT_NE(m.find("is a vector"), std::string::npos) << m;
  m = error_of(sleigh_with("velocity: 'dot(vel(P), 2)'"));
  EXPECT_NE(m.find("dot() takes vectors"), std::string::npos) << m;
  m = error_of(sleigh_with("velocity: vel(P) + x_d"));
  EXPECT_NE(m.find("adds or multiplies a vector and a number"), std::string::npos) << m;
  m = error_of(sleigh_with("velocity: 'dot(vel(P), B.y) + ('"));
  EXPECT_NE(m.find("vel(P)"), std::string::npos) << m;  // the syntax error quotes the terms as written
  EXPECT_EQ(m.find("adyn_vector"), std::string::npos) << m;
  EXPECT_NE(m.find("sleigh.yaml:"), std::string::npos) << m;  // file and line
}
