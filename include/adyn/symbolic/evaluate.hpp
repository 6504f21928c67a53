#pragma once
// Numeric evaluation of symbolic expressions at a given state (slow path: substitution and
// GiNaC's evalf). Used by tests, checks and classification; simulation uses compiled evaluators.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <string>

namespace adyn::sym {

/// Value of `e` with `values` substituted. Throws adyn::EvaluationError naming `what` and the
/// symbols left without a value, or saying the result is not a finite real number.
double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what = "expression");

/// Element-wise evaluation of a symbolic matrix.
Eigen::MatrixXd evaluate(const GiNaC::matrix& m, const GiNaC::exmap& values,
                         const std::string& what = "matrix");

}  // namespace adyn::sym
