// Profiling aid for issue 8 (derivation time). Kane's and Lagrange's derivations spend nearly all
// their time in formulations::set_mass_matrix_form, which takes M = ∂r/∂u̇ by p² symbolic
// derivatives of the residuals r (GiNaC's diff walks the whole expression for every u̇_s, and
// raises and catches an exception at every function node such as sin(q)). This program measures
// that step against a prototype of the proposed replacement: one pass over each residual that
// splits it into its u̇-linear part and the rest (r = M u̇ − F is linear in u̇), on the residuals
// r = M u̇ − F of the planar n-link chain (Kane), and checks that both give the same M and F.
//
//   adyn_mass_matrix_form N...
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
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

/// e = Σ_s coefficient[s] x_s + rest, for e linear in the symbols x (their positions in `index`).
struct LinearSplit {
  std::map<std::size_t, ex> coefficient;
  ex rest = 0;
};

class LinearSplitter {
 public:
  explicit LinearSplitter(const std::vector<GiNaC::symbol>& x) : x_(x) {
    for (std::size_t s = 0; s < x.size(); ++s) index_[x[s]] = s;
  }

  LinearSplit split(const ex& e) const {
    LinearSplit out;
    if (!contains_any(e)) {
      out.rest = e;
    } else if (auto it = index_.find(e); it != index_.end()) {
      out.coefficient[it->second] = 1;
    } else if (GiNaC::is_a<GiNaC::add>(e)) {
      for (const auto& term : e) add_to(out, split(term), 1);
    } else if (GiNaC::is_a<GiNaC::mul>(e) && linear_factor(e) >= 0) {
      const auto k = static_cast<std::size_t>(linear_factor(e));
      add_to(out, split(e.op(k)), e / e.op(k));
    } else {  // not a sum or product of one linear factor: fall back on derivatives
      for (std::size_t s = 0; s < x_.size(); ++s)
        if (ex c = e.diff(x_[s]); !c.is_zero()) out.coefficient[s] = c;
      GiNaC::exmap zero;
      for (const auto& xs : x_) zero[xs] = 0;
      out.rest = e.subs(zero);
    }
    return out;
  }

 private:
  bool contains_any(const ex& e) const {
    if (GiNaC::is_a<GiNaC::symbol>(e)) return index_.count(e) > 0;
    for (std::size_t i = 0; i < e.nops(); ++i)
      if (contains_any(e.op(i))) return true;
    return false;
  }
  // The one factor of a product that contains the x, or −1 if there are several.
  long linear_factor(const ex& product) const {
    long found = -1;
    for (std::size_t i = 0; i < product.nops(); ++i)
      if (contains_any(product.op(i))) {
        if (found >= 0) return -1;
        found = static_cast<long>(i);
      }
    return found;
  }
  static void add_to(LinearSplit& out, const LinearSplit& part, const ex& factor) {
    for (const auto& [s, c] : part.coefficient) out.coefficient[s] += factor * c;
    out.rest += factor * part.rest;
  }

  std::vector<GiNaC::symbol> x_;
  std::map<ex, std::size_t, GiNaC::ex_is_less> index_;
};

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
  formulations::EquationsOfMotion by_derivatives = eom;
  const double library = chain::time_job([&] { formulations::set_mass_matrix_form(by_derivatives, residuals); });
  GiNaC::matrix M(p, p), F(p, 1);
  const LinearSplitter splitter(udot);
  const double prototype = chain::time_job([&] {
    for (unsigned r = 0; r < p; ++r) {
      auto part = splitter.split(residuals[r]);
      for (unsigned c = 0; c < p; ++c) M(r, c) = part.coefficient.count(c) ? part.coefficient[c] : ex(0);
      F(r, 0) = -part.rest;
    }
  });
  // The same M and F: compare at the test state (numeric values of every symbol).
  GiNaC::exmap at = s.parameter_values();
  const auto q = chain::test_angles(n), u = chain::test_rates(n);
  for (unsigned i = 0; i < p; ++i) at[eom.coordinates[i]] = q[i], at[eom.speeds[i]] = u[i];
  double difference = 0;
  for (unsigned r = 0; r < p; ++r) {
    for (unsigned c = 0; c < p; ++c)
      difference = std::max(difference, std::abs(GiNaC::ex_to<GiNaC::numeric>((M(r, c) - by_derivatives.mass_matrix(r, c)).subs(at).evalf()).to_double()));
    difference = std::max(difference, std::abs(GiNaC::ex_to<GiNaC::numeric>((F(r, 0) - by_derivatives.forcing(r, 0)).subs(at).evalf()).to_double()));
  }
  const std::string w = "mass-matrix-form";
  chain::record("adyn", w, n, "-", "seconds_set_mass_matrix_form", chain::number(library));
  chain::record("adyn", w, n, "-", "seconds_linear_split", chain::number(prototype));
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
