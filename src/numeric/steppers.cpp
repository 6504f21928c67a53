// The integrators (steppers.hpp) and the SUNDIALS callbacks they share.
#include "steppers.hpp"

#include <arkode/arkode_erkstep.h>
#include <cvode/cvode.h>
#include <ida/ida.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "adyn/error.hpp"
#include "sundials_handles.hpp"

namespace adyn::numeric {
namespace {

// ẏ = (q̇, u̇, Ẇ, Ẇ_c) for ARKODE and CVODE.
int rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* data) {
  auto* pb = static_cast<Problem*>(data);
  if (pb->stop_requested()) return -1;
  const double* Y = N_VGetArrayPointer(y);
  double* D = N_VGetArrayPointer(ydot);
  try {
    pb->inputs_at(t, Y);
    if (pb->evaluator->constraint_rows() == 0) {  // the lean path: no allocation, no constraint force
      pb->evaluator->rates(t, Y, Y + pb->n, D, D + pb->n);
      pb->write_power(t, Y, D + pb->n, Eigen::VectorXd(), D);
      return 0;
    }
    auto& d = pb->derivatives;
    pb->evaluator->evaluate_into(t, Y, Y + pb->n, pb->correction(t, Y), d);
    pb->regularized = d.regularized;
    pb->regularized_evaluations += d.regularized ? 1 : 0;
    std::copy(d.qdot.data(), d.qdot.data() + pb->n, D);
    std::copy(d.udot.data(), d.udot.data() + pb->p, D + pb->n);
    pb->write_power(t, Y, d.udot.data(), d.constraint_force, D);
    return 0;
  } catch (const Error& e) {
    pb->error = e.what();
    return -1;
  }
}

// The error weights of ARKODE's and CVODE's step control at the state y, 1/(rtol |y_i| + atol) as
// SUNDIALS' own, the tolerances SimulationOptions::regularized_tolerance_factor times larger where
// the last evaluation was a regularization: for the Dormand–Prince pair its last stage, at y (the
// step's start); for BDF the last corrector iterate's, next to y.
int error_weights(N_Vector y, N_Vector ewt, void* data) {
  const auto* pb = static_cast<const Problem*>(data);
  const double loosened = pb->regularized ? SimulationOptions::regularized_tolerance_factor : 1.0;
  const double* Y = N_VGetArrayPointer(y);
  double* W = N_VGetArrayPointer(ewt);
  for (sunindextype i = 0; i < N_VGetLength(y); ++i) W[i] = 1.0 / (loosened * (pb->rtol * std::abs(Y[i]) + pb->atol));
  return 0;
}

// The stabilized index-2 DAE of a multiplier form for IDA (Gear, Gupta and Leimkuhler 1985),
// y = (q, u, W, W_c, λ, μ):
//   q' − q̇(q, u, t) − φ_qᵀ μ = 0,  M u' − F − Gᵀλ = 0,  (W, W_c)' − powers = 0,  r(q, u, t) = 0,
//   φ(q, t) = 0,
// with r the velocity-level residuals of the constraints (the rows of G) and φ the holonomic ones.
// The constraints hold at the position and velocity levels, so nothing drifts; μ vanishes on the
// exact solution. λ and μ are algebraic (excluded from the error test).
int dae_residual(sunrealtype t, N_Vector yy, N_Vector yp, N_Vector rr, void* data) {
  auto* pb = static_cast<Problem*>(data);
  if (pb->stop_requested()) return -1;
  const double* Y = N_VGetArrayPointer(yy);
  const double* P = N_VGetArrayPointer(yp);
  double* R = N_VGetArrayPointer(rr);
  const auto n = static_cast<Eigen::Index>(pb->n), p = static_cast<Eigen::Index>(pb->p);
  const auto h = static_cast<Eigen::Index>(pb->monitors->h), k = static_cast<Eigen::Index>(pb->monitors->k);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  try {
    Eigen::Map<const Eigen::VectorXd> q(Y, n), u(Y + n, p), qp(P, n), up(P + n, p);
    const auto head = static_cast<Eigen::Index>(pb->state_size());
    Eigen::Map<const Eigen::VectorXd> lambda(Y + head, k), mu(Y + head + k, h);
    pb->inputs_at(t, Y);
    const auto e = pb->evaluator->matrices(t, q, u);
    auto& c = pb->projection_values;  // φ, φ_q, r, ∂r/∂u, E, T; sized once, not per residual
    c.resize(pb->monitors->projection->output_count());
    pb->monitors->projection->evaluate(pb->evaluation_inputs(t, Y), c.data());
    Eigen::Map<const Eigen::VectorXd> phi(c.data(), h), r(c.data() + h + h * n, k);
    Eigen::Map<const RowMajor> phi_q(c.data() + h, h, n);
    const Eigen::VectorXd force = e.G.transpose() * lambda;
    Eigen::Map<Eigen::VectorXd>(R, n) = qp - e.qdot - phi_q.transpose() * mu;
    Eigen::Map<Eigen::VectorXd>(R + n, p) = e.M * up - e.F - force;
    const auto power = pb->power(t, Y, P + n, force);
    R[n + p] = P[n + p] - power.applied;
    if (head > n + p + 1) R[n + p + 1] = P[n + p + 1] - power.constraints;
    Eigen::Map<Eigen::VectorXd>(R + head, k) = r;
    Eigen::Map<Eigen::VectorXd>(R + head + k, h) = phi;
    return 0;
  } catch (const Error& err) {
    pb->error = err.what();
    return -1;
  }
}

int event_gaps(sunrealtype t, N_Vector y, sunrealtype* gout, void* data) {
  auto* pb = static_cast<Problem*>(data);
  const double* Y = N_VGetArrayPointer(y);
  auto in = pb->inputs(t, Y, Y + pb->n);
  std::vector<double> out(pb->monitors->events->output_count());
  pb->monitors->events->evaluate(in.data(), out.data());
  std::copy(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(pb->monitors->event_names.size()), gout);
  return 0;
}

int event_gaps_dae(sunrealtype t, N_Vector y, N_Vector, sunrealtype* gout, void* data) {
  return event_gaps(t, y, gout, data);
}

void capture_error(int, const char*, const char*, char* msg, void* data) {
  auto* pb = static_cast<Problem*>(data);
  if (pb->integrator_message.empty()) pb->integrator_message = msg;
}

}  // namespace

