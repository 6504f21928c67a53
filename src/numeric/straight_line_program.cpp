#include "adyn/numeric/straight_line_program.hpp"

#include <cmath>
#include <map>
#include <optional>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/ex_map.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::numeric {

using GiNaC::ex;
using GiNaC::is_a;

namespace {

// Constants are stored after the inputs; their slots are fixed up once all are known.
constexpr std::uint32_t kConstantTag = 0x80000000u;

using Op = StraightLineProgram::Op;
using Instruction = StraightLineProgram::Instruction;

class ProgramBuilder {
 public:
  explicit ProgramBuilder(const std::vector<GiNaC::symbol>& inputs) : input_count_(inputs.size()), next_slot_(inputs.size()) {
    for (std::size_t i = 0; i < inputs.size(); ++i) inputs_.emplace(inputs[i], static_cast<std::uint32_t>(i));
  }
  /// The slot that will hold `e`'s value.
  std::uint32_t output(const ex& e) {
    const auto slot = value(compile(e));
    outputs_.push_back(slot);
    return slot;
  }
  /// The code, its products fused into the sums that use them once; `outputs` and the code's slots
  /// renumbered as the tape holds them (constants right after the inputs).
  std::vector<Instruction> finish(std::vector<std::uint32_t>& outputs, std::vector<double>& constants, std::size_t& slots);

 private:
  struct Signed {  // a slot holding ± the expression's value
    std::uint32_t slot;
    bool negated;
    Signed operator-() const { return {slot, !negated}; }
  };
  Signed compile(const ex& e);
  Signed compile_new(const ex& e);  // e not atomic, in positive form, not compiled before
  Signed sum(const std::vector<ex>& terms);
  Signed product(const std::vector<ex>& factors);
  Signed power(const ex& base, const ex& exponent);
  Signed function(const GiNaC::function& f);
  std::uint32_t value(Signed s);
  std::uint32_t constant(double magnitude);
  std::uint32_t emit(Op op, std::uint32_t a, std::uint32_t b = 0, int exponent = 0);
  void fuse_products();

