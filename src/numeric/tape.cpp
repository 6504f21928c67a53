#include "adyn/numeric/tape.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/cse.hpp"

namespace adyn::numeric {

using GiNaC::ex;
using GiNaC::is_a;

namespace {

// Constants are stored after the inputs; their slots are fixed up once all are known.
constexpr std::uint32_t kConstantTag = 0x80000000u;

}  // namespace

Tape::Tape(const std::vector<GiNaC::symbol>& inputs, const std::vector<ex>& outputs) : input_count_(inputs.size()) {
  for (std::size_t i = 0; i < inputs.size(); ++i) slot_of_[inputs[i]] = static_cast<std::uint32_t>(i);
  slot_count_ = inputs.size();
  auto reduced = sym::cse(outputs, "tape_tmp");
  sym::CanonicalOrder order;
  for (const auto& [tmp, value] : reduced.temporaries) slot_of_[tmp] = compile(value, order);
  for (const auto& out : reduced.outputs) output_slots_.push_back(compile(out, order));
  // Constants live right after the inputs; computed values after the constants.
  const auto shift = static_cast<std::uint32_t>(constants_.size());
  auto fix = [&](std::uint32_t& s) {
    if (s & kConstantTag) s = static_cast<std::uint32_t>(input_count_) + (s & ~kConstantTag);
    else if (s >= input_count_) s += shift;
  };
  for (auto& ins : code_) {
    ins.dst += shift;
    fix(ins.a);
    fix(ins.b);
  }
  for (auto& s : output_slots_) fix(s);
  slot_count_ += shift;
  schedule(code_);
  code_ = {};
  slot_of_.clear();  // no expression outlives the compilation: copies of a tape share no GiNaC object
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

std::uint32_t Tape::constant(double value) {
  constants_.push_back(value);
  return kConstantTag | static_cast<std::uint32_t>(constants_.size() - 1);
}

std::uint32_t Tape::emit(Op op, std::uint32_t a, std::uint32_t b, int exponent) {
  const auto dst = static_cast<std::uint32_t>(slot_count_++);
  code_.push_back({op, dst, a, b, exponent});
  return dst;
}

void Tape::schedule(const std::vector<Instruction>& code) {
  std::vector<std::uint32_t> level(slot_count_, 0);  // inputs and constants: 0
  for (const auto& ins : code) level[ins.dst] = 1 + std::max(level[ins.a], level[ins.b]);
  std::vector<std::size_t> order(code.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const auto &p = code[x], &q = code[y];
    return level[p.dst] != level[q.dst] ? level[p.dst] < level[q.dst] : p.op < q.op;
  });
  std::uint32_t run_level = 0;
  for (const auto i : order) {
    const auto& ins = code[i];
    const auto at = static_cast<std::uint32_t>(dst_.size());
    if (runs_.empty() || runs_.back().op != ins.op || run_level != level[ins.dst]) runs_.push_back({ins.op, at, at});
    run_level = level[ins.dst];
    ++runs_.back().end;
    dst_.push_back(ins.dst), a_.push_back(ins.a), b_.push_back(ins.b), exponent_.push_back(ins.exponent);
  }
}

std::uint32_t Tape::compile(const ex& e, sym::CanonicalOrder& order) {
  if (is_a<GiNaC::symbol>(e)) {
    auto it = slot_of_.find(e);
    if (it == slot_of_.end())
      throw Error("numeric evaluation: the expression uses '" + GiNaC::ex_to<GiNaC::symbol>(e).get_name() +
                  "', which is not an input (a parameter without a value?)");
    return static_cast<std::uint32_t>(GiNaC::ex_to<GiNaC::numeric>(it->second).to_int());
  }
  if (is_a<GiNaC::numeric>(e) || is_a<GiNaC::constant>(e)) {
    ex v = e.evalf();
    if (!is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      throw Error("numeric evaluation: the constant is not a real number");
    return constant(GiNaC::ex_to<GiNaC::numeric>(v).to_double());
  }
  if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e)) {
    const bool sum = is_a<GiNaC::add>(e);
    const auto operands = order.operands(e);
    std::uint32_t acc = compile(operands[0], order);
    for (std::size_t i = 1; i < operands.size(); ++i) acc = emit(sum ? Op::Add : Op::Mul, acc, compile(operands[i], order));
    return acc;
  }
  if (is_a<GiNaC::power>(e)) {
    const ex base = e.op(0), expo = e.op(1);
    if (expo.info(GiNaC::info_flags::integer)) {
      const int n = GiNaC::ex_to<GiNaC::numeric>(expo).to_int();
      return emit(Op::PowInt, compile(base, order), 0, n);
    }
    if (expo.is_equal(GiNaC::numeric(1, 2))) return emit(Op::Sqrt, compile(base, order));
    if (expo.is_equal(GiNaC::numeric(-1, 2))) return emit(Op::Div, constant(1.0), emit(Op::Sqrt, compile(base, order)));
    return emit(Op::Pow, compile(base, order), compile(expo, order));
  }
  if (is_a<GiNaC::function>(e)) {
    const std::string name = GiNaC::ex_to<GiNaC::function>(e).get_name();
    static const std::vector<std::pair<const char*, Op>> unary = {
        {"sin", Op::Sin},   {"cos", Op::Cos},   {"tan", Op::Tan},   {"exp", Op::Exp},   {"log", Op::Log},
        {"abs", Op::Abs},   {"csgn", Op::Sign}, {"asin", Op::Asin}, {"acos", Op::Acos}, {"atan", Op::Atan},
        {"sinh", Op::Sinh}, {"cosh", Op::Cosh}, {"tanh", Op::Tanh}};
    for (const auto& [fname, op] : unary)
      if (name == fname) return emit(op, compile(e.op(0), order));
    if (name == "atan2") return emit(Op::Atan2, compile(e.op(0), order), compile(e.op(1), order));
    throw Error("numeric evaluation: function '" + name + "' is not supported");
  }
  throw Error("numeric evaluation: unsupported expression");
}

