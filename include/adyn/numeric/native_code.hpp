#pragma once
// Generated C compiled at run time with the system compiler and loaded with dlopen: the fast path
// of numeric evaluation beside the tape. The source is `void f(const double* in, double* out)`
// (sym::c_function, after common-subexpression elimination); the shared object is cached in
// $ADYN_CACHE_DIR (default $XDG_CACHE_HOME/adyn, ~/.cache/adyn, or /tmp/adyn-cache), named by a hash
// of the source and the compiler command, so the same equations compile once.
#include <ginac/ginac.h>

#include <memory>
#include <string>
#include <vector>

namespace adyn::numeric {

class NativeFunction {
 public:
  /// Generates, compiles (or finds in the cache) and loads the function. Throws adyn::Error with
  /// the compiler's output when the compiler is missing or fails.
  NativeFunction(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs);

  std::size_t output_count() const { return outputs_; }
  void evaluate(const double* inputs, double* outputs) const { function_(inputs, outputs); }
  /// The shared object's path (in the cache).
  const std::string& library() const { return library_; }

 private:
  using Function = void (*)(const double*, double*);
  std::shared_ptr<void> handle_;
  Function function_ = nullptr;
  std::size_t outputs_ = 0;
  std::string library_;
};

}  // namespace adyn::numeric
