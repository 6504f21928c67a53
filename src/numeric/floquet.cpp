#include "adyn/numeric/floquet.hpp"

#include <arkode/arkode_erkstep.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>

#include <vector>

#include "adyn/error.hpp"
#include "adyn/numeric/tape.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"

namespace adyn::numeric {

namespace {

using GiNaC::ex;

void append_entries(const GiNaC::matrix& m, std::vector<ex>& out) {
  for (std::size_t i = 0; i < m.rows(); ++i)
    for (std::size_t j = 0; j < m.cols(); ++j) out.push_back(m(i, j));
}

// The motion and its variational equations (Kane's notes A18 step 2), y = (q, u, vec Φ):
//   q̇ = f(q, u, t),  M u̇ = F,  Φ̇ = A Φ,  A = [∂f/∂q ∂f/∂u; −M⁻¹ ∂r/∂q −M⁻¹ ∂r/∂u],  r = M u̇ − F,
// compiled once at the model's parameter values: one tape for (M, F, f, ∂f/∂x) in (t, q, u), one for
// ∂r/∂x, which also needs u̇.
class VariationalEquations {
 public:
  VariationalEquations(const model::System& system, const formulations::EquationsOfMotion& eom)
      : n_(eom.n()), p_(eom.p()), motion_(inputs(eom, false), motion_outputs(system, eom)),
        residual_(inputs(eom, true), residual_outputs(system, eom)) {}

  std::size_t size() const { return (n_ + p_) * (1 + n_ + p_); }

  void rhs(double t, const double* y, double* ydot) {
    const auto n = static_cast<Eigen::Index>(n_), p = static_cast<Eigen::Index>(p_), N = n + p;
    in_.assign(1 + n_ + 2 * p_, 0.0);
    in_[0] = t;
    std::copy(y, y + N, in_.begin() + 1);
    out_.resize(motion_.output_count());
    motion_.evaluate(in_.data(), out_.data());
    Eigen::Map<const Eigen::MatrixXd> M(out_.data(), p, p), F(out_.data() + p * p, p, 1), f(out_.data() + p * p + p, n, 1);
    Eigen::Map<const Eigen::MatrixXd> fx(out_.data() + p * p + p + n, n, N);
    Eigen::PartialPivLU<Eigen::MatrixXd> lu(M);
    const Eigen::VectorXd udot = lu.solve(F);
    std::copy(udot.data(), udot.data() + p, in_.begin() + 1 + N);
    rx_.resize(residual_.output_count());
    residual_.evaluate(in_.data(), rx_.data());
    Eigen::MatrixXd A(N, N);
    A.topRows(n) = fx;
    A.bottomRows(p) = -lu.solve(Eigen::Map<const Eigen::MatrixXd>(rx_.data(), p, N));
    Eigen::Map<Eigen::VectorXd>(ydot, n) = f;
    Eigen::Map<Eigen::VectorXd>(ydot + n, p) = udot;
    Eigen::Map<Eigen::MatrixXd>(ydot + N, N, N) = A * Eigen::Map<const Eigen::MatrixXd>(y + N, N, N);
  }

