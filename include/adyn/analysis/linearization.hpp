#pragma once
// Linearization about an equilibrium or a steady motion and eigenanalysis (Géradin & Rixen §1.7
// and A11, E1.8; Kane's notes §1.0 and A18). For equations in independent speeds
//
//     q̇ = f(q, u, t),   M(q, u, t) u̇ = F(q, u, t)
//
// (Lagrange's equations of an unconstrained system, Kane's, Gibbs–Appell's or Maggi's equations of
// a constrained one: the dependent speeds already eliminated) at an operating point (q0, u0, t0),
// the perturbations obey
//
//     δq̇ = N_q δq + N_u δu,   M δu̇ = F_q δq + F_u δu,
//
// with N = ∂f, F_q = ∂(F − M u̇0)/∂q, F_u = ∂(F − M u̇0)/∂u and u̇0 = M⁻¹F at the point. The
// holonomic constraints are respected by writing δq = T δq_i in independent coordinates
// (T = [I; −Φ_d⁻¹ Φ_i], Φ = ∂φ/∂q at the point); coordinates that nothing depends on (ignorable
// ones: the position of a rolling disk, the angle of a cyclic coordinate) are dropped from the
// state. When the speeds are the rates of the remaining coordinates (δq̇ = δu), the second-order form
//
//     M δq̈ + (C + G) δq̇ + (K + N) δq = 0
//
// splits −F_u into its symmetric part C (damping) and skew part G (gyroscopic), and −F_q into its
// symmetric part K (stiffness) and skew part N (circulatory). The first-order state matrix is
// A = [N_q N_u; M⁻¹F_q M⁻¹F_u].
//
// With the system's inputs w (model::Input: symbols the equations keep, constant in time), the
// perturbations δw add N_w δw to δq̇ and F_w δw to M δu̇, N_w = ∂f/∂w and F_w = ∂(F − M u̇0)/∂w at the
// point, so that δẋ = A δx + B δw with the input matrix B = [N_w; M⁻¹F_w] (the dependent
// coordinates and speeds eliminated as in A). With the system's outputs y = h(q, u, t, w)
// (model::Output: the dependent speeds and the rates q̇ written in the equations' state), δy =
// h_q T δq_i + h_u δu + h_w δw: C = [h_q T, h_u] and D = h_w at the point. Without outputs the
// outputs are the states: C = I, D = 0.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <complex>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"

namespace adyn::analysis {

struct LinearizationOptions {
  bool keep_ignorable = false;  // keep the coordinates nothing depends on in the state (zero eigenvalues)
};

/// The matrices are exact: a point's floating-point values enter as the rationals they are (so
/// that what cancels cancels, and the result is the same in every run); sym::decimal_numbers
/// shows them with decimals.
struct LinearizedEquations {
  std::vector<GiNaC::symbol> coordinates;  // δq: the independent, non-ignorable coordinates
  std::vector<GiNaC::symbol> speeds;       // δu: the equations' speeds
  std::vector<GiNaC::symbol> dependent;    // coordinates eliminated by the holonomic constraints
  std::vector<GiNaC::symbol> ignorable;    // coordinates dropped because nothing depends on them
  GiNaC::matrix Nq, Nu;                    // δq̇ = Nq δq + Nu δu
  GiNaC::matrix M, Fq, Fu;                 // M δu̇ = Fq δq + Fu δu
  std::vector<GiNaC::symbol> inputs;       // δw: the system's inputs, the columns of Nw and Fw
  GiNaC::matrix Nw{0, 0}, Fw{0, 0};        // δq̇ += Nw δw, M δu̇ += Fw δw (0 x 0 without inputs)
  std::vector<std::string> outputs;        // δy: the system's outputs (model::Output), the rows of Cq, Cu, Dw
  GiNaC::matrix Cq{0, 0}, Cu{0, 0}, Dw{0, 0};  // δy = Cq δq + Cu δu + Dw δw (0 x 0 without outputs)
  GiNaC::matrix C{0, 0}, G{0, 0}, K{0, 0}, N{0, 0};  // the second-order form, when δq̇ = δu (else 0 x 0)
  GiNaC::matrix stationarity;              // (u̇0; q̇0 of the kept coordinates): 0 at an equilibrium or steady motion
  std::string operating_point;             // "q1 = 0.5, q1_d = 1e+200": the point, for messages

