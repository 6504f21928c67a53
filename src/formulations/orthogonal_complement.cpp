#include "adyn/formulations/orthogonal_complement.hpp"

#include <Eigen/Dense>
#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/speed_partition.hpp"
#include "adyn/linalg/column_pivoting.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

#include "acceleration_constraints.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;
using GiNaC::symbol;

const char* const kMethod = "orthogonal complement";

// A generic numeric point of the symbols of m: parameter values where given, random elsewhere.
Eigen::MatrixXd at_generic_point(const model::System& system, const matrix& m) {
  return sym::evaluate(m, sym::with_generic_values(system.parameter_values(), m, 11), "orthogonal complement blocks");
}

// The model's reference state (its initial configuration), generic values elsewhere.
Eigen::MatrixXd at_reference_state(const model::System& system, const matrix& m) {
  GiNaC::exmap at = system.parameter_values();
  for (const auto& [s, v] : system.reference_state()) at[s] = v;
  return sym::evaluate(m, sym::with_generic_values(at, m, 11), "orthogonal complement blocks at the initial state");
}

// Small entries normalized (Angeles' printed forms), large ones kept as graphs.
matrix normal(const matrix& m) { return sym::normal_if_small(m); }

matrix columns(const matrix& A, const std::vector<std::size_t>& cols) {
  matrix out(A.rows(), cols.size());
  for (unsigned i = 0; i < A.rows(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j) out(i, j) = A(i, cols[j]);
  return out;
}

matrix inverse(const model::System& system, const matrix& m, const std::string& what) {
  if (m.rows() == 0) return m;
  if (Eigen::FullPivLU<Eigen::MatrixXd>(at_generic_point(system, m)).rank() < static_cast<Eigen::Index>(m.rows()))
    throw SingularityError(std::string(kMethod) + ": " + what, "is singular");
  matrix identity(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i) identity(i, i) = 1;
  return sym::solve_linear(m, identity, sym::normalization_limit);
}

// (2.6.1): the constraints as A q̇ + b = 0 (holonomic ones through φ̇ = 0).
struct VelocityConstraints {
  matrix A, b;
};

VelocityConstraints velocity_constraints(const model::System& system) {
  const auto& cons = system.constraints();
  const auto qd = sym::derivatives_of(system.coordinates());
  GiNaC::exmap rest;
  for (const auto& r : qd) rest[r] = 0;
  matrix A(cons.size(), qd.size()), b(cons.size(), 1);
  for (std::size_t k = 0; k < cons.size(); ++k) {
    const auto& c = cons[k];
    if (c.level == model::ConstraintLevel::General)
      throw NotApplicableError("constraint '" + c.name + "'", "the orthogonal complement takes constraints linear in the rates");
    ex f = c.level == model::ConstraintLevel::Configuration ? sym::time_derivative(c.expression) : c.expression;
    for (std::size_t j = 0; j < qd.size(); ++j) A(k, j) = sym::partial_derivative(f, qd[j]);
    b(k, 0) = sym::substitute(f, rest);
  }
  return {A, b};
}

// Column indices of q_m: the options', else those whose rates the model names as dependent speeds,
// else numerical pivoting on A at the model's reference state.
std::vector<std::size_t> dependent_columns(const model::System& system, const matrix& A,
                                           const OrthogonalComplementOptions& options) {
  const auto& q = system.coordinates();
  std::vector<std::size_t> cols;
  for (const auto& d : options.dependent_coordinates) {
    auto it = std::find(q.begin(), q.end(), d);
    if (it == q.end()) throw ModelError("coordinate '" + d.get_name() + "'", "is not a coordinate of the system");
    cols.push_back(static_cast<std::size_t>(it - q.begin()));
  }
  if (cols.empty()) {
    const auto u = system.speeds();  // the rates q_d: no speeds are declared here
    for (const auto& d : system.dependent_speeds()) cols.push_back(static_cast<std::size_t>(std::find(u.begin(), u.end(), d) - u.begin()));
  }
  if (!cols.empty()) return cols;
  if (const auto rank = linalg::pivoted_columns(at_generic_point(system, A)).size(); rank < A.rows())
    throw SingularityError(std::string(kMethod), "the constraints " + dependent_everywhere(rank, A.rows()));
  cols = linalg::pivoted_columns(at_reference_state(system, A));
  if (cols.size() < A.rows())
    throw SingularityError(std::string(kMethod), "the constraints are " + dependent_at("the initial state"));
  return cols;
}

// (2.6.41) with [Xᵀ Zᵀ] left to the numeric solve: E = d/dt ∂L/∂q̇ − ∂L/∂q + ∂D/∂q̇ − φ_np of the
// unconstrained system, linear in q̈ (E = M q̈ − F, Lagrange's residual without multipliers), and
// the constraints at acceleration level, A q̈ = b; q_m the dependent coordinates.
EquationsOfMotion numeric_complement(const model::System& system, const std::vector<std::size_t>& m_cols) {
  EquationsOfMotion eom = lagrange(lagrangian_form(system), {});
  eom.method = "orthogonal complement";
  const auto rows = acceleration_constraints(system.constraints(), system.coordinates());
  eom.constraint_matrix = rows.A;
  eom.constraint_rhs = rows.b;
  for (const auto& c : system.constraints()) eom.constraint_names.push_back(c.name);
  for (auto j : m_cols) eom.numeric_dependent_speeds.push_back(eom.speeds[j]);
  eom.enforcement = ConstraintEnforcement::NumericElimination;
  return eom;
}

}  // namespace

