// The index-3 augmented Lagrangian formulation with mass-orthogonal projections (ALI3-P; Bayo &
// Ledesma 1996, Cuadrado, Cardenal, Morer & Bayo 2000): the method behind the IFToMM benchmark
// library's reference solutions of closed loops (steppers.hpp).
//
// For holonomic constraints φ(q, t) = 0 with the speeds the rates (u = q̇) and the equations
// M q̈ = F + Gᵀλ (G = φ_q, the rows of the equations), the positions at t + h solve
//
//     M q̈ + Gᵀ(α φ + σ) = F,   σ ← σ + α φ after each iteration,
//
// with q̇ and q̈ from the trapezoidal rule, q̇ = (2/h) q + q̂̇, q̈ = (4/h²) q + q̂̈ (q̂̇, q̂̈ from the step's
// start); a velocity-level row r(q, q̇, t) = 0 (nonholonomic) takes (h/2) r in place of φ, its
// position-level form under the rule (∂/∂q of (h/2) r at q̇ = (2/h) q + q̂̇ is its row of G, as φ_q
// is a holonomic row's).
// Newton's method on (h²/4) times the residual uses the tangent T = M + β GᵀG, β = α h²/4
// (the force derivatives left out: a modified Newton method). T is positive definite whatever the
// rank of G, so the steps go through singular configurations and redundant rows; σ, carried from
// step to step, converges to −λ. Then the velocities and accelerations are projected onto the
// constraints' velocity and acceleration levels, mass-orthogonally (minimizing ½ Δᵀ M Δ), by the
// augmented-Lagrangian iteration preconditioned by the same factorization. A step whose Newton
// iteration does not converge is taken again as two half steps.
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "adyn/error.hpp"
#include "adyn/number_text.hpp"
#include "adyn/numeric/augmented_lagrangian.hpp"
#include "steppers.hpp"

namespace adyn::numeric {
namespace {

// The Newton iterations a step may take before it is halved, and how often it may be halved.
constexpr int newton_iterations = 25;
constexpr int halvings = 8;
// How far above the tolerance a stalled iteration may leave the constraints (step()).
constexpr double stalled_violation = 100;

class Index3Stepper : public Stepper {
 public:
  Index3Stepper(Problem& pb, N_Vector y, double t0, const SimulationOptions& o)
      : pb_(pb),
        h_(o.fixed_step > 0 ? o.fixed_step : o.output_step / 10),
        tolerance_(o.rtol),
        t0_(t0),
        options_(o),
        solver_(*pb.evaluator->augmented_lagrangian()),
        n_(static_cast<Eigen::Index>(pb.n)),
        rows_(static_cast<Eigen::Index>(pb.evaluator->constraint_rows())),
        state_(static_cast<std::size_t>(N_VGetLength(y))),
        scratch_(state_.size()) {
    restart(t0, y);
  }

  void set_events(int count) override {
    if (count) throw std::logic_error("the index-3 augmented Lagrangian locates no events (refused before the run)");
  }
  std::vector<int> events_found(int count) override { return std::vector<int>(static_cast<std::size_t>(count), 0); }
  void set_step_limit(long steps) override { limit_ = steps; }
  void set_max_step(double h) override { max_step_ = h; }
  double last_step() override { return last_; }
  void counters(long& steps, long& evaluations) override {
    steps += steps_;
    evaluations += evaluations_;
    steps_ = evaluations_ = 0;
  }

  // The accelerations and multipliers at (t, y), by the augmented Lagrangian's accelerations.
  void restart(double t, N_Vector y) override {
    const double* Y = N_VGetArrayPointer(y);
    std::copy(Y, Y + state_.size(), state_.begin());
    t_ = previous_t_ = t;
    pb_.inputs_at(t, Y);
    const auto d = pb_.evaluator->evaluate(t, Eigen::Map<const Eigen::VectorXd>(Y, n_),
                                           Eigen::Map<const Eigen::VectorXd>(Y + n_, n_));
    a_ = previous_a_ = d.udot;
    previous_ = state_;
    sigma_ = -d.lambda;
    power_ = pb_.power(t, Y, a_.data(), d.constraint_force);
  }

  // Steps on the grid that divides each output interval into equal steps of at most h until tout,
  // then y at tout: the state there, or, where tout falls inside the last step (the driver's probes
  // of the constraints' rank between samples), its Hermite interpolation, which leaves the steps
  // as they were (the trapezoidal rule keeps its accuracy only on an even grid).
  Status evolve(double tout, N_Vector y, double& t, int& flag) override {
    double* Y = N_VGetArrayPointer(y);
    for (long k = 0; t_ < tout; ++k) {
      if (k == limit_ || pb_.stop_requested() || !advance(t_, next_step_end(), halvings)) {
        flag = k == limit_ ? too_much_work : failed;
        std::copy(state_.begin(), state_.end(), Y);
        t = t_;
        return Status::Failed;
      }
      ++steps_;
    }
    if (tout == t_) std::copy(state_.begin(), state_.end(), Y);
    else interpolate(tout, Y);
    t = tout;
    flag = 0;
    return Status::Reached;
  }

