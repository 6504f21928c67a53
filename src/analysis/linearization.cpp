#include "adyn/analysis/linearization.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

#include "adyn/analysis/consistency.hpp"
#include "adyn/error.hpp"
#include "adyn/linalg/column_pivoting.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/number_forms.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "output_linearization.hpp"

namespace adyn::analysis {

using GiNaC::ex;
using GiNaC::matrix;

namespace {

// Normalized when small; a large expression (a multibody system's, kept as a graph of shared
// subexpressions) is left as it is: normal() would expand it.
ex tidy(const ex& e) { return sym::expansion_is_small(e, sym::simplification_limit) ? sym::canonical_normal(e) : e; }

// x of A x = b (sym::solve_linear), the linearization kept symbolic in the parameters; beyond the
// order of the graph determinant, a NotApplicableError that says what was solved for.
matrix solved(const matrix& A, const matrix& b, const std::string& unknowns) {
  try {
    return sym::solve_linear(A, b, sym::simplification_limit);
  } catch (const BeyondGraphDeterminant& e) {
    throw NotApplicableError("linearization", "cannot solve for the " + std::to_string(e.order()) + " " + unknowns +
                                                  " symbolically (in the parameters): more than " +
                                                  std::to_string(sym::largest_graph_determinant) +
                                                  " unknowns for Cramer's rule over the expression graph (an operating "
                                                  "point in numbers keeps the entries small enough to solve)");
  }
}

matrix tidy(const matrix& m) { return sym::map_entries(m, [](const ex& e) { return tidy(e); }); }

void require_independent_speeds(const formulations::EquationsOfMotion& eom) {
  if (eom.enforcement == formulations::ConstraintEnforcement::NumericElimination)
    throw NotApplicableError(eom.method + " equations",
                             "solve their " + std::to_string(eom.constraint_matrix.rows()) + " dependent speeds numerically "
                             "(beyond the symbolic limit of " + std::to_string(sym::largest_graph_determinant) +
                             "); linearization needs them eliminated symbolically: choose fewer constraints, or "
                             "linearize a smaller model");
  if (eom.m() || eom.constraint_matrix.rows() || eom.nonideal_force.rows())
    throw ModelError(eom.method + " equations",
                     "linearization takes equations in independent speeds without constraint rows: derive them "
                     "by kane, gibbs-appell or maggi (or lagrange for an unconstrained system)");
}

// Numeric values for checks and pivoting: the system's parameter values overridden by the point;
// symbols the point leaves free (a swept speed) get generic values.
// The point `at` with the parameters' values and generic values for what is left (swept quantities).
GiNaC::exmap generic_completion(const model::System& system, const GiNaC::exmap& at, const matrix& m) {
  GiNaC::exmap values = system.parameter_values();
  for (const auto& [k, v] : at) values[k] = v;
  return sym::with_generic_values(values, m);
}

void check_on_constraints(const model::System& system, const HolonomicConstraints& h, const GiNaC::exmap& at) {
  for (std::size_t k = 0; k < h.phi.size(); ++k) {
    ex r = sym::substitute(sym::substitute(h.phi[k], at), system.parameter_values());
    if (!GiNaC::is_a<GiNaC::numeric>(r.evalf())) continue;  // symbolic in a swept quantity: checked when evaluated
    double value = GiNaC::ex_to<GiNaC::numeric>(r.evalf()).to_double();
    if (std::abs(value) > 1e-8)
      throw ModelError("constraint '" + h.names[k] + "'", "violated at the linearization point (residual " +
                                                            std::to_string(value) + ")");
  }
}

// δq = T δq_i: the dependent coordinates solved from Φ_d δq_d + Φ_i δq_i = 0 at the point, chosen
// by numerical pivoting on Φ there: first those whose rates the model names in dependent_speeds,
// then those the equations do not contain (so that ignorable coordinates drop out), then the rest.
struct CoordinateReduction {
  std::vector<std::size_t> independent, dependent;
  matrix T;
};

CoordinateReduction reduce_coordinates(const model::System& system, const formulations::EquationsOfMotion& eom,
                                       const HolonomicConstraints& h, const GiNaC::exmap& at) {
  const std::size_t n = eom.n(), c = h.phi.size();
  CoordinateReduction out;
  matrix Phi = sym::map_entries(sym::jacobian(sym::column(h.phi), eom.coordinates),
                                [&](const ex& e) { return tidy(sym::exact_numbers(sym::substitute(e, at))); });
  const Eigen::MatrixXd Phi_at = sym::evaluate(Phi, generic_completion(system, at, Phi), "constraint Jacobian");
  const auto& named = system.dependent_speeds();
  std::vector<int> tiers(n);
  for (std::size_t j = 0; j < n; ++j) {
    const auto& q = eom.coordinates[j];
    const bool rate_named = std::find(named.begin(), named.end(), sym::derivative_of(q)) != named.end();
    tiers[j] = rate_named ? 0 : 1 + (sym::matrix_has(eom.mass_matrix, q) || sym::matrix_has(eom.forcing, q));
  }
  out.dependent = linalg::pivoted_columns(Phi_at, tiers);
  if (out.dependent.size() < c)
    throw SingularityError("holonomic constraints", "redundant or singular at the linearization point");
  std::sort(out.dependent.begin(), out.dependent.end());
  for (std::size_t j = 0; j < n; ++j)
    if (!std::binary_search(out.dependent.begin(), out.dependent.end(), j)) out.independent.push_back(j);
  matrix Phi_d(c, c), Phi_i(c, out.independent.size());
  for (std::size_t i = 0; i < c; ++i) {
    for (std::size_t k = 0; k < c; ++k) Phi_d(i, k) = Phi(i, out.dependent[k]);
    for (std::size_t k = 0; k < out.independent.size(); ++k) Phi_i(i, k) = -Phi(i, out.independent[k]);
  }
  const matrix X = c ? solved(Phi_d, Phi_i, "dependent coordinates") : matrix(0, out.independent.size());
  out.T = matrix(n, out.independent.size());
  for (std::size_t k = 0; k < out.independent.size(); ++k) out.T(out.independent[k], k) = 1;
  for (std::size_t i = 0; i < c; ++i)
    for (std::size_t k = 0; k < out.independent.size(); ++k) out.T(out.dependent[i], k) = X(i, k);
  return out;
}

matrix select(const matrix& m, const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols) {
  matrix out(rows.size(), cols.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j) out(i, j) = m(rows[i], cols[j]);
  return out;
}

std::vector<std::size_t> all_indices(std::size_t n) {
  std::vector<std::size_t> v(n);
  std::iota(v.begin(), v.end(), std::size_t{0});
  return v;
}

// Drops the independent coordinates (by position in Nq's columns) on which neither the kept
// coordinates' rates nor the forces depend, until none is left to drop.
std::vector<std::size_t> kept_coordinates(const matrix& Nq, const matrix& Fq) {
  std::vector<std::size_t> kept = all_indices(Nq.cols());
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (auto it = kept.begin(); it != kept.end(); ++it) {
      bool used = false;
      for (std::size_t i = 0; i < Fq.rows() && !used; ++i) used = !Fq(i, *it).is_zero();
      for (std::size_t r : kept) used = used || !Nq(r, *it).is_zero();
      if (!used) {
        kept.erase(it), dropped = true;
        break;
      }
    }
  }
  return kept;
}

bool is_identity(const matrix& m) {
  if (m.rows() != m.cols()) return false;
  for (std::size_t i = 0; i < m.rows(); ++i)
    for (std::size_t j = 0; j < m.cols(); ++j)
      if (!(m(i, j) - (i == j ? 1 : 0)).is_zero()) return false;
  return true;
}

void split_second_order_form(LinearizedEquations& lin) {
  if (!sym::is_zero_matrix(lin.Nq) || !is_identity(lin.Nu) || !sym::is_zero_matrix(lin.Nw)) return;
  const std::size_t n = lin.M.rows();
  lin.C = matrix(n, n), lin.G = matrix(n, n), lin.K = matrix(n, n), lin.N = matrix(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      lin.C(i, j) = tidy(-(lin.Fu(i, j) + lin.Fu(j, i)) / 2);
      lin.G(i, j) = tidy(-(lin.Fu(i, j) - lin.Fu(j, i)) / 2);
      lin.K(i, j) = tidy(-(lin.Fq(i, j) + lin.Fq(j, i)) / 2);
      lin.N(i, j) = tidy(-(lin.Fq(i, j) - lin.Fq(j, i)) / 2);
    }
}

// "q1 = 0.5, q1_d = 1e+200": the coordinates and speeds the point gives, for messages.
std::string described(const GiNaC::exmap& point, const formulations::EquationsOfMotion& eom) {
  std::string out;
  for (const auto* symbols : {&eom.coordinates, &eom.speeds})
    for (const auto& s : *symbols)
      if (const auto it = point.find(s); it != point.end()) {
        std::ostringstream value;
        if (GiNaC::is_a<GiNaC::numeric>(it->second) && GiNaC::ex_to<GiNaC::numeric>(it->second).is_real())
          value << GiNaC::ex_to<GiNaC::numeric>(it->second).to_double();
        else
          value << sym::to_text(sym::decimal_numbers(it->second));
        out += (out.empty() ? "" : ", ") + s.get_name() + " = " + value.str();
      }
  return out;
}

}  // namespace

