#pragma once
// A flat instruction tape: a straight-line program (straight_line_program.hpp) scheduled for an
// interpreter. The always available fast path of numeric evaluation (the other is generated C,
// native_code.hpp).
//
// An interpreter that dispatches on every instruction spends most of its time in mispredicted
// indirect jumps (4–5 ns an instruction on the reference machine, against ~1 ns of arithmetic).
// So the tape is a list of runs of one operation, each a tight loop with one dispatch over
// instructions that do not depend on each other (the 12-link chain: 1041 instructions in 46 runs,
// 5.0 → 1.05 µs). Every instruction computes what it did in program order: the same bits.
#include <ginac/ginac.h>

#include <cstdint>
#include <vector>

#include "adyn/numeric/straight_line_program.hpp"

namespace adyn::numeric {

class Tape {
 public:
  /// No inputs, no outputs.
  Tape() = default;
  /// Compiles `outputs` as functions of `inputs`. Throws adyn::Error naming the symbol when an
  /// output uses a symbol that is not an input, or a function the tape does not know.
  Tape(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs);
  explicit Tape(const StraightLineProgram& program);

  std::size_t input_count() const { return input_count_; }
  std::size_t output_count() const { return output_slots_.size(); }
  std::size_t instruction_count() const { return a_.size(); }
  /// Runs of one operation (dispatches per evaluation).
  std::size_t run_count() const { return runs_.size(); }

  /// outputs[i] = the i-th expression at the given inputs. The tape holds no registers of its own
  /// (they are the evaluating thread's), so one tape serves every run and thread at once.
  void evaluate(const double* inputs, double* outputs) const;
  /// The same, writing only the outputs that are not constants: for a buffer that holds the
  /// constants already (from evaluate() into it). Matrices of many structural zeros are then not
  /// copied whole at every call (A02 at N = 40: M and G hold 13 041 entries, about 400 of them not
  /// zero by structure).
  void evaluate_varying(const double* inputs, double* outputs) const;

 private:
  using Op = StraightLineProgram::Op;
  using Instruction = StraightLineProgram::Instruction;
  struct Run {  // instructions [begin, end) of the scheduled arrays, all of operation `op`
    Op op;
    std::uint32_t begin, end;
  };
  /// Orders `code` by (level, operation) into runs_ and the arrays below.
  void schedule(const std::vector<Instruction>& code);
  /// The runs into this thread's registers; returns them.
  const double* run(const double* inputs) const;

  std::size_t input_count_ = 0;
  std::vector<double> constants_;               // slots [input_count, input_count + constants)
  std::vector<Run> runs_;
  std::vector<std::uint32_t> a_, b_, c_;  // the scheduled instructions' operands; the k-th writes first_computed_ + k
  std::vector<int> exponent_;
  std::vector<std::uint32_t> output_slots_;
  std::vector<std::uint32_t> varying_;  // the outputs whose slots are not constants
  std::size_t slot_count_ = 0;
  std::uint32_t first_computed_ = 0;
  std::uint64_t id_ = 0;                        // which tape the thread's registers hold the constants of
  /// This thread's registers, holding this tape's constants.
  double* registers() const;
};

}  // namespace adyn::numeric
