#include "adyn/numeric/native_code.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::numeric {
namespace {

namespace fs = std::filesystem;

fs::path cache_directory() {
  if (const char* d = std::getenv("ADYN_CACHE_DIR")) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME")) return fs::path(x) / "adyn";
  if (const char* h = std::getenv("HOME")) return fs::path(h) / ".cache" / "adyn";
  return fs::temp_directory_path() / "adyn-cache";
}

std::string compiler() {
  if (const char* cc = std::getenv("CC")) return cc;
  return "cc";
}

std::string hex(std::size_t h) {
  std::ostringstream os;
  os << std::hex << h;
  return os.str();
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

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
  const std::string source = generated.str();
  const std::string flags = "-O2 -shared -fPIC";
  const fs::path dir = cache_directory();
  const std::string stem = "eom_" + hex(std::hash<std::string>{}(compiler() + " " + flags + "\n" + source));
  const fs::path so = dir / (stem + ".so");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::exists(so)) {
    // Compile to a private name, then rename: concurrent processes never load a partial file.
    const std::string tag = stem + "_" + std::to_string(::getpid());
    const fs::path c = dir / (tag + ".c"), tmp = dir / (tag + ".so"), log = dir / (tag + ".log");
    std::ofstream(c) << source;
    const std::string cmd = compiler() + " " + flags + " -o '" + tmp.string() + "' '" + c.string() + "' -lm > '" +
                            log.string() + "' 2>&1";
    const int status = std::system(cmd.c_str());
    if (status != 0) {
      std::string why = read_file(log);
      fs::remove(c, ec);
      fs::remove(log, ec);
      throw Error("native code: the C compiler failed (" + cmd + "): " + why.substr(0, 2000));
    }
    fs::rename(tmp, so, ec);
    fs::remove(c, ec);
    fs::remove(log, ec);
  }
  library_ = so.string();
  void* handle = dlopen(library_.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) throw Error("native code: cannot load '" + library_ + "': " + dlerror());
  handle_ = std::shared_ptr<void>(handle, [](void* h) { dlclose(h); });
  function_ = reinterpret_cast<Function>(dlsym(handle, "adyn_native"));
  if (!function_) throw Error("native code: '" + library_ + "' has no function adyn_native");
  if (solve) {
    solve_ = reinterpret_cast<Solve>(dlsym(handle, "adyn_native_solve"));
    if (!solve_) throw Error("native code: '" + library_ + "' has no function adyn_native_solve");
  }
}

}  // namespace adyn::numeric
