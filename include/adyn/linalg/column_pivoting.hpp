#pragma once
// Which unknowns to solve a constraint matrix for — the dependent speeds of Kane's method, the
// dependent coordinates of the orthogonal complement and of the linearization — chosen by numerical
// pivoting at a state, never by the order of the unknowns.
#include <Eigen/Dense>
#include <cstddef>
#include <vector>

namespace adyn::linalg {

/// Greedy column selection with pivoting (Businger–Golub column-pivoted QR): up to A.rows() columns
/// of A, each the one of largest norm once the columns already taken are projected out, so the
/// square block they form is as well conditioned as a greedy choice makes it. With `tiers` (one
/// entry per column), the columns of a lower tier are taken while one of them is independent of
/// those taken, before any of a higher tier. Exact ties go to the first column. Columns whose
/// remaining norm is below 1e-10 of the largest column norm count as dependent, so fewer than
/// A.rows() columns come back when A's rank is lower. Returned in increasing order.
std::vector<std::size_t> pivoted_columns(const Eigen::MatrixXd& A, const std::vector<int>& tiers = {});

}  // namespace adyn::linalg
