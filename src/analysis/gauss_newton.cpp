#include "gauss_newton.hpp"

#include "adyn/error.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/graph_program.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::analysis {

GaussNewtonResult gauss_newton(const GiNaC::matrix& residual, const std::vector<GiNaC::symbol>& unknowns,
                               const GiNaC::exmap& fixed, const Eigen::VectorXd& z0, double tol,
                               int max_iterations) {
  // The fixed values put in over the expression graph, each shared part once for r and J
  // (IFToMM A02 at N = 40: 80 rows and their Jacobian, GiNaC's subs entry by entry 38 M instructions).
  sym::Substitution known(fixed);
  const GiNaC::matrix r = known(residual), J = known(sym::jacobian(residual, unknowns));
  auto at = [&](const Eigen::VectorXd& z) {
    GiNaC::exmap values = fixed;
    for (std::size_t i = 0; i < unknowns.size(); ++i) values[unknowns[i]] = z(static_cast<Eigen::Index>(i));
    return values;
  };
  // Compiled once for the iterations; where a value is not a finite number, sym::evaluate words
  // the error (an EvaluationError).
  const sym::GraphProgram residual_program(sym::entries(r), unknowns), jacobian_program(sym::entries(J), unknowns);
  auto value = [&](const sym::GraphProgram& program, const GiNaC::matrix& m, const Eigen::VectorXd& z, const char* what) {
    const Eigen::VectorXd v = program(z);
    if (!v.allFinite()) return sym::evaluate(m, at(z), what);
    using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    return Eigen::MatrixXd(Eigen::Map<const RowMajor>(v.data(), m.rows(), m.cols()));  // (entries row by row)
  };
  GaussNewtonResult out{z0, value(residual_program, r, z0, "residual"), 0, false};
  auto within_tol = [&] { return out.residual.size() == 0 || out.residual.cwiseAbs().maxCoeff() <= tol; };
  // Past the tolerance, up to two more steps polish the solution (quadratic convergence makes them
  // cheap, and a tolerance on forces says little about the accuracy of a soft coordinate).
  if (unknowns.empty()) return out.converged = within_tol(), out;  // nothing to solve for: a check
  for (int polish = 0; out.iterations < max_iterations && !(within_tol() && polish++ == 2); ++out.iterations) {
    const Eigen::MatrixXd jacobian = value(jacobian_program, J, out.z, "Jacobian of the residual");
    Eigen::VectorXd step = jacobian.completeOrthogonalDecomposition().solve(-out.residual);
    if (!step.allFinite() || step.norm() < 1e-15 * (1 + out.z.norm())) break;
    bool decreased = false;
    for (int halving = 0; halving < 30 && !decreased; ++halving, step /= 2) {
      try {
        Eigen::VectorXd trial = value(residual_program, r, out.z + step, "residual");
        if (trial.norm() < out.residual.norm()) out.z += step, out.residual = trial, decreased = true;
      } catch (const EvaluationError&) {  // the trial left the domain (a complex or infinite value): shorten
      }
    }
    if (!decreased) break;
  }
  out.converged = within_tol();
  return out;
}

}  // namespace adyn::analysis
