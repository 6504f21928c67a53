#pragma once
// A set of expressions compiled for numeric evaluation by the backend asked for: generated C
// (native_code.hpp) where it can be had, else the tape (tape.hpp), the reason kept. What every
// evaluator of equations shares.
#include <ginac/ginac.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adyn/numeric/native_code.hpp"
#include "adyn/numeric/tape.hpp"

namespace adyn::numeric {

/// Tape (always available) or generated C compiled at run time (native_code.hpp).
enum class Backend { Tape, Native };

/// A system's parameters as inputs: the symbols by name (not GiNaC's order, which changes from run to
/// run) and their values. Throws adyn::Error naming a parameter whose value is not a number.
struct ParameterInputs {
  std::vector<GiNaC::symbol> symbols;
  std::vector<double> values;
};
ParameterInputs parameter_inputs(const GiNaC::exmap& values);
/// The inputs of a function of the equations' state: t, q, u, then the parameters of `values` in
/// parameter_inputs' order (the evaluator's).
std::vector<GiNaC::symbol> state_inputs(const std::vector<GiNaC::symbol>& coordinates,
                                        const std::vector<GiNaC::symbol>& speeds, const GiNaC::exmap& values);

class CompiledFunction {
 public:
  CompiledFunction() = default;
  /// With `solve` (native code only), the C also solves M u̇ = F (NativeFunction). With `lanes`,
  /// evaluate() computes several points in one call, in and out as Lanes says, on either backend
  /// (the generated C in SIMD lanes, the tape point by point).
  CompiledFunction(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs, Backend backend,
                   const std::optional<MassMatrixSolve>& solve = std::nullopt, const Lanes& lanes = {});
  /// The same from the straight-line program of the outputs (compile_straight_line); the native
  /// code, with `library_name`, as NativeFunction loads it.
  CompiledFunction(const StraightLineProgram& program, Backend backend,
                   const std::optional<MassMatrixSolve>& solve = std::nullopt, const Lanes& lanes = {},
                   const std::string& library_name = "");
  /// Tape when native code was asked for but could not be had.
  Backend backend() const { return native_ ? Backend::Native : Backend::Tape; }
  /// What the user should know about the backend: why native code could not be used, or that its
  /// cache entry was damaged and compiled again (empty otherwise).
  const std::string& backend_note() const { return backend_note_; }
  /// The native function, when that is the backend.
  const NativeFunction* native() const { return native_.get(); }
  void evaluate(const double* in, double* out) const {
    if (native_) native_->evaluate(in, out);
    else if (lanes_.width > 1) evaluate_lanes_on_tape(in, out);
    else tape_->evaluate(in, out);
  }
  /// The same into a buffer that holds the constant outputs already (from evaluate() into it): the
  /// tape writes only the others (Tape::evaluate_varying), the generated C all. Not with lanes.
  void evaluate_varying(const double* in, double* out) const {
    if (native_) native_->evaluate(in, out);
    else tape_->evaluate_varying(in, out);
  }

 private:
  void evaluate_lanes_on_tape(const double* in, double* out) const;
  Lanes lanes_;
  std::shared_ptr<Tape> tape_;
  std::shared_ptr<NativeFunction> native_;
  std::string backend_note_;
};

}  // namespace adyn::numeric
