#pragma once
// The one result type of every formulation:
//
//     M(q,u,t) u̇ = F(q,u,t) + Gᵀ λ        (λ only in multiplier forms)
//     G(q,u,t) u̇ = g(q,u,t)               (constraints kept at acceleration level)
//     q̇ = N(q,t) u + n(q,t)               (kinematic differential equations, solved)
//     u_d = A_r(q,t) u + b_r(q,t)         (dependent speeds eliminated by the formulation)
//
// Formulations produce the same value so that they can be compared at random states; printers,
// analyses and the numeric layer consume it.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

#include "adyn/linalg/saddle_point.hpp"

namespace adyn::formulations {

/// How the constraint rows G u̇ = g are imposed: with multipliers λ (the KKT system), or by the
/// Moore–Penrose inverse of Udwadia & Kalaba (which admits redundant constraints and nonideal forces),
/// or by dependent speeds solved numerically at each evaluation (numeric_elimination.hpp: M, F of
/// every speed, no multipliers).
enum class ConstraintEnforcement { Multipliers, MoorePenrose, NumericElimination };

class TreeDynamics;  // articulated_body.hpp

struct EquationsOfMotion {
  std::string method;                              // "Lagrange", "Kane", ...
  std::vector<GiNaC::symbol> coordinates;          // q, n of them
  std::vector<GiNaC::symbol> speeds;               // u, the p integrated (independent) speeds
  GiNaC::matrix speed_definitions = GiNaC::matrix(0, 0);  // u in q, q̇, t when not the system's speeds
                                                   // or q̇ (Hamilton's momenta p = ∂L/∂q̇)
  GiNaC::matrix coordinate_rates;                  // q̇ (n x 1) in terms of q, u, t
  GiNaC::matrix mass_matrix;                       // M (p x p)
  GiNaC::matrix forcing;                           // F (p x 1)
  std::vector<GiNaC::symbol> multipliers;          // λ (m)
  std::vector<std::string> multiplier_names;       // the constraint each λ belongs to
  GiNaC::matrix constraint_matrix = GiNaC::matrix(0, 0);                 // G (m x p)
  GiNaC::matrix constraint_rhs = GiNaC::matrix(0, 0);                    // g (m x 1)
  std::vector<std::string> constraint_names;       // the constraint of each row of G
  std::vector<std::string> dropped_constraints;    // redundant wherever they hold, left out (analysis::derive_without_redundant_rows)
  std::vector<GiNaC::symbol> dependent_speeds;     // u_d
  GiNaC::matrix dependent_speed_values = GiNaC::matrix(0, 0);            // u_d (in terms of q, u, t)
  std::vector<GiNaC::symbol> numeric_dependent_speeds;  // u_d solved numerically (NumericElimination): the set chosen at derivation
  std::vector<GiNaC::symbol> auxiliary_speeds;     // Kane's auxiliary speeds ũ (set to 0)
  std::vector<GiNaC::ex> auxiliary_equations;      // F_r + F*_r = 0 for each ũ: give constraint forces
  ConstraintEnforcement enforcement = ConstraintEnforcement::Multipliers;
  GiNaC::matrix nonideal_force = GiNaC::matrix(0, 0);                    // C (p x 1, Moore–Penrose form); may contain N_c
  GiNaC::ex friction_coefficient = 0;              // Coulomb μ of the constraints (Moore–Penrose form)
  GiNaC::ex hamiltonian = 0;                       // H(q, p, t) of Hamilton's equations (0 for the others)
  bool by_tree_recursions = false;                 // M and F by the tree's recursions (tree_mass_matrix_form.hpp)
  /// The articulated-body algorithm of the system (tree_equations), derived when first needed: the
  /// evaluator's choice (evaluator_choice.hpp) takes it rather than building it again, and an
  /// evaluator that finds its compiled code in the set-up cache never derives it.
  std::shared_ptr<const TreeDynamics> tree_dynamics;

  std::size_t n() const { return coordinates.size(); }
  std::size_t p() const { return speeds.size(); }
  std::size_t m() const { return multipliers.size(); }
};

/// "constraint 'X' left out: ..." for the constraints eom.dropped_constraints names (empty if none).
std::string dropped_note(const EquationsOfMotion& eom);

/// Sets M and F from the residuals r = M u̇ − F of the p equations (linear in u̇ of eom.speeds):
/// M = ∂r/∂u̇, F = −r at u̇ = 0.
void set_mass_matrix_form(EquationsOfMotion& eom, const std::vector<GiNaC::ex>& residuals);

/// A numeric state: time, coordinates (n), speeds (p).
struct State {
  double t = 0;
  Eigen::VectorXd q;
  Eigen::VectorXd u;
};

/// symbol -> value for t, q, u (and the parameters given).
GiNaC::exmap state_values(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters);

/// Solves M u̇ = F + Gᵀλ, G u̇ = g at a state with Eigen (linalg::solve_saddle_point; for the
/// Moore–Penrose form, Udwadia–Kalaba's equation (26), see udwadia_kalaba.hpp). Throws
/// adyn::SingularityError naming the method when M is singular or the constraint rows lose rank
/// at this state.
linalg::Accelerations solve(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters);

/// q̇ (n) at a state.
Eigen::VectorXd coordinate_rates(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters);

/// q̈ (n) at a state: d/dt (N u + n) with u̇ from solve().
Eigen::VectorXd coordinate_accelerations(const EquationsOfMotion& eom, const State& x,
                                         const GiNaC::exmap& parameters);

}  // namespace adyn::formulations
