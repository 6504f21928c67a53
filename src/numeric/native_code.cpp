#include "adyn/numeric/native_code.hpp"

#include <dlfcn.h>

#include <sstream>

#include "adyn/symbolic/printers.hpp"
#include "code_cache.hpp"

namespace adyn::numeric {
namespace {

// The M u̇ = F solve appended to the generated function: adyn_native_solve(in, out).
std::string solve_source(const MassMatrixSolve& s) {
  std::ostringstream c;
  c << '\n' << ldlt_solve_c("adyn_ldlt", s.pattern) << "\nint adyn_native_solve(const double* in, double* out) {\n"
    << "  adyn_native(in, out);\n  return adyn_ldlt(out + " << s.matrix_offset << ", out + " << s.rhs_offset << ");\n}\n";
  return c.str();
}

}  // namespace

NativeFunction::NativeFunction(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs,
                               const std::optional<MassMatrixSolve>& solve)
    : outputs_(outputs.size()) {
  std::ostringstream generated;
  generated << "#include <math.h>\n"
            << sym::c_function("adyn_native", {{"in", std::vector<GiNaC::ex>(inputs.begin(), inputs.end())}}, {{"out", outputs}})
            << (solve ? solve_source(*solve) : std::string());
  LoadedLibrary loaded = load_compiled_library(generated.str());
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

}  // namespace adyn::numeric
