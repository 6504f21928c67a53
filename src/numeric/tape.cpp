#include "adyn/numeric/tape.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <queue>

namespace adyn::numeric {

using GiNaC::ex;

Tape::Tape(const std::vector<GiNaC::symbol>& inputs, const std::vector<ex>& outputs)
    : Tape(compile_straight_line(inputs, outputs)) {}

Tape::Tape(const StraightLineProgram& program)
    : input_count_(program.input_count),
      constants_(program.constants),
      output_slots_(program.outputs),
      slot_count_(program.slot_count) {
  schedule(program.code);
  static std::atomic<std::uint64_t> tapes{0};
  id_ = ++tapes;
}

// One set of registers per thread, sized for the largest tape it has run; the constants are
// written again only when the thread changes tapes (a tape never calls another, so no evaluation
// interrupts one in progress).
double* Tape::registers() const {
  thread_local std::vector<double> registers;
  thread_local std::uint64_t holding = 0;
  if (holding != id_) {
    if (registers.size() < slot_count_) registers.resize(slot_count_);
    std::copy(constants_.begin(), constants_.end(), registers.begin() + static_cast<std::ptrdiff_t>(input_count_));
    holding = id_;
  }
  return registers.data();
}

// Runs of one operation, each of instructions independent of each other (so that the processor
// overlaps them): of the instructions whose operands are computed, all those of the operation with
// the most ready, in program order; then again. An instruction waits for others of its operation
// rather than making a run of its own, as a schedule by levels would (the UR5's forward dynamics:
// 1433 instructions in 308 runs rather than 340).
void Tape::schedule(const std::vector<Instruction>& code) {
  constexpr std::size_t none = ~std::size_t{0};
  std::vector<std::size_t> producer(slot_count_, none);
  for (std::size_t i = 0; i < code.size(); ++i) producer[code[i].dst] = i;
  std::vector<std::vector<std::size_t>> users(code.size());
  std::vector<unsigned> waiting(code.size(), 0);
  for (std::size_t i = 0; i < code.size(); ++i)
    for (const auto s : {code[i].a, code[i].b, code[i].c})
      if (producer[s] != none) users[producer[s]].push_back(i), ++waiting[i];
  using Queue = std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>>;
  std::vector<Queue> ready(StraightLineProgram::op_count);
  for (std::size_t i = 0; i < code.size(); ++i)
    if (waiting[i] == 0) ready[static_cast<std::size_t>(code[i].op)].push(i);
  std::vector<std::size_t> order;  // of the program's instructions
  while (order.size() < code.size()) {
    const auto op = static_cast<std::size_t>(std::max_element(ready.begin(), ready.end(), [](const Queue& x, const Queue& y) {
                                               return x.size() < y.size();
                                             }) - ready.begin());
    const auto at = static_cast<std::uint32_t>(order.size());
    runs_.push_back({static_cast<Op>(op), at, at});
    std::vector<std::size_t> run;  // independent of each other, so evaluated overlapping
    for (; !ready[op].empty(); ready[op].pop()) run.push_back(ready[op].top());
    for (const auto i : run) {
      for (const auto u : users[i])
        if (--waiting[u] == 0) ready[static_cast<std::size_t>(code[u].op)].push(u);
      order.push_back(i);
      ++runs_.back().end;
    }
  }
  // Computed values renumbered in the order they are computed: the k-th instruction writes slot
  // first_computed_ + k, so a run writes consecutive slots and needs no destination indices.
  first_computed_ = static_cast<std::uint32_t>(input_count_ + constants_.size());
  std::vector<std::uint32_t> renumbered(slot_count_);
  for (std::uint32_t s = 0; s < first_computed_; ++s) renumbered[s] = s;
  for (std::size_t k = 0; k < order.size(); ++k) renumbered[code[order[k]].dst] = first_computed_ + static_cast<std::uint32_t>(k);
  for (const auto i : order) {
    a_.push_back(renumbered[code[i].a]), b_.push_back(renumbered[code[i].b]), c_.push_back(renumbered[code[i].c]);
    exponent_.push_back(code[i].exponent);
  }
  for (auto& s : output_slots_) s = renumbered[s];
  slot_count_ = first_computed_ + order.size();
  for (std::uint32_t i = 0; i < output_slots_.size(); ++i)
    if (output_slots_[i] < input_count_ || output_slots_[i] >= first_computed_) varying_.push_back(i);
}


void Tape::evaluate(const double* inputs, double* outputs) const {
  const double* w = run(inputs);
  for (std::size_t i = 0; i < output_slots_.size(); ++i) outputs[i] = w[output_slots_[i]];
}

void Tape::evaluate_varying(const double* inputs, double* outputs) const {
  const double* w = run(inputs);
  for (const auto i : varying_) outputs[i] = w[output_slots_[i]];
}

const double* Tape::run(const double* inputs) const {
  double* w = registers();
  double* out = w + first_computed_;  // the computed values, in the order of the runs
  for (std::size_t i = 0; i < input_count_; ++i) w[i] = inputs[i];
  // The operands' arrays in locals: a store through `out` may not alias them, so the loops reload
  // nothing per run.
  const std::uint32_t *a = a_.data(), *b = b_.data(), *c = c_.data();
  const int* exponent = exponent_.data();
  auto apply = [&](const Run& r, auto f) {
    for (std::uint32_t i = r.begin; i < r.end; ++i) out[i] = f(w[a[i]], w[b[i]]);
  };
  for (const auto& r : runs_) {
    switch (r.op) {
      case Op::Add: apply(r, [](double x, double y) { return x + y; }); break;
      case Op::Sub: apply(r, [](double x, double y) { return x - y; }); break;
      case Op::Mul: apply(r, [](double x, double y) { return x * y; }); break;
      case Op::MulAdd:
        for (std::uint32_t i = r.begin; i < r.end; ++i) out[i] = w[c[i]] + w[a[i]] * w[b[i]];
        break;
      case Op::MulSub:
        for (std::uint32_t i = r.begin; i < r.end; ++i) out[i] = w[c[i]] - w[a[i]] * w[b[i]];
        break;
      case Op::MulSubFrom:
        for (std::uint32_t i = r.begin; i < r.end; ++i) out[i] = w[a[i]] * w[b[i]] - w[c[i]];
        break;
      case Op::Neg: apply(r, [](double x, double) { return -x; }); break;
      case Op::Div: apply(r, [](double x, double y) { return x / y; }); break;
      case Op::PowInt:
        for (std::uint32_t i = r.begin; i < r.end; ++i) out[i] = power_int(w[a[i]], exponent[i]);
        break;
      case Op::Pow: apply(r, [](double x, double y) { return std::pow(x, y); }); break;
      case Op::Sqrt: apply(r, [](double x, double) { return std::sqrt(x); }); break;
      case Op::Sin: apply(r, [](double x, double) { return std::sin(x); }); break;
      case Op::Cos: apply(r, [](double x, double) { return std::cos(x); }); break;
      case Op::Tan: apply(r, [](double x, double) { return std::tan(x); }); break;
      case Op::Exp: apply(r, [](double x, double) { return std::exp(x); }); break;
      case Op::Log: apply(r, [](double x, double) { return std::log(x); }); break;
      case Op::Abs: apply(r, [](double x, double) { return std::abs(x); }); break;
      case Op::Sign: apply(r, [](double x, double) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }); break;
      case Op::Asin: apply(r, [](double x, double) { return std::asin(x); }); break;
      case Op::Acos: apply(r, [](double x, double) { return std::acos(x); }); break;
      case Op::Atan: apply(r, [](double x, double) { return std::atan(x); }); break;
      case Op::Atan2: apply(r, [](double x, double y) { return std::atan2(x, y); }); break;
      case Op::Sinh: apply(r, [](double x, double) { return std::sinh(x); }); break;
      case Op::Cosh: apply(r, [](double x, double) { return std::cosh(x); }); break;
      case Op::Tanh: apply(r, [](double x, double) { return std::tanh(x); }); break;
    }
  }
  return w;
}

}  // namespace adyn::numeric
