#pragma once
// A flat instruction tape: a set of expressions in given input symbols, after common-subexpression
// elimination, compiled to register instructions. The always available fast path of numeric
// evaluation (the other is generated C, native_code.hpp).
//
// An interpreter that dispatches on every instruction spends most of its time in mispredicted
// indirect jumps (4–5 ns an instruction on the reference machine, against ~1 ns of arithmetic).
// So the instructions are scheduled by level — an instruction's level is one more than its
// operands' — and within a level grouped by operation: the tape is a list of runs of one
// operation, each a tight loop with one dispatch (the 12-link chain: 1041 instructions in 46 runs,
// 5.0 → 1.05 µs). Every instruction computes what it did in program order: the same bits.
#include <ginac/ginac.h>

#include <cstdint>
#include <string>
#include <vector>

namespace adyn::sym {
class CanonicalOrder;
}

namespace adyn::numeric {

class Tape {
 public:
  /// No inputs, no outputs.
  Tape() = default;
  /// Compiles `outputs` as functions of `inputs`. Throws adyn::Error naming the symbol when an
  /// output uses a symbol that is not an input, or a function the tape does not know.
  Tape(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs);

  std::size_t input_count() const { return input_count_; }
  std::size_t output_count() const { return output_slots_.size(); }
  std::size_t instruction_count() const { return dst_.size(); }
  /// Runs of one operation (dispatches per evaluation).
  std::size_t run_count() const { return runs_.size(); }

  /// outputs[i] = the i-th expression at the given inputs. The tape holds no registers of its own
  /// (they are the evaluating thread's), so one tape serves every run and thread at once.
  void evaluate(const double* inputs, double* outputs) const;

 private:
  enum class Op : std::uint8_t {
    Add, Mul, Div, PowInt, Pow, Sqrt, Sin, Cos, Tan, Exp, Log, Abs, Sign,
    Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh
  };
  struct Instruction {
    Op op;
    std::uint32_t dst, a, b;
    int exponent;  // PowInt
  };
  struct Run {  // instructions [begin, end) of the scheduled arrays, all of operation `op`
    Op op;
    std::uint32_t begin, end;
  };
  /// Sums and products operand by operand in the canonical order: the same rounding in every run.
  /// (Balanced trees would give fewer levels, but their rounding depends on how GiNaC happened to
  /// nest a sum in a sum, which changes from run to run; the chain does not.)
  std::uint32_t compile(const GiNaC::ex& e, sym::CanonicalOrder& order);
  std::uint32_t constant(double value);
  std::uint32_t emit(Op op, std::uint32_t a, std::uint32_t b = 0, int exponent = 0);
  /// Orders code_ by (level, operation) into runs_ and the arrays below.
  void schedule(const std::vector<Instruction>& code);
  template <class F>
  void apply(const Run& r, double* w, F f) const;

  std::size_t input_count_ = 0;
  std::vector<double> constants_;             // slots [input_count, input_count + constants)
  std::vector<Instruction> code_;             // while compiling, in program order
  std::vector<Run> runs_;
  std::vector<std::uint32_t> dst_, a_, b_;    // the scheduled instructions
  std::vector<int> exponent_;
  std::vector<std::uint32_t> output_slots_;
  std::size_t slot_count_ = 0;
  GiNaC::exmap slot_of_;                      // while compiling: symbol (input or temporary) -> slot
  std::uint64_t id_ = 0;                      // which tape the thread's registers hold the constants of
  /// This thread's registers, holding this tape's constants.
  double* registers() const;
};

}  // namespace adyn::numeric
