#include "adyn/numeric/evaluator.hpp"

#include <mutex>

#include "adyn/error.hpp"
#include "adyn/formulations/articulated_body.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/linalg/saddle_point.hpp"
#include "adyn/model/constraint.hpp"
#include "adyn/number_text.hpp"
#include "adyn/numeric/articulated_body_evaluator.hpp"
#include "adyn/numeric/augmented_lagrangian.hpp"
#include "adyn/numeric/dynamics_derivatives.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"

#include "matrix_programs.hpp"
#include "setup_cache.hpp"
#include "tree_derivatives.hpp"

namespace adyn::numeric {
namespace {

std::string at_time(double t) { return "at t = " + number_text(t); }

// Without constraint rows the generated C also solves M u̇ = F (mass_matrix_factorization.hpp), as
// long as the factorization stays small enough to write out; beyond that Eigen's LLT does it.
// Row-major: whether each entry of `m` is structurally nonzero (not identically zero).
std::vector<bool> structure(const GiNaC::matrix& m) {
  std::vector<bool> nonzero;
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) nonzero.push_back(!m(i, j).is_zero());
  return nonzero;
}

std::optional<MassMatrixSolve> generated_solve(const formulations::EquationsOfMotion& eom) {
  constexpr std::size_t largest_generated_factorization = 4000;  // multiply–adds: a dense 28 × 28 M
  const auto p = static_cast<unsigned>(eom.p());
  if (eom.constraint_matrix.rows() > 0 || eom.enforcement == formulations::ConstraintEnforcement::MoorePenrose)
    return std::nullopt;
  std::vector<bool> nonzero(std::size_t{p} * p);
  for (unsigned i = 0; i < p; ++i)
    for (unsigned j = 0; j < i; ++j) nonzero[i * p + j] = !eom.mass_matrix(i, j).is_zero() || !eom.mass_matrix(j, i).is_zero();
  SymmetricPattern pattern(p, std::move(nonzero));
  if (ldlt_operation_count(pattern) > largest_generated_factorization) return std::nullopt;
  return MassMatrixSolve{.matrix_offset = 0, .rhs_offset = std::size_t{p} * p, .pattern = std::move(pattern)};
}

}  // namespace

// The compiled functions of the equations, shared by an evaluator's copies. Until first needed
// (beside the articulated-body algorithm) they are the equations, compiled once for every copy.
struct EquationsEvaluator::Code {
  std::once_flag compiled, differentiated;
  std::shared_ptr<const formulations::EquationsOfMotion> eom;
  std::vector<GiNaC::symbol> parameters;
  Backend backend;
  std::string backend_note;
  Tape constants;                 // the parameter-only subexpressions of main, inputs after the parameters
  CompiledFunction main;          // M, F, q̇, G, g, μ
  CompiledFunction nonideal;      // C (inputs + N_c)
  std::optional<AugmentedLagrangianSolver> augmented;  // its pattern analysed once, copied by each workspace
  std::optional<ResidualJacobian> jacobian;            // for derivatives(), on first use
  // Through the tree (with the articulated-body algorithm): the dynamics, and the derivatives in
  // the state and in the parameters, each compiled on first use.
  std::shared_ptr<const formulations::TreeDynamics> tree;
  std::once_flag tree_state_compiled, tree_parameters_compiled;
  std::optional<TreeDerivatives> tree_state, tree_parameters;
  bool has_nonideal = false, has_friction = false;
  bool from_setup_cache = false;  // main and constants
  std::size_t inputs = 0, outputs = 0;

  // Native code where asked for and available; the tape otherwise, the reason kept.
  CompiledFunction compile(const StraightLineProgram& program, const std::optional<MassMatrixSolve>& solve = std::nullopt,
                           const std::string& library = "") {
    CompiledFunction c(program, backend, solve, {}, library);
    if (c.backend() != backend) backend = Backend::Tape;
    if (!c.backend_note().empty()) backend_note = c.backend_note();
    return c;
  }
  void compile_matrices();
};

// This copy's buffers for the derivatives through the tree.
struct EquationsEvaluator::TreeWorkspaces {
  std::optional<TreeDerivatives::Workspace> state, parameters;
};

