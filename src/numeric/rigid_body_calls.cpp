// The rigid-body algorithms as compiled calls (rigid_body_calls.hpp).
#include "adyn/numeric/rigid_body_calls.hpp"

#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/formulations/composite_rigid_body.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/formulations/frame_kinematics.hpp"
#include "adyn/formulations/recursive_newton_euler.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "setup_cache.hpp"

namespace adyn::numeric {
namespace {

using GiNaC::ex;

// (t, q, u, u̇, parameters): the inputs of every call, those a call does not use left at zero.
std::vector<GiNaC::symbol> inputs_of(const std::vector<GiNaC::symbol>& q, const std::vector<GiNaC::symbol>& u,
                                     const std::vector<GiNaC::symbol>& parameters) {
  std::vector<GiNaC::symbol> in = {sym::time()};
  const auto a = sym::derivatives_of(u);
  for (const auto* list : {&q, &u, &a, &parameters}) in.insert(in.end(), list->begin(), list->end());
  return in;
}

std::vector<ex> entries(const GiNaC::matrix& m) {  // row-major
  std::vector<ex> out;
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out.push_back(m(i, j));
  return out;
}

// Hamilton's equations are in momenta: no M u̇ = F of speeds.
void refuse_hamilton(const formulations::EquationsOfMotion& eom, const std::string& what) {
  if (!eom.hamiltonian.is_zero())
    throw NotApplicableError(what, "Hamilton's equations are in momenta, not speeds: derive another method's");
}

}  // namespace

CompiledFrame::CompiledFrame(const model::System& system, const formulations::EquationsOfMotion& eom,
                             const std::string& name, const std::vector<GiNaC::symbol>& parameters, Backend backend)
    : n_(system.coordinates().size()), parameters_(parameters.size()) {
  const auto k = formulations::frame_kinematics(system, name);
  frame_ = k.frame;
  origin_ = k.origin;
  std::vector<GiNaC::symbol> in = {sym::time()};
  in.insert(in.end(), system.coordinates().begin(), system.coordinates().end());
  in.insert(in.end(), parameters.begin(), parameters.end());
  auto pose = entries(k.rotation);
  for (const auto& e : entries(k.position)) pose.push_back(e);
  pose_ = CompiledFunction(in, pose, backend);
  if (eom.speeds == system.speeds())
    jacobian_ = CompiledFunction(in, entries(k.jacobian), backend);
  else
    no_jacobian_ = "the " + eom.method + " equations' speeds are not the system's (dependent speeds eliminated), "
                   "in which the Jacobian's columns are";
}

void CompiledFrame::pose(double t, const double* q, const double* parameters, double* R, double* p,
                         RigidBodyWorkspace& w) const {
  w.in[0] = t;
  std::copy(q, q + n_, w.in.begin() + 1);
  std::copy(parameters, parameters + parameters_, w.in.begin() + 1 + static_cast<std::ptrdiff_t>(n_));
  double out[12];
  pose_.evaluate(w.in.data(), out);
  std::copy(out, out + 9, R);
  std::copy(out + 9, out + 12, p);
}

void CompiledFrame::jacobian(double t, const double* q, const double* parameters, double* J,
                             RigidBodyWorkspace& w) const {
  if (!no_jacobian_.empty()) throw NotApplicableError("frame '" + frame_ + "'", no_jacobian_);
  w.in[0] = t;
  std::copy(q, q + n_, w.in.begin() + 1);
  std::copy(parameters, parameters + parameters_, w.in.begin() + 1 + static_cast<std::ptrdiff_t>(n_));
  jacobian_.evaluate(w.in.data(), J);
}

RigidBodyCalls::RigidBodyCalls(const model::System& system, const formulations::EquationsOfMotion& eom,
                               const std::vector<GiNaC::symbol>& parameters, Backend backend)
    : system_(system), eom_(eom), parameters_(parameters), backend_(backend), n_(eom.n()), p_(eom.p()) {
  path_ = formulations::not_own_unconstrained(system, eom);
  if (path_.empty()) {
    try {
      // The test that it is a tree; the tree's equations (tree_equations) make it when their dynamics are derived.
      if (!eom.tree_dynamics) formulations::inverse_dynamics(system);
      tree_ = true;
      path_ = "recursive Newton-Euler and composite rigid bodies over the tree";
      return;
    } catch (const NotATree& e) {
      path_ = e.what();
    }
  }
  path_ = "M u' - F of the " + eom.method + " equations: " + path_;
}

RigidBodyCalls::~RigidBodyCalls() = default;

RigidBodyWorkspace RigidBodyCalls::workspace() const {
  return {std::vector<double>(1 + std::max(n_, system_.coordinates().size()) + 2 * p_ + parameters_.size(), 0.0)};
}

void RigidBodyCalls::compile_inverse_dynamics() const {
  const auto inputs = inputs_of(eom_.coordinates, eom_.speeds, parameters_);
  if (tree_ && eom_.tree_dynamics) {  // required − applied over the tree of the equations' articulated-body dynamics
    inverse_dynamics_ = compiled_with_setup_cache(system_, "inverse dynamics", backend_, [&] {
      return compile_straight_line(inputs, eom_.tree_dynamics->get().inverse_dynamics.residuals());
    });
    return;
  }
  std::vector<ex> tau;
  if (tree_) {
    tau = formulations::inverse_dynamics(system_).residuals();
  } else {
    const auto a = sym::derivatives_of(eom_.speeds);
    for (unsigned i = 0; i < p_; ++i) {
      ex row = -eom_.forcing(i, 0);
      for (unsigned j = 0; j < p_; ++j) row += eom_.mass_matrix(i, j) * a[j];
      tau.push_back(row);
    }
  }
  inverse_dynamics_ = CompiledFunction(inputs, tau, backend_);
}

void RigidBodyCalls::compile_mass_matrix() const {
  const auto inputs = inputs_of(eom_.coordinates, eom_.speeds, parameters_);
  if (tree_ && eom_.tree_dynamics) {  // over the tree the equations' articulated-body dynamics ran on
    mass_matrix_ = compiled_with_setup_cache(system_, "mass matrix", backend_, [&] {
      return compile_straight_line(inputs, entries(formulations::composite_rigid_body(eom_.tree_dynamics->get())));
    });
    return;
  }
  const auto M = tree_ ? formulations::composite_rigid_body(system_) : eom_.mass_matrix;
  mass_matrix_ = CompiledFunction(inputs, entries(M), backend_);
}

void RigidBodyCalls::load(double t, const double* q, const double* u, const double* udot, const double* parameters,
                          RigidBodyWorkspace& w) const {
  auto at = w.in.begin();
  *at++ = t;
  at = std::copy(q, q + n_, at);
  at = u ? std::copy(u, u + p_, at) : std::fill_n(at, p_, 0.0);
  at = udot ? std::copy(udot, udot + p_, at) : std::fill_n(at, p_, 0.0);
  std::copy(parameters, parameters + parameters_.size(), at);
}

void RigidBodyCalls::inverse_dynamics(double t, const double* q, const double* u, const double* udot,
                                      const double* parameters, double* tau, RigidBodyWorkspace& w) const {
  refuse_hamilton(eom_, "inverse dynamics");
  if (eom_.constraint_matrix.rows() > 0)
    throw NotApplicableError("inverse dynamics", "the " + eom_.method + " equations keep " +
                                                     std::to_string(eom_.constraint_matrix.rows()) +
                                                     " constraint rows: the forces that give u' are not unique "
                                                     "(any G^T lambda can be added)");
  std::call_once(inverse_dynamics_compiled_, [this] { compile_inverse_dynamics(); });
  load(t, q, u, udot, parameters, w);
  inverse_dynamics_.evaluate(w.in.data(), tau);
}

void RigidBodyCalls::mass_matrix(double t, const double* q, const double* parameters, double* M,
                                 RigidBodyWorkspace& w) const {
  refuse_hamilton(eom_, "mass matrix");
  std::call_once(mass_matrix_compiled_, [this] { compile_mass_matrix(); });
  load(t, q, nullptr, nullptr, parameters, w);
  mass_matrix_.evaluate(w.in.data(), M);
}

const CompiledFrame& RigidBodyCalls::frame(const std::string& name) const {
  if (eom_.coordinates != system_.coordinates())
    throw NotApplicableError("frame '" + name + "'", "the " + eom_.method +
                                                         " equations are not in the system's own coordinates, in "
                                                         "which frames are compiled");
  const std::lock_guard lock(frames_mutex_);
  const auto known = frames_.find(name);
  if (known != frames_.end()) return *known->second;
  auto compiled = std::make_unique<const CompiledFrame>(system_, eom_, name, parameters_, backend_);
  return *frames_.emplace(name, std::move(compiled)).first->second;
}

}  // namespace adyn::numeric
