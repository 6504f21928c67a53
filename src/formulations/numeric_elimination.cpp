#include "adyn/formulations/numeric_elimination.hpp"

#include <algorithm>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/linalg/column_pivoting.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/linalg/saddle_point.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::formulations {

bool solve_numerically(std::size_t rows, DependentSolve mode) {
  return mode == DependentSolve::Numeric || rows > sym::largest_graph_determinant;
}

std::string numeric_elimination_note(const EquationsOfMotion& eom) {
  if (eom.enforcement != ConstraintEnforcement::NumericElimination) return "";
  const auto m = eom.constraint_matrix.rows();
  const bool beyond = m > sym::largest_graph_determinant;
  return "dependent speeds u_d solved numerically: " + std::to_string(m) + (m == 1 ? " row" : " rows") +
         (beyond ? " exceed the symbolic limit of " + std::to_string(sym::largest_graph_determinant)
                 : std::string(" (a numeric solve was asked for)")) +
         "; M and F of the " + eom.method + " equations for all " + std::to_string(eom.p()) +
         " speeds are projected at each evaluation on the independent ones by C = [I; -G_d^-1 G_i] (C^T M C u_i' = "
         "C^T (F - M c)), the dependent set re-chosen where its block of G becomes ill-conditioned";
}

std::vector<Eigen::Index> numeric_dependent_columns(const EquationsOfMotion& eom) {
  std::vector<Eigen::Index> cols;
  for (const auto& d : eom.numeric_dependent_speeds) {
    const auto it = std::find(eom.speeds.begin(), eom.speeds.end(), d);
    if (it == eom.speeds.end()) throw Error(eom.method + " equations: dependent speed '" + d.get_name() + "' is not a speed");
    cols.push_back(static_cast<Eigen::Index>(it - eom.speeds.begin()));
  }
  std::sort(cols.begin(), cols.end());
  return cols;
}

PartitionChange partition_change(double t, const std::vector<Eigen::Index>& before, const std::vector<Eigen::Index>& after,
                                 const std::vector<GiNaC::symbol>& speeds) {
  PartitionChange c{t, {}, {}};
  for (auto j : before)
    if (std::find(after.begin(), after.end(), j) == after.end()) c.left.push_back(speeds[static_cast<std::size_t>(j)].get_name());
  for (auto j : after)
    if (std::find(before.begin(), before.end(), j) == before.end()) c.entered.push_back(speeds[static_cast<std::size_t>(j)].get_name());
  return c;
}

std::string describe(const std::vector<PartitionChange>& changes, std::size_t shown) {
  if (changes.empty()) return "";
  auto joined = [](const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  };
  std::ostringstream os;
  os << "dependent speeds re-chosen (Wehage-Haug partitioning) ";
  for (std::size_t k = 0; k < std::min(shown, changes.size()); ++k)
    os << (k ? "; " : "") << "at t = " << changes[k].t << " (" << joined(changes[k].left) << " left, "
       << joined(changes[k].entered) << " entered)";
  if (changes.size() > shown) os << "; ... (" << changes.size() << " changes, the first " << shown << " shown)";
  return os.str();
}

namespace {

// LU of G's columns `set` into `lu`; its smallest pivot relative to G's largest column norm, 0 when
// its reciprocal condition estimate is below `rcond` or the set is not square.
double factor_block(const Eigen::MatrixXd& G, const std::vector<Eigen::Index>& set, double rcond,
                    Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
  const auto m = G.rows();
  if (static_cast<Eigen::Index>(set.size()) != m) return 0;
  Eigen::MatrixXd Gd(m, m);
  for (Eigen::Index d = 0; d < m; ++d) Gd.col(d) = G.col(set[static_cast<std::size_t>(d)]);
  lu.compute(Gd);
  const double scale = G.colwise().norm().maxCoeff();
  const double pivot = lu.matrixLU().diagonal().cwiseAbs().minCoeff() / scale;
  return lu.rcond() >= rcond ? pivot : 0;
}

}  // namespace

NumericElimination::NumericElimination(std::vector<Eigen::Index> dependent) : dependent_(std::move(dependent)) {}

// Wehage & Haug (1982): the dependent set anew, by pivoting on G at this state, taken when its
// block is repartition_gain times better than the current one's (`pivot`).
void NumericElimination::repartition(const Eigen::MatrixXd& M, const Eigen::MatrixXd& G, double pivot,
                                     const std::string& what, const std::vector<std::string>& row_names) {
  const auto cols = linalg::pivoted_columns(G);
  if (static_cast<Eigen::Index>(cols.size()) < G.rows())
    throw SingularityError(what, linalg::singular_saddle_point(M, G, row_names) + " at this state");
  const std::vector<Eigen::Index> candidate(cols.begin(), cols.end());
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  const double candidate_pivot = factor_block(G, candidate, repartition_rcond, lu);
  if (candidate != dependent_ && candidate_pivot > repartition_gain * pivot) {
    previous_ = dependent_;
    dependent_ = candidate;
    block_ = std::move(lu);
    repartitioned_ = true;
  } else if (pivot == 0) {  // no usable block, current or chosen
    throw SingularityError(what, linalg::singular_saddle_point(M, G, row_names) + " at this state");
  }
}

Eigen::VectorXd NumericElimination::solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& F, const Eigen::MatrixXd& G,
                                          const Eigen::VectorXd& g, const std::string& what,
                                          const std::vector<std::string>& row_names) {
  const auto p = M.rows(), m = G.rows();
  repartitioned_ = false;
  if (m > 0) {
    const double pivot = factor_block(G, dependent_, repartition_rcond, block_);
    if (pivot < repartition_pivot) repartition(M, G, pivot, what, row_names);
  }
  // C = P [I; −G_d⁻¹ G_i], c = P [0; G_d⁻¹ g] in the speeds' order.
  std::vector<Eigen::Index> independent;
  for (Eigen::Index j = 0, d = 0; j < p; ++j)
    if (d < m && dependent_[static_cast<std::size_t>(d)] == j) ++d;
    else independent.push_back(j);
  const auto k = static_cast<Eigen::Index>(independent.size());
  Eigen::MatrixXd Gi(m, k);
  for (Eigen::Index r = 0; r < k; ++r) Gi.col(r) = G.col(independent[static_cast<std::size_t>(r)]);
  const Eigen::MatrixXd Cd = m > 0 ? Eigen::MatrixXd(-block_.solve(Gi)) : Eigen::MatrixXd(0, k);
  const Eigen::VectorXd cd = m > 0 ? Eigen::VectorXd(block_.solve(g)) : Eigen::VectorXd(0);
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(p, k);
  Eigen::VectorXd c = Eigen::VectorXd::Zero(p);
  for (Eigen::Index r = 0; r < k; ++r) C(independent[static_cast<std::size_t>(r)], r) = 1;
  for (Eigen::Index d = 0; d < m; ++d) {
    C.row(dependent_[static_cast<std::size_t>(d)]) = Cd.row(d);
    c(dependent_[static_cast<std::size_t>(d)]) = cd(d);
  }
  const Eigen::MatrixXd reduced = C.transpose() * M * C;
  const Eigen::LLT<Eigen::MatrixXd> llt(reduced);
  if (llt.info() != Eigen::Success || !linalg::regular_pivots(llt.matrixLLT(), reduced.diagonal()))
    throw SingularityError(what, "the mass matrix is singular on the motions the constraints allow at this state");
  const Eigen::VectorXd ui = llt.solve(C.transpose() * (F - M * c));
  return C * ui + c;
}

}  // namespace adyn::formulations
