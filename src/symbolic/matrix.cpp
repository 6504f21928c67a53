#include "adyn/symbolic/matrix.hpp"

#include <map>
#include <stdexcept>
#include <string>

#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/node_kind.hpp"

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

// Each variable's derivative by the chain rule over the rows that hold it (a closed loop's row holds
// a few of many coordinates), with one memo per variable: what the rows share is differentiated once.
GiNaC::matrix jacobian(const GiNaC::matrix& f, const std::vector<GiNaC::symbol>& xs) {
  GiNaC::matrix J(f.rows(), xs.size());
  std::vector<GiNaC::exset> held(f.rows());
  for (unsigned i = 0; i < f.rows(); ++i) held[i] = free_symbols(f(i, 0));
  for (unsigned j = 0; j < xs.size(); ++j) {
    PartialDerivative d(xs[j]);
    for (unsigned i = 0; i < f.rows(); ++i)
      if (held[i].count(xs[j])) J(i, j) = d(f(i, 0));
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
  if (is<GiNaC::numeric>(polynomial)) return GiNaC::ex_to<GiNaC::numeric>(polynomial);
  const auto terms = is<GiNaC::add>(polynomial) ? order.operands(polynomial) : std::vector<GiNaC::ex>{polynomial};
  for (const auto& term : terms) {
    if (is<GiNaC::numeric>(term)) continue;
    if (is<GiNaC::mul>(term))
      for (const auto& factor : term)
        if (is<GiNaC::numeric>(factor)) return GiNaC::ex_to<GiNaC::numeric>(factor);
    return 1;
  }
  return 1;
}

}  // namespace

namespace {

// What normal() cannot take apart — functions, and powers whose exponent is not an integer — as
// symbols of its own, each standing for the part with its arguments (its base) in canonical normal
// form; a power with a rational exponent as an integer power of its base's q-th root. normal() would
// replace them itself, normalizing a power's base to a fraction whose sign and orientation follow
// its order of terms (√(a − b) in one run, √(−1/(b − a))⁻¹ in the next); these forms do not.
class OpaqueParts : public GiNaC::map_function {
 public:
  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (e.nops() == 0) return e;
    if (auto done = memo_.find(e); done != memo_.end()) return done->second;
    const GiNaC::ex r = replaced(e);
    memo_.emplace(e, r);
    return r;
  }

  /// numerator / denominator with the stand-ins replaced by the parts they stand for; a root's
  /// power common to the numerator's terms taken out and joined with a power of its base that is
  /// the denominator: (x² + y²)^(−3/2), not √(x² + y²)/(x⁴ + 2x²y² + y⁴).
  GiNaC::ex restored(GiNaC::ex numerator, GiNaC::ex denominator) const {
    GiNaC::ex factor = 1;
    for (const auto& [root, base] : root_bases_) {
      if (const int r = numerator.ldegree(root); r > 0) {
        numerator = (numerator * GiNaC::pow(root, -r)).expand();
        factor *= GiNaC::pow(root, r);
      }
      GiNaC::ex rest;
      for (int m = 1; m <= 4 && !is<GiNaC::numeric>(denominator); ++m)
        if (GiNaC::divide(denominator, GiNaC::pow(base, m).expand(), rest) && is<GiNaC::numeric>(rest))
          denominator = rest, factor *= GiNaC::pow(base, -m);
    }
    const GiNaC::ex e = numerator * factor / denominator;
    return parts_.empty() ? e : e.subs(parts_, GiNaC::subs_options::no_pattern);
  }