void EquationsEvaluator::Code::compile_matrices() {
  const auto& e = *eom;
  const auto p = e.p();
  if (e.mass_matrix.rows() != p)  // formulations::tree_equations: for the articulated-body algorithm only
    throw Error(e.method + " equations: the mass-matrix form M u' = F was not derived (the articulated-body algorithm "
                           "evaluates these equations)");
  std::vector<GiNaC::symbol> in = {sym::time()};
  in.insert(in.end(), e.coordinates.begin(), e.coordinates.end());
  in.insert(in.end(), e.speeds.begin(), e.speeds.end());
  in.insert(in.end(), parameters.begin(), parameters.end());
  std::vector<GiNaC::ex> out = sym::entries(e.mass_matrix);
  for (const auto* m : {&e.forcing, &e.coordinate_rates, &e.constraint_matrix, &e.constraint_rhs})
    for (const auto& entry : sym::entries(*m)) out.push_back(entry);
  has_friction = !e.friction_coefficient.is_zero();
  out.push_back(e.friction_coefficient);
  auto programs = matrix_programs(in, out, parameters);
  constants = Tape(programs.constants.program);
  if (e.constraint_matrix.rows() > 0 && e.enforcement == formulations::ConstraintEnforcement::Multipliers)
    augmented.emplace(p, e.constraint_matrix.rows(), structure(e.mass_matrix), structure(e.constraint_matrix));
  main = compile(programs.state.program, generated_solve(e), programs.state.library);
  keep_compiled(programs.state_key, programs.state, programs.found, main.native() ? main.native()->library_name() : "");
  from_setup_cache = programs.found;
  has_nonideal = e.nonideal_force.rows() > 0;
  if (has_nonideal) {
    in.push_back(model::Constraint::normal_force_symbol());
    nonideal = compile(compile_straight_line(in, sym::entries(e.nonideal_force)));
  }
  inputs = in.size();
  outputs = out.size();
}

EquationsEvaluator::EquationsEvaluator(const formulations::EquationsOfMotion& eom,
                                       const std::vector<GiNaC::symbol>& parameters, const std::vector<double>& values,
                                       Backend backend, const formulations::ArticulatedBodyDynamics* articulated)
    : EquationsEvaluator(
          eom, parameters, values,
          articulated ? std::make_unique<ArticulatedBodyEvaluator>(*articulated, parameters, values, backend) : nullptr,
          articulated ? std::make_shared<const formulations::TreeDynamics>(*articulated) : nullptr) {
  if (!articulated) {
    code_->backend = backend;
    compile_matrices();
  }
}

EquationsEvaluator::EquationsEvaluator(const formulations::EquationsOfMotion& eom,
                                       const std::vector<GiNaC::symbol>& parameters, const std::vector<double>& values,
                                       std::unique_ptr<ArticulatedBodyEvaluator> articulated,
                                       std::shared_ptr<const formulations::TreeDynamics> tree)
    : code_(std::make_shared<Code>()),
      method_(eom.method),
      n_(eom.n()),
      p_(eom.p()),
      rows_(eom.constraint_matrix.rows()),
      enforcement_(eom.enforcement),
      constraint_names_(eom.constraint_names) {
  code_->eom = std::make_shared<const formulations::EquationsOfMotion>(eom);
  code_->parameters = parameters;
  if (articulated) {
    code_->tree = std::move(tree);
    articulated_.object = std::move(articulated);
    code_->backend = articulated_->backend();
    code_->backend_note = articulated_->backend_note();
  }
  if (eom.enforcement == formulations::ConstraintEnforcement::NumericElimination)
    elimination_.object = std::make_unique<formulations::NumericElimination>(formulations::numeric_dependent_columns(eom));
  set_parameters(values);
}

EquationsEvaluator::EquationsEvaluator(const EquationsEvaluator& other) = default;
EquationsEvaluator& EquationsEvaluator::operator=(const EquationsEvaluator& other) = default;
EquationsEvaluator::EquationsEvaluator(EquationsEvaluator&& other) noexcept = default;
EquationsEvaluator& EquationsEvaluator::operator=(EquationsEvaluator&& other) noexcept = default;
EquationsEvaluator::~EquationsEvaluator() = default;

Backend EquationsEvaluator::backend() const { return code_->backend; }
const std::string& EquationsEvaluator::backend_note() const { return code_->backend_note; }
bool EquationsEvaluator::matrices_from_setup_cache() const { return code_->from_setup_cache; }

