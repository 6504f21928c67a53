#include "adyn/symbolic/matrix.hpp"

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
  for (unsigned i = 0; i < f.rows(); ++i)
    for (unsigned j = 0; j < xs.size(); ++j) J(i, j) = f(i, 0).diff(xs[j]);
  return J;
}

GiNaC::matrix map_entries(const GiNaC::matrix& m, const std::function<GiNaC::ex(const GiNaC::ex&)>& f) {
  GiNaC::matrix out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out(i, j) = f(m(i, j));
  return out;
}

bool is_zero_matrix(const GiNaC::matrix& m) {
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      if (!m(i, j).is_zero()) return false;
  return true;
}

bool matrix_has(const GiNaC::matrix& m, const GiNaC::ex& s) {
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      if (m(i, j).has(s)) return true;
  return false;
}

}  // namespace adyn::sym
