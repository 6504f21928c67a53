#pragma once
// Expressions compiled once into a list of operations over their graph, for evaluation at many
// points: each distinct subexpression once, sums and products operand by operand in the canonical
// order, in extended precision — the values sym::evaluate gives, to the last bit, without walking
// and ordering the expressions again at every point (Gauss–Newton iterations, classification's
// sample points).
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

namespace adyn::sym {

class GraphProgram {
 public:
  /// The program of `expressions` in `variables`; any other symbol makes its expressions NaN.
  GraphProgram(const std::vector<GiNaC::ex>& expressions, const std::vector<GiNaC::symbol>& variables);
  /// The program of `expressions` in all their symbols (in the canonical order).
  explicit GraphProgram(const std::vector<GiNaC::ex>& expressions);
  /// The expressions' values at x (the variables' values, in order): NaN where one is not a finite
  /// real number (the caller words the error, e.g. by sym::evaluate).
  Eigen::VectorXd operator()(const Eigen::VectorXd& x) const;
  /// The values with the variables' values from `at` (NaN for a variable it has no number for).
  Eigen::VectorXd operator()(const GiNaC::exmap& at) const;
  std::size_t size() const { return outputs_.size(); }

 private:
  enum class Kind : std::uint8_t { Number, Variable, Sum, Product, IntegerPower, Power, Function };
  struct Node {
    Kind kind = Kind::Number;
    long double number = 0;  // Number: its value (NaN for one that is not real, or an unknown symbol)
    int index = 0;           // Variable: its position; IntegerPower: the exponent; Function: GiNaC's serial
    std::uint32_t first = 0, count = 0;  // the operands' nodes, in operands_
  };
  class Builder;
  std::vector<GiNaC::symbol> variables_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> operands_;
  std::vector<std::uint32_t> outputs_;
};

}  // namespace adyn::sym