  std::size_t input_count_;
  std::uint32_t next_slot_;
  sym::ExMap<std::uint32_t> inputs_;
  sym::ExMap<Signed> compiled_;                      // by positive form
  std::map<double, std::uint32_t> constants_;        // magnitude -> tagged slot
  std::map<std::uint32_t, std::uint32_t> negations_;  // slot -> the slot of its negation
  std::vector<Instruction> code_;                    // code_[k] computes slot input_count + k
  std::vector<std::uint32_t> outputs_;
  sym::CanonicalOrder order_;
};

ProgramBuilder::Signed ProgramBuilder::compile(const ex& e) {
  if (sym::is<GiNaC::symbol>(e)) {
    auto it = inputs_.find(e);
    if (it == inputs_.end())
      throw Error("numeric evaluation: the expression uses '" + GiNaC::ex_to<GiNaC::symbol>(e).get_name() +
                  "', which is not an input (a parameter without a value?)");
    return {it->second, false};
  }
  if (sym::is<GiNaC::numeric>(e) || sym::is<GiNaC::constant>(e)) {
    const ex v = e.evalf();
    if (!sym::is<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      throw Error("numeric evaluation: the constant is not a real number");
    const double x = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
    return {constant(std::abs(x)), std::signbit(x)};
  }
  const auto [positive, negated] = order_.positive_form(e);
  if (sym::atomic(positive)) return negated ? -compile(positive) : compile(positive);
  auto done = compiled_.find(positive);
  if (done == compiled_.end()) done = compiled_.emplace(positive, compile_new(positive)).first;
  return negated ? -done->second : done->second;
}

ProgramBuilder::Signed ProgramBuilder::compile_new(const ex& e) {
  if (sym::is_intermediate(e)) return compile(e.op(0));
  if (sym::is<GiNaC::add>(e)) return sum(order_.operands(e));
  if (sym::is<GiNaC::mul>(e)) return product(order_.operands(e));
  if (sym::is<GiNaC::power>(e)) return power(e.op(0), e.op(1));
  if (sym::is<GiNaC::function>(e)) return function(GiNaC::ex_to<GiNaC::function>(e));
  throw Error("numeric evaluation: unsupported expression");
}

// Term by term: a negated term is subtracted, a sum of negated terms is the negated sum. The same
// bits as adding the signed values, as IEEE arithmetic is symmetric in the sign.
ProgramBuilder::Signed ProgramBuilder::sum(const std::vector<ex>& terms) {
  Signed acc = compile(terms[0]);
  for (std::size_t i = 1; i < terms.size(); ++i) {
    const Signed t = compile(terms[i]);
    if (acc.negated == t.negated) acc = {emit(Op::Add, acc.slot, t.slot), acc.negated};
    else if (t.negated) acc = {emit(Op::Sub, acc.slot, t.slot), false};
    else acc = {emit(Op::Sub, t.slot, acc.slot), false};
  }
  return acc;
}

// Factor by factor, the signs multiplied apart; a factor ±1 costs nothing.
ProgramBuilder::Signed ProgramBuilder::product(const std::vector<ex>& factors) {
  std::optional<std::uint32_t> acc;
  bool negated = false;
  for (const auto& factor : factors) {
    if (factor.is_equal(-1)) {
      negated = !negated;
      continue;
    }
    const Signed f = compile(factor);
    negated = negated != f.negated;
    acc = acc ? emit(Op::Mul, *acc, f.slot) : f.slot;
  }
  return {acc ? *acc : constant(1.0), negated};
}

ProgramBuilder::Signed ProgramBuilder::power(const ex& base, const ex& exponent) {
  if (exponent.info(GiNaC::info_flags::integer)) {
    const int n = GiNaC::ex_to<GiNaC::numeric>(exponent).to_int();
    const Signed b = compile(base);
    return {emit(Op::PowInt, b.slot, 0, n), b.negated && n % 2 != 0};
  }
  const auto b = value(compile(base));
  if (exponent.is_equal(GiNaC::numeric(1, 2))) return {emit(Op::Sqrt, b), false};
  if (exponent.is_equal(GiNaC::numeric(-1, 2))) return {emit(Op::Div, constant(1.0), emit(Op::Sqrt, b)), false};
  return {emit(Op::Pow, b, value(compile(exponent))), false};
}

ProgramBuilder::Signed ProgramBuilder::function(const GiNaC::function& f) {
  static const std::vector<std::pair<std::string, Op>> unary = {
      {"sin", Op::Sin},   {"cos", Op::Cos},   {"tan", Op::Tan},   {"exp", Op::Exp},   {"log", Op::Log},
      {"abs", Op::Abs},   {"csgn", Op::Sign}, {"asin", Op::Asin}, {"acos", Op::Acos}, {"atan", Op::Atan},
      {"sinh", Op::Sinh}, {"cosh", Op::Cosh}, {"tanh", Op::Tanh}};
  const std::string name = f.get_name();
  for (const auto& [fname, op] : unary)
    if (name == fname) return {emit(op, value(compile(f.op(0)))), false};
  if (name == "atan2") return {emit(Op::Atan2, value(compile(f.op(0))), value(compile(f.op(1)))), false};
  throw Error("numeric evaluation: function '" + name + "' is not supported");
}

std::uint32_t ProgramBuilder::value(Signed s) {
  if (!s.negated) return s.slot;
  auto done = negations_.find(s.slot);
  if (done == negations_.end()) done = negations_.emplace(s.slot, emit(Op::Neg, s.slot)).first;
  return done->second;
}

std::uint32_t ProgramBuilder::constant(double magnitude) {
  const auto next = kConstantTag | static_cast<std::uint32_t>(constants_.size());
  return constants_.emplace(magnitude, next).first->second;
}

std::uint32_t ProgramBuilder::emit(Op op, std::uint32_t a, std::uint32_t b, int exponent) {
  code_.push_back({op, next_slot_, a, b, 0, exponent});
  return next_slot_++;
}

// c + a·b for Add(c, Mul(a, b)) where nothing else reads the product (and Sub likewise), the
// product's instruction dropped: the same two roundings in one instruction.
void ProgramBuilder::fuse_products() {
  std::vector<unsigned> reads(next_slot_, 0);
  auto read = [&](std::uint32_t s) {
    if (!(s & kConstantTag)) ++reads[s];
  };
  for (const auto& ins : code_) read(ins.a), read(ins.b);
  for (const auto s : outputs_) read(s);
  std::vector<bool> fused(code_.size(), false);
  auto single_product = [&](std::uint32_t s) {
    return !(s & kConstantTag) && s >= input_count_ && reads[s] == 1 && code_[s - input_count_].op == Op::Mul;
  };
  for (auto& ins : code_) {
    if (ins.op != Op::Add && ins.op != Op::Sub) continue;
    const bool right = single_product(ins.b);
    if (!right && !single_product(ins.a)) continue;
    const auto& m = code_[(right ? ins.b : ins.a) - input_count_];
    fused[m.dst - input_count_] = true;
    const Op op = ins.op == Op::Add ? Op::MulAdd : right ? Op::MulSub : Op::MulSubFrom;
    ins = {op, ins.dst, m.a, m.b, right ? ins.a : ins.b, 0};
  }
  std::vector<Instruction> kept;
  for (std::size_t k = 0; k < code_.size(); ++k)
    if (!fused[k]) kept.push_back(code_[k]);
  code_ = std::move(kept);
}

std::vector<Instruction> ProgramBuilder::finish(std::vector<std::uint32_t>& outputs, std::vector<double>& constants,
                                                     std::size_t& slots) {
  fuse_products();
  constants.assign(constants_.size(), 0.0);
  for (const auto& [magnitude, slot] : constants_) constants[slot & ~kConstantTag] = magnitude;
  // Constants live right after the inputs; computed values after the constants.
  const auto shift = static_cast<std::uint32_t>(constants.size());
  auto fix = [&](std::uint32_t& s) {
    if (s & kConstantTag) s = static_cast<std::uint32_t>(input_count_) + (s & ~kConstantTag);
    else if (s >= input_count_) s += shift;
  };
  for (auto& ins : code_) {
    ins.dst += shift;
    fix(ins.a), fix(ins.b), fix(ins.c);
  }
  outputs = outputs_;
  for (auto& s : outputs) fix(s);
  slots = next_slot_ + shift;
  return std::move(code_);
}

}  // namespace

StraightLineProgram compile_straight_line(const std::vector<GiNaC::symbol>& inputs, const std::vector<ex>& outputs) {
  ProgramBuilder builder(inputs);
  for (const auto& out : outputs) builder.output(out);
  StraightLineProgram program;
  program.input_count = inputs.size();
  program.code = builder.finish(program.outputs, program.constants, program.slot_count);
  return program;
}

}  // namespace adyn::numeric