std::string integrator_failure(const SimulationOptions& options, int flag, const std::string& integrator_message) {
  // ARKODE, CVODE and IDA number these failures alike (ARK_, CV_, IDA_TOO_MUCH_WORK = -1, ...).
  static_assert(ARK_TOO_MUCH_WORK == too_much_work && CV_TOO_MUCH_WORK == too_much_work &&
                IDA_TOO_MUCH_WORK == too_much_work);
  static_assert(ARK_TOO_MUCH_ACC == -2 && CV_TOO_MUCH_ACC == -2 && IDA_TOO_MUCH_ACC == -2);
  static_assert(ARK_ERR_FAILURE == -3 && CV_ERR_FAILURE == -3 && IDA_ERR_FAIL == -3);
  static_assert(ARK_CONV_FAILURE == -4 && CV_CONV_FAILURE == -4 && IDA_CONV_FAIL == -4);
  const bool explicit_method = options.integrator == Integrator::DormandPrince;
  switch (flag) {
    case too_much_work:
      return "more than " + std::to_string(options.max_steps_per_output) + " steps in one output interval " +
             (explicit_method ? "(the equations may be stiff: try the integrator bdf)"
                              : "(loosen rtol and atol, or look for a singularity of the equations at this time)");
    case -2: return "rtol and atol ask for more accuracy than floating-point numbers hold here; loosen them";
    case -3:
      return "the error test failed repeatedly, down to the smallest step (a singularity or a discontinuity of the "
             "equations at this time?)";
    case -4:
      return "the corrector iteration did not converge, down to the smallest step (a singularity of the equations at "
             "this time?)";
    default:
      return integrator_message.empty() ? "the integrator failed (its code " + std::to_string(flag) + ")"
                                        : "the integrator failed: " + integrator_message;
  }
}

