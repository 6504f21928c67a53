#include "adyn/linalg/udwadia_kalaba_forces.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "adyn/error.hpp"

namespace adyn::linalg {
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

}  // namespace adyn::linalg
