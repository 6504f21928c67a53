#include "adyn/numeric/articulated_body_evaluator.hpp"

#include <cmath>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/linalg/positive_definite.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::numeric {
namespace {

std::vector<GiNaC::ex> outputs_of(const formulations::ArticulatedBodyDynamics& d) {
  std::vector<GiNaC::ex> out = d.accelerations;
  for (const auto* list : {&d.coordinate_rates, &d.pivots, &d.pivot_scales}) out.insert(out.end(), list->begin(), list->end());
  return out;
}

std::vector<GiNaC::symbol> inputs_of(const formulations::ArticulatedBodyDynamics& d,
                                     const std::vector<GiNaC::symbol>& parameters) {
  std::vector<GiNaC::symbol> in = {sym::time()};
  for (const auto* list : {&d.coordinates, &d.speeds, &parameters}) in.insert(in.end(), list->begin(), list->end());
  return in;
}

std::string what_at(double t) {
  std::ostringstream os;
  os << "articulated-body dynamics at t = " << t;
  return os.str();
}

}  // namespace

bool singular_pivot(const double* pivot, const double* scale, std::size_t count) {
  for (std::size_t j = 0; j < count; ++j)
    if (!(pivot[j] > linalg::singular_pivot_ratio * scale[j])) return std::isfinite(pivot[j]) && std::isfinite(scale[j]);
  return false;
}

StraightLineProgram articulated_body_program(const formulations::ArticulatedBodyDynamics& dynamics,
                                             const std::vector<GiNaC::symbol>& parameters) {
  return compile_straight_line(inputs_of(dynamics, parameters), outputs_of(dynamics));
}

ArticulatedBodyEvaluator::ArticulatedBodyEvaluator(const formulations::ArticulatedBodyDynamics& dynamics,
                                                   const std::vector<GiNaC::symbol>& parameters,
                                                   const std::vector<double>& values, Backend backend)
    : ArticulatedBodyEvaluator(articulated_body_program(dynamics, parameters), dynamics.coordinates.size(),
                               dynamics.speeds.size(), dynamics.pivots.size(), values, backend) {}

ArticulatedBodyEvaluator::ArticulatedBodyEvaluator(const StraightLineProgram& program, std::size_t n, std::size_t p,
                                                   std::size_t pivots, const std::vector<double>& values,
                                                   Backend backend, const std::string& library_name)
    : n_(n), p_(p), pivots_(pivots), parameters_(values.size()), in_(1 + n + p + values.size(), 0.0),
      out_(p + n + 2 * pivots, 0.0) {
  if (program.input_count != in_.size() || program.outputs.size() != out_.size())
    throw Error("articulated-body evaluator: the program has " + std::to_string(program.input_count) + " inputs and " +
                std::to_string(program.outputs.size()) + " outputs, not " + std::to_string(in_.size()) + " and " +
                std::to_string(out_.size()));
  function_ = CompiledFunction(program, backend, std::nullopt, {}, library_name);
  set_parameters(values);
}

ArticulatedBodyEvaluator ArticulatedBodyEvaluator::for_parameters(const formulations::ArticulatedBodyDynamics& dynamics,
                                                                  const GiNaC::exmap& values, Backend backend) {
  auto [symbols, numbers] = parameter_inputs(values);
  return ArticulatedBodyEvaluator(dynamics, symbols, numbers, backend);
}

void ArticulatedBodyEvaluator::set_parameters(const std::vector<double>& values) {
  if (values.size() != parameters_)
    throw Error("articulated-body evaluator: expected " + std::to_string(parameters_) + " parameter values, got " +
                std::to_string(values.size()));
  std::copy(values.begin(), values.end(), in_.begin() + static_cast<std::ptrdiff_t>(1 + n_ + p_));
}

void ArticulatedBodyEvaluator::rates(double t, const double* q, const double* u, double* qdot, double* udot) const {
  in_[0] = t;
  std::copy(q, q + n_, in_.begin() + 1);
  std::copy(u, u + p_, in_.begin() + 1 + static_cast<std::ptrdiff_t>(n_));
  function_.evaluate(in_.data(), out_.data());
  const double* pivot = out_.data() + p_ + n_;
  const double* scale = pivot + pivots_;
  bool finite = true;
  for (std::size_t i = 0; i < p_ + n_; ++i) finite = finite && std::isfinite(out_[i]);
  if (singular_pivot(pivot, scale, pivots_)) throw SingularityError(what_at(t), linalg::not_positive_definite);
  if (!finite) throw EvaluationError(what_at(t) + ": the state left the domain (a value is not finite)");
  std::copy(out_.data(), out_.data() + p_, udot);
  std::copy(out_.data() + p_, out_.data() + p_ + n_, qdot);
}

Derivatives ArticulatedBodyEvaluator::evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
  const auto N = static_cast<Eigen::Index>(n_), P = static_cast<Eigen::Index>(p_);
  Derivatives d{.qdot = Eigen::VectorXd(N), .udot = Eigen::VectorXd(P), .lambda = {}, .constraint_force = Eigen::VectorXd::Zero(P)};
  rates(t, q.data(), u.data(), d.qdot.data(), d.udot.data());
  return d;
}

}  // namespace adyn::numeric
