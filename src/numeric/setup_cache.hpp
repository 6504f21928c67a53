#pragma once
// The set-up cache: what compiling a model's functions produced — the straight-line program of the
// articulated-body algorithm (articulated_body_program), of the inverse dynamics and of the mass
// matrix, what the caller says of it, and the name of the library its generated C was compiled into —
// kept in the compiled-code cache's directory (code_cache.hpp) under the SHA-256 of the model's
// source (model::System::source: the reader, its options, the text read) and of the build of adyn
// that derived it (its GNU build ID, which changes with any change of the code). A model read again
// is then evaluated without deriving or compiling its equations again: numeric::CompiledSystem.
// Equations in the mass-matrix form M u' = F (and the constraint rows), which a method derives, are
// kept under the value fingerprint of the expressions compiled (sym::value_fingerprint) instead:
// however and wherever they were derived, the same equations skip gathering, hoisting and compiling
// (matrix_programs.hpp).
//
// An entry holds the SHA-256 of its content, checked on reading, and the program is checked for
// well-formedness (program_archive.hpp): a damaged entry is taken for a missing one, and written
// again.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "adyn/model/system.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/numeric/straight_line_program.hpp"

namespace adyn::numeric {

/// What the set-up cache keeps of one function compiled from a model (or of several functions made
/// together, as the simulation's monitors: `more`).
struct KeptProgram {
  StraightLineProgram program;
  std::vector<StraightLineProgram> more;  // the entry's further programs, in the caller's order
  std::vector<std::size_t> sizes;  // the caller's counts (the forward dynamics': n, p, the pivots)
  std::string note;                // the caller's text (the forward dynamics': the evaluator's choice)
  std::string library;             // its generated C's library in the code cache (NativeFunction::library_name), if compiled
};

/// The key of the function `purpose` names ("inverse dynamics", ...) of the system: none when the
/// system has no source (it was not read from a file, or it or a frame or point changed since) or
/// this build has no build ID.
std::optional<std::string> setup_key(const model::System& system, const std::string& purpose);

/// The key of the function `purpose` names that is wholly given by `description` (such as the
/// value fingerprint of the expressions it compiles, sym::value_fingerprint): none when this build
/// has no build ID.
std::optional<std::string> setup_key(const std::string& purpose, const std::string& description);

/// The entry kept under `key`: none when there is none, it is damaged, or no cache directory can be
/// used (the caller then derives, as without a cache).
std::optional<KeptProgram> find_kept_program(const std::string& key);

/// Keeps `entry` under `key` (if any, and when a cache directory can be used) with `library`, the
/// library its C was loaded from (empty on the tape): unless it was `found` in the cache and the
/// library is none or the one it names.
void keep_compiled(const std::optional<std::string>& key, KeptProgram& entry, bool found, const std::string& library);

/// The function `purpose` names of the system: compiled from its kept program where the cache has
/// one, else from `program()`, which is then kept (with the library of its C).
CompiledFunction compiled_with_setup_cache(const model::System& system, const std::string& purpose, Backend backend,
                                           const std::function<StraightLineProgram()>& program);

}  // namespace adyn::numeric
