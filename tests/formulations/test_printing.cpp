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

namespace {

// A body swinging on a spherical joint under gravity, with the angles in nested sums so that the
// entries of its equations share large subexpressions.
formulations::EquationsOfMotion nested_equations(int depth) {
  auto q = sym::dynamic_symbols("q", 3);
  GiNaC::ex T = 0, a = q[0];
  for (int k = 0; k < depth; ++k) a = GiNaC::sin(a + q[(k + 1) % 3]) * GiNaC::cos(a - q[k % 3]) + a;
  for (const auto& s : q) T += GiNaC::pow(sym::derivative_of(s), 2) * (2 + GiNaC::sin(a)) / 2;
  return formulations::lagrange({{q[0], q[1], q[2]}, T, GiNaC::cos(a), 0, {}});
}

}  // namespace

TEST(Printing, LargeEquationsAreWrittenOverTheirCommonSubexpressions) {
  auto small = formulations::with_intermediates(nested_equations(1));
  EXPECT_TRUE(small.intermediates.empty());
  const auto eom = nested_equations(6);
  const auto form = formulations::with_intermediates(eom, 2000);
  ASSERT_FALSE(form.intermediates.empty());
  // Substituting the intermediates back, in reverse order of evaluation, gives the equations.
  GiNaC::ex F0 = form.equations.forcing(0, 0);
  for (auto it = form.intermediates.rbegin(); it != form.intermediates.rend(); ++it) F0 = F0.subs(it->first == it->second);
  EXPECT_TRUE(test::numerically_equal(F0, eom.forcing(0, 0)));
  EXPECT_EQ(form.intermediates.front().first.get_name(), "z0");
  const std::string tex = formulations::to_latex(eom);
  EXPECT_NE(tex.find("z0 &="), std::string::npos) << tex.substr(0, 400);
}

TEST(Printing, IntermediateNamesAvoidTheSymbolsOfTheModel) {
  auto z = sym::dynamic_symbols("z", 3);  // z0, z1, z2 are coordinates: the intermediates become zz…
  GiNaC::ex T = 0, a = z[0];
  for (int k = 0; k < 6; ++k) a = GiNaC::sin(a + z[(k + 1) % 3]) * GiNaC::cos(a - z[k % 3]) + a;
  for (const auto& s : z) T += GiNaC::pow(sym::derivative_of(s), 2) * (2 + GiNaC::sin(a)) / 2;
  const auto form = formulations::with_intermediates(formulations::lagrange({{z[0], z[1], z[2]}, T, 0, 0, {}}), 2000);
  ASSERT_FALSE(form.intermediates.empty());
  EXPECT_EQ(form.intermediates.front().first.get_name().substr(0, 2), "zz");
}