void EquationsEvaluator::compile_matrices() const {
  std::call_once(code_->compiled, [this] { code_->compile_matrices(); });
  if (!in_.empty()) return;  // this copy's buffers are ready
  in_.assign(code_->inputs, 0.0);
  out_.assign(code_->outputs, 0.0);
  diagonal_.assign(p_, 0.0);
  if (code_->augmented) augmented_.object = std::make_unique<AugmentedLagrangianSolver>(*code_->augmented);
  load_parameters();
}

const AugmentedLagrangianSolver* EquationsEvaluator::augmented_lagrangian() const {
  compile_matrices();
  return augmented_.object.get();
}

EquationsEvaluator EquationsEvaluator::for_parameters(const formulations::EquationsOfMotion& eom,
                                                      const GiNaC::exmap& values, Backend backend,
                                                      const formulations::ArticulatedBodyDynamics* articulated) {
  auto [symbols, numbers] = parameter_inputs(values);
  return EquationsEvaluator(eom, symbols, numbers, backend, articulated);
}

void EquationsEvaluator::set_parameters(const std::vector<double>& values) {
  if (values.size() != code_->parameters.size())
    throw Error(method_ + " evaluator: expected " + std::to_string(code_->parameters.size()) + " parameter values, got " +
                std::to_string(values.size()));
  parameter_values_ = values;
  if (articulated_) articulated_->set_parameters(values);
  if (!in_.empty()) load_parameters();
}

// The parameters and what depends on them alone, into the compiled function's inputs.
void EquationsEvaluator::load_parameters() const {
  double* parameters = in_.data() + 1 + n_ + p_;
  std::copy(parameter_values_.begin(), parameter_values_.end(), parameters);
  code_->constants.evaluate(parameters, parameters + parameter_values_.size());
}

void EquationsEvaluator::load_state(double t, const double* q, const double* u) const {
  in_[0] = t;
  std::copy(q, q + n_, in_.begin() + 1);
  std::copy(u, u + p_, in_.begin() + 1 + static_cast<std::ptrdiff_t>(n_));
}

void EquationsEvaluator::load_inputs(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  compile_matrices();
  load_state(t, q.data(), u.data());
  evaluate_main();
}

void EquationsEvaluator::evaluate_main() const {
  if (constants_held_) return code_->main.evaluate_varying(in_.data(), out_.data());
  code_->main.evaluate(in_.data(), out_.data());
  constants_held_ = true;
}

Eigen::VectorXd EquationsEvaluator::coordinate_rates(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  load_inputs(t, q, u);
  return Eigen::Map<const Eigen::VectorXd>(out_.data() + p_ * p_ + p_, static_cast<Eigen::Index>(n_));
}

EvaluatedEquations EquationsEvaluator::matrices(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  load_inputs(t, q, u);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const auto P = static_cast<Eigen::Index>(p_), R = static_cast<Eigen::Index>(rows_);
  const double* o = out_.data();
  EvaluatedEquations e;
  e.M = Eigen::Map<const RowMajor>(o, P, P);
  o += p_ * p_;
  e.F = Eigen::Map<const Eigen::VectorXd>(o, P);
  o += p_;
  e.qdot = Eigen::Map<const Eigen::VectorXd>(o, static_cast<Eigen::Index>(n_));
  o += n_;
  e.G = Eigen::Map<const RowMajor>(o, R, P);
  o += rows_ * p_;
  e.g = Eigen::Map<const Eigen::VectorXd>(o, R);
  o += rows_;
  e.friction = *o;
  if (!e.M.allFinite() || !e.F.allFinite() || !e.qdot.allFinite() || !e.G.allFinite() || !e.g.allFinite())
    throw_not_finite(t);
  return e;
}

EquationsView EquationsEvaluator::view(double t, const double* q, const double* u) const {
  compile_matrices();
  load_state(t, q, u);
  evaluate_main();
  const auto P = static_cast<Eigen::Index>(p_), R = static_cast<Eigen::Index>(rows_), N = static_cast<Eigen::Index>(n_);
  const double* o = out_.data();
  EquationsView v{.M = {o, P, P}, .F = {o + P * P, P}, .qdot = {o + P * P + P, N}, .G = {o + P * P + P + N, R, P},
                  .g = {o + P * P + P + N + R * P, R}};
  if (!v.F.allFinite() || !v.qdot.allFinite() || !v.g.allFinite()) throw_not_finite(t);
  return v;
}

