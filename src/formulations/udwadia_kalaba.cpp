#include "adyn/formulations/udwadia_kalaba.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/formulations/acceleration_constraints.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::formulations {
namespace {

const char* const kMethod = "Udwadia-Kalaba equations";

// M = L Lᵀ; L stands for M^{1/2} in (18)–(28).
Eigen::LLT<Eigen::MatrixXd> factor(const Eigen::MatrixXd& M) {
  Eigen::LLT<Eigen::MatrixXd> llt(M);
  if (llt.info() != Eigen::Success)
    throw SingularityError(kMethod, "the mass matrix is not positive definite at this state");
  return llt;
}

// B = A L^{-T} (the scaled constraint matrix A M^{-1/2} of (7)) and its rank-revealing factorization.
struct ScaledConstraints {
  Eigen::MatrixXd L, B;
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> pinv;  // applies B⁺
};

ScaledConstraints scale(const Eigen::LLT<Eigen::MatrixXd>& llt, const Eigen::MatrixXd& A, double tol) {
  ScaledConstraints s;
  s.L = llt.matrixL();
  s.B = llt.matrixL().solve(A.transpose()).transpose();
  s.pinv.setThreshold(tol);
  s.pinv.compute(s.B);
  return s;
}

// (19): Q^c_i = L B⁺ (b − A M⁻¹ Q).
Eigen::VectorXd ideal_force(const ScaledConstraints& s, const Eigen::LLT<Eigen::MatrixXd>& llt, const Eigen::VectorXd& Q,
                            const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  if (A.rows() == 0) return Eigen::VectorXd::Zero(Q.size());
  return s.L * s.pinv.solve(b - A * llt.solve(Q));
}

// (28): Q^c_ni = L (I − B⁺B) L⁻¹ C.
Eigen::VectorXd nonideal_force(const ScaledConstraints& s, const Eigen::VectorXd& C) {
  Eigen::VectorXd z = s.L.triangularView<Eigen::Lower>().solve(C);
  if (s.B.rows() == 0) return C;
  return s.L * (z - s.pinv.solve(s.B * z));
}

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

Eigen::VectorXd ideal_constraint_force(const Eigen::MatrixXd& M, const Eigen::VectorXd& Q, const Eigen::MatrixXd& A,
                                       const Eigen::VectorXd& b, double rank_tolerance) {
  auto llt = factor(M);
  return ideal_force(scale(llt, A, rank_tolerance), llt, Q, A, b);
}

Eigen::VectorXd nonideal_constraint_force(const Eigen::MatrixXd& M, const Eigen::MatrixXd& A, const Eigen::VectorXd& C,
                                          double rank_tolerance) {
  return nonideal_force(scale(factor(M), A, rank_tolerance), C);
}

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

UdwadiaKalabaForces udwadia_kalaba_forces(const EquationsOfMotion& eom, const State& x, const GiNaC::exmap& parameters,
                                          const UdwadiaKalabaOptions& options) {
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
  return udwadia_kalaba_forces(M, Q, A, b, nonideal, mu, x.u, eom.constraint_names, options);
}

UdwadiaKalabaForces udwadia_kalaba_forces(const Eigen::MatrixXd& M, const Eigen::VectorXd& Q, const Eigen::MatrixXd& A,
                                          const Eigen::VectorXd& b,
                                          const std::function<Eigen::VectorXd(double)>& nonideal, double mu,
                                          const Eigen::VectorXd& v, const std::vector<std::string>& constraint_names,
                                          const UdwadiaKalabaOptions& options) {
  const auto llt = factor(M);
  const auto scaled = scale(llt, A, options.rank_tolerance);
  UdwadiaKalabaForces out;
  out.applied = Q;
  out.ideal = ideal_force(scaled, llt, Q, A, b);
  const double normal = out.ideal.norm();  // |Q^c_i|
  out.nonideal = nonideal_force(scaled, nonideal(normal));
  if (mu != 0.0) {
    if (v.norm() > options.rest_speed) {
      out.nonideal += nonideal_force(scaled, -mu * normal * v / v.norm());  // (34), (42): sliding
    } else {
      const Eigen::VectorXd hold = -(Q + out.ideal + out.nonideal);  // force that keeps q̈ = 0
      if (hold.norm() <= mu * normal) {
        out.nonideal += hold;
        out.sticking = true;
      } else {
        Eigen::VectorXd a = llt.solve(Q + out.ideal + out.nonideal);  // impending motion
        out.nonideal += nonideal_force(scaled, -mu * normal * a / a.norm());
      }
    }
  }
  out.acceleration = out.sticking ? Eigen::VectorXd::Zero(Q.size()) : Eigen::VectorXd(llt.solve(Q + out.ideal + out.nonideal));
  if (A.rows() > 0) {
    const double residual = (A * out.acceleration - b).norm();
    const double scale_ = std::max({1.0, b.norm(), A.norm() * out.acceleration.norm()});
    if (residual > 1e-8 * scale_) {
      std::string list;
      for (const auto& n : constraint_names) list += (list.empty() ? "'" : ", '") + n + "'";
      const auto rank = scaled.pinv.rank();
      const std::string why = rank < A.rows() ? "are inconsistent at this state: their rows are dependent here (rank " +
                                                    std::to_string(rank) + " of " + std::to_string(A.rows()) +
                                                    ": constraints that repeat each other, or a singular configuration) and "
                                              : "are inconsistent at this state: ";
      std::ostringstream size;
      size << std::setprecision(3) << residual;
      throw ModelError("constraints " + list, why + "no acceleration satisfies them (|A q'' - b| = " + size.str() + ")");
    }
  }
  return out;
}

}  // namespace adyn::formulations
