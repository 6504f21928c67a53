#include <gtest/gtest.h>

#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/printing.hpp"
#include "test_support.hpp"

using namespace adyn;

TEST(Printing, LatexAndCOfEquations) {
  auto m = sym::parameter("m"), l = sym::parameter("l"), g = sym::parameter("g");
  auto th = sym::dynamic_symbol("theta");
  auto eom = formulations::lagrange(
      {{th}, m * l * l * GiNaC::pow(sym::derivative_of(th), 2) / 2, -m * g * l * GiNaC::cos(th), 0, {}});
  auto params = formulations::parameters_of(eom);
  ASSERT_EQ(params.size(), 3u);
  EXPECT_EQ(params[0].get_name(), "g");
  std::string tex = formulations::to_latex(eom);
  EXPECT_NE(tex.find("M_{11} &="), std::string::npos) << tex;
  EXPECT_NE(tex.find("\\sin(\\theta)"), std::string::npos) << tex;
  std::string c = formulations::to_c(eom, "pendulum");
  EXPECT_NE(c.find("void pendulum(const double* t, const double* q, const double* u, const double* p"), std::string::npos);
  EXPECT_NE(c.find("F[0] = "), std::string::npos) << c;
  EXPECT_NE(c.find("sin(theta)"), std::string::npos) << c;
}

TEST(Printing, SimplifiedKeepsValues) {
  auto q = sym::dynamic_symbol("q");
  auto eom = formulations::lagrange(
      {{q}, (GiNaC::pow(GiNaC::sin(q), 2) + GiNaC::pow(GiNaC::cos(q), 2)) * GiNaC::pow(sym::derivative_of(q), 2) / 2, 0, 0, {}});
  auto s = formulations::simplified(eom);
  EXPECT_TRUE(s.mass_matrix(0, 0).is_equal(1));
}