OrthogonalComplement orthogonal_complement_blocks(const model::System& system, const OrthogonalComplementOptions& options) {
  if (!system.coordinate_rates().empty())
    throw NotApplicableError(std::string(kMethod), "works with the rates q_d of the coordinates; give generalized speeds in "
                                           "OrthogonalComplementOptions::speeds instead of declaring them");
  const auto& q = system.coordinates();
  const auto qd = sym::derivatives_of(q);
  const matrix A = velocity_constraints(system).A;
  const auto m_cols = dependent_columns(system, A, options);
  if (m_cols.size() != A.rows())
    throw NotApplicableError(std::string(kMethod), "needs one dependent coordinate per constraint (" +
                                               std::to_string(A.rows()) + ")");
  std::vector<std::size_t> p_cols;
  OrthogonalComplement oc;
  for (std::size_t j = 0; j < q.size(); ++j)
    if (std::find(m_cols.begin(), m_cols.end(), j) == m_cols.end()) p_cols.push_back(j), oc.independent.push_back(q[j]);
    else oc.dependent.push_back(q[j]);
  const std::size_t p = p_cols.size(), m = m_cols.size();
  // (2.6.3): u = C_p q̇_p + C_pm q̇_m (default C_p = 1, C_pm = 0).
  matrix Cp(p, p), Cpm(p, m);
  if (options.speeds.empty()) {
    for (std::size_t i = 0; i < p; ++i) Cp(i, i) = 1;
  } else {
    if (options.speeds.size() != p)
      throw NotApplicableError(std::string(kMethod), "needs " + std::to_string(p) + " generalized speeds (one per degree of "
                                             "freedom), got " + std::to_string(options.speeds.size()));
    for (std::size_t i = 0; i < p; ++i) {
      const auto& [name, u] = options.speeds[i];
      for (std::size_t j = 0; j < q.size(); ++j) {
        ex c = u.diff(qd[j]);
        for (const auto& r : qd)
          if (c.has(r)) throw NotApplicableError("generalized speed '" + name + "'", "is not linear in the rates");
        auto pj = std::find(p_cols.begin(), p_cols.end(), j);
        if (pj != p_cols.end()) Cp(i, static_cast<unsigned>(pj - p_cols.begin())) = c;
        else Cpm(i, static_cast<unsigned>(std::find(m_cols.begin(), m_cols.end(), j) - m_cols.begin())) = c;
      }
    }
  }
  const matrix Amp = columns(A, p_cols), Am = columns(A, m_cols);
  // The full C (2.6.4) must be regular: the speeds and the constraints together fix q̇.
  matrix C(p + m, p + m);
  for (std::size_t i = 0; i < p + m; ++i)
    for (std::size_t j = 0; j < p + m; ++j)
      C(i, j) = i < p ? (j < p ? Cp(i, j) : Cpm(i, j - p)) : (j < p ? Amp(i - p, j) : Am(i - p, j - p));
  if (Eigen::FullPivLU<Eigen::MatrixXd>(at_generic_point(system, C)).rank() < static_cast<Eigen::Index>(p + m))
    throw SingularityError(std::string(kMethod) + ": generalized speeds",
                           "with the constraints they do not determine the rates (C of (2.6.4) is singular): they do "
                           "not span the admissible motions");
  const matrix Am_inv = inverse(system, Am, "block A_m of the dependent coordinates");
  const matrix Cp_inv = inverse(system, Cp, "block C_p");
  // (2.6.8)
  oc.X = inverse(system, Cp.sub(Cpm.mul(Am_inv).mul(Amp)), "block C_p - C_pm A_m^-1 A_mp");
  oc.Y = normal(oc.X.mul(Cpm).mul(Am_inv).mul_scalar(-1));
  oc.W = inverse(system, Am.sub(Amp.mul(Cp_inv).mul(Cpm)), "block A_m - A_mp C_p^-1 C_pm");
  oc.Z = normal(oc.W.mul(Amp).mul(Cp_inv).mul_scalar(-1));
  return oc;
}

