#include "adyn/numeric/evaluator.hpp"

#include <sstream>

#include "adyn/error.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "adyn/model/constraint.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::numeric {
namespace {

std::vector<GiNaC::ex> entries(const GiNaC::matrix& m) {
  std::vector<GiNaC::ex> out;
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out.push_back(m(i, j));
  return out;
}

std::string at_time(double t) {
  std::ostringstream os;
  os << "at t = " << t;
  return os.str();
}

}  // namespace

EquationsEvaluator::Compiled EquationsEvaluator::compile(Backend backend, const std::vector<GiNaC::symbol>& inputs,
                                                        const std::vector<GiNaC::ex>& outputs) {
  Compiled c;
  if (backend == Backend::Native) c.native = std::make_shared<NativeFunction>(inputs, outputs);
  else c.tape = std::make_shared<Tape>(inputs, outputs);
  return c;
}

EquationsEvaluator::EquationsEvaluator(const formulations::EquationsOfMotion& eom,
                                       const std::vector<GiNaC::symbol>& parameters, const std::vector<double>& values,
                                       Backend backend)
    : backend_(backend),
      method_(eom.method),
      n_(eom.n()),
      p_(eom.p()),
      rows_(eom.constraint_matrix.rows()),
      enforcement_(eom.enforcement),
      constraint_names_(eom.constraint_names) {
  std::vector<GiNaC::symbol> inputs = {sym::time()};
  inputs.insert(inputs.end(), eom.coordinates.begin(), eom.coordinates.end());
  inputs.insert(inputs.end(), eom.speeds.begin(), eom.speeds.end());
  inputs.insert(inputs.end(), parameters.begin(), parameters.end());
  std::vector<GiNaC::ex> outputs = entries(eom.mass_matrix);
  for (const auto* m : {&eom.forcing, &eom.coordinate_rates, &eom.constraint_matrix, &eom.constraint_rhs})
    for (const auto& e : entries(*m)) outputs.push_back(e);
  has_friction_ = !eom.friction_coefficient.is_zero();
  outputs.push_back(eom.friction_coefficient);
  main_ = compile(backend, inputs, outputs);
  has_nonideal_ = eom.nonideal_force.rows() > 0;
  if (has_nonideal_) {
    inputs.push_back(model::Constraint::normal_force_symbol());
    nonideal_ = compile(backend, inputs, entries(eom.nonideal_force));
  }
  in_.assign(inputs.size(), 0.0);
  out_.assign(outputs.size(), 0.0);
  set_parameters(values);
}

EquationsEvaluator EquationsEvaluator::for_parameters(const formulations::EquationsOfMotion& eom,
                                                      const GiNaC::exmap& values, Backend backend) {
  std::vector<GiNaC::symbol> symbols;
  std::vector<double> numbers;
  for (const auto& [s, v] : values) {
    symbols.push_back(GiNaC::ex_to<GiNaC::symbol>(s));
    numbers.push_back(GiNaC::ex_to<GiNaC::numeric>(v.evalf()).to_double());
  }
  return EquationsEvaluator(eom, symbols, numbers, backend);
}

void EquationsEvaluator::set_parameters(const std::vector<double>& values) {
  const std::size_t first = 1 + n_ + p_;
  const std::size_t count = in_.size() - first - (has_nonideal_ ? 1 : 0);
  if (values.size() != count)
    throw Error(method_ + " evaluator: expected " + std::to_string(count) + " parameter values, got " +
                std::to_string(values.size()));
  for (std::size_t i = 0; i < count; ++i) in_[first + i] = values[i];
}

void EquationsEvaluator::load_inputs(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  in_[0] = t;
  for (std::size_t i = 0; i < n_; ++i) in_[1 + i] = q(static_cast<Eigen::Index>(i));
  for (std::size_t i = 0; i < p_; ++i) in_[1 + n_ + i] = u(static_cast<Eigen::Index>(i));
  main_.evaluate(in_.data(), out_.data());
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

void EquationsEvaluator::throw_not_finite(double t) const {
  throw EvaluationError(method_ + " equations " + at_time(t) + ": the state left the domain (a value is not finite)");
}

// Without constraint rows, M u̇ = F is solved straight from the compiled function's output buffer by
// a Cholesky factorization whose storage is kept between calls: the integrators' hot path, free of
// copies and of the error text, which is built only when thrown.
Derivatives EquationsEvaluator::evaluate_unconstrained(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  load_inputs(t, q, u);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const auto P = static_cast<Eigen::Index>(p_);
  const Eigen::Map<const RowMajor> M(out_.data(), P, P);
  const Eigen::Map<const Eigen::VectorXd> F(out_.data() + p_ * p_, P), qdot(out_.data() + p_ * p_ + p_, static_cast<Eigen::Index>(n_));
  if (!M.allFinite() || !F.allFinite() || !qdot.allFinite()) throw_not_finite(t);
  cholesky_.compute(M);
  if (cholesky_.info() != Eigen::Success)
    throw SingularityError(method_ + " equations " + at_time(t), formulations::not_positive_definite);
  return {.qdot = qdot, .udot = cholesky_.solve(F), .lambda = {}, .constraint_force = Eigen::VectorXd::Zero(P)};
}

Derivatives EquationsEvaluator::evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  return evaluate(t, q, u, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(rows_)));
}

Derivatives EquationsEvaluator::evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                         const Eigen::VectorXd& correction) const {
  if (rows_ == 0 && enforcement_ != formulations::ConstraintEnforcement::MoorePenrose)
    return evaluate_unconstrained(t, q, u);
  auto [M, G, F, g, qdot, mu] = matrices(t, q, u);
  g += correction;
  const auto P = static_cast<Eigen::Index>(p_);
  Derivatives d;
  d.qdot = qdot;
  if (enforcement_ == formulations::ConstraintEnforcement::MoorePenrose) {
    auto nonideal = [&](double normal) -> Eigen::VectorXd {
      if (!has_nonideal_) return Eigen::VectorXd::Zero(P);
      std::vector<double> in = in_;
      in.back() = normal;
      Eigen::VectorXd C(P);
      nonideal_.evaluate(in.data(), C.data());
      return C;
    };
    try {
      auto forces = formulations::udwadia_kalaba_forces(M, F, G, g, nonideal, has_friction_ ? mu : 0.0, u, constraint_names_);
      d.udot = forces.acceleration;
      d.constraint_force = forces.ideal + forces.nonideal;
    } catch (const ModelError& e) {
      throw SingularityError(method_ + " equations " + at_time(t), e.what());
    }
    return d;
  }
  auto solved = formulations::solve_linear(M, F, G, g, method_ + " equations " + at_time(t));
  d.udot = solved.udot;
  d.lambda = solved.lambda;
  d.constraint_force = rows_ ? Eigen::VectorXd(G.transpose() * d.lambda) : Eigen::VectorXd::Zero(P);
  return d;
}

}  // namespace adyn::numeric