 private:
  GiNaC::ex replaced(const GiNaC::ex& e) {
    if (is<GiNaC::add>(e) || is<GiNaC::mul>(e)) {  // in the canonical order: the stand-ins'
      GiNaC::exvector operands;                                       // names follow it
      for (const auto& op : order_.operands(e)) operands.push_back((*this)(op));
      return is<GiNaC::add>(e) ? GiNaC::ex(GiNaC::add(operands)) : GiNaC::ex(GiNaC::mul(operands));
    }
    if (is<GiNaC::power>(e) && e.op(1).info(GiNaC::info_flags::integer))
      return GiNaC::pow((*this)(e.op(0)), e.op(1));
    if (!is<GiNaC::power>(e)) {
      struct : GiNaC::map_function {
        GiNaC::ex operator()(const GiNaC::ex& x) override { return canonical_normal(x); }
      } normalized;
      return stand_in(e.map(normalized));
    }
    const GiNaC::ex base = canonical_normal(e.op(0));
    if (!e.op(1).info(GiNaC::info_flags::rational)) return stand_in(GiNaC::pow(base, e.op(1)));
    // b^(p/q) = b^k · (b^(1/q))^r, p = k q + r, 0 < r < q: one stand-in for every power of b with
    // denominator q, the rest rational (√b and b^(−3/2) = √b / b² are one symbol's powers).
    const GiNaC::numeric exponent = GiNaC::ex_to<GiNaC::numeric>(e.op(1));
    const GiNaC::numeric q = exponent.denom(), truncated = GiNaC::iquo(exponent.numer(), q);
    const GiNaC::numeric k = exponent.is_negative() ? truncated - 1 : truncated;  // ⌊p/q⌋ (p/q is no integer)
    const GiNaC::ex rational_base = (*this)(base), root = stand_in(GiNaC::pow(base, 1 / q));
    if (is<GiNaC::symbol>(root)) root_bases_.emplace(GiNaC::ex_to<GiNaC::symbol>(root), rational_base);
    return GiNaC::pow(rational_base, k) * GiNaC::pow(root, (exponent - k) * q);
  }
  GiNaC::ex stand_in(const GiNaC::ex& part) {
    if (is<GiNaC::symbol>(part) || is<GiNaC::numeric>(part)) return part;
    if (auto it = symbols_.find(part); it != symbols_.end()) return it->second;
    const GiNaC::symbol s("part" + std::to_string(parts_.size()));
    symbols_.emplace(part, s);
    parts_[s] = part;
    return s;
  }
  CanonicalOrder order_;
  ExMap<GiNaC::ex> memo_, symbols_;
  GiNaC::exmap parts_;
  std::map<GiNaC::symbol, GiNaC::ex, GiNaC::ex_is_less> root_bases_;  // b^(1/q)'s stand-in: b with stand-ins
};

}  // namespace

namespace {

// canonical_normal of a rational function of symbols and numbers, as numerator and denominator.
std::pair<GiNaC::ex, GiNaC::ex> canonical_fraction(const GiNaC::ex& rational) {
  GiNaC::ex fraction;
  try {
    fraction = rational.normal().numer_denom();
  } catch (const std::logic_error&) {
    // GiNaC's heuristic gcd rejects some unexpanded polynomials with rational coefficients
    // ("heur_gcd: not an integer polynomial"), depending on its order of terms: expanded, they pass.
    fraction = rational.expand().normal().numer_denom();
  }
  const GiNaC::ex numerator = fraction.op(0).expand(), denominator = fraction.op(1).expand();
  CanonicalOrder order;
  const GiNaC::numeric c = leading_coefficient(denominator, order);
  return {(numerator / c).expand(), (denominator / c).expand()};
}

}  // namespace

GiNaC::ex canonical_normal(const GiNaC::ex& e) {
  if (e.nops() == 0) return e;  // a symbol or a number: its own normal form
  OpaqueParts opaque;
  const auto [numerator, denominator] = canonical_fraction(opaque(e));
  return opaque.restored(numerator, denominator);
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
    OpaqueParts opaque;  // (GiNaC's elimination normalizes its entries, with the forms normal() chooses)
    auto stand_ins = [&](const GiNaC::ex& e) { return opaque(e); };
    const GiNaC::matrix x = map_entries(A, stand_ins).solve(unknowns, map_entries(b, stand_ins));
    return map_entries(x, [&](const GiNaC::ex& e) {
      const auto [numerator, denominator] = canonical_fraction(e);
      return opaque.restored(numerator, denominator);
    });
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