LinearizedEquations linearize(const model::System& system, const formulations::EquationsOfMotion& eom,
                              const GiNaC::exmap& point, const LinearizationOptions& options) {
  require_independent_speeds(eom);
  // Exact arithmetic at the point (its floating-point values as the rationals they are), so that
  // what cancels cancels exactly (an ignorable coordinate is told by zeros) and the result does
  // not depend on GiNaC's order; exact in the result too (evaluated without a second rounding),
  // shown with decimals by whatever prints it (sym::decimal_numbers).
  const GiNaC::exmap at = sym::exact_numbers(point);
  const auto h = holonomic_constraints(system);
  check_on_constraints(system, h, at);
  const auto reduction = reduce_coordinates(system, eom, h, at);
  sym::Substitution at_the_point(at);
  auto at_point = [&](const matrix& m) { return tidy(sym::exact_numbers(at_the_point(m))); };

  LinearizedEquations lin;
  lin.M = at_point(eom.mass_matrix);
  const matrix F0 = at_point(eom.forcing), f0 = at_point(eom.coordinate_rates);
  const auto udot = sym::derivatives_of(eom.speeds);
  const Eigen::MatrixXd M_generic = sym::evaluate(lin.M, generic_completion(system, at, lin.M), "mass matrix");
  if (Eigen::FullPivLU<Eigen::MatrixXd>(M_generic).rank() < M_generic.rows())
    throw SingularityError(eom.method + " equations", "the mass matrix is singular at the linearization point");
  const matrix udot0 = solved(lin.M, F0, "accelerations at the operating point");
  // Residual r = M u̇ − F; its Jacobians at the point with u̇ = u̇0 (zero at an equilibrium).
  GiNaC::exmap with_acc = at;
  for (std::size_t i = 0; i < udot.size(); ++i) with_acc[udot[i]] = udot0(i, 0);
  const matrix r = sym::product(eom.mass_matrix, sym::column(udot)).sub(eom.forcing);
  sym::Substitution with_acceleration(with_acc);
  auto jac_at = [&](const matrix& m, const std::vector<GiNaC::symbol>& xs) {
    return tidy(sym::exact_numbers(with_acceleration(sym::jacobian(m, xs))));
  };
  const matrix Fq_all = sym::scaled(sym::product(jac_at(r, eom.coordinates), reduction.T), -1);
  const matrix Nq_all = sym::product(jac_at(eom.coordinate_rates, eom.coordinates), reduction.T);
  const matrix Nq_independent = select(Nq_all, reduction.independent, all_indices(Nq_all.cols()));
  auto normalized = [](const matrix& m) { return tidy(m); };
  const auto kept = options.keep_ignorable ? all_indices(reduction.independent.size())
                                           : kept_coordinates(normalized(Nq_independent), normalized(Fq_all));
  std::vector<std::size_t> kept_rows;
  for (std::size_t k : kept) kept_rows.push_back(reduction.independent[k]);
  const auto speed_columns = all_indices(eom.p());
  lin.Nq = normalized(select(Nq_independent, kept, kept));
  lin.Nu = normalized(select(jac_at(eom.coordinate_rates, eom.speeds), kept_rows, speed_columns));
  lin.Fq = normalized(select(Fq_all, speed_columns, kept));
  lin.Fu = normalized(sym::scaled(jac_at(r, eom.speeds), -1));
  for (std::size_t j : reduction.dependent) lin.dependent.push_back(eom.coordinates[j]);
  for (std::size_t k = 0; k < reduction.independent.size(); ++k)
    (std::find(kept.begin(), kept.end(), k) != kept.end() ? lin.coordinates : lin.ignorable)
        .push_back(eom.coordinates[reduction.independent[k]]);
  lin.speeds = eom.speeds;
  for (const auto& w : system.inputs()) lin.inputs.push_back(w.symbol);
  if (!lin.inputs.empty()) {  // B's blocks: the inputs' partials at the point, as the speeds' (and
    // trigonometry simplified, within its bounds: a torque pair's partials cancel through sin² + cos² = 1)
    const auto columns = all_indices(lin.inputs.size());
    lin.Nw = sym::trig_simplify(normalized(select(jac_at(eom.coordinate_rates, lin.inputs), kept_rows, columns)));
    lin.Fw = sym::trig_simplify(normalized(sym::scaled(jac_at(r, lin.inputs), -1)));
  }
  if (!system.outputs().empty()) {
    std::vector<std::size_t> ignorable;  // among the independent coordinates
    for (std::size_t k = 0; k < reduction.independent.size(); ++k)
      if (std::find(kept.begin(), kept.end(), k) == kept.end()) ignorable.push_back(k);
    linearize_outputs(system, eom, at, select(reduction.T, all_indices(eom.n()), kept),
                      select(reduction.T, all_indices(eom.n()), ignorable), lin);
  }
  std::vector<ex> stationarity;
  for (std::size_t i = 0; i < eom.p(); ++i) stationarity.push_back(tidy(udot0(i, 0)));
  for (std::size_t i : kept_rows) stationarity.push_back(f0(i, 0));
  lin.stationarity = sym::column(stationarity);
  split_second_order_form(lin);
  lin.operating_point = described(point, eom);
  return lin;
}

