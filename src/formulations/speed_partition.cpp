#include "adyn/formulations/speed_partition.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/linalg/column_pivoting.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/linear_split.hpp"
#include "adyn/quoted_names.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::symbol;

std::string quoted_speeds(const std::vector<symbol>& u, const std::vector<std::size_t>& columns) {
  std::vector<std::string> names;
  for (auto j : columns) names.push_back(u[j].get_name());
  return quoted_names(names);
}

// Whether the columns `columns` of G form a regular square block.
bool regular_block(const Eigen::MatrixXd& G, const std::vector<std::size_t>& columns) {
  Eigen::MatrixXd block(G.rows(), static_cast<Eigen::Index>(columns.size()));
  for (std::size_t d = 0; d < columns.size(); ++d) block.col(static_cast<Eigen::Index>(d)) = G.col(static_cast<Eigen::Index>(columns[d]));
  Eigen::FullPivLU<Eigen::MatrixXd> lu(block);
  lu.setThreshold(1e-10);
  return lu.isInvertible();
}

// Column indices of the user's dependent speeds, checked against the system's speeds and count.
std::vector<std::size_t> users_columns(const std::vector<symbol>& u, const std::vector<symbol>& chosen,
                                       std::size_t m, const std::string& method) {
  std::vector<std::size_t> cols;
  for (const auto& d : chosen) {
    auto it = std::find(u.begin(), u.end(), d);
    if (it == u.end()) throw ModelError("speed '" + d.get_name() + "'", "is not a generalized speed of the system");
    cols.push_back(static_cast<std::size_t>(it - u.begin()));
  }
  if (cols.size() != m)
    throw ModelError(method, "needs one dependent speed per constraint (" + std::to_string(m) + "), got " +
                                 std::to_string(cols.size()));
  return cols;
}


// "t = 0, x = 0.1, y = 0" (the reference state's time and coordinates).
std::string describe_state(const model::System& system) {
  std::ostringstream os;
  const auto& at = system.reference_state();
  auto value = [&](const ex& s) { return at.count(s) ? sym::evaluate(at.at(s), {}) : 0.0; };
  os << "t = " << value(sym::time());
  for (const auto& q : system.coordinates())
    if (at.count(q)) os << ", " << q.get_name() << " = " << value(q);
  return os.str();
}

// The dependent speeds, chosen or checked at the model's reference state (its initial
// configuration; a generic state when it has none): a user's choice singular there is an error
// naming the speeds, the constraints and the state; adyn's own choice pivots on G there. Rows that
// are dependent at every state are redundant; rows dependent only at the reference state are an
// error naming that state.
std::vector<std::size_t> choose_dependent(const model::System& system, const SpeedConstraints& c,
                                          const std::vector<symbol>& u, const std::vector<symbol>& users,
                                          const std::string& method, const Eigen::MatrixXd& generic_G) {
  const auto m = static_cast<std::size_t>(generic_G.rows());
  const bool has_reference = !system.reference_state().empty();
  GiNaC::exmap at = system.parameter_values();
  for (const auto& [s, v] : system.reference_state()) at[s] = v;
  const Eigen::MatrixXd G =
      has_reference ? sym::evaluate(c.G, sym::with_generic_values(at, c.G), "constraint matrix at the initial state") : generic_G;
  const std::string state = has_reference ? "the initial state (" + describe_state(system) + ")" : "a generic state";
  if (!users.empty()) {
    auto cols = users_columns(u, users, m, method);
    if (!regular_block(G, cols))
      throw SingularityError("dependent speeds " + quoted_speeds(u, cols),
                             "cannot be solved for at " + state + ": constraints " + quoted_names(c.names) +
                                 " do not determine them there; choose others in dependent_speeds");
    return cols;
  }
  if (const auto rank = linalg::pivoted_columns(generic_G).size(); rank < m)
    throw SingularityError("constraints " + quoted_names(c.names), dependent_everywhere(rank, m));
  auto cols = linalg::pivoted_columns(G);
  if (cols.size() < m)
    throw SingularityError("constraints " + quoted_names(c.names), "are " + dependent_at(state));
  return cols;
}

}  // namespace