EquationsOfMotion orthogonal_complement(const model::System& system, const OrthogonalComplementOptions& options) {
  if (options.speeds.empty() && system.coordinate_rates().empty()) {
    const matrix A = velocity_constraints(system).A;
    if (A.rows() > 0 && solve_numerically(A.rows(), options.dependent_solve)) {
      const auto m_cols = dependent_columns(system, A, options);
      if (m_cols.size() != A.rows())
        throw NotApplicableError(std::string(kMethod), "needs one dependent coordinate per constraint (" +
                                                   std::to_string(A.rows()) + ")");
      return numeric_complement(system, m_cols);
    }
  }
  const OrthogonalComplement oc = orthogonal_complement_blocks(system, options);
  const auto& q = system.coordinates();
  const auto qd = sym::derivatives_of(q);
  const std::size_t n = q.size(), p = oc.independent.size();
  const matrix b = velocity_constraints(system).b;
  std::vector<std::size_t> p_idx, m_idx;
  for (std::size_t j = 0; j < n; ++j)
    (std::find(oc.independent.begin(), oc.independent.end(), q[j]) != oc.independent.end() ? p_idx : m_idx).push_back(j);

  EquationsOfMotion eom;
  eom.method = "orthogonal complement";
  eom.coordinates = q;
  for (std::size_t i = 0; i < p; ++i)
    eom.speeds.push_back(options.speeds.empty() ? sym::derivative_of(oc.independent[i])
                                                : sym::dynamic_symbol(options.speeds[i].first));
  // (2.6.9): q̇_p = X u − Y b, q̇_m = Z u − W b.
  const matrix u = sym::column(std::vector<ex>(eom.speeds.begin(), eom.speeds.end()));
  const matrix qdp = normal(oc.X.mul(u).sub(oc.Y.mul(b))), qdm = normal(oc.Z.mul(u).sub(oc.W.mul(b)));
  GiNaC::exmap rates;
  eom.coordinate_rates = matrix(n, 1);
  for (std::size_t i = 0; i < p; ++i) eom.coordinate_rates(p_idx[i], 0) = qdp(i, 0);
  for (std::size_t i = 0; i < m_idx.size(); ++i) eom.coordinate_rates(m_idx[i], 0) = qdm(i, 0);
  for (std::size_t j = 0; j < n; ++j) rates[qd[j]] = eom.coordinate_rates(j, 0);
  GiNaC::exmap accelerations;  // q̈ along the constrained motion, in q, u, u̇, t
  for (std::size_t j = 0; j < n; ++j)
    accelerations[sym::derivative_of(q[j], 2)] =
        sym::substitute(sym::time_derivative(eom.coordinate_rates(j, 0)), rates);

  // The residual of the unconstrained Lagrangian, E = d/dt ∂L/∂q̇ − ∂L/∂q + ∂D/∂q̇ − φ_np.
  const LagrangianForm form = lagrangian_form(system);
  const ex L = form.kinetic_energy - form.potential_energy;
  matrix E(n, 1);
  for (std::size_t j = 0; j < n; ++j) {
    ex e = sym::time_derivative(sym::partial_derivative(L, qd[j])) - sym::partial_derivative(L, q[j]) +
           sym::partial_derivative(form.dissipation, qd[j]) - form.generalized_forces[j];
    E(j, 0) = sym::substitute(sym::substitute(e, accelerations), rates);
  }
  // (2.6.41): [Xᵀ Zᵀ] E = 0, p equations linear in u̇.
  matrix XZ(n, p);
  for (std::size_t i = 0; i < p; ++i)
    for (std::size_t r = 0; r < p; ++r) XZ(p_idx[i], r) = oc.X(i, r);
  for (std::size_t i = 0; i < m_idx.size(); ++i)
    for (std::size_t r = 0; r < p; ++r) XZ(m_idx[i], r) = oc.Z(i, r);
  const matrix R = XZ.transpose().mul(E);
  std::vector<ex> residuals;
  for (std::size_t r = 0; r < p; ++r) residuals.push_back(R(r, 0));
  set_mass_matrix_form(eom, residuals);
  return eom;
}

}  // namespace adyn::formulations
