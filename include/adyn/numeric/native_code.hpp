#pragma once
// Generated C compiled at run time with the system compiler and loaded with dlopen: the fast path
// of numeric evaluation beside the tape. The source is `void f(const double* in, double* out)`, the
// straight-line program the tape runs printed as C (straight_line_program.hpp); the shared object is cached in a
// private directory, $ADYN_CACHE_DIR (default $XDG_CACHE_HOME/adyn or ~/.cache/adyn), under a hash
// of the source, the compiler and its flags, so the same equations compile once (src/numeric/
// code_cache.hpp says how the cache keeps safe).
#include <ginac/ginac.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/numeric/mass_matrix_factorization.hpp"
#include "adyn/numeric/straight_line_program.hpp"

namespace adyn::numeric {

/// Where the outputs hold M (row-major p × p, pattern.size() = p) and F, for a function that also
/// solves M u̇ = F (mass_matrix_factorization.hpp).
struct MassMatrixSolve {
  std::size_t matrix_offset = 0, rhs_offset = 0;
  SymmetricPattern pattern;
};

class NativeFunction {
 public:
  /// Generates, compiles (or finds in the cache) and loads the function. Throws NativeCodeError
  /// saying why it cannot (with the compiler's output when the compiler fails).
  /// With `solve`, the source also holds the LDLᵀ solve of M u̇ = F for M's pattern; with `lanes`,
  /// the function evaluates several points at once, in and out as Lanes says.
  /// With `library_name` (library_name() of an earlier function of the same program, solve and
  /// lanes: the set-up cache keeps it), the cache entry of that name is loaded without generating
  /// the C, where it is still whole and was compiled as the compiler and flags of now would.
  explicit NativeFunction(const StraightLineProgram& program, const std::optional<MassMatrixSolve>& solve = std::nullopt,
                          const Lanes& lanes = {}, const std::string& library_name = "");
  /// The program of `outputs` in `inputs` (compile_straight_line), as above.
  NativeFunction(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs,
                 const std::optional<MassMatrixSolve>& solve = std::nullopt);

  std::size_t output_count() const { return outputs_; }
  void evaluate(const double* inputs, double* outputs) const { function_(inputs, outputs); }
  bool solves() const { return solve_ != nullptr; }
  /// evaluate(), then F replaced by u̇ = M⁻¹ F. Returns 0, or j + 1 when the j-th pivot of M = L D Lᵀ
  /// is not positive (M not positive definite, or a value not finite). Only if solves().
  int evaluate_and_solve(const double* inputs, double* outputs) const { return solve_(inputs, outputs); }
  /// The shared object's path (in the cache).
  const std::string& library() const { return library_; }
  /// Its file name: what a later function of the same program may be given to load it again.
  std::string library_name() const;
  /// What the user should know about how it was had (a damaged cache entry compiled again), or "".
  const std::string& note() const { return note_; }

 private:
  using Function = void (*)(const double*, double*);
  using Solve = int (*)(const double*, double*);
  std::shared_ptr<void> handle_;
  Function function_ = nullptr;
  Solve solve_ = nullptr;
  std::size_t outputs_ = 0;
  std::string library_, note_;
};

}  // namespace adyn::numeric