std::vector<std::string> LinearizedEquations::state_names() const {
  std::vector<std::string> names;
  for (const auto& q : coordinates) names.push_back(q.get_name());
  for (const auto& u : speeds) names.push_back(u.get_name());
  return names;
}

std::vector<std::string> LinearizedEquations::input_names() const {
  std::vector<std::string> names;
  for (const auto& w : inputs) names.push_back(w.get_name());
  return names;
}

namespace {

// The entries of m at the parameter values; one that is not a finite real number is named by its
// row and column (states) and the operating point.
Eigen::MatrixXd entries_at(const LinearizedEquations& lin, const matrix& m, const GiNaC::exmap& parameters,
                           const std::string& what, const std::vector<std::string>& rows,
                           const std::vector<GiNaC::symbol>& columns) {
  sym::GraphEvaluator value(parameters);
  Eigen::MatrixXd out(m.rows(), m.cols());
  try {
    for (unsigned i = 0; i < m.rows(); ++i)
      for (unsigned j = 0; j < m.cols(); ++j)
        out(i, j) = value(m(i, j), what + " [" + rows[i] + (columns.empty() ? "" : ", " + columns[j].get_name()) + "]");
  } catch (const EvaluationError& e) {
    throw EvaluationError(std::string(e.what()) + " (operating point: " + lin.operating_point + ")");
  }
  return out;
}

std::vector<std::string> names(const std::vector<GiNaC::symbol>& symbols, const std::string& prefix = "") {
  std::vector<std::string> out;
  for (const auto& s : symbols) out.push_back(prefix + s.get_name());
  return out;
}

}  // namespace

