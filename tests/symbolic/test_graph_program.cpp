// sym::GraphProgram: compiled once, evaluated at many points, it gives sym::evaluate's values to
// the last bit (the same operations in the same order, in extended precision), and NaN where an
// expression has no finite real value or a symbol without a value.
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include <cmath>
#include <random>

#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/graph_program.hpp"

namespace {

using GiNaC::ex;

const GiNaC::symbol x("x"), y("y"), z("z");

TEST(GraphProgram, GivesTheValuesOfEvaluateToTheLastBit) {
  const ex shared = GiNaC::sin(x) * y + GiNaC::pow(z, 3) / 7;
  const std::vector<ex> expressions = {shared * shared - GiNaC::cos(shared) + GiNaC::numeric(1, 3) * x,
                                       GiNaC::sqrt(x * x + y * y) * GiNaC::atan2(y, x) + GiNaC::Pi * z,
                                       GiNaC::exp(-x) * GiNaC::pow(y, z) + GiNaC::log(1 + x * x), ex(42)};
  const GiNaC::matrix column(expressions.size(), 1, GiNaC::lst(expressions.begin(), expressions.end()));
  const adyn::sym::GraphProgram program(expressions, {x, y, z});
  std::mt19937 random(3);
  std::uniform_real_distribution<double> value(0.2, 2.5);
  for (int k = 0; k < 20; ++k) {
    const Eigen::Vector3d point(value(random), value(random), value(random));
    const Eigen::VectorXd compiled = program(point);
    const Eigen::MatrixXd reference = adyn::sym::evaluate(column, {{x, point(0)}, {y, point(1)}, {z, point(2)}});
    for (Eigen::Index i = 0; i < compiled.size(); ++i) EXPECT_EQ(compiled(i), reference(i, 0)) << "expression " << i;
    // The same through the symbols' values in a map.
    EXPECT_EQ(program({{x, point(0)}, {y, point(1)}, {z, point(2)}}), compiled);
  }
}

TEST(GraphProgram, IsNaNWhereThereIsNoFiniteRealValue) {
  const adyn::sym::GraphProgram program({GiNaC::log(x), 1 / x, x + y, x + 1}, {x});
  const Eigen::VectorXd at_minus_one = program(Eigen::VectorXd::Constant(1, -1.0));
  EXPECT_TRUE(std::isnan(at_minus_one(0)));  // log(−1)
  EXPECT_EQ(at_minus_one(1), -1);
  EXPECT_TRUE(std::isnan(at_minus_one(2)));  // y has no value
  EXPECT_EQ(at_minus_one(3), 0);
  EXPECT_TRUE(std::isnan(program(Eigen::VectorXd::Zero(1))(1)));  // 1/0
}

}  // namespace
