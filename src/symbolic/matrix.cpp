#include "adyn/symbolic/matrix.hpp"

#include <map>
#include <stdexcept>

#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/expansion_size.hpp"

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

std::vector<GiNaC::ex> entries(const GiNaC::matrix& m) {
  std::vector<GiNaC::ex> out;
  out.reserve(m.nops());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out.push_back(m(i, j));
  return out;
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

namespace {

// det of the rows first.. of `a` and the columns in `columns` (a bit set), by Laplace expansion
// along the first of those rows; minors are shared through the memo.
GiNaC::ex minor_determinant(const GiNaC::matrix& a, unsigned first, unsigned columns, std::map<unsigned, GiNaC::ex>& memo) {
  if (first == a.rows()) return 1;
  if (auto done = memo.find(columns); done != memo.end()) return done->second;
  GiNaC::exvector terms;
  int sign = 1;
  for (unsigned j = 0; j < a.cols(); ++j) {
    if (!(columns & (1u << j))) continue;
    if (!a(first, j).is_zero()) {
      const GiNaC::ex rest = minor_determinant(a, first + 1, columns & ~(1u << j), memo);
      if (!rest.is_zero()) terms.push_back(times(sign, a(first, j), rest));
    }
    sign = -sign;
  }
  const GiNaC::ex d = terms.empty() ? GiNaC::ex(0) : GiNaC::ex(GiNaC::dynallocate<GiNaC::add>(terms));
  memo.emplace(columns, d);
  return d;
}

}  // namespace

namespace {

// The constant by which a polynomial's canonical first term differs from a monic one.
GiNaC::numeric leading_coefficient(const GiNaC::ex& polynomial, CanonicalOrder& order) {
  if (GiNaC::is_a<GiNaC::numeric>(polynomial)) return GiNaC::ex_to<GiNaC::numeric>(polynomial);
  const auto terms = GiNaC::is_a<GiNaC::add>(polynomial) ? order.operands(polynomial) : std::vector<GiNaC::ex>{polynomial};
  for (const auto& term : terms) {
    if (GiNaC::is_a<GiNaC::numeric>(term)) continue;
    if (GiNaC::is_a<GiNaC::mul>(term))
      for (const auto& factor : term)
        if (GiNaC::is_a<GiNaC::numeric>(factor)) return GiNaC::ex_to<GiNaC::numeric>(factor);
    return 1;
  }
  return 1;
}

}  // namespace

GiNaC::ex canonical_normal(const GiNaC::ex& e) {
  GiNaC::ex fraction;
  try {
    fraction = e.normal().numer_denom();
  } catch (const std::logic_error&) {
    // GiNaC's heuristic gcd rejects some unexpanded polynomials with rational coefficients
    // ("heur_gcd: not an integer polynomial"), depending on its order of terms: expanded, they pass.
    fraction = e.expand().normal().numer_denom();
  }
  const GiNaC::ex numerator = fraction.op(0).expand(), denominator = fraction.op(1).expand();
  CanonicalOrder order;
  const GiNaC::numeric c = leading_coefficient(denominator, order);
  return (numerator / c).expand() / (denominator / c).expand();
}

GiNaC::ex normal_if_small(const GiNaC::ex& e) { return expansion_is_small(e, normalization_limit) ? canonical_normal(e) : e; }

GiNaC::matrix normal_if_small(const GiNaC::matrix& m) {
  return map_entries(m, [](const GiNaC::ex& e) { return normal_if_small(e); });
}

GiNaC::matrix solve_linear(const GiNaC::matrix& A, const GiNaC::matrix& b, std::size_t simplify_limit) {
  std::vector<GiNaC::ex> all = entries(A);
  for (const auto& e : entries(b)) all.push_back(e);
  if (expansion_is_small(all, simplify_limit)) {
    GiNaC::matrix unknowns(A.cols(), b.cols());
    for (unsigned i = 0; i < A.cols(); ++i)
      for (unsigned j = 0; j < b.cols(); ++j) unknowns(i, j) = GiNaC::symbol();
    return map_entries(A.solve(unknowns, b), [](const GiNaC::ex& e) { return canonical_normal(e); });
  }
  const GiNaC::ex inverse_det = GiNaC::pow(sym::determinant(A), -1);
  GiNaC::matrix x(A.cols(), b.cols());
  for (unsigned k = 0; k < b.cols(); ++k)
    for (unsigned i = 0; i < A.cols(); ++i) {
      GiNaC::matrix Ai = A;
      for (unsigned r = 0; r < A.rows(); ++r) Ai(r, i) = b(r, k);
      x(i, k) = times(sym::determinant(Ai), inverse_det);
    }
  return x;
}

GiNaC::ex determinant(const GiNaC::matrix& a) {
  if (a.rows() != a.cols()) throw std::logic_error("determinant of a matrix that is not square");
  if (a.rows() > largest_graph_determinant) throw BeyondGraphDeterminant(a.rows(), largest_graph_determinant);
  std::map<unsigned, GiNaC::ex> memo;
  return minor_determinant(a, 0, (1u << a.cols()) - 1, memo);
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