double stationarity_residual(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  if (!lin.stationarity.rows()) return 0;
  auto rows = names(lin.speeds, "d/dt ");
  for (const auto& q : names(lin.coordinates, "d/dt ")) rows.push_back(q);
  return entries_at(lin, lin.stationarity, parameters, "motion at the operating point", rows, {}).cwiseAbs().maxCoeff();
}

namespace {

// M at the parameter values, factored; SingularityError when it is singular.
Eigen::FullPivLU<Eigen::MatrixXd> factored_mass_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  Eigen::FullPivLU<Eigen::MatrixXd> lu(entries_at(lin, lin.M, parameters, "linearized mass matrix", names(lin.speeds), lin.speeds));
  if (!lu.isInvertible()) throw SingularityError("linearized equations", "the mass matrix is singular at the operating point");
  return lu;
}

}  // namespace

Eigen::MatrixXd state_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  const auto u = names(lin.speeds), q = names(lin.coordinates);
  const auto lu = factored_mass_matrix(lin, parameters);
  const Eigen::MatrixXd Fq = entries_at(lin, lin.Fq, parameters, "linearized forces F_q", u, lin.coordinates);
  const Eigen::MatrixXd Fu = entries_at(lin, lin.Fu, parameters, "linearized forces F_u", u, lin.speeds);
  const auto nq = static_cast<Eigen::Index>(lin.coordinates.size()), p = lu.rows();
  Eigen::MatrixXd A(nq + p, nq + p);
  A.topLeftCorner(nq, nq) = entries_at(lin, lin.Nq, parameters, "linearized kinematic equations N_q", q, lin.coordinates);
  A.topRightCorner(nq, p) = entries_at(lin, lin.Nu, parameters, "linearized kinematic equations N_u", q, lin.speeds);
  A.bottomLeftCorner(p, nq) = lu.solve(Fq);
  A.bottomRightCorner(p, p) = lu.solve(Fu);
  return A;
}