 private:
  // Where the next step from t_ ends: the output interval's even division into steps of at most h_
  // (or the guard's limit); the interval's last step ends on its output time exactly.
  double next_step_end() const {
    const double most = max_step_ > 0 ? std::min(h_, max_step_) : h_;
    const auto k = static_cast<long>(std::floor((t_ - t0_) / options_.output_step + 1e-9)) + 1;
    const double end = output_time(t0_, k, options_);
    const long steps = even_steps(end - t_, most);
    return steps == 1 ? end : t_ + (end - t_) / static_cast<double>(steps);
  }

  // One step from t to t1 (as 2^depth steps where Newton's method needs it).
  bool advance(double t, double t1, int depth) {
    try {
      if (step(t, t1)) return true;
    } catch (const Error& e) {
      pb_.error = e.what();
      return false;
    }
    if (depth == 0) {
      pb_.error = "the index-3 augmented Lagrangian's Newton iteration did not converge at t = " + number_text(t) +
                  " in steps down to " + number_text(t1 - t) + " (stiff forces? integrate with bdf)";
      return false;
    }
    const double middle = t + (t1 - t) / 2;
    return advance(t, middle, depth - 1) && advance(middle, t1, depth - 1);
  }

  // The equations at (t, q, u), with the inputs that vary there; counted.
  EquationsView equations(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) {
    std::copy(q.data(), q.data() + n_, scratch_.begin());
    std::copy(u.data(), u.data() + n_, scratch_.begin() + n_);
    pb_.inputs_at(t, scratch_.data());
    ++evaluations_;
    return pb_.evaluator->view(t, q.data(), u.data());
  }

  // φ and r of every constraint at (t, q, u) (their rows in the equations' order).
  void residuals(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) {
    const auto in = pb_.inputs(t, q.data(), u.data());
    residual_values_.resize(2 * static_cast<std::size_t>(rows_));
    pb_.monitors->residuals->evaluate(in.data(), residual_values_.data());
  }
  Eigen::Map<const Eigen::VectorXd> velocity_residual() const { return {residual_values_.data() + rows_, rows_}; }
  // What each row's penalty acts on, as a position: φ for a holonomic row, (h/2) r for a
  // velocity-level one (its derivative in q through q̇ = (2/h) q + q̂̇ is then its row of G).
  const Eigen::VectorXd& gap(double h) {
    gap_.resize(rows_);
    for (Eigen::Index i = 0; i < rows_; ++i)
      gap_(i) = pb_.monitors->configuration_rows[static_cast<std::size_t>(i)] ? residual_values_[static_cast<std::size_t>(i)]
                                                                              : h / 2 * velocity_residual()(i);
    return gap_;
  }

  // The step from (t_, state_) = (t, ·) to t1, or false where Newton's method did not converge
  // (the state then unchanged).
  bool step(double t, double t1) {
    const double* Y = state_.data();
    const double h = t1 - t, c1 = 2 / h, c2 = 4 / (h * h);
    const Eigen::Map<const Eigen::VectorXd> q0(Y, n_), u0(Y + n_, n_);
    const Eigen::VectorXd qhat_dot = -c1 * q0 - u0, qhat_ddot = -c2 * q0 - (4 / h) * u0 - a_;
    Eigen::VectorXd q = q0 + h * u0 + (h * h / 2) * a_, u(n_), a(n_);
    Eigen::VectorXd s = sigma_ / c2;  // (h²/4) σ: the multipliers in the residual's scale
    double beta = 0;
    std::optional<EquationsView> last;  // the equations at the last iterate, T factored there
    // Converged when the correction is within the tolerance, or when it stalls (shrinks by less
    // than 10 % twice in a row) with the constraints held within stalled_violation times it: a
    // direction the rows barely constrain (near a singular configuration, where βσ²/m is small),
    // whose slow convergence is the regularization that carries the motion through on its branch,
    // as in the accelerations' iteration (augmented_lagrangian.cpp). The driver's samples project a
    // state left above the run's tolerance.
    double previous = std::numeric_limits<double>::infinity(), before = previous;
    bool converged = false;
    for (int k = 0; k < newton_iterations && !converged; ++k) {
      u = c1 * q + qhat_dot;
      a = c2 * q + qhat_ddot;
      last.emplace(equations(t1, q, u));
      const auto& e = *last;
      residuals(t1, q, u);
      const auto& gaps = gap(h);
      if (k == 0) beta = solver_.penalty(e.M, e.G);
      else s += beta * gaps;  // σ ← σ + α φ at the new iterate
      factorize(t1, e, beta);
      const Eigen::VectorXd residual =
          solver_.mass_times(e.M, a) / c2 - e.F / c2 + solver_.transpose_times(e.G, beta * gaps + s);
      const Eigen::VectorXd dq = -solver_.solve_factored(residual);
      if (!dq.allFinite()) return false;
      q += dq;
      const double size = dq.cwiseAbs().maxCoeff();
      converged = size <= tolerance_ * (1 + q.cwiseAbs().maxCoeff()) ||
                  (size > 0.9 * previous && previous > 0.9 * before &&
                   gap_.cwiseAbs().maxCoeff() <= stalled_violation * tolerance_);
      before = previous;
      previous = size;
    }
    if (!converged) return false;
    u = c1 * q + qhat_dot;
    a = c2 * q + qhat_ddot;
    project(t1, h, *last, q, u, a, beta, s);
    sigma_ = c2 * s;
    commit(t1, q, u, a);
    return true;
  }

