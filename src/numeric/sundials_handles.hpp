#pragma once
// SUNDIALS objects owned by RAII: freed on every path, including when an exception leaves the
// simulation (a failed evaluation, an option the integrator refuses).
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include <memory>
#include <type_traits>

namespace adyn::numeric::sundials {

struct ContextFree {
  void operator()(SUNContext c) const { SUNContext_Free(&c); }
};
struct VectorDestroy {
  void operator()(N_Vector v) const { N_VDestroy(v); }
};
struct MatrixDestroy {
  void operator()(SUNMatrix m) const { SUNMatDestroy(m); }
};
struct LinearSolverFree {
  void operator()(SUNLinearSolver s) const { SUNLinSolFree(s); }
};

using Context = std::unique_ptr<std::remove_pointer_t<SUNContext>, ContextFree>;
using Vector = std::unique_ptr<std::remove_pointer_t<N_Vector>, VectorDestroy>;
using Matrix = std::unique_ptr<std::remove_pointer_t<SUNMatrix>, MatrixDestroy>;
using LinearSolver = std::unique_ptr<std::remove_pointer_t<SUNLinearSolver>, LinearSolverFree>;

/// The memory of one integrator (ARKODE's ERKStep, CVODE or IDA), freed by its own function.
class Memory {
 public:
  using Free = void (*)(void**);
  Memory(void* mem, Free free) : mem_(mem), free_(free) {}
  ~Memory() {
    if (mem_) free_(&mem_);
  }
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;
  void* get() const { return mem_; }

 private:
  void* mem_;
  Free free_;
};

inline Context make_context() {
  SUNContext c = nullptr;
  SUNContext_Create(nullptr, &c);
  return Context(c);
}

}  // namespace adyn::numeric::sundials
