#pragma once
// Fast numeric evaluation of an equations-of-motion value: (t, q, u, parameters) → (q̇, u̇, λ).
// The symbolic M, F, q̇, G, g (and the nonideal C of the Udwadia–Kalaba form) are compiled once,
// into a tape (tape.hpp) or generated C (native_code.hpp), after the terms sharing a kinematic
// factor are gathered (sym::collect_state_terms). Parameters stay inputs, so a parameter sweep does
// not re-derive; what depends on them alone (sums of masses, products of lengths) is computed once
// per parameter set (sym::hoist_parameter_subexpressions). Without constraint rows M u̇ = F is
// solved by an LDLᵀ generated into the C for M's structure (mass_matrix_factorization.hpp), or by
// Eigen's Cholesky (LLT); with multipliers, by a full-pivot LU of the KKT matrix; the Udwadia–Kalaba
// form by its pseudo-inverse.
//
// Compile once, run many: the compiled functions are shared by every copy of an evaluator, and
// each copy is a workspace of its own (its buffers, its parameter values, its factorizations), so
// copies serve separate runs and threads without compiling again.
#include <Eigen/Dense>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/formulations/numeric_elimination.hpp"
#include "adyn/numeric/augmented_lagrangian.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/numeric/dynamics_derivatives.hpp"

namespace adyn::formulations {
struct ArticulatedBodyDynamics;
class TreeDynamics;
}

namespace adyn::numeric {

class ArticulatedBodyEvaluator;
class AugmentedLagrangianSolver;

/// How the multiplier forms' accelerations are solved: the augmented Lagrangian
/// (augmented_lagrangian.hpp: redundant rows and singular configurations allowed), or the KKT
/// system by a full-pivot LU (which stops, naming the rows, where G loses rank).
enum class ConstraintSolver { AugmentedLagrangian, Kkt };

struct Derivatives {
  Eigen::VectorXd qdot;    // n
  Eigen::VectorXd udot;    // p
  Eigen::VectorXd lambda;  // multipliers (multiplier forms), else empty
  Eigen::VectorXd constraint_force;  // Gᵀλ, or Q^c_i + Q^c_ni (Udwadia–Kalaba), in the speeds' space
  /// The augmented Lagrangian ran to its augmented_lagrangian_iterations without settling: rows nearly
  /// dependent (near a singular configuration, or a redundant row whose demand the state's drift left
  /// slightly inconsistent), where u̇ is the iteration's regularization.
  bool regularized = false;
};

/// The evaluated matrices of the equations at a state.
struct EvaluatedEquations {
  Eigen::MatrixXd M, G;
  Eigen::VectorXd F, g, qdot;
  double friction = 0;
};

/// M, F, q̇, G, g where the compiled function wrote them (M and G row-major): valid until the
/// evaluator's next evaluation.
struct EquationsView {
  Eigen::Map<const RowMajorMatrix> M;
  Eigen::Map<const Eigen::VectorXd> F, qdot;
  Eigen::Map<const RowMajorMatrix> G;
  Eigen::Map<const Eigen::VectorXd> g;
};

class EquationsEvaluator {
 public:
  /// `parameters` lists the symbols that stay inputs; `values` gives their initial values (every
  /// parameter of the equations must be one of them).
  /// With `articulated` (formulations::articulated_body_dynamics_for the same system and
  /// equations), q̇ and u̇ come from the O(n) articulated-body algorithm, and M and F are compiled
  /// only when first asked for (matrices(): impacts, the DAE integrator).
  EquationsEvaluator(const formulations::EquationsOfMotion& eom, const std::vector<GiNaC::symbol>& parameters,
                     const std::vector<double>& values, Backend backend = Backend::Tape,
                     const formulations::ArticulatedBodyDynamics* articulated = nullptr);
  /// q̇ and u̇ from `articulated`, the algorithm of `tree` compiled (or found again in the set-up
  /// cache: `tree` is then derived only when derivatives, or M and F, are first asked for).
  EquationsEvaluator(const formulations::EquationsOfMotion& eom, const std::vector<GiNaC::symbol>& parameters,
                     const std::vector<double>& values, std::unique_ptr<ArticulatedBodyEvaluator> articulated,
                     std::shared_ptr<const formulations::TreeDynamics> tree);
  /// A workspace of its own over the same compiled code (nothing compiled again).
  EquationsEvaluator(const EquationsEvaluator& other);
  EquationsEvaluator& operator=(const EquationsEvaluator& other);
  EquationsEvaluator(EquationsEvaluator&& other) noexcept;
  EquationsEvaluator& operator=(EquationsEvaluator&& other) noexcept;
  ~EquationsEvaluator();
  /// From a system's parameters (symbols and values; all must have values).
  static EquationsEvaluator for_parameters(const formulations::EquationsOfMotion& eom, const GiNaC::exmap& values,
                                           Backend backend = Backend::Tape,
                                           const formulations::ArticulatedBodyDynamics* articulated = nullptr);
  /// Whether q̇ and u̇ come from the articulated-body algorithm.
  bool articulated_body() const { return static_cast<bool>(articulated_); }
  /// The backend in use: Tape when native code was asked for but could not be had.
  Backend backend() const;
  /// What the user should know about the backend: why native code could not be used, or that a
  /// damaged cache entry was compiled again (empty otherwise).
  const std::string& backend_note() const;
  /// Whether the compiled mass-matrix form (M, F, q̇, G, g) came from the set-up cache
  /// (numeric/setup_cache.hpp): equations of the same values compiled before, by any process of
  /// this build; nothing gathered, hoisted or compiled for them. False beside the articulated-body
  /// algorithm until they are first needed.
  bool matrices_from_setup_cache() const;

