#include "adyn/analysis/floquet.hpp"

#include "adyn/error.hpp"
#include "adyn/numeric/simulation.hpp"

namespace adyn::analysis {

namespace {

// The state (q, u) after one period from x.
Eigen::VectorXd flow(const model::System& system, const formulations::EquationsOfMotion& eom,
                     const formulations::State& x, double period) {
  numeric::SimulationOptions o;
  o.t_end = x.t + period;
  o.output_step = period;
  o.rtol = 1e-12;
  o.atol = 1e-14;
  o.project = false;
  auto tr = numeric::simulate(system, eom, x, o);
  if (!tr.summary.completed) throw Error("Floquet analysis: " + tr.summary.stop_reason);
  Eigen::VectorXd y(tr.q.back().size() + tr.u.back().size());
  y << tr.q.back(), tr.u.back();
  return y;
}

}  // namespace

FloquetResult floquet(const model::System& system, const formulations::EquationsOfMotion& eom,
                      const formulations::State& x0, double period, double tol) {
  const auto n = x0.q.size(), p = x0.u.size(), N = n + p;
  FloquetResult r;
  r.monodromy.resize(N, N);
  for (Eigen::Index j = 0; j < N; ++j) {
    const double h = 1e-5;  // central differences of the flow: exact for linear systems
    formulations::State plus = x0, minus = x0;
    if (j < n) plus.q(j) += h, minus.q(j) -= h;
    else plus.u(j - n) += h, minus.u(j - n) -= h;
    r.monodromy.col(j) = (flow(system, eom, plus, period) - flow(system, eom, minus, period)) / (2 * h);
  }
  r.multipliers = Eigen::EigenSolver<Eigen::MatrixXd>(r.monodromy).eigenvalues();
  r.spectral_radius = r.multipliers.cwiseAbs().maxCoeff();
  r.stable = r.spectral_radius <= 1 + tol;
  return r;
}

}  // namespace adyn::analysis