// B = [N_w; M⁻¹F_w]: δq̇ = … + N_w δw, M δu̇ = … + F_w δw.
Eigen::MatrixXd input_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  const auto nq = static_cast<Eigen::Index>(lin.coordinates.size()), p = static_cast<Eigen::Index>(lin.speeds.size());
  const auto m = static_cast<Eigen::Index>(lin.inputs.size());
  Eigen::MatrixXd B = Eigen::MatrixXd::Zero(nq + p, m);
  if (m == 0) return B;
  const auto lu = factored_mass_matrix(lin, parameters);
  B.topRows(nq) = entries_at(lin, lin.Nw, parameters, "linearized kinematic equations N_w", names(lin.coordinates), lin.inputs);
  B.bottomRows(p) = lu.solve(entries_at(lin, lin.Fw, parameters, "linearized forces F_w", names(lin.speeds), lin.inputs));
  return B;
}

namespace {

// A balanced similar to A: B = D⁻¹ A D with D diagonal (powers of 2, exact), each row and column of
// B of like norm (Parlett & Reinsch's balancing, as LAPACK's gebal). States in unlike units — metres
// and radians per second — give A entries over 40 decades; B's eigenvalues are more accurate, and its
// norm is a scale for them.
struct Balanced {
  Eigen::MatrixXd B;
  Eigen::VectorXd D;
};

Balanced balance(const Eigen::MatrixXd& A) {
  Balanced out{A, Eigen::VectorXd::Ones(A.rows())};
  auto& B = out.B;
  for (bool done = false; !done;) {
    done = true;
    for (Eigen::Index i = 0; i < B.rows(); ++i) {
      // the norms of the column and the row without the diagonal entry, without squares that
      // overflow (entries beyond 1e154, as a large parameter value gives)
      Eigen::VectorXd column = B.col(i), row = B.row(i).transpose();
      column(i) = row(i) = 0;
      double c = column.stableNorm(), r = row.stableNorm();
      if (c == 0 || r == 0) continue;
      const double before = c + r;
      double f = 1;
      for (; c < r / 2 && f < 1e150; c *= 2, r /= 2) f *= 2;
      for (; c >= 2 * r && f > 1e-150; c /= 2, r *= 2) f /= 2;
      if (c + r >= 0.95 * before) continue;
      done = false;
      out.D(i) *= f, B.col(i) *= f, B.row(i) /= f;
    }
  }
  return out;
}

// Whether a repeated eigenvalue of B on the imaginary axis (|Re λ| ≤ tol) has fewer eigenvectors than
// its multiplicity: a Jordan block, whose modes grow like t e^{λt} — e.g. the double zero of the
// rotating wheel at Ω = √(k2/m) (Géradin E1.8). Roundoff splits a k-fold eigenvalue by about
// eps^{1/k} |B|, so the cluster is gathered at 1e-6 |B|; its geometric multiplicity is the number
// of singular values of B − μI below 1e-8 |B|, μ the cluster's mean.
bool has_secular_growth(const Eigen::MatrixXd& B, const Eigen::VectorXcd& values, double tol) {
  const double scale = B.norm();
  std::vector<bool> taken(static_cast<std::size_t>(values.size()), false);
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    if (taken[static_cast<std::size_t>(i)] || std::abs(values(i).real()) > tol) continue;
    std::complex<double> sum = 0;
    Eigen::Index count = 0;
    for (Eigen::Index j = i; j < values.size(); ++j)
      if (!taken[static_cast<std::size_t>(j)] && std::abs(values(j) - values(i)) <= 1e-6 * scale)
        taken[static_cast<std::size_t>(j)] = true, sum += values(j), ++count;
    if (count < 2) continue;
    const Eigen::MatrixXcd shifted =
        B.cast<std::complex<double>>() - (sum / double(count)) * Eigen::MatrixXcd::Identity(B.rows(), B.cols());
    const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXcd>(shifted).singularValues();
    if ((sigma.array() <= 1e-8 * scale).count() < count) return true;
  }
  return false;
}

}  // namespace