void EquationsEvaluator::throw_not_finite(double t) const {
  throw EvaluationError(method_ + " equations " + at_time(t) + ": the state left the domain (a value is not finite)");
}

// Without constraint rows, M u̇ = F is solved straight from the compiled function's output buffer:
// by the generated LDLᵀ when the native code has it, else by Eigen's Cholesky factorization in place
// of M. The integrators' hot path: no allocation, no copy of M, and the
// error text built only when thrown.
void EquationsEvaluator::rates(double t, const double* q, const double* u, double* qdot, double* udot) const {
  if (articulated_) return articulated_->rates(t, q, u, qdot, udot);
  const auto N = static_cast<Eigen::Index>(n_), P = static_cast<Eigen::Index>(p_);
  if (rows_ > 0 || enforcement_ == formulations::ConstraintEnforcement::MoorePenrose) {
    auto d = evaluate(t, Eigen::Map<const Eigen::VectorXd>(q, N), Eigen::Map<const Eigen::VectorXd>(u, P),
                      Eigen::VectorXd::Zero(static_cast<Eigen::Index>(rows_)), false);
    std::copy(d.qdot.data(), d.qdot.data() + N, qdot);
    std::copy(d.udot.data(), d.udot.data() + P, udot);
    return;
  }
  load_state(t, q, u);
  const double* F = out_.data() + p_ * p_;
  constants_held_ = false;  // M and F are solved in place
  if (code_->main.native() && code_->main.native()->solves()) {
    if (code_->main.native()->evaluate_and_solve(in_.data(), out_.data()) != 0) throw_singular_or_not_finite(t);
    std::copy(F, F + P, udot);  // u̇, written over F
  } else {
    code_->main.evaluate(in_.data(), out_.data());
    Eigen::Map<Eigen::MatrixXd> M(out_.data(), P, P);   // symmetric: row- or column-major alike
    Eigen::Map<Eigen::VectorXd> diagonal(diagonal_.data(), P);
    diagonal = M.diagonal();
    Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> cholesky(M);  // in place (a value that is not finite ends in u̇)
    if (cholesky.info() != Eigen::Success || !linalg::regular_pivots(M, diagonal)) throw_singular_or_not_finite(t);
    Eigen::Map<Eigen::VectorXd> x(udot, P);
    x = Eigen::Map<const Eigen::VectorXd>(F, P);
    cholesky.solveInPlace(x);
  }
  std::copy(F + P, F + P + N, qdot);
  if (!Eigen::Map<const Eigen::VectorXd>(udot, P).allFinite() || !Eigen::Map<const Eigen::VectorXd>(qdot, N).allFinite())
    throw_not_finite(t);
}

// After a failed factorization: the matrices again, to tell a value that is not finite from a
// mass matrix that is not positive definite.
void EquationsEvaluator::throw_singular_or_not_finite(double t) const {
  evaluate_main();
  const Eigen::Map<const Eigen::VectorXd> values(out_.data(), static_cast<Eigen::Index>(p_ * p_ + p_ + n_));
  if (!values.allFinite()) throw_not_finite(t);
  throw SingularityError(method_ + " equations " + at_time(t), linalg::not_positive_definite);
}

Derivatives EquationsEvaluator::evaluate_unconstrained(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  const auto N = static_cast<Eigen::Index>(n_), P = static_cast<Eigen::Index>(p_);
  Derivatives d{.qdot = Eigen::VectorXd(N), .udot = Eigen::VectorXd(P), .lambda = {}, .constraint_force = Eigen::VectorXd::Zero(P)};
  rates(t, q.data(), u.data(), d.qdot.data(), d.udot.data());
  return d;
}

