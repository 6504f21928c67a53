#include "adyn/numeric/mass_matrix_factorization.hpp"

#include <sstream>
#include <utility>

#include "adyn/linalg/positive_definite.hpp"

namespace adyn::numeric {
namespace {

// (Streams rather than string concatenation: GCC 12 warns falsely on "literal" + std::string.)
std::string index2(const char* base, std::size_t i, std::size_t j) {
  std::ostringstream os;
  os << base << i << '_' << j;
  return os.str();
}

std::string element(const char* array, std::size_t k) {
  std::ostringstream os;
  os << array << '[' << k << ']';
  return os.str();
}

/// "first - (a + b + ...)" for the products `terms`, or first alone.
std::string minus_sum(const std::string& first, const std::vector<std::string>& terms) {
  if (terms.empty()) return first;
  std::ostringstream os;
  os << first << " - (";
  for (std::size_t k = 0; k < terms.size(); ++k) os << (k ? " + " : "") << terms[k];
  os << ')';
  return os.str();
}

std::string product(const std::string& a, const std::string& b) {
  std::ostringstream os;
  os << a << " * " << b;
  return os.str();
}

}  // namespace

SymmetricPattern::SymmetricPattern(std::size_t p, std::vector<bool> lower_nonzero)
    : p_(p), lower_(std::move(lower_nonzero)) {}

SymmetricPattern factor_pattern(const SymmetricPattern& m) {
  const std::size_t p = m.size();
  std::vector<bool> l(p * p, false);
  for (std::size_t j = 0; j < p; ++j)
    for (std::size_t i = j + 1; i < p; ++i) {
      bool nz = m.nonzero(i, j);
      for (std::size_t k = 0; k < j && !nz; ++k) nz = l[i * p + k] && l[j * p + k];
      l[i * p + j] = nz;
    }
  return SymmetricPattern(p, std::move(l));
}

std::size_t ldlt_operation_count(const SymmetricPattern& m) {
  const SymmetricPattern L = factor_pattern(m);
  const std::size_t p = L.size();
  std::size_t n = 0;
  for (std::size_t j = 0; j < p; ++j)
    for (std::size_t i = j; i < p; ++i) {
      if (!L.nonzero(i, j)) continue;
      if (i > j) n += 2;  // the two triangular solves
      for (std::size_t k = 0; k < j; ++k) n += L.nonzero(i, k) && L.nonzero(j, k);
    }
  return n;
}

// Left-looking LDLᵀ: for each column j, with w_ik = L_ik d_k,
//   d_j = M_jj − Σ_k w_jk L_jk,   w_ij = M_ij − Σ_k w_ik L_jk,   L_ij = w_ij / d_j   (i > j, k < j),
// then L y = F, x = D⁻¹ y − Lᵀ x (back substitution).
std::string ldlt_solve_c(const std::string& name, const SymmetricPattern& m) {
  const SymmetricPattern L = factor_pattern(m);
  const std::size_t p = L.size();
  auto products = [&](std::size_t i, std::size_t j) {  // Σ_k w_ik L_jk over the common nonzeros
    std::vector<std::string> terms;
    for (std::size_t k = 0; k < j; ++k)
      if (L.nonzero(i, k) && L.nonzero(j, k)) terms.push_back(product(index2("w", i, k), index2("l", j, k)));
    return terms;
  };
  std::ostringstream c;
  c << "/* M u' = F by M = L D L^T for the structure of M (" << ldlt_operation_count(m) << " multiply-adds). */\n"
    << "static int " << name << "(const double* M, double* b) {\n";
  for (std::size_t j = 0; j < p; ++j) {
    c << "  const double d" << j << " = " << minus_sum(element("M", j * p + j), products(j, j)) << ";\n"
      << "  if (!(d" << j << " > " << linalg::singular_pivot_ratio << " * fabs(" << element("M", j * p + j)
      << "))) return " << j + 1 << ";\n"
      << "  const double " << index2("r", j, 0) << " = 1.0 / d" << j << ";\n";
    for (std::size_t i = j + 1; i < p; ++i) {
      if (!L.nonzero(i, j)) continue;
      const std::string mij = m.nonzero(i, j) ? element("M", i * p + j) : std::string("0.0");
      c << "  const double " << index2("w", i, j) << " = " << minus_sum(mij, products(i, j)) << ";\n"
        << "  const double " << index2("l", i, j) << " = " << product(index2("w", i, j), index2("r", j, 0)) << ";\n";
    }
  }
  for (std::size_t i = 0; i < p; ++i) {
    std::vector<std::string> terms;
    for (std::size_t k = 0; k < i; ++k)
      if (L.nonzero(i, k)) terms.push_back(product(index2("l", i, k), index2("y", k, 0)));
    c << "  const double " << index2("y", i, 0) << " = " << minus_sum(element("b", i), terms) << ";\n";
  }
  for (std::size_t i = p; i-- > 0;) {
    std::vector<std::string> terms;
    for (std::size_t k = i + 1; k < p; ++k)
      if (L.nonzero(k, i)) terms.push_back(product(index2("l", k, i), element("b", k)));
    c << "  b[" << i << "] = " << minus_sum(product(index2("y", i, 0), index2("r", i, 0)), terms) << ";\n";
  }
  c << "  return 0;\n}\n";
  return c.str();
}

}  // namespace adyn::numeric