  void factorize(double t, const EquationsView& e, double beta) {
    if (!solver_.factorize(e.M, e.G, beta))
      throw SingularityError("the index-3 augmented Lagrangian at t = " + number_text(t),
                             "M + βGᵀG is singular: M has no inertia along a motion the constraints leave free");
  }

  // The last update of the multipliers (s, scaled as in step()), then the velocities and the
  // accelerations moved mass-orthogonally onto the constraints at q, with the factorization of the
  // last iterate (`last`, within the convergence tolerance of q).
  void project(double t, double h, const EquationsView& last, const Eigen::VectorXd& q, Eigen::VectorXd& u,
               Eigen::VectorXd& a, double beta, Eigen::VectorXd& s) {
    Eigen::VectorXd x;
    const Eigen::VectorXd none = Eigen::VectorXd::Zero(n_);
    residuals(t, q, u);
    s += beta * gap(h);
    solver_.constrained_minimum(last.M, last.G, none, -velocity_residual(), x, tolerance_,
                                augmented_lagrangian_projection_iterations);  // G Δu = −r
    u += x;
    const auto e = equations(t, q, u);
    solver_.constrained_minimum(e.M, e.G, none, e.g - solver_.times(e.G, a), x, tolerance_,
                                augmented_lagrangian_projection_iterations);  // G Δa = g − G a
    a += x;
    force_ = solver_.mass_times(e.M, a) - e.F;
  }

  // The state at the step's end, with W and W_c by the trapezoidal rule; the step's start kept for
  // interpolate().
  void commit(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u, const Eigen::VectorXd& a) {
    previous_ = state_;
    previous_a_ = a_;
    previous_t_ = t_;
    const double h = t - t_;
    double* Y = state_.data();
    std::copy(q.data(), q.data() + n_, Y);
    std::copy(u.data(), u.data() + n_, Y + n_);
    const auto power = pb_.power(t, Y, a.data(), force_);
    Y[2 * n_] += h / 2 * (power_.applied + power.applied);
    if (pb_.monitors->constraint_work) Y[2 * n_ + 1] += h / 2 * (power_.constraints + power.constraints);
    power_ = power;
    a_ = a;
    t_ = t;
    last_ = h;
  }

  // The state at τ within the last step: q and u by cubic Hermite interpolation of (q, u) and
  // (u, q̈) at its ends, the work integrals linearly.
  void interpolate(double tau, double* Y) const {
    const double h = t_ - previous_t_, x = (tau - previous_t_) / h;
    const double h00 = (1 + 2 * x) * (1 - x) * (1 - x), h10 = x * (1 - x) * (1 - x), h01 = x * x * (3 - 2 * x),
                 h11 = x * x * (x - 1);
    for (Eigen::Index i = 0; i < n_; ++i) {
      const auto j = static_cast<std::size_t>(i), v = static_cast<std::size_t>(n_ + i);
      Y[i] = h00 * previous_[j] + h10 * h * previous_[v] + h01 * state_[j] + h11 * h * state_[v];
      Y[n_ + i] = h00 * previous_[v] + h10 * h * previous_a_(i) + h01 * state_[v] + h11 * h * a_(i);
    }
    for (auto i = static_cast<std::size_t>(2 * n_); i < state_.size(); ++i) Y[i] = (1 - x) * previous_[i] + x * state_[i];
  }

  static constexpr int failed = -99;  // a failed step (its error in the problem)
  Problem& pb_;
  double h_, tolerance_, t0_;
  const SimulationOptions& options_;  // the run's: its output times
  AugmentedLagrangianSolver solver_;  // its own copy: M + βGᵀG's pattern analysed
  Eigen::Index n_, rows_;
  double t_ = 0, previous_t_ = 0;     // the last step's end and start
  std::vector<double> state_, previous_;  // (q, u, W[, W_c]) there
  std::vector<double> scratch_;           // the state of the current iterate (for the input law)
  std::vector<double> residual_values_;   // φ, then r
  Eigen::VectorXd gap_;                   // gap(h) of the last residuals
  Eigen::VectorXd a_, previous_a_;        // q̈ at the last step's end and start
  Eigen::VectorXd sigma_, force_;         // σ = −λ and the constraint force M q̈ − F at t_
  Power power_;                           // at t_
  double max_step_ = 0, last_ = 0;
  long limit_ = 1, steps_ = 0, evaluations_ = 0;
};

}  // namespace

std::unique_ptr<Stepper> make_index3_stepper(Problem& pb, N_Vector y, double t0, const SimulationOptions& options) {
  return std::make_unique<Index3Stepper>(pb, y, t0, options);
}

}  // namespace adyn::numeric
