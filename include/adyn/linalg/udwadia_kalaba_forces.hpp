#pragma once
// The numerics of the Udwadia–Kalaba equation of constrained motion, with ideal and nonideal
// constraints (Udwadia & Kalaba 2000, seed 002, eqs. (18), (19), (26)–(28)):
//
//     M q̈ = Q + Q^c_i + Q^c_ni,
//     Q^c_i  = M^{1/2} (A M^{-1/2})⁺ (b − A M⁻¹ Q)                      (19)
//     Q^c_ni = M^{1/2} [I − (A M^{-1/2})⁺ (A M^{-1/2})] M^{-1/2} C      (28)
//
// M^{1/2} is replaced by the Cholesky factor L (M = L Lᵀ), which gives the same forces (seed-002
// §1.7). (A L^{-T})⁺ is applied through Eigen's complete orthogonal decomposition, a rank-revealing
// factorization, with threshold `rank_tolerance` (relative to the largest pivot; default 1e-10) —
// never through normal equations — so redundant constraints are handled. If the constraints have
// no solution, ‖A q̈ − b‖ exceeds the tolerance and an adyn::ModelError names the constraints as
// inconsistent.
//
// Coulomb friction: while sliding, C = −μ |Q^c_i| q̇/|q̇| (34)/(42). At rest (|q̇| below
// `rest_speed`) the modelling choice is stick–slip: the system sticks (q̈ = 0) if the force needed
// to hold it, −(Q + Q^c_i), is within the friction bound μ|Q^c_i|; otherwise it starts to slide in
// the direction of the frictionless acceleration with C = −μ |Q^c_i| ê.
#include <Eigen/Dense>

#include <functional>
#include <string>
#include <vector>

namespace adyn::linalg {

/// The three parts of the force at a state and the resulting acceleration.
struct UdwadiaKalabaForces {
  Eigen::VectorXd acceleration;  // q̈
  Eigen::VectorXd applied;       // Q
  Eigen::VectorXd ideal;         // Q^c_i (19)
  Eigen::VectorXd nonideal;      // Q^c_ni (28)
  bool sticking = false;         // Coulomb friction holds the system at rest
};

struct UdwadiaKalabaOptions {
  double rank_tolerance = 1e-10;
  double rest_speed = 1e-12;  // |q̇| below which a frictional system is at rest
};

/// The forces and q̈ from M, Q, A, b at a state, the nonideal force as a function of
/// N_c = |Q^c_i|, the Coulomb coefficient μ (0: none) and the velocity q̇. `constraint_names`
/// name the rows in the inconsistency error.
UdwadiaKalabaForces udwadia_kalaba_forces(const Eigen::MatrixXd& M, const Eigen::VectorXd& Q, const Eigen::MatrixXd& A,
                                          const Eigen::VectorXd& b,
                                          const std::function<Eigen::VectorXd(double normal_force)>& nonideal,
                                          double friction, const Eigen::VectorXd& velocity,
                                          const std::vector<std::string>& constraint_names,
                                          const UdwadiaKalabaOptions& options = {});

/// Q^c_i of (19) and Q^c_ni of (28) for given M, Q, A, b, C.
Eigen::VectorXd ideal_constraint_force(const Eigen::MatrixXd& M, const Eigen::VectorXd& Q, const Eigen::MatrixXd& A,
                                       const Eigen::VectorXd& b, double rank_tolerance = 1e-10);
Eigen::VectorXd nonideal_constraint_force(const Eigen::MatrixXd& M, const Eigen::MatrixXd& A, const Eigen::VectorXd& C,
                                          double rank_tolerance = 1e-10);

}  // namespace adyn::linalg
