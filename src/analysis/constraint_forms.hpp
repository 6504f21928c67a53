#pragma once
// Constraints at velocity level and consistent sample points, shared by the classification of
// constraints (constraint_classification.hpp) and the search for redundant rows
// (redundant_constraints.hpp).
#include <Eigen/Dense>
#include <ginac/ginac.h>

#include <vector>

#include "adyn/model/system.hpp"

namespace adyn::analysis {

// A constraint at velocity level as a 1-form on x = (q, t): coefficients ω_j (j < n for q, n for t).
struct VelocityForm {
  std::vector<GiNaC::ex> omega;   // n + 1 entries; only meaningful when linear
  GiNaC::ex velocity_expression;  // g(q, q̇, t) = 0 (φ̇ for configuration constraints)
  bool linear = true;
};

// Angeles (2.2.3): for φ(q, t) = 0, ω = φ_q dq + φ_t dt; for a velocity constraint A q̇ + a_t = 0,
// ω = A dq + a_t dt (linear when A has no q̇).
VelocityForm velocity_form(const model::Constraint& c, const std::vector<GiNaC::symbol>& q);

// The value of e at a point, named as the classification's in errors.
double value_at(const GiNaC::ex& e, const GiNaC::exmap& at);

// The rank of m by a column-pivoted QR with threshold tol.
int numeric_rank(const Eigen::MatrixXd& m, double tol);

// Moves a point's coordinates onto the configuration constraints φ(q, t) = 0 (Gauss–Newton
// with minimal-norm steps, the other values as given), so that ranks are those of consistent
// states: Bricard's five closure rows are independent at a generic point but of rank four wherever
// the loop is closed. Where there is no consistent configuration near the point (contradictory
// constraints), it is left where it was and returns false.
bool onto_configuration_manifold(const model::System& system, GiNaC::exmap& point);

}  // namespace adyn::analysis