// The augmented Lagrangian on M and G where the compiled function wrote them (no copy), into d's
// vectors and the workspace's.
void EquationsEvaluator::evaluate_augmented(double t, const double* q, const double* u, const Eigen::VectorXd& correction,
                                            bool multipliers, Derivatives& d) const {
  const auto e = view(t, q, u);
  corrected_g_ = e.g + correction;
  if (!augmented_->solve(e.M, e.F, e.G, corrected_g_, solver_tolerance_, solved_) || !solved_.udot.allFinite()) {
    if (!e.M.allFinite() || !e.G.allFinite()) throw_not_finite(t);
    throw SingularityError(method_ + " equations " + at_time(t), linalg::not_positive_definite);
  }
  d.qdot = e.qdot;
  d.udot = solved_.udot;
  d.constraint_force = solved_.constraint_force;
  d.regularized = solved_.iterations >= augmented_lagrangian_iterations;
  if (multipliers)
    d.lambda = least_norm_multipliers(e.G, d.constraint_force);
  else
    d.lambda.resize(0);
}

void EquationsEvaluator::evaluate_into(double t, const double* q, const double* u, const Eigen::VectorXd& correction,
                                       Derivatives& out) const {
  if (augmented_path()) return evaluate_augmented(t, q, u, correction, false, out);
  const auto N = static_cast<Eigen::Index>(n_), P = static_cast<Eigen::Index>(p_);
  out = evaluate(t, Eigen::Map<const Eigen::VectorXd>(q, N), Eigen::Map<const Eigen::VectorXd>(u, P), correction, false);
}

// The dependent speeds solved numerically (numeric_elimination.hpp); the constraint force in the
// speeds' space is M u̇ − F (= Gᵀλ, for the energy balance).
Derivatives EquationsEvaluator::evaluate_eliminated(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                                    const Eigen::VectorXd& correction) const {
  auto e = matrices(t, q, u);
  e.g += correction;
  Derivatives d{.qdot = std::move(e.qdot), .udot = {}, .lambda = {}, .constraint_force = {}};
  d.udot = elimination_->solve(e.M, e.F, e.G, e.g, method_ + " equations " + at_time(t), constraint_names_);
  d.constraint_force = e.M * d.udot - e.F;
  if (elimination_->repartitioned())
    partition_changes_.push_back(
        formulations::partition_change(t, elimination_->previous(), elimination_->dependent(), code_->eom->speeds));
  return d;
}

Derivatives EquationsEvaluator::evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  return evaluate(t, q, u, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(rows_)));
}

Derivatives EquationsEvaluator::evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                         const Eigen::VectorXd& correction, bool multipliers) const {
  if (rows_ == 0 && enforcement_ != formulations::ConstraintEnforcement::MoorePenrose)
    return evaluate_unconstrained(t, q, u);
  if (enforcement_ == formulations::ConstraintEnforcement::NumericElimination)
    return evaluate_eliminated(t, q, u, correction);
  if (augmented_path()) {
    Derivatives d;
    evaluate_augmented(t, q.data(), u.data(), correction, multipliers, d);
    return d;
  }
  auto [M, G, F, g, qdot, mu] = matrices(t, q, u);
  g += correction;
  const auto P = static_cast<Eigen::Index>(p_);
  Derivatives d;
  d.qdot = qdot;
  if (enforcement_ == formulations::ConstraintEnforcement::MoorePenrose) {
    auto nonideal = [&](double normal) -> Eigen::VectorXd {
      if (!code_->has_nonideal) return Eigen::VectorXd::Zero(P);
      std::vector<double> in = in_;
      in.back() = normal;
      Eigen::VectorXd C(P);
      code_->nonideal.evaluate(in.data(), C.data());
      return C;
    };
    try {
      auto forces = linalg::udwadia_kalaba_forces(M, F, G, g, nonideal, code_->has_friction ? mu : 0.0, u, constraint_names_);
      d.udot = forces.acceleration;
      d.constraint_force = forces.ideal + forces.nonideal;
    } catch (const ModelError& e) {
      throw SingularityError(method_ + " equations " + at_time(t), e.what());
    }
    return d;
  }
  auto solved = linalg::solve_saddle_point(M, F, G, g, method_ + " equations " + at_time(t), constraint_names_);
  d.udot = solved.udot;
  d.lambda = solved.lambda;
  d.constraint_force = rows_ ? Eigen::VectorXd(G.transpose() * d.lambda) : Eigen::VectorXd::Zero(P);
  return d;
}

AccelerationDerivatives EquationsEvaluator::derivatives(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                                        ParameterDerivatives parameters) const {
  AccelerationDerivatives out;
  derivatives(t, q, u, out, parameters);
  return out;
}