namespace {

double power_int(double x, int n) {
  if (n < 0) return 1.0 / power_int(x, -n);
  double r = 1.0;
  while (n) {
    if (n & 1) r *= x;
    x *= x;
    n >>= 1;
  }
  return r;
}

}  // namespace

template <class F>
void Tape::apply(const Run& r, double* w, F f) const {
  for (std::uint32_t i = r.begin; i < r.end; ++i) w[dst_[i]] = f(w[a_[i]], w[b_[i]]);
}

void Tape::evaluate(const double* inputs, double* outputs) const {
  double* w = registers();
  for (std::size_t i = 0; i < input_count_; ++i) w[i] = inputs[i];
  for (const auto& r : runs_) {
    switch (r.op) {
      case Op::Add: apply(r, w, [](double a, double b) { return a + b; }); break;
      case Op::Mul: apply(r, w, [](double a, double b) { return a * b; }); break;
      case Op::Div: apply(r, w, [](double a, double b) { return a / b; }); break;
      case Op::PowInt:
        for (std::uint32_t i = r.begin; i < r.end; ++i) w[dst_[i]] = power_int(w[a_[i]], exponent_[i]);
        break;
      case Op::Pow: apply(r, w, [](double a, double b) { return std::pow(a, b); }); break;
      case Op::Sqrt: apply(r, w, [](double a, double) { return std::sqrt(a); }); break;
      case Op::Sin: apply(r, w, [](double a, double) { return std::sin(a); }); break;
      case Op::Cos: apply(r, w, [](double a, double) { return std::cos(a); }); break;
      case Op::Tan: apply(r, w, [](double a, double) { return std::tan(a); }); break;
      case Op::Exp: apply(r, w, [](double a, double) { return std::exp(a); }); break;
      case Op::Log: apply(r, w, [](double a, double) { return std::log(a); }); break;
      case Op::Abs: apply(r, w, [](double a, double) { return std::abs(a); }); break;
      case Op::Sign: apply(r, w, [](double a, double) { return a > 0 ? 1.0 : a < 0 ? -1.0 : 0.0; }); break;
      case Op::Asin: apply(r, w, [](double a, double) { return std::asin(a); }); break;
      case Op::Acos: apply(r, w, [](double a, double) { return std::acos(a); }); break;
      case Op::Atan: apply(r, w, [](double a, double) { return std::atan(a); }); break;
      case Op::Atan2: apply(r, w, [](double a, double b) { return std::atan2(a, b); }); break;
      case Op::Sinh: apply(r, w, [](double a, double) { return std::sinh(a); }); break;
      case Op::Cosh: apply(r, w, [](double a, double) { return std::cosh(a); }); break;
      case Op::Tanh: apply(r, w, [](double a, double) { return std::tanh(a); }); break;
    }
  }
  for (std::size_t i = 0; i < output_slots_.size(); ++i) outputs[i] = w[output_slots_[i]];
}

}  // namespace adyn::numeric