namespace {

Stepper::Status status_of(int flag) {
  if (flag < 0) return Stepper::Status::Failed;
  return flag == ARK_ROOT_RETURN || flag == CV_ROOT_RETURN || flag == IDA_ROOT_RETURN ? Stepper::Status::Event
                                                                                     : Stepper::Status::Reached;
}

// SUNDIALS' counters run from the last (re)initialization; Counted turns them into increments.
struct Counted {
  long steps = 0, evaluations = 0;
  void add(long s, long f, long& steps_total, long& evaluations_total) {
    steps_total += s - steps;
    evaluations_total += f - evaluations;
    steps = s;
    evaluations = f;
  }
};

// ARKODE's explicit Dormand–Prince pair.
class DormandPrinceStepper : public Stepper {
 public:
  DormandPrinceStepper(Problem& pb, N_Vector y, double t0, const SimulationOptions& o, SUNContext ctx)
      : mem_(ERKStepCreate(rhs, t0, y, ctx), ERKStepFree) {
    ERKStepSetTableNum(mem_.get(), ARKODE_DORMAND_PRINCE_7_4_5);
    ERKStepWFtolerances(mem_.get(), error_weights);
    ERKStepSetUserData(mem_.get(), &pb);
    if (o.input_law.stop_at_end) stop_ = o.t_end;  // no input value asked for beyond t_end
    if (stop_) ERKStepSetStopTime(mem_.get(), *stop_);
    ERKStepSetErrHandlerFn(mem_.get(), capture_error, &pb);
  }
  void set_events(int count) override {
    if (count == 0) return;
    std::vector<int> down(static_cast<std::size_t>(count), -1);
    ERKStepRootInit(mem_.get(), count, event_gaps);
    ERKStepSetRootDirection(mem_.get(), down.data());
  }
  std::vector<int> events_found(int count) override {
    std::vector<int> found(static_cast<std::size_t>(count), 0);
    ERKStepGetRootInfo(mem_.get(), found.data());
    return found;
  }
  void set_step_limit(long steps) override { ERKStepSetMaxNumSteps(mem_.get(), steps); }
  void set_max_step(double h) override { ERKStepSetMaxStep(mem_.get(), h); }
  double last_step() override {
    double h = 0;
    ERKStepGetLastStep(mem_.get(), &h);
    return h;
  }
  Status evolve(double tout, N_Vector y, double& t, int& flag) override {
    flag = ERKStepEvolve(mem_.get(), tout, y, &t, ARK_NORMAL);
    return status_of(flag);
  }
  void restart(double t, N_Vector y) override {
    ERKStepReInit(mem_.get(), rhs, t, y);
    if (stop_) ERKStepSetStopTime(mem_.get(), *stop_);
    counted_ = {};
  }
  void counters(long& steps, long& evaluations) override {
    long s = 0, f = 0;
    ERKStepGetNumSteps(mem_.get(), &s);
    ERKStepGetNumRhsEvals(mem_.get(), &f);
    counted_.add(s, f, steps, evaluations);
  }

