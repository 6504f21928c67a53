#include "adyn/symbolic/matrix.hpp"

#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::sym {

GiNaC::matrix column(const std::vector<GiNaC::symbol>& xs) {
  GiNaC::matrix m(xs.size(), 1);
  for (std::size_t i = 0; i < xs.size(); ++i) m(i, 0) = xs[i];
  return m;
}

GiNaC::matrix column(const std::vector<GiNaC::ex>& xs) {
  GiNaC::matrix m(xs.size(), 1);
  for (std::size_t i = 0; i < xs.size(); ++i) m(i, 0) = xs[i];
  return m;
}

GiNaC::matrix jacobian(const GiNaC::matrix& f, const std::vector<GiNaC::symbol>& xs) {
  GiNaC::matrix J(f.rows(), xs.size());
  for (unsigned j = 0; j < xs.size(); ++j) {
    PartialDerivative d(xs[j]);
    for (unsigned i = 0; i < f.rows(); ++i) J(i, j) = d(f(i, 0));
  }
  return J;
}

GiNaC::matrix map_entries(const GiNaC::matrix& m, const std::function<GiNaC::ex(const GiNaC::ex&)>& f) {
  GiNaC::matrix out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out(i, j) = f(m(i, j));
  return out;
}

GiNaC::matrix product(const GiNaC::matrix& a, const GiNaC::matrix& b) {
  GiNaC::matrix out(a.rows(), b.cols());
  for (unsigned i = 0; i < a.rows(); ++i)
    for (unsigned j = 0; j < b.cols(); ++j) {
      GiNaC::exvector terms;
      for (unsigned k = 0; k < a.cols(); ++k)
        if (!a(i, k).is_zero() && !b(k, j).is_zero()) terms.push_back(times(a(i, k), b(k, j)));
      out(i, j) = terms.empty() ? GiNaC::ex(0) : GiNaC::ex(GiNaC::dynallocate<GiNaC::add>(terms));
    }
  return out;
}

GiNaC::matrix scaled(const GiNaC::matrix& a, const GiNaC::ex& s) {
  return map_entries(a, [&](const GiNaC::ex& e) { return times(e, s); });
}

bool is_zero_matrix(const GiNaC::matrix& m) {
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      if (!m(i, j).is_zero()) return false;
  return true;
}

bool matrix_has(const GiNaC::matrix& m, const GiNaC::ex& s) {
  return Occurrence(s).in(m);
}

}  // namespace adyn::sym
