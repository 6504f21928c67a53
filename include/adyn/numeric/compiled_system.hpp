#pragma once
// A model and its equations prepared for numeric work once, to be run many times: the split of
// Pinocchio's Model and Data, MuJoCo's mjModel and mjData. A CompiledSystem holds what no run
// changes — the compiled forward dynamics (the mass-matrix form or the articulated-body algorithm),
// the names, and, built at the first run, the constraint rows and the projection onto them and the
// monitors (the energy and its rate, the events, the frames) — and each run takes a workspace of
// its own from it (copies of the evaluator's buffers, never of its code), so one compiled system
// serves runs one after another and on several threads at once. Parameters are run-time inputs of
// the compiled code: a run at other parameter values neither derives nor compiles again.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/compiled_outputs.hpp"
#include "adyn/numeric/evaluator.hpp"
#include "adyn/numeric/rigid_body_calls.hpp"

namespace adyn::numeric {

struct Monitors;  // what a simulation watches besides the equations (the simulation's own)

/// What is decided when compiling: the code's backend, and whether an unconstrained tree's u̇ comes
/// from the O(n) articulated-body algorithm (formulations/articulated_body.hpp) rather than M u̇ = F.
struct CompileOptions {
  Backend backend = Backend::Tape;
  bool articulated_body = true;
  bool operator==(const CompileOptions&) const = default;
};

/// The names a run reports its samples and messages in.
struct CompiledNames {
  std::string method;
  std::vector<std::string> coordinates, speeds, multipliers, constraints, dropped_constraints;
  std::vector<std::string> parameters;  // in the order of the parameter values (the inputs among them)
  std::vector<std::string> inputs;      // the system's inputs (model::Input)
  std::vector<std::string> outputs;     // the system's outputs (model::Output), as CompiledOutputs has them
  std::string dropped_note;             // formulations::dropped_note: the rows left out, why
};

class CompiledSystem {
 public:
  /// Compiles `eom` of `system`; the constraints eom.dropped_constraints names are left out of the
  /// projection and the watches, as they are of the equations. The tree equations of a system read
  /// from a file (formulations::tree_equations, model::System::source) find their compiled
  /// articulated-body algorithm in the set-up cache where an earlier run of this build of adyn kept
  /// it (setup_cache.hpp): nothing is derived then. Tree equations of a system that turns out not
  /// to be a tree, or asked for in the mass-matrix form, are derived by their method (M u' = F).
  /// Throws adyn::NotApplicableError for an output the equations cannot give (CompiledOutputs).
  CompiledSystem(const model::System& system, const formulations::EquationsOfMotion& eom,
                 const CompileOptions& options = {});
  CompiledSystem(const CompiledSystem&) = delete;
  CompiledSystem& operator=(const CompiledSystem&) = delete;
  ~CompiledSystem();

  const CompiledNames& names() const { return names_; }
  /// The options it was compiled with (the backend asked for; evaluator().backend() is the one had).
  const CompileOptions& options() const { return options_; }
  /// How many compiled systems this process has built (each derives and compiles once).
  static long count();
  std::size_t n() const { return names_.coordinates.size(); }
  std::size_t p() const { return names_.speeds.size(); }
  formulations::ConstraintEnforcement enforcement() const { return enforcement_; }
  /// The constraints of the system the equations keep (their rows, unless the method eliminates them).
  std::size_t constraint_count() const { return constraint_count_; }
  /// The model's parameter values, in names().parameters' order (the runs' default).
  const std::vector<double>& parameter_values() const { return parameter_values_; }
  /// Values in names().parameters' order: the model's, with those named in `given` replaced.
  /// Throws adyn::ModelError naming a parameter the system does not have or a value that is not finite.
  std::vector<double> parameter_values(const std::vector<std::pair<std::string, double>>& given) const;
  /// The compiled equations, at the model's parameter values: copy it for a workspace of your own.
  const EquationsEvaluator& evaluator() const { return evaluator_; }
  /// The outputs, compiled once: what a run records beside the state.
  const CompiledOutputs& outputs() const { return outputs_; }
  /// Which forward dynamics it evaluates and why (formulations::EvaluatorChoice::describe):
  /// "articulated-body algorithm, O(n): ..." or "mass matrix M u' = F: ...".
  const std::string& evaluator_choice() const { return evaluator_choice_; }
  /// Whether the forward dynamics were found in the set-up cache: the articulated-body algorithm's
  /// program (nothing derived for it), or the compiled mass-matrix form
  /// (EquationsEvaluator::matrices_from_setup_cache).
  bool found_in_setup_cache() const { return found_in_setup_cache_; }
  /// Inverse dynamics, the mass matrix, frames' poses and Jacobians (rigid_body_calls.hpp), each
  /// generated and compiled at its first call, with the backend asked for, in the parameters'
  /// order of names().parameters.
  const RigidBodyCalls& rigid_body() const;
  /// The monitors (simulation internals), built at the first call: the first run's (a caller of
  /// the dynamics alone never pays for them).
  const Monitors& monitors() const;
  /// The system compiled (without the constraints the equations leave out).
  const model::System& system() const { return kept_; }

 private:
  CompiledSystem(const model::System& kept, const formulations::EquationsOfMotion& eom, const CompileOptions& options,
                 int);  // over the system of the rows kept
  CompiledNames names_;
  CompileOptions options_;
  formulations::ConstraintEnforcement enforcement_;
  std::size_t constraint_count_ = 0;
  std::vector<double> parameter_values_;
  model::System kept_;  // what the monitors and the rigid-body calls are generated from, on first use
  // The equations given, or the method's M u' = F where tree equations' system is not a tree
  // (before evaluator_: compiling it may derive them, and writes evaluator_choice_).
  formulations::EquationsOfMotion eom_;
  std::string evaluator_choice_;
  bool found_in_setup_cache_ = false;
  EquationsEvaluator evaluator_;
  CompiledOutputs outputs_;
  mutable std::once_flag monitors_made_;
  mutable std::unique_ptr<const Monitors> monitors_;
  mutable std::once_flag rigid_body_made_;
  mutable std::unique_ptr<const RigidBodyCalls> rigid_body_;
};

}  // namespace adyn::numeric
