#include "adyn/application/comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>

#include "adyn/analysis/redundant_constraints.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/number_text.hpp"
#include "adyn/symbolic/cse.hpp"

namespace adyn::application {

long Comparison::count(const std::function<bool(const MethodResult&)>& predicate) const {
  return std::count_if(methods.begin(), methods.end(), predicate);
}

long Comparison::applicable() const { return count([](const MethodResult& m) { return !m.not_applicable; }); }
long Comparison::failed() const { return count([](const MethodResult& m) { return m.failure.has_value(); }); }
long Comparison::timed_out() const { return count([](const MethodResult& m) { return m.timed_out; }); }
long Comparison::finished() const {
  return count([](const MethodResult& m) { return !m.not_applicable && !m.timed_out; });
}

bool Comparison::agree() const {
  return !reference.empty() && (timed_out() == 0 || finished() >= 2) &&
         std::all_of(methods.begin(), methods.end(),
                     [&](const MethodResult& m) { return m.not_applicable || m.timed_out || m.agrees(tolerance); });
}

Verdict verdict(const MethodResult& m, const Comparison& c) {
  if (m.not_applicable) return Verdict::NotApplicable;
  if (m.failure) return Verdict::Failed;
  if (m.timed_out) return Verdict::TimedOut;
  if (m.name == c.reference) return Verdict::Reference;
  return m.agrees(c.tolerance) ? Verdict::Agrees : Verdict::Disagrees;
}

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::NotApplicable: return "not applicable";
    case Verdict::Failed: return "failed";
    case Verdict::TimedOut: return "timed out";
    case Verdict::Reference: return "reference";
    case Verdict::Agrees: return "agrees";
    default: return "disagrees";
  }
}

std::string verdict_text(const MethodResult& m, const Comparison& c, double time_limit) {
  switch (const auto v = verdict(m, c)) {
    case Verdict::NotApplicable: return "n/a: " + *m.not_applicable;
    case Verdict::Failed: return "FAILED: " + *m.failure;
    case Verdict::TimedOut: return "timed out: no result within " + number_text(time_limit) + " s";
    case Verdict::Reference: return "reference";
    default: {
      char difference[32];
      std::snprintf(difference, sizeof difference, "%.1e", *m.difference);
      return std::string(difference) + (v == Verdict::Agrees ? " agrees" : " DISAGREES");
    }
  }
}

std::vector<analysis::SystemState> comparison_states(const model::System& system, int count, unsigned seed) {
  const Eigen::VectorXd center = system.reference_configuration();
  std::mt19937 rng(seed);
  std::vector<analysis::SystemState> states;
  for (int k = 0; k < count; ++k) states.push_back(analysis::random_consistent_state_near(system, center, rng));
  return states;
}

namespace {

// Every expression of the equations: M, F, G, g, q̇, the dependent speeds, the nonideal C.
std::vector<GiNaC::ex> equation_entries(const formulations::EquationsOfMotion& eom) {
  std::vector<GiNaC::ex> out;
  for (const auto* m : {&eom.mass_matrix, &eom.forcing, &eom.constraint_matrix, &eom.constraint_rhs,
                        &eom.coordinate_rates, &eom.dependent_speed_values, &eom.nonideal_force})
    for (unsigned i = 0; i < m->rows(); ++i)
      for (unsigned j = 0; j < m->cols(); ++j) out.push_back((*m)(i, j));
  return out;
}

// q̈ at each state (a SingularityError, rows that lose rank, passes to the caller).
std::vector<Eigen::VectorXd> accelerations(const model::System& system, const formulations::EquationsOfMotion& eom,
                                           const std::vector<analysis::SystemState>& states) {
  const auto parameters = system.parameter_values();
  std::vector<Eigen::VectorXd> out;
  for (const auto& x : states)
    out.push_back(formulations::coordinate_accelerations(eom, formulations::state_for(eom, system, x.t, x.q, x.u), parameters));
  return out;
}

// q̈ into r. Where the rows' solve meets dependent rows (the KKT system of the multiplier forms
// with Bricard's redundant row), the constraints redundant at every consistent state are left out
// as derive_without_redundant_rows leaves them out for the methods that need independent rows at
// derivation, and said in the note; where none is redundant, the method fails naming the rows.
void evaluate_accelerations(const model::System& system, formulations::EquationsOfMotion& eom, const std::string& method,
                            const std::vector<analysis::SystemState>& states, MethodResult& r) {
  try {
    try {
      r.accelerations = accelerations(system, eom, states);
    } catch (const SingularityError&) {
      const auto redundant = eom.dropped_constraints.empty() ? analysis::redundant_constraints(system)
                                                             : std::vector<std::string>{};
      if (redundant.empty()) throw;
      eom = analysis::derive_without(system, method, redundant);
      r.accelerations = accelerations(system, eom, states);
    }
  } catch (const Error& e) {
    r.failure = e.what();
  }
  r.note = formulations::dropped_note(eom);
}

}  // namespace

MethodResult run_method(const model::System& system, const std::string& method,
                        const std::vector<analysis::SystemState>& states) {
  MethodResult r{.name = method};
  formulations::EquationsOfMotion eom;
  try {
    const auto start = std::chrono::steady_clock::now();
    eom = analysis::derive_without_redundant_rows(system, method);
    r.derive_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } catch (const NotApplicableError& e) {
    r.not_applicable = e.what();
    return r;
  } catch (const Error& e) {
    r.failure = std::string("derivation failed: ") + e.what();
    return r;
  }
  evaluate_accelerations(system, eom, method, states, r);
  // The operations of one evaluation with each common subexpression computed once: what the tape
  // and the generated C compute. (Their trees, each shared subexpression counted as often as it is
  // used, run to billions for a bicycle: 1.8e9 for Kane's, 4.5e3 evaluated.)
  r.operations = sym::cse(equation_entries(eom)).operation_count();
  return r;
}

double relative_difference(const std::vector<Eigen::VectorXd>& a, const std::vector<Eigen::VectorXd>& b) {
  double worst = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    for (Eigen::Index i = 0; i < a[k].size(); ++i) {
      const double scale = std::max({1.0, std::abs(a[k](i)), std::abs(b[k](i))});
      worst = std::max(worst, std::abs(a[k](i) - b[k](i)) / scale);
    }
  return worst;
}

Comparison compare(const model::System& system, const std::vector<std::string>& methods,
                   const ComparisonOptions& options, const MethodRunner& run, const MethodFinished& finished) {
  const auto states = comparison_states(system, options.states, options.seed);
  Comparison c{.system = system.name(), .tolerance = options.tolerance};
  std::vector<Eigen::VectorXd> reference;
  for (const auto& method : methods) {
    auto r = run(method, states);
    if (c.reference.empty() && r.evaluated()) c.reference = r.name, reference = r.accelerations;
    if (r.evaluated()) r.difference = relative_difference(r.accelerations, reference);
    c.methods.push_back(std::move(r));
    if (finished) finished(c.methods.back(), c);
  }
  return c;
}

}  // namespace adyn::application