 private:
  sundials::Memory mem_;
  Counted counted_;
  std::optional<double> stop_;  // t_end, where an input law gives the inputs
};

// CVODE's variable-order BDF with a dense Newton solver (stiff systems).
class BdfStepper : public Stepper {
 public:
  BdfStepper(Problem& pb, N_Vector y, double t0, const SimulationOptions& o, SUNContext ctx)
      : A_(SUNDenseMatrix(N_VGetLength(y), N_VGetLength(y), ctx)),
        solver_(SUNLinSol_Dense(y, A_.get(), ctx)),
        mem_(CVodeCreate(CV_BDF, ctx), CVodeFree) {
    CVodeInit(mem_.get(), rhs, t0, y);
    CVodeSetUserData(mem_.get(), &pb);
    CVodeWFtolerances(mem_.get(), error_weights);
    if (o.input_law.stop_at_end) stop_ = o.t_end;
    if (stop_) CVodeSetStopTime(mem_.get(), *stop_);
    CVodeSetErrHandlerFn(mem_.get(), capture_error, &pb);
    CVodeSetLinearSolver(mem_.get(), solver_.get(), A_.get());
  }
  void set_events(int count) override {
    if (count == 0) return;
    std::vector<int> down(static_cast<std::size_t>(count), -1);
    CVodeRootInit(mem_.get(), count, event_gaps);
    CVodeSetRootDirection(mem_.get(), down.data());
  }
  std::vector<int> events_found(int count) override {
    std::vector<int> found(static_cast<std::size_t>(count), 0);
    CVodeGetRootInfo(mem_.get(), found.data());
    return found;
  }
  void set_step_limit(long steps) override { CVodeSetMaxNumSteps(mem_.get(), steps); }
  void set_max_step(double h) override { CVodeSetMaxStep(mem_.get(), h); }
  double last_step() override {
    double h = 0;
    CVodeGetLastStep(mem_.get(), &h);
    return h;
  }
  Status evolve(double tout, N_Vector y, double& t, int& flag) override {
    flag = CVode(mem_.get(), tout, y, &t, CV_NORMAL);
    return status_of(flag);
  }
  void restart(double t, N_Vector y) override {
    CVodeReInit(mem_.get(), t, y);
    if (stop_) CVodeSetStopTime(mem_.get(), *stop_);
    counted_ = {};
  }
  void counters(long& steps, long& evaluations) override {
    long s = 0, f = 0;
    CVodeGetNumSteps(mem_.get(), &s);
    CVodeGetNumRhsEvals(mem_.get(), &f);
    counted_.add(s, f, steps, evaluations);
  }

 private:
  sundials::Matrix A_;
  sundials::LinearSolver solver_;
  sundials::Memory mem_;  // freed first: it refers to the solver
  Counted counted_;
  std::optional<double> stop_;  // t_end, where an input law gives the inputs
};

// IDA on the stabilized index-2 DAE (dae_residual); the state it shares with the driver is the
// head (q, u, W, W_c) of its vector, followed by λ (one per constraint row) and μ (one per holonomic
// constraint).
class IdaStepper : public Stepper {
 public:
  IdaStepper(Problem& pb, N_Vector y, double t0, const SimulationOptions& o, SUNContext ctx)
      : pb_(pb),
        m_(static_cast<sunindextype>(pb.monitors->k + pb.monitors->h)),
        yy_(N_VNew_Serial(N_VGetLength(y) + m_, ctx)),
        yp_(N_VClone(yy_.get())),
        id_(N_VClone(yy_.get())),
        A_(SUNDenseMatrix(N_VGetLength(yy_.get()), N_VGetLength(yy_.get()), ctx)),
        solver_(SUNLinSol_Dense(yy_.get(), A_.get(), ctx)),
        mem_(IDACreate(ctx), IDAFree) {
    const auto head = N_VGetLength(y);
    double* id = N_VGetArrayPointer(id_.get());
    for (sunindextype i = 0; i < head + m_; ++i) id[i] = i < head ? 1.0 : 0.0;
    consistent(t0, y);
    IDAInit(mem_.get(), dae_residual, t0, yy_.get(), yp_.get());
    // The multipliers are algebraic and of index 2: their Newton corrections grow as 1/h, so they
    // are left out of the convergence test too (a huge absolute tolerance), as out of the error test.
    sundials::Vector atol(N_VClone(yy_.get()));
    double* a = N_VGetArrayPointer(atol.get());
    for (sunindextype i = 0; i < head + m_; ++i) a[i] = i < head ? o.atol : 1e100;
    IDASVtolerances(mem_.get(), o.rtol, atol.get());
    IDASetUserData(mem_.get(), &pb);
    if (o.input_law.stop_at_end) stop_ = o.t_end;
    if (stop_) IDASetStopTime(mem_.get(), *stop_);
    IDASetErrHandlerFn(mem_.get(), capture_error, &pb);
    IDASetId(mem_.get(), id_.get());
    IDASetSuppressAlg(mem_.get(), SUNTRUE);
    // Newton iterations converged well below the error test (default 0.33): the global error then
    // follows rtol (Cartesian pendulum over 2 s: 1.3e-8 at rtol 1e-8, 3.5e-10 at 1e-10).
    IDASetNonlinConvCoef(mem_.get(), 0.01);
    IDASetLinearSolver(mem_.get(), solver_.get(), A_.get());
  }
  void set_events(int count) override {
    if (count == 0) return;
    std::vector<int> down(static_cast<std::size_t>(count), -1);
    IDARootInit(mem_.get(), count, event_gaps_dae);
    IDASetRootDirection(mem_.get(), down.data());
  }
  std::vector<int> events_found(int count) override {
    std::vector<int> found(static_cast<std::size_t>(count), 0);
    IDAGetRootInfo(mem_.get(), found.data());
    return found;
  }
  void set_step_limit(long steps) override { IDASetMaxNumSteps(mem_.get(), steps); }
  void set_max_step(double h) override { IDASetMaxStep(mem_.get(), h); }
  double last_step() override {
    double h = 0;
    IDAGetLastStep(mem_.get(), &h);
    return h;
  }
  Status evolve(double tout, N_Vector y, double& t, int& flag) override {
    flag = IDASolve(mem_.get(), tout, &t, yy_.get(), yp_.get(), IDA_NORMAL);
    std::copy(N_VGetArrayPointer(yy_.get()), N_VGetArrayPointer(yy_.get()) + N_VGetLength(y), N_VGetArrayPointer(y));
    return status_of(flag);
  }
  void restart(double t, N_Vector y) override {
    consistent(t, y);
    IDAReInit(mem_.get(), t, yy_.get(), yp_.get());
    if (stop_) IDASetStopTime(mem_.get(), *stop_);
    counted_ = {};
  }
  void counters(long& steps, long& evaluations) override {
    long s = 0, f = 0;
    IDAGetNumSteps(mem_.get(), &s);
    IDAGetNumResEvals(mem_.get(), &f);
    counted_.add(s, f, steps, evaluations);
  }