std::string dependent_everywhere(std::size_t rank, std::size_t rows) {
  return "are dependent at every state (their matrix in the speeds has rank " + std::to_string(rank) + " < " +
         std::to_string(rows) + "): they repeat or contradict each other ('adyn check' says which); remove or "
         "correct the dependent ones";
}

std::string dependent_at(const std::string& state) {
  return "dependent at " + state + ": no choice of dependent speeds can be solved for there. At a singular "
         "configuration, start from another state; where rows are dependent wherever the constraints hold ('adyn "
         "classify' marks them REDUNDANT), remove one, or use a multiplier form (lagrange, gauss), which accepts them";
}

namespace {

// u_d = −G_d⁻¹ (G_i u_i + g0) as substitutions.
GiNaC::exmap eliminate_dependent(const SpeedConstraints& c, const std::vector<symbol>& u,
                                 const std::vector<std::size_t>& dependent, const Eigen::MatrixXd& G) {
  const auto m = dependent.size();
  if (!regular_block(G, dependent))
    throw SingularityError("dependent speeds " + quoted_speeds(u, dependent),
                           "cannot be solved for: their block of the constraint matrix is singular; choose others");
  GiNaC::matrix Gd(m, m), rhs(m, 1);
  for (std::size_t k = 0; k < m; ++k) {
    ex r = -c.g0(k, 0);
    for (std::size_t j = 0; j < u.size(); ++j)
      if (std::find(dependent.begin(), dependent.end(), j) == dependent.end()) r -= c.G(k, j) * u[j];
    rhs(k, 0) = r;
    for (std::size_t d = 0; d < m; ++d) Gd(k, d) = c.G(k, dependent[d]);
  }
  // Small blocks solved and normalized (the Greenwood and Kane textbook forms), larger ones by
  // Cramer's rule over the graph.
  const GiNaC::matrix ud = sym::solve_linear(Gd, rhs, sym::normalization_limit);
  GiNaC::exmap S;
  for (std::size_t d = 0; d < m; ++d) S[u[dependent[d]]] = ud(d, 0);
  return S;
}

// The rows G u + g0 = 0 differentiated along the motion, G u̇ = −(Ġ u + ġ0) (q̇ through the
// kinematic equations): the acceleration-level rows the numeric elimination solves.
void keep_rows(const model::System& system, const SpeedConstraints& c, const std::vector<symbol>& u, SpeedPartition& p) {
  const auto m = c.G.rows();
  const auto n_u = static_cast<unsigned>(u.size());
  sym::LinearSplitter splitter(sym::derivatives_of(u));
  p.rows = GiNaC::matrix(m, n_u);
  p.rows_rhs = GiNaC::matrix(m, 1);
  for (unsigned k = 0; k < m; ++k) {
    ex f = c.g0(k, 0);
    for (unsigned j = 0; j < n_u; ++j) f += c.G(k, j) * u[j];
    const auto row = splitter.split(system.in_speeds(sym::time_derivative(f)));
    for (unsigned j = 0; j < n_u; ++j) p.rows(k, j) = row.coefficients[j];
    p.rows_rhs(k, 0) = -row.rest;
  }
  p.row_names = c.names;
}

}  // namespace

SpeedConstraints speed_constraints(const model::System& system, const std::vector<symbol>& u,
                                   const std::string& method) {
  SpeedConstraints c{GiNaC::matrix(system.constraints().size(), u.size()),
                     GiNaC::matrix(system.constraints().size(), 1), {}};
  GiNaC::exmap rest;
  std::vector<sym::Occurrence> occurrences;
  for (const auto& s : u) rest[s] = 0, occurrences.emplace_back(s);
  for (std::size_t k = 0; k < system.constraints().size(); ++k) {
    const auto& con = system.constraints()[k];
    if (con.level == model::ConstraintLevel::General)
      throw NotApplicableError("constraint '" + con.name + "'",
                       method + " takes constraints linear in the speeds; use Lagrange multipliers or "
                       "Udwadia-Kalaba for a general constraint f(q, q_d, t) = 0");
    ex f = system.in_speeds(con.level == model::ConstraintLevel::Configuration ? sym::time_derivative(con.expression)
                                                                               : con.expression);
    for (std::size_t j = 0; j < u.size(); ++j) {
      c.G(k, j) = sym::partial_derivative(f, u[j]);
      for (auto& has_speed : occurrences)
        if (has_speed.in(c.G(k, j)))
          throw NotApplicableError("constraint '" + con.name + "'", method + " takes constraints linear in the speeds");
    }
    c.g0(k, 0) = sym::substitute(f, rest);
    c.names.push_back(con.name);
  }
  return c;
}