  bool has_second_order_form() const { return C.rows() > 0; }
  /// Names of the states (δq, δu), in the order of the state matrix.
  std::vector<std::string> state_names() const;
  /// Names of the inputs, in the order of the input matrix's columns.
  std::vector<std::string> input_names() const;
  /// Names of the outputs, the rows of C and D: the system's outputs, or the states without them.
  std::vector<std::string> output_names() const;
};

/// Linearizes the equations about `operating_point`, which gives q, the equations' speeds u and t
/// where they appear (and may give parameters, or symbols to sweep). Throws adyn::ModelError for
/// equations that keep constraint rows (multiplier forms: derive by Kane, Gibbs–Appell or Maggi),
/// or when the point violates a holonomic constraint (naming it), and adyn::SingularityError when
/// the holonomic constraints or the mass matrix are singular there. An output that is a constraint
/// force, or that depends on a coordinate dropped as ignorable, is an adyn::NotApplicableError
/// naming it (the latter: keep the ignorable coordinates).
LinearizedEquations linearize(const model::System& system, const formulations::EquationsOfMotion& eom,
                              const GiNaC::exmap& operating_point, const LinearizationOptions& options = {});

/// max |u̇0|, |q̇0 of the kept coordinates| at the parameter values: 0 when the operating point is
/// an equilibrium or a steady motion (the linearized equations then have constant coefficients).
/// Here and in state_matrix, an entry that is not a finite number is an adyn::EvaluationError
/// naming it (its row and column), the parameters' values and the operating point.
double stationarity_residual(const LinearizedEquations& lin, const GiNaC::exmap& parameters);

/// One eigenvalue of the state matrix.
struct Mode {
  std::complex<double> eigenvalue;
  double natural_frequency = 0;  // |λ| (rad/s)
  double damped_frequency = 0;   // |Im λ| (rad/s)
  double damping_ratio = 0;      // −Re λ / |λ| (1 for a real negative λ, −1 for a real positive one)
};

struct Eigenanalysis {
  Eigen::VectorXcd eigenvalues;     // of the state matrix A, sorted by imaginary part
  Eigen::MatrixXcd modes;           // columns: state-space eigenvectors
  std::vector<Mode> table;          // one row per eigenvalue, in the same order
  std::vector<double> frequencies;  // Im λ > 0 of the oscillatory pairs (rad/s), ascending
  double spectral_abscissa = 0;     // max Re λ
  bool stable = false;              // all Re λ ≤ tol and no secular growth: stable to first order
                                    // (marginally if some Re λ = 0)
  bool secular = false;  // a repeated λ on the imaginary axis lacks eigenvectors: t e^{λt} growth
  bool asymptotically_stable = false;  // all Re λ < −tol
};

/// The state matrix A at the given parameter values. Throws adyn::SingularityError when M is
/// singular at the operating point.
Eigen::MatrixXd state_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters);
/// The input matrix B = [N_w; M⁻¹F_w] (states × inputs) at the given parameter (and input) values;
/// throws as state_matrix.
Eigen::MatrixXd input_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters);
/// The output matrix C = [Cq Cu] (outputs × states), the identity without outputs; throws as
/// state_matrix.
Eigen::MatrixXd output_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters);
/// The feedthrough matrix D = Dw (outputs × inputs), zero without outputs.
Eigen::MatrixXd feedthrough_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters);
Eigenanalysis eigenanalysis(const LinearizedEquations& lin, const GiNaC::exmap& parameters, double tol = 1e-9);
/// "asymptotically stable", "stable (marginally)" or "unstable".
std::string stability_verdict(const Eigenanalysis& a);

}  // namespace adyn::analysis
