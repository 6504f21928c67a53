#pragma once
// The dense solve of the equations of motion with multipliers at a state,
//
//     M u̇ = F + Gᵀλ,   G u̇ = g,
//
// the saddle-point (KKT) system [M −Gᵀ; G 0][u̇; λ] = [F; g], shared by every evaluation path that
// does not take the augmented Lagrangian's or the articulated-body algorithm's route.
#include <Eigen/Dense>

#include <string>
#include <vector>

namespace adyn::linalg {

/// u̇ (p) and λ (m) at a state.
struct Accelerations {
  Eigen::VectorXd udot;
  Eigen::VectorXd lambda;
};

/// M u̇ = F (Cholesky) without constraint rows, else the KKT system (full-pivot LU). `what` names the
/// equations and the state in the adyn::SingularityError thrown when the system is singular, which
/// says why: M singular, M singular on the motions the constraints allow, or the constraint rows
/// dependent — naming those rows by `row_names` (the constraint of each row of G).
Accelerations solve_saddle_point(const Eigen::MatrixXd& M, const Eigen::VectorXd& F, const Eigen::MatrixXd& G,
                                 const Eigen::VectorXd& g, const std::string& what,
                                 const std::vector<std::string>& row_names = {});

/// Why [M −Gᵀ; G 0] is singular, in the user's terms: M singular on the motions the constraints
/// allow, or the constraint rows dependent, naming them by `row_names`. Also the reason of the
/// numeric elimination of dependent speeds (formulations/numeric_elimination.hpp), whose Cᵀ M C
/// is singular exactly when this matrix is.
std::string singular_saddle_point(const Eigen::MatrixXd& M, const Eigen::MatrixXd& G,
                                  const std::vector<std::string>& row_names);

}  // namespace adyn::linalg