Eigenanalysis eigenanalysis(const LinearizedEquations& lin, const GiNaC::exmap& parameters, double tol) {
  const auto [B, D] = balance(state_matrix(lin, parameters));
  Eigen::EigenSolver<Eigen::MatrixXd> solver(B);
  const auto& values = solver.eigenvalues();
  std::vector<Eigen::Index> order(static_cast<std::size_t>(values.size()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return values(a).imag() < values(b).imag(); });
  Eigenanalysis out;
  out.eigenvalues.resize(values.size());
  out.modes.resize(solver.eigenvectors().rows(), solver.eigenvectors().cols());
  out.spectral_abscissa = values.size() ? -1e300 : 0;
  // Parts below the rounding level of the matrix are zero (a conserved rate's eigenvalue is 0, not
  // the −1e-20 that rounding in its entries leaves).
  const double rounding = 64 * std::numeric_limits<double>::epsilon() * std::max(1.0, B.cwiseAbs().maxCoeff());
  auto cleaned = [&](double x) { return std::abs(x) <= rounding ? 0.0 : x; };
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto k = order[i];
    const std::complex<double> lambda(cleaned(values(k).real()), cleaned(values(k).imag()));
    out.eigenvalues(static_cast<Eigen::Index>(i)) = lambda;
    out.modes.col(static_cast<Eigen::Index>(i)) = (D.cast<std::complex<double>>().asDiagonal() * solver.eigenvectors().col(k)).normalized();
    const double magnitude = std::abs(lambda);
    const double zeta = magnitude > 0 ? -lambda.real() / magnitude : 0;
    out.table.push_back({lambda, magnitude, std::abs(lambda.imag()), zeta == 0 ? 0.0 : zeta});  // no −0
    out.spectral_abscissa = std::max(out.spectral_abscissa, lambda.real());
    if (lambda.imag() > tol) out.frequencies.push_back(lambda.imag());
  }
  std::sort(out.frequencies.begin(), out.frequencies.end());
  out.secular = out.spectral_abscissa <= tol && has_secular_growth(B, out.eigenvalues, tol);
  out.stable = out.spectral_abscissa <= tol && !out.secular;
  out.asymptotically_stable = out.spectral_abscissa < -tol;
  return out;
}

std::string stability_verdict(const Eigenanalysis& a) {
  if (a.secular) return "unstable (secular growth: a repeated eigenvalue on the imaginary axis lacks modes)";
  return a.asymptotically_stable ? "asymptotically stable" : a.stable ? "stable (marginally)" : "unstable";
}

}  // namespace adyn::analysis