std::string EquationsEvaluator::derivatives_path() const {
  if (code_->tree)
    return "through the tree: the recursive Newton-Euler inverse dynamics differentiated by the chain rule, M^-1 "
           "applied by the articulated-body algorithm's passes (O(n) code, one column per call)";
  return "from the residuals M a - F - G^T lambda of the " + method_ + " equations (dense, O(n^3)): u' does not come "
         "from the articulated-body algorithm here (constraints, other coordinates or speeds, not a tree, or the "
         "mass-matrix form asked for)";
}

void EquationsEvaluator::derivatives(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                     AccelerationDerivatives& out, ParameterDerivatives parameters) const {
  if (code_->tree) return tree_derivatives(t, q, u, out, parameters);
  compile_matrices();
  std::call_once(code_->differentiated, [this] { code_->jacobian.emplace(*code_->eom, code_->parameters, code_->backend); });
  const auto e = matrices(t, q, u);
  const std::string what = method_ + " equations " + at_time(t);
  const auto solved = linalg::solve_saddle_point(e.M, e.F, e.G, e.g, what, constraint_names_);
  std::vector<double> in = {t};
  for (const auto* v : {&q, &u}) in.insert(in.end(), v->data(), v->data() + v->size());
  in.insert(in.end(), parameter_values_.begin(), parameter_values_.end());
  for (const auto* v : {&solved.udot, &solved.lambda}) in.insert(in.end(), v->data(), v->data() + v->size());
  const auto& jacobian = *code_->jacobian;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> J(static_cast<Eigen::Index>(jacobian.rows()),
                                                                           static_cast<Eigen::Index>(jacobian.columns()));
  jacobian.evaluate(in.data(), J.data());
  if (!J.allFinite()) throw_not_finite(t);
  out = acceleration_derivatives(e.M, e.G, solved.udot, J, n_, what);
  if (parameters == ParameterDerivatives::Skip) out.udot_p.resize(static_cast<Eigen::Index>(p_), 0);
}

// Through the tree (tree_derivatives.hpp): the state's columns, then the parameters' if asked for.
void EquationsEvaluator::tree_derivatives(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                          AccelerationDerivatives& out, ParameterDerivatives parameters) const {
  auto compile = [this](std::optional<TreeDerivatives>& d, TreeDerivatives::Variables variables) {
    d.emplace(code_->tree->get(), code_->parameters, variables, code_->backend);
    if (!d->backend_note().empty()) code_->backend_note = d->backend_note();
  };
  std::call_once(code_->tree_state_compiled, [&] { compile(code_->tree_state, TreeDerivatives::Variables::State); });
  if (!tree_workspaces_) tree_workspaces_.object = std::make_unique<TreeWorkspaces>();
  auto& work = *tree_workspaces_.object;
  if (!work.state) work.state = code_->tree_state->workspace();
  const auto N = static_cast<Eigen::Index>(n_), P = static_cast<Eigen::Index>(p_);
  if (out.udot.size() != P) out.udot.resize(P);
  if (out.udot_q.rows() != P || out.udot_q.cols() != N) out.udot_q.resize(P, N);
  if (out.udot_u.rows() != P || out.udot_u.cols() != P) out.udot_u.resize(P, P);
  code_->tree_state->evaluate(t, q.data(), u.data(), parameter_values_.data(), out.udot.data(),
                              {out.udot_q.data(), n_, out.udot_u.data()}, *work.state);
  const auto columns = parameters == ParameterDerivatives::Include ? static_cast<Eigen::Index>(parameter_values_.size()) : 0;
  if (out.udot_p.rows() != P || out.udot_p.cols() != columns) out.udot_p.resize(P, columns);
  if (columns == 0) return;
  std::call_once(code_->tree_parameters_compiled, [&] { compile(code_->tree_parameters, TreeDerivatives::Variables::Parameters); });
  if (!work.parameters) work.parameters = code_->tree_parameters->workspace();
  Eigen::VectorXd udot(P);
  code_->tree_parameters->evaluate(t, q.data(), u.data(), parameter_values_.data(), udot.data(),
                                   {out.udot_p.data(), parameter_values_.size(), nullptr}, *work.parameters);
}

}  // namespace adyn::numeric