 private:
  static std::vector<GiNaC::symbol> inputs(const formulations::EquationsOfMotion& eom, bool with_accelerations) {
    std::vector<GiNaC::symbol> in{sym::time()};
    in.insert(in.end(), eom.coordinates.begin(), eom.coordinates.end());
    in.insert(in.end(), eom.speeds.begin(), eom.speeds.end());
    const auto udot = sym::derivatives_of(eom.speeds);
    if (with_accelerations) in.insert(in.end(), udot.begin(), udot.end());
    return in;
  }
  static std::vector<GiNaC::symbol> state(const formulations::EquationsOfMotion& eom) {
    auto x = eom.coordinates;
    x.insert(x.end(), eom.speeds.begin(), eom.speeds.end());
    return x;
  }
  // Column-major entries, as the Eigen maps above read them.
  static std::vector<ex> column_major(const GiNaC::matrix& m, const model::System& system) {
    std::vector<ex> out;
    append_entries(GiNaC::ex_to<GiNaC::matrix>(m.transpose().subs(system.parameter_values())), out);
    return out;
  }
  static std::vector<ex> motion_outputs(const model::System& system, const formulations::EquationsOfMotion& eom) {
    std::vector<ex> out;
    for (const auto& m : {eom.mass_matrix, eom.forcing, eom.coordinate_rates,
                          sym::jacobian(eom.coordinate_rates, state(eom))}) {
      auto entries = column_major(m, system);
      out.insert(out.end(), entries.begin(), entries.end());
    }
    return out;
  }
  static std::vector<ex> residual_outputs(const model::System& system, const formulations::EquationsOfMotion& eom) {
    const auto udot = sym::derivatives_of(eom.speeds);
    const GiNaC::matrix r = eom.mass_matrix.mul(sym::column(udot)).sub(eom.forcing);
    return column_major(sym::jacobian(r, state(eom)), system);
  }

  std::size_t n_, p_;
  Tape motion_, residual_;
  std::vector<double> in_, out_, rx_;
};

int variational_rhs(double t, N_Vector y, N_Vector ydot, void* user) {
  static_cast<VariationalEquations*>(user)->rhs(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot));
  return 0;
}

// Integrates (x, Φ) from (x0, I) over one period with ARKODE's Dormand–Prince pair.
Eigen::MatrixXd monodromy_matrix(VariationalEquations& equations, const formulations::State& x0, double period,
                                 std::size_t N) {
  SUNContext ctx = nullptr;
  SUNContext_Create(nullptr, &ctx);
  N_Vector y = N_VNew_Serial(static_cast<sunindextype>(equations.size()), ctx);
  Eigen::Map<Eigen::VectorXd> Y(N_VGetArrayPointer(y), static_cast<Eigen::Index>(equations.size()));
  const auto n = x0.q.size(), dim = static_cast<Eigen::Index>(N);
  Y.head(n) = x0.q;
  Y.segment(n, x0.u.size()) = x0.u;
  Eigen::Map<Eigen::MatrixXd>(Y.data() + dim, dim, dim).setIdentity();
  void* mem = ERKStepCreate(variational_rhs, x0.t, y, ctx);
  ERKStepSetTableNum(mem, ARKODE_DORMAND_PRINCE_7_4_5);
  ERKStepSStolerances(mem, 1e-12, 1e-14);
  ERKStepSetUserData(mem, &equations);
  ERKStepSetMaxNumSteps(mem, 10000000);
  double t = x0.t;
  const int status = ERKStepEvolve(mem, x0.t + period, y, &t, ARK_NORMAL);
  Eigen::MatrixXd Phi = Eigen::Map<Eigen::MatrixXd>(Y.data() + dim, dim, dim);
  ERKStepFree(&mem);
  N_VDestroy(y);
  SUNContext_Free(&ctx);
  if (status < 0 || !Phi.allFinite())
    throw Error("Floquet analysis: the variational equations could not be integrated over the period (ARKODE status " +
                std::to_string(status) + " at t = " + std::to_string(t) + ")");
  return Phi;
}

}  // namespace

FloquetResult floquet(const model::System& system, const formulations::EquationsOfMotion& eom,
                      const formulations::State& x0, double period, double tol) {
  if (eom.m() || eom.constraint_matrix.rows() || eom.nonideal_force.rows())
    throw ModelError(eom.method + " equations", "Floquet analysis takes equations in independent speeds without "
                                                "constraint rows: derive them by kane, gibbs-appell or maggi");
  VariationalEquations equations(system, eom);
  FloquetResult r;
  r.monodromy = monodromy_matrix(equations, x0, period, eom.n() + eom.p());
  r.multipliers = Eigen::EigenSolver<Eigen::MatrixXd>(r.monodromy).eigenvalues();
  r.spectral_radius = r.multipliers.cwiseAbs().maxCoeff();
  r.stable = r.spectral_radius <= 1 + tol;
  return r;
}

}  // namespace adyn::numeric