 private:
  // (q, u, W, W_c) from the driver (on the constraints); u', λ from the KKT solve, q', W', W_c'
  // from the equations, μ = 0.
  void consistent(double t, N_Vector y) {
    const auto n = static_cast<Eigen::Index>(pb_.n), p = static_cast<Eigen::Index>(pb_.p);
    double* Y = N_VGetArrayPointer(yy_.get());
    double* P = N_VGetArrayPointer(yp_.get());
    std::copy(N_VGetArrayPointer(y), N_VGetArrayPointer(y) + N_VGetLength(y), Y);
    Eigen::Map<const Eigen::VectorXd> q(Y, n), u(Y + n, p);
    pb_.inputs_at(t, Y);
    auto d = pb_.evaluator->evaluate(t, q, u, pb_.correction(t, Y));
    Eigen::Map<Eigen::VectorXd>(P, n) = d.qdot;
    Eigen::Map<Eigen::VectorXd>(P + n, p) = d.udot;
    pb_.write_power(t, Y, d.udot.data(), d.constraint_force, P);
    const auto head = static_cast<Eigen::Index>(pb_.state_size());
    for (sunindextype i = 0; i < m_; ++i) {  // λ, then μ = 0
      Y[head + i] = i < d.lambda.size() ? d.lambda(static_cast<Eigen::Index>(i)) : 0.0;
      P[head + i] = 0;
    }
  }

  Problem& pb_;
  sunindextype m_;
  sundials::Vector yy_, yp_, id_;
  sundials::Matrix A_;
  sundials::LinearSolver solver_;
  sundials::Memory mem_;  // freed first: it refers to the vectors and the solver
  Counted counted_;
  std::optional<double> stop_;  // t_end, where an input law gives the inputs
};

// The implicit midpoint rule y⁺ = y + h f(t + h/2, (y + y⁺)/2) with a fixed step, solved by
// fixed-point iteration: symmetric and symplectic — energy errors stay bounded over long runs of a
// Hamiltonian system (use it with Hamilton's equations of a holonomic conservative system; with
// other equations it is a symmetric second-order method). Steps divide each output interval.
class MidpointStepper : public Stepper {
 public:
  MidpointStepper(Problem& pb, N_Vector y, double h)
      : pb_(pb), h_(h), mid_(N_VClone(y)), f_(N_VClone(y)), next_(N_VClone(y)) {}

