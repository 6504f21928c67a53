#include "adyn/numeric/native_code.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <sstream>

#include "code_cache.hpp"
#include "straight_line_c.hpp"

namespace adyn::numeric {
namespace {

// The M u̇ = F solve appended to the generated function: adyn_native_solve(in, out).
std::string solve_source(const MassMatrixSolve& s) {
  std::ostringstream c;
  c << '\n' << ldlt_solve_c("adyn_ldlt", s.pattern) << "\nint adyn_native_solve(const double* in, double* out) {\n"
    << "  adyn_native(in, out);\n  return adyn_ldlt(out + " << s.matrix_offset << ", out + " << s.rhs_offset << ");\n}\n";
  return c.str();
}

// The library of the program's C, from the cache entry `name` where that is still good.
LoadedLibrary library_of(const StraightLineProgram& program, const std::optional<MassMatrixSolve>& solve,
                         const Lanes& lanes, const std::string& name) {
  if (!name.empty())
    if (auto loaded = load_cached_library(name)) return std::move(*loaded);
  std::vector<std::string> units = straight_line_c(program, "adyn_native", lanes);
  for (auto& unit : units) unit.insert(0, "#include <math.h>\n");
  if (solve) units.back() += solve_source(*solve);  // beside adyn_native
  return load_compiled_library(units);
}

}  // namespace

NativeFunction::NativeFunction(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs,
                               const std::optional<MassMatrixSolve>& solve)
    : NativeFunction(compile_straight_line(inputs, outputs), solve) {}

NativeFunction::NativeFunction(const StraightLineProgram& program, const std::optional<MassMatrixSolve>& solve,
                               const Lanes& lanes, const std::string& library_name)
    : outputs_(program.outputs.size()) {
  LoadedLibrary loaded = library_of(program, solve, lanes, library_name);
  library_ = loaded.path;
  note_ = loaded.note;
  handle_ = loaded.handle;
  void* handle = handle_.get();
  function_ = reinterpret_cast<Function>(dlsym(handle, "adyn_native"));
  if (!function_) throw NativeCodeError("native code: '" + library_ + "' has no function adyn_native");
  if (solve) {
    solve_ = reinterpret_cast<Solve>(dlsym(handle, "adyn_native_solve"));
    if (!solve_) throw NativeCodeError("native code: '" + library_ + "' has no function adyn_native_solve");
  }
}

std::string NativeFunction::library_name() const { return std::filesystem::path(library_).filename().string(); }

}  // namespace adyn::numeric