SpeedPartition partition_speeds(const model::System& system, const std::vector<symbol>& chosen,
                                const std::string& method, DependentSolve mode) {
  SpeedPartition p;
  p.speeds = system.speeds();
  const auto& u = p.speeds;
  SpeedConstraints c = speed_constraints(system, u, method);
  std::vector<std::size_t> dependent;
  if (c.G.rows() > 0) {
    const auto& users = chosen.empty() ? system.dependent_speeds() : chosen;
    Eigen::MatrixXd G = sym::evaluate(c.G, sym::with_generic_values(system.parameter_values(), c.G), "constraint matrix");
    dependent = choose_dependent(system, c, u, users, method, G);
    if (solve_numerically(dependent.size(), mode)) {
      for (auto j : dependent) p.numeric_dependent.push_back(u[j]);
      keep_rows(system, c, u, p);
      p.independent = u;
      return p;
    }
    p.dependent_values = eliminate_dependent(c, u, dependent, G);
  } else if (!chosen.empty()) {
    throw ModelError(method, "dependent speeds were given but the system has no constraints");
  }
  for (std::size_t j = 0; j < u.size(); ++j)
    (std::find(dependent.begin(), dependent.end(), j) == dependent.end() ? p.independent : p.dependent).push_back(u[j]);
  return p;
}

ex SpeedPartition::on_motion(const model::System& system, const ex& e) const {
  GiNaC::exmap rates;  // u̇_d -> d/dt (A_r u_i + b_r), written in the speeds
  for (const auto& [ud, value] : dependent_values)
    rates[sym::derivative_of(ud)] = system.in_speeds(sym::time_derivative(value));
  ex r = system.in_speeds(e);
  if (!rates.empty()) r = sym::substitute(r, rates);
  return sym::substitute(r, dependent_values);
}

ex SpeedPartition::rate_weight(const symbol& u_j, const symbol& u_r) const {
  if (u_j.is_equal(u_r)) return 1;
  auto it = dependent_values.find(u_j);
  return it == dependent_values.end() ? ex(0) : sym::partial_derivative(it->second, u_r);
}

std::vector<ex> SpeedPartition::project(const std::vector<ex>& per_speed) const {
  std::vector<ex> out;
  for (const auto& ur : independent) {
    ex sum = 0;
    for (std::size_t j = 0; j < speeds.size(); ++j) sum += rate_weight(speeds[j], ur) * per_speed[j];
    out.push_back(sum);
  }
  return out;
}

void SpeedPartition::describe(const model::System& system, EquationsOfMotion& eom) const {
  eom.coordinates = system.coordinates();
  eom.speeds = independent;
  eom.dependent_speeds = dependent;
  eom.dependent_speed_values = GiNaC::matrix(dependent.size(), 1);
  for (std::size_t d = 0; d < dependent.size(); ++d) eom.dependent_speed_values(d, 0) = dependent_values.at(dependent[d]);
  eom.coordinate_rates = GiNaC::matrix(eom.n(), 1);
  for (std::size_t i = 0; i < eom.n(); ++i) eom.coordinate_rates(i, 0) = on_motion(system, sym::derivative_of(eom.coordinates[i]));
  if (numeric_dependent.empty()) return;
  eom.enforcement = ConstraintEnforcement::NumericElimination;
  eom.numeric_dependent_speeds = numeric_dependent;
  eom.constraint_matrix = rows;
  eom.constraint_rhs = rows_rhs;
  eom.constraint_names = row_names;
}

}  // namespace adyn::formulations