  void set_events(int count) override {
    if (count) throw std::logic_error("the implicit midpoint rule locates no events (refused before the run)");
  }
  std::vector<int> events_found(int count) override { return std::vector<int>(static_cast<std::size_t>(count), 0); }
  void restart(double, N_Vector) override {}
  void counters(long& steps, long& evaluations) override {
    steps += steps_;
    evaluations += evaluations_;
    steps_ = evaluations_ = 0;
  }

  void set_step_limit(long steps) override { limit_ = steps; }
  void set_max_step(double h) override { max_step_ = h; }
  double last_step() override { return last_; }
  Status evolve(double tout, N_Vector y, double& t, int& flag) override {
    const double most = max_step_ > 0 ? std::min(h_, max_step_) : h_;
    const long n = even_steps(tout - t, most);
    const double h = (tout - t) / static_cast<double>(n);
    for (long k = 0; k < n; ++k) {
      if (k == limit_) {
        flag = too_much_work;
        return Status::Failed;
      }
      if (step(t, h, y) < 0) {
        flag = failed;
        return Status::Failed;
      }
      t = k + 1 == n ? tout : t + h;
      last_ = h;
    }
    flag = 0;
    return Status::Reached;
  }

 private:
  int step(double t, double h, N_Vector y) {
    N_Vector mid = mid_.get(), f = f_.get(), next = next_.get();
    if (rhs(t, y, f, &pb_) < 0) return -1;  // explicit Euler guess
    N_VLinearSum(1.0, y, h, f, next);
    ++evaluations_;
    for (int it = 0; it < 100; ++it) {
      N_VLinearSum(0.5, y, 0.5, next, mid);
      if (rhs(t + h / 2, mid, f, &pb_) < 0) return -1;
      ++evaluations_;
      N_VLinearSum(1.0, y, h, f, mid);  // the new iterate, in mid
      N_VLinearSum(1.0, mid, -1.0, next, f);
      const double change = N_VMaxNorm(f), size = N_VMaxNorm(mid);
      N_VScale(1.0, mid, next);
      if (change <= 1e-14 * (1 + size)) {
        N_VScale(1.0, next, y);
        ++steps_;
        return 0;
      }
    }
    pb_.error = "the implicit midpoint iteration did not converge at t = " + std::to_string(t) + " (reduce the step)";
    return -1;
  }

  static constexpr int failed = -99;  // a failed step (its error in the problem)
  Problem& pb_;
  double h_;
  double max_step_ = 0, last_ = 0;  // 0: no limit; none taken yet
  long limit_ = 1;
  sundials::Vector mid_, f_, next_;
  long steps_ = 0, evaluations_ = 0;
};

}  // namespace

std::unique_ptr<Stepper> make_stepper(const SimulationOptions& o, Problem& pb, N_Vector y, double t0, SUNContext ctx) {
  switch (o.integrator) {
    case Integrator::ImplicitMidpoint:
      return std::make_unique<MidpointStepper>(pb, y, o.fixed_step > 0 ? o.fixed_step : o.output_step / 10);
    case Integrator::Ida:
      return std::make_unique<IdaStepper>(pb, y, t0, o, ctx);
    case Integrator::AugmentedLagrangianIndex3:
      return make_index3_stepper(pb, y, t0, o);
    case Integrator::Bdf:
      return std::make_unique<BdfStepper>(pb, y, t0, o, ctx);
    case Integrator::DormandPrince:
      break;
  }
  return std::make_unique<DormandPrinceStepper>(pb, y, t0, o, ctx);
}

}  // namespace adyn::numeric
