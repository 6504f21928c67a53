#include "adyn/formulations/udwadia_kalaba.hpp"

#include "adyn/error.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/evaluate.hpp"

#include "acceleration_constraints.hpp"

namespace adyn::formulations {
namespace {

// Seed 002 takes M positive definite: the unconstrained system must have a mass for every
// coordinate. A coordinate whose row of M is zero (a massless point's) has none.
void require_mass_in_every_coordinate(const model::System& system, const EquationsOfMotion& eom) {
  std::string massless;
  for (unsigned i = 0; i < eom.mass_matrix.rows(); ++i) {
    bool zero = true;
    for (unsigned j = 0; zero && j < eom.mass_matrix.cols(); ++j) zero = eom.mass_matrix(i, j).is_zero();
    if (zero) massless += (massless.empty() ? "" : ", ") + eom.coordinates[i].get_name();
  }
  if (!massless.empty())
    throw NotApplicableError("system '" + system.name() + "'",
                     "the Udwadia-Kalaba equation needs a positive definite mass matrix, and the coordinates " +
                         massless + " carry no mass (use Lagrange's or Kane's equations)");
}

}  // namespace

EquationsOfMotion udwadia_kalaba(const model::System& system) {
  // Seed 002 (1): the unconstrained system M q̈ = Q, from Lagrange's equations without constraints.
  EquationsOfMotion eom = lagrange(lagrangian_form(system));
  require_mass_in_every_coordinate(system, eom);
  eom.method = "Udwadia-Kalaba";
  eom.enforcement = ConstraintEnforcement::MoorePenrose;
  auto rows = acceleration_constraints(system.constraints(), eom.coordinates);  // (4): A q̈ = b
  eom.constraint_matrix = rows.A;
  eom.constraint_rhs = rows.b;
  eom.nonideal_force = GiNaC::matrix(eom.n(), 1);
  for (const auto& c : system.constraints()) {
    eom.constraint_names.push_back(c.name);
    if (!c.nonideal_force.empty() && c.nonideal_force.size() != eom.n())
      throw ModelError("constraint '" + c.name + "'", "its nonideal force needs one entry per coordinate");
    for (std::size_t i = 0; i < c.nonideal_force.size(); ++i) eom.nonideal_force(i, 0) += c.nonideal_force[i];
    if (c.friction_coefficient.is_zero()) continue;
    if (!eom.friction_coefficient.is_zero() && !(eom.friction_coefficient - c.friction_coefficient).is_zero())
      throw ModelError("constraint '" + c.name + "'",
                       "a second, different Coulomb friction coefficient: the friction law acts on the system's "
                       "velocity as a whole (one frictional contact)");
    eom.friction_coefficient = c.friction_coefficient;
  }
  return eom;
}

linalg::UdwadiaKalabaForces udwadia_kalaba_forces(const EquationsOfMotion& eom, const State& x,
                                                  const GiNaC::exmap& parameters,
                                                  const linalg::UdwadiaKalabaOptions& options) {
  auto values = state_values(eom, x, parameters);
  const Eigen::MatrixXd M = sym::evaluate(eom.mass_matrix, values, "Udwadia-Kalaba mass matrix");
  const Eigen::VectorXd Q = sym::evaluate(eom.forcing, values, "Udwadia-Kalaba applied force");
  const Eigen::MatrixXd A = sym::evaluate(eom.constraint_matrix, values, "Udwadia-Kalaba constraint matrix");
  const Eigen::VectorXd b = sym::evaluate(eom.constraint_rhs, values, "Udwadia-Kalaba constraint right-hand side");
  auto nonideal = [&](double normal) -> Eigen::VectorXd {
    if (!eom.nonideal_force.rows()) return Eigen::VectorXd::Zero(Q.size());
    values[model::Constraint::normal_force_symbol()] = normal;
    return sym::evaluate(eom.nonideal_force, values, "nonideal constraint force");
  };
  const double mu =
      eom.friction_coefficient.is_zero() ? 0.0 : sym::evaluate(eom.friction_coefficient, values, "friction coefficient");
  return linalg::udwadia_kalaba_forces(M, Q, A, b, nonideal, mu, x.u, eom.constraint_names, options);
}

}  // namespace adyn::formulations
