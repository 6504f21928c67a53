// Profiling aid for issue 8 (derivation time). Kane's and Lagrange's derivations used to spend
// nearly all their time taking M = ∂r/∂u̇ by p² symbolic derivatives of the residuals r (GiNaC's
// diff walks the whole expression for every u̇_s, and raises and catches an exception at every
// function node such as sin(q)). formulations::set_mass_matrix_form now splits each residual in
// one pass into its u̇-linear part and the rest (r = M u̇ − F is linear in u̇; sym::LinearSplitter).
// This program times the old method (the p² derivatives, written out below as the reference)
// against the library's set_mass_matrix_form on the residuals r = M u̇ − F of the planar n-link
// chain (Kane), and checks that both give the same M and F (max_difference at the test state).
//
//   adyn_mass_matrix_form N...
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "adyn/formulations/kane.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "peers/chain_common.hpp"

using namespace adyn;
using GiNaC::ex;

namespace {

std::string name(const char* prefix, int i) { return std::string(prefix) + std::to_string(i + 1); }

model::System planar_chain(int n) {  // as in compare_adyn.cpp (absolute angles)
  model::System s("planar chain");
  auto g = s.add_parameter("g", chain::gravity);
  auto N = s.inertial_frame();
  kin::Point prev = s.origin();
  for (int i = 0; i < n; ++i) {
    auto m = s.add_parameter(name("m", i), chain::mass(i)), l = s.add_parameter(name("l", i), chain::length);
    auto A = s.add_frame(N.orient_new_axis(name("A", i), N.z(), s.add_coordinate(name("q", i))));
    prev = s.add_point(prev.locate_new(name("P", i), -l * A.y()));
    s.add_particle({name("bob", i), prev, m});
  }
  s.set_gravity(-g * N.y());
  return s;
}

/// The method set_mass_matrix_form used before issue 8, kept here as the reference: M = ∂r/∂u̇
/// by p² derivatives, F = −r at u̇ = 0.
void by_derivatives(const std::vector<ex>& residuals, const std::vector<GiNaC::symbol>& udot, GiNaC::matrix& M,
                    GiNaC::matrix& F) {
  const auto p = static_cast<unsigned>(udot.size());
  GiNaC::exmap at_rest;
  for (const auto& a : udot) at_rest[a] = 0;
  for (unsigned r = 0; r < p; ++r) {
    for (unsigned c = 0; c < p; ++c) M(r, c) = residuals[r].diff(udot[c]);
    F(r, 0) = -residuals[r].subs(at_rest);
  }
}

void measure(int n) {
  const auto s = planar_chain(n);
  const auto eom = formulations::kane(s);
  const auto udot = sym::derivatives_of(eom.speeds);
  const auto p = static_cast<unsigned>(eom.p());  // GiNaC::matrix counts in unsigned
  std::vector<ex> residuals(p);  // r = M u̇ − F
  for (unsigned r = 0; r < p; ++r) {
    ex sum = -eom.forcing(r, 0);
    for (unsigned c = 0; c < p; ++c) sum += eom.mass_matrix(r, c) * udot[c];
    residuals[r] = sum;
  }
  GiNaC::matrix M(p, p), F(p, 1);
  const double reference = chain::time_job([&] { by_derivatives(residuals, udot, M, F); });
  formulations::EquationsOfMotion split = eom;
  const double library = chain::time_job([&] { formulations::set_mass_matrix_form(split, residuals); });
  // The same M and F: compare at the test state (numeric values of every symbol).
  GiNaC::exmap at = s.parameter_values();
  const auto q = chain::test_angles(n), u = chain::test_rates(n);
  for (unsigned i = 0; i < p; ++i) at[eom.coordinates[i]] = q[i], at[eom.speeds[i]] = u[i];
  double difference = 0;
  for (unsigned r = 0; r < p; ++r) {
    for (unsigned c = 0; c < p; ++c)
      difference = std::max(difference, std::abs(GiNaC::ex_to<GiNaC::numeric>((M(r, c) - split.mass_matrix(r, c)).subs(at).evalf()).to_double()));
    difference = std::max(difference, std::abs(GiNaC::ex_to<GiNaC::numeric>((F(r, 0) - split.forcing(r, 0)).subs(at).evalf()).to_double()));
  }
  const std::string w = "mass-matrix-form";
  chain::record("adyn", w, n, "-", "seconds_derivatives", chain::number(reference));
  chain::record("adyn", w, n, "-", "seconds_set_mass_matrix_form", chain::number(library));
  chain::record("adyn", w, n, "-", "max_difference", chain::number(difference));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: adyn_mass_matrix_form N...\n");
    return 2;
  }
  for (int a = 1; a < argc; ++a) measure(std::atoi(argv[a]));
  return 0;
}
