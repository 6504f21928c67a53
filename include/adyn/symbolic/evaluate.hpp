#pragma once
// Numeric evaluation of symbolic expressions at a given state, in extended precision over the
// expression graph (each distinct subexpression once, operands in the canonical order, so the
// same value to the last bit in every run), with GiNaC's substitution and evalf as the fallback
// that words the errors. Used by tests, checks, classification and analysis; simulation uses
// compiled evaluators.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <memory>
#include <string>

namespace adyn::sym {

/// Value of `e` with `values` substituted. Throws adyn::EvaluationError naming `what` and the
/// symbols left without a value, or saying the result is not a finite real number.
double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what = "expression");

/// Evaluation of many expressions at one point with one memo: what they share is computed once.
class GraphEvaluator {
 public:
  explicit GraphEvaluator(const GiNaC::exmap& values);
  ~GraphEvaluator();
  GraphEvaluator(const GraphEvaluator&) = delete;
  GraphEvaluator& operator=(const GraphEvaluator&) = delete;
  /// As evaluate(e, values, what).
  double operator()(const GiNaC::ex& e, const std::string& what = "expression");

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// `given` completed with generic values for the other free symbols of `m`: deterministic draws,
/// uniform in [0.3, 1.2) from a generator seeded with `seed`, entry by entry, each entry's symbols
/// in the canonical order.
/// For rank decisions that must hold at almost every state.
GiNaC::exmap with_generic_values(GiNaC::exmap given, const GiNaC::matrix& m, unsigned seed = 7);

/// Element-wise evaluation of a symbolic matrix.
Eigen::MatrixXd evaluate(const GiNaC::matrix& m, const GiNaC::exmap& values,
                         const std::string& what = "matrix");

}  // namespace adyn::sym