  std::size_t n() const { return n_; }
  std::size_t p() const { return p_; }
  const std::string& method() const { return method_; }
  void set_parameters(const std::vector<double>& values);

  /// q̇, u̇ (and λ). Throws adyn::SingularityError naming the time when M or the constraints are
  /// singular there, and adyn::EvaluationError when a result is not finite.
  Derivatives evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;
  /// The same with the constraint rows' right-hand side g replaced by g + correction (Baumgarte
  /// stabilization, one entry per row); λ left empty unless `multipliers` (the augmented
  /// Lagrangian computes u̇ and the constraint force without them).
  Derivatives evaluate(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u, const Eigen::VectorXd& correction,
                       bool multipliers = true) const;
  /// evaluate(t, q, u, correction, false) into `out`, its vectors reused: the integrators' path with
  /// constraint rows, which on the augmented Lagrangian's allocates nothing once they have their sizes.
  void evaluate_into(double t, const double* q, const double* u, const Eigen::VectorXd& correction, Derivatives& out) const;
  std::size_t constraint_rows() const { return rows_; }
  /// The solver of the multiplier forms (default ConstraintSolver::Kkt) and, for the augmented
  /// Lagrangian, the relative accuracy of u̇ the run needs (AugmentedLagrangianSolver::solve()).
  void set_constraint_solver(ConstraintSolver solver, double tolerance = augmented_lagrangian_rounding) {
    solver_ = solver;
    solver_tolerance_ = tolerance;
  }
  ConstraintSolver constraint_solver() const { return solver_; }
  /// This workspace's augmented-Lagrangian solver, M's and G's structure analysed (the multiplier
  /// forms with constraint rows; null otherwise): the index-3 integrator copies it.
  const AugmentedLagrangianSolver* augmented_lagrangian() const;
  /// q̇ (n) and u̇ (p) written to the given arrays: the integrators' hot path, which allocates
  /// nothing when there are no constraint rows (else it is evaluate()). Throws as evaluate().
  void rates(double t, const double* q, const double* u, double* qdot, double* udot) const;
  /// M, F, G, g and q̇ without solving (e.g. for impacts).
  EvaluatedEquations matrices(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;
  /// u̇ with ∂u̇/∂q, ∂u̇/∂u, and ∂u̇/∂p when asked for (p: the parameters, in the evaluator's order;
  /// else udot_p is p × 0) at a state, by derivatives generated through the expression graph and
  /// compiled at the first call. With the articulated-body algorithm, through the tree
  /// (tree_derivatives.hpp: O(n) code, O(n²) work, ∂u̇/∂p a function of its own compiled when first
  /// asked for); otherwise from the residuals of M u̇ = F + Gᵀλ, G u̇ = g (dynamics_derivatives.hpp:
  /// dense; u̇ and λ by the KKT system). derivatives_path() says which. Throws as evaluate(), and
  /// adyn::NotApplicableError for the Udwadia–Kalaba form.
  AccelerationDerivatives derivatives(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                      ParameterDerivatives parameters = ParameterDerivatives::Skip) const;
  /// The same into `out`, whose matrices are resized only when their sizes differ: through the tree
  /// nothing is allocated once they have their sizes.
  void derivatives(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u, AccelerationDerivatives& out,
                   ParameterDerivatives parameters = ParameterDerivatives::Skip) const;
  /// How derivatives() differentiates, and why (one sentence).
  std::string derivatives_path() const;
  /// The equations at a state without copying M and G (the hot path of the augmented Lagrangian's
  /// accelerations, evaluate_augmented). Throws adyn::EvaluationError when F, q̇ or g is not finite; M and G are not
  /// checked (a value that is not finite in them ends in what is solved with them).
  EquationsView view(double t, const double* q, const double* u) const;
  /// The changes of the dependent set of the numeric elimination form (numeric_elimination.hpp)
  /// this workspace made, in the order made (empty for other forms).
  const std::vector<formulations::PartitionChange>& partition_changes() const { return partition_changes_; }
  /// Only q̇ (cheap: no solve).
  Eigen::VectorXd coordinate_rates(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;

 private:
  void load_state(double t, const double* q, const double* u) const;
  void load_inputs(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;  // and evaluate
  Derivatives evaluate_unconstrained(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;
  Derivatives evaluate_eliminated(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u,
                                  const Eigen::VectorXd& correction) const;
  // Constraint rows solved by the augmented Lagrangian (the multiplier forms with that solver).
  bool augmented_path() const {
    return rows_ > 0 && solver_ == ConstraintSolver::AugmentedLagrangian &&
           enforcement_ == formulations::ConstraintEnforcement::Multipliers;
  }
  void evaluate_augmented(double t, const double* q, const double* u, const Eigen::VectorXd& correction, bool multipliers,
                          Derivatives& d) const;
  void tree_derivatives(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u, AccelerationDerivatives& out,
                        ParameterDerivatives parameters) const;
  [[noreturn]] void throw_not_finite(double t) const;
  [[noreturn]] void throw_singular_or_not_finite(double t) const;
  struct Code;  // the compiled functions, shared by the copies (evaluator.cpp)
  // M, F, q̇, G, g (and C), compiled once for all copies: in the constructor, or on first use
  // beside the articulated-body algorithm; then this copy's buffers for them.
  void compile_matrices() const;
  void load_parameters() const;
  /// The compiled M, F, q̇, G, g into out_: only the entries that vary where out_ holds the
  /// constant ones (constants_held_).
  void evaluate_main() const;

  // An object of its own in each copy; complete in evaluator.cpp only, where the copies are made.
  template <class T>
  struct Owned {
    std::unique_ptr<T> object;
    Owned() = default;
    Owned(const Owned& other) : object(other.object ? std::make_unique<T>(*other.object) : nullptr) {}
    Owned& operator=(const Owned& other) {
      object = other.object ? std::make_unique<T>(*other.object) : nullptr;
      return *this;
    }
    Owned(Owned&&) noexcept = default;
    Owned& operator=(Owned&&) noexcept = default;
    ~Owned() = default;
    T* operator->() const { return object.get(); }
    explicit operator bool() const { return object != nullptr; }
  };

  std::shared_ptr<Code> code_;
  ConstraintSolver solver_ = ConstraintSolver::Kkt;
  double solver_tolerance_ = augmented_lagrangian_rounding;
  std::string method_;
  std::size_t n_, p_, rows_;  // rows_: constraint rows of G
  formulations::ConstraintEnforcement enforcement_;
  std::vector<std::string> constraint_names_;
  // The workspace: what an evaluation writes, this copy's own.
  std::vector<double> parameter_values_;
  Owned<ArticulatedBodyEvaluator> articulated_;
  mutable Owned<AugmentedLagrangianSolver> augmented_;  // the multiplier forms with rows
  mutable Owned<formulations::NumericElimination> elimination_;  // the numeric elimination form: its dependent set
  mutable std::vector<formulations::PartitionChange> partition_changes_;
  struct TreeWorkspaces;  // the derivatives' buffers through the tree (evaluator.cpp)
  mutable Owned<TreeWorkspaces> tree_workspaces_;
  mutable std::vector<double> in_, out_;  // (t, q, u, parameters, parameter-only values); M, F, q̇, G, g, μ
  mutable bool constants_held_ = false;    // out_ holds the constant entries (none solved in place over them)
  mutable std::vector<double> diagonal_;  // M's diagonal, kept for the pivot test of the in-place Cholesky
  mutable Eigen::VectorXd corrected_g_;    // g + correction, evaluate_augmented's
  mutable ConstrainedAccelerations solved_;  // the augmented Lagrangian's result, evaluate_augmented's
};

}  // namespace adyn::numeric
