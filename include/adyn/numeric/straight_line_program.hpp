#pragma once
// A set of expressions compiled to straight-line code: register instructions in program order,
// every distinct subexpression once. What both numeric backends run — the tape schedules and
// interprets it (tape.hpp), the native backend prints it as C (native_code.hpp) — so the graph is
// walked once and both evaluate the same operations.
//
// The expression graph is walked once, each subexpression keyed by its sign-free form
// (sym::CanonicalOrder::positive_form), so that an expression and its negation share their
// instructions: a sign is carried to where it is used — a sum subtracts, a product flips its own —
// and costs an instruction only where a function needs the signed value. A product whose value is
// used once, by a sum, is fused into it (c + a·b, c − a·b, a·b − c: two roundings, as written).
// On the robots, signs and fused products halve the instructions of the articulated-body algorithm
// (the UR5's 2723 → 1433, Talos's 23775 → 12144; docs/performance.md).
#include <ginac/ginac.h>

#include <cstdint>
#include <vector>

namespace adyn::numeric {

struct StraightLineProgram {
  enum class Op : std::uint8_t {
    Add, Sub, Mul, MulAdd, MulSub, MulSubFrom, Neg, Div, PowInt, Pow, Sqrt, Sin, Cos, Tan, Exp, Log, Abs, Sign,
    Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh
  };
  static constexpr std::size_t op_count = static_cast<std::size_t>(Op::Tanh) + 1;
  /// dst = op(a, b); the fused operations read c too: MulAdd c + a·b, MulSub c − a·b, MulSubFrom a·b − c.
  /// PowInt is a^exponent by binary powering (power_int).
  struct Instruction {
    Op op;
    std::uint32_t dst, a, b, c;
    int exponent;
  };

  /// Slots: the inputs [0, input_count), the constants [input_count, input_count + constants.size()),
  /// then the computed values, each written by one instruction.
  std::size_t input_count = 0;
  std::vector<double> constants;
  std::vector<Instruction> code;       // each instruction's operands are inputs, constants or earlier dsts
  std::vector<std::uint32_t> outputs;  // the slot of each output
  std::size_t slot_count = 0;

  bool is_input(std::uint32_t slot) const { return slot < input_count; }
  bool is_constant(std::uint32_t slot) const { return slot >= input_count && slot < input_count + constants.size(); }
};

/// A program evaluated at `width` points in one call, the points sharing the inputs before `first`
/// (e.g. the directions of a derivative at one state): input s ≥ first of point l is read from
/// in[first + (s − first)·width + l], output o of point l written to out[o·width + l]. Generated C
/// computes the values that depend on those inputs as vectors of `width` lanes, so that the shared
/// ones are loaded once and the arithmetic runs in SIMD registers. width = 1 is the plain layout.
struct Lanes {
  std::size_t first = 0, width = 1;
  bool operator==(const Lanes&) const = default;
};

/// Compiles `outputs` as functions of `inputs`. Throws adyn::Error naming the symbol when an
/// output uses a symbol that is not an input, or a function the program does not know.
StraightLineProgram compile_straight_line(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs);

/// x^n by binary powering: the tape's and the generated C's integer power (the same roundings).
inline double power_int(double x, int n) {
  if (n < 0) return 1.0 / power_int(x, -n);
  double r = 1.0;
  while (n) {
    if (n & 1) r *= x;
    x *= x;
    n >>= 1;
  }
  return r;
}

}  // namespace adyn::numeric
