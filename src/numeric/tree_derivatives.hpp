#pragma once
// The derivatives of an unconstrained tree's accelerations through the tree, in O(n) generated code
// and O(n²) numeric work (the approach of Carpentier & Mansard 2018, "Analytical derivatives of
// rigid body dynamics algorithms": the inverse dynamics differentiated, then M⁻¹). With the
// inverse dynamics τ(q, u, a) − Q(q, u) = M a − F = r (formulations/recursive_newton_euler.hpp)
// zero at a = u̇, for each variable x_j among the coordinates and speeds (or the parameters)
//
//     ∂u̇/∂x_j = −M⁻¹ ∂r/∂x_j |_{a = u̇}.
//
// Both factors are generated as one directional derivative along δ (sym::DirectionalDerivative):
// D r = Σ_j ∂r/∂x_j δ_j by the chain rule through the recursion's named intermediates (each body's
// derivative from its parent's, forward mode), and M⁻¹(−D r) as the derivative of the
// articulated-body algorithm's u̇ = M⁻¹(Q + F_0) along Q = −D r: its own backward and forward passes
// with the articulated inertias held, O(n). What does not depend on δ (the bodies' quantities at
// the state, their sines and cosines, the factors D_k and U_k) is hoisted into a first function of
// the state (sym::hoist_parameter_subexpressions), evaluated once per call with u̇; the second, the
// kernel, is linear in δ and is evaluated for the unit δ_j four at a time (Lanes: the generated C
// computes four columns of ∂u̇/∂x in SIMD lanes, loading the hoisted values once for the four), no
// matrix formed, nothing allocated. The generated code grows as the tree (n bodies), not as the
// n² entries, so that generating and compiling it takes seconds at n = 100.
#include <string>
#include <vector>

#include "adyn/formulations/articulated_body.hpp"
#include "adyn/numeric/compiled_function.hpp"

namespace adyn::numeric {

class TreeDerivatives {
 public:
  /// The variables: the coordinates then the speeds, or the parameters.
  enum class Variables { State, Parameters };
  /// `parameters`: the symbols that stay inputs (the evaluator's order).
  TreeDerivatives(const formulations::ArticulatedBodyDynamics& dynamics, const std::vector<GiNaC::symbol>& parameters,
                  Variables variables, Backend backend);
  std::size_t columns() const { return columns_; }
  Backend backend() const;
  /// Why native code could not be had for a part (empty otherwise).
  const std::string& backend_note() const { return backend_note_; }

  /// One workspace's buffers.
  struct Workspace {
    std::vector<double> in, primal, kernel_out;  // primal: u̇, the pivots, their scales, the kernels' input
  };
  Workspace workspace() const;

  /// Where the columns go: column j < split to first + j p, the others to rest + (j − split) p.
  struct Columns {
    double* first;
    std::size_t split;
    double* rest;
  };
  /// u̇ (p) and the p × columns() derivatives at (t, q, u) with the parameters' values. Throws
  /// adyn::SingularityError when the mass matrix is not positive definite there, and
  /// adyn::EvaluationError when a value is not finite.
  void evaluate(double t, const double* q, const double* u, const double* parameters, double* udot,
                const Columns& columns, Workspace& w) const;

 private:
  std::size_t n_, p_, parameters_, pivots_, constants_, columns_ = 0;
  std::string backend_note_;
  CompiledFunction primal_;  // u̇, the pivots, their scales, the kernel's constants
  struct Kernel {  // (constants, δ of a group of variables) → the derivative of u̇ along δ, in lanes of unit δ
    CompiledFunction function;
    std::vector<std::size_t> columns;  // the group's variables' columns
  };
  std::vector<Kernel> kernels_;  // the coordinates' and the speeds' of each branch (or the parameters')
};

}  // namespace adyn::numeric
