#pragma once
// Numeric forward dynamics by the articulated-body algorithm (formulations/articulated_body.hpp):
// (t, q, u, parameters) → (q̇, u̇) in O(n) operations, compiled into the tape or generated C, with
// the pivot test of the other evaluators (a mass matrix that is not positive definite is reported,
// never integrated through).
#include <Eigen/Dense>

#include <string>
#include <vector>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/numeric/evaluator.hpp"

namespace adyn::numeric {

/// The pivot test of linalg::regular_pivots block by block on the algorithm's pivots d_j and
/// the entries (D_k)_jj they came from: whether a finite pivot fails it (before any value that is
/// not finite, which is reported as such).
bool singular_pivot(const double* pivot, const double* scale, std::size_t count);

/// The algorithm as a straight-line program: (t, q, u, parameters) → (u̇, q̇, the pivots, their scales).
StraightLineProgram articulated_body_program(const formulations::ArticulatedBodyDynamics& dynamics,
                                             const std::vector<GiNaC::symbol>& parameters);

class ArticulatedBodyEvaluator {
 public:
  /// `parameters` lists the symbols that stay inputs; `values` gives their values.
  ArticulatedBodyEvaluator(const formulations::ArticulatedBodyDynamics& dynamics,
                           const std::vector<GiNaC::symbol>& parameters, const std::vector<double>& values,
                           Backend backend = Backend::Tape);
  /// From the program articulated_body_program made (kept in the set-up cache) of a system of n
  /// coordinates, p speeds and `pivots` pivots, at the parameter values `values`; its native code
  /// from the library `library_name` names where that is still good (NativeFunction). Throws
  /// adyn::Error when the program's inputs or outputs are not so many.
  ArticulatedBodyEvaluator(const StraightLineProgram& program, std::size_t n, std::size_t p, std::size_t pivots,
                           const std::vector<double>& values, Backend backend = Backend::Tape,
                           const std::string& library_name = "");
  /// From a system's parameters (symbols and values; all must have values).
  static ArticulatedBodyEvaluator for_parameters(const formulations::ArticulatedBodyDynamics& dynamics,
                                                 const GiNaC::exmap& values, Backend backend = Backend::Tape);
  Backend backend() const { return function_.backend(); }
  const std::string& backend_note() const { return function_.backend_note(); }
  /// The native code's NativeFunction::library_name(); empty on the tape.
  std::string library_name() const { return function_.native() ? function_.native()->library_name() : ""; }
  std::size_t n() const { return n_; }
  std::size_t p() const { return p_; }
  void set_parameters(const std::vector<double>& values);

  /// q̇ (n) and u̇ (p) written to the given arrays, allocating nothing. Throws
  /// adyn::SingularityError naming the time when the mass matrix is not positive definite there,
  /// adyn::EvaluationError when a value is not finite.
  void rates(double t, const double* q, const double* u, double* qdot, double* udot) const;
  Derivatives evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;

 private:
  std::size_t n_, p_, pivots_, parameters_;
  CompiledFunction function_;  // u̇, q̇, the pivots, their scales
  mutable std::vector<double> in_, out_;
};

}  // namespace adyn::numeric
