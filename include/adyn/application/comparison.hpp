#pragma once
// Every formulation on one model (`adyn compare`, Python's adyn.compare): the size of each
// method's equations and the agreement of the coordinate accelerations q̈ with the first method
// evaluated (the reference), at random states near the model's initial configuration, consistent
// with the constraints. How a method is run is the caller's (the command line: a worker process
// with a time limit; Python: in its own process); the states, the differences and the verdicts are
// computed here.
#include <Eigen/Dense>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "adyn/analysis/random_state.hpp"
#include "adyn/model/system.hpp"

namespace adyn::application {

struct MethodResult {
  std::string name{};
  std::optional<std::string> not_applicable{};  // why the method does not treat this system
  std::optional<std::string> failure{};         // why it failed: derivation or evaluation
  bool timed_out = false;                       // no result within the caller's time limit
  double derive_seconds = 0;
  std::size_t operations = 0;  // to evaluate the equations once, each common subexpression once
  std::vector<Eigen::VectorXd> accelerations{};  // q̈ at each state
  std::optional<double> difference{};            // max relative difference from the reference
  std::string note{};  // constraints left out as redundant (formulations::dropped_note), "" for none
  bool agrees(double tolerance) const { return !failure && difference && *difference <= tolerance; }
  bool evaluated() const { return !not_applicable && !failure && !timed_out; }
};

struct Comparison {
  std::string system{}, reference{};  // the reference: the first method evaluated ("" for none)
  double tolerance = 1e-8;            // on the relative difference
  std::vector<MethodResult> methods{};

  long count(const std::function<bool(const MethodResult&)>& predicate) const;
  long applicable() const;
  long failed() const;
  long timed_out() const;
  long finished() const;  // applicable and not timed out
  /// Every applicable method that finished agrees with the reference (none failed), and when some
  /// timed out, at least two finished (a comparison took place): `adyn compare`'s exit status 0.
  bool agree() const;
};

/// A method's verdict, as the JSON's "status" names it.
enum class Verdict { NotApplicable, Failed, TimedOut, Reference, Agrees, Disagrees };
Verdict verdict(const MethodResult& method, const Comparison& comparison);
/// "not applicable", "failed", "timed out", "reference", "agrees" or "disagrees".
std::string verdict_name(Verdict verdict);
/// The table's last column: "n/a: WHY", "FAILED: WHY", "timed out: no result within T s",
/// "reference", or the difference and "agrees" or "DISAGREES" ("1.2e-15 agrees").
std::string verdict_text(const MethodResult& method, const Comparison& comparison, double time_limit);

struct ComparisonOptions {
  int states = 5;
  double tolerance = 1e-8;
  unsigned seed = 20240607;
};

/// `count` random states near the model's initial configuration (unlisted coordinates at 0),
/// consistent with the constraints, from one generator seeded with `seed`.
std::vector<analysis::SystemState> comparison_states(const model::System& system, int count, unsigned seed);

/// One method in this process: its derivation (timed), the size of its equations and q̈ at each
/// state. A method that does not treat the system is not applicable; an adyn::Error in the
/// derivation or the evaluation is its failure.
MethodResult run_method(const model::System& system, const std::string& method,
                        const std::vector<analysis::SystemState>& states);

/// max over states and coordinates of |a − b| / max(1, |a|, |b|).
double relative_difference(const std::vector<Eigen::VectorXd>& a, const std::vector<Eigen::VectorXd>& b);

/// Runs a method at the states (run_method, or the same in a worker process).
using MethodRunner = std::function<MethodResult(const std::string& method, const std::vector<analysis::SystemState>& states)>;
/// Called with each method as it finishes, and the comparison so far.
using MethodFinished = std::function<void(const MethodResult& method, const Comparison& so_far)>;

/// The methods (formulations::select_methods gives them) run in order by `run` at the states of
/// `system`, each one's difference from the reference set.
Comparison compare(const model::System& system, const std::vector<std::string>& methods,
                   const ComparisonOptions& options, const MethodRunner& run, const MethodFinished& finished = {});

}  // namespace adyn::application
