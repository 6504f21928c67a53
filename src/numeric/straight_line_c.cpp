#include "straight_line_c.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

namespace adyn::numeric {
namespace {

using Op = StraightLineProgram::Op;
constexpr std::size_t kInstructionsPerPart = 1000;
constexpr std::size_t kNone = ~std::size_t{0};

// The shortest decimal that reads back as x, with a point or an exponent so that C reads a double.
std::string literal(double x) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
  std::string s(buffer, end);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

class Printer {
 public:
  Printer(const StraightLineProgram& program, const std::string& name)
      : p_(program), name_(name), part_of_(program.slot_count, kNone), shared_(program.slot_count, kNone) {
    for (std::size_t k = 0; k < p_.code.size(); ++k) part_of_[p_.code[k].dst] = k / kInstructionsPerPart;
    parts_ = (p_.code.size() + kInstructionsPerPart - 1) / kInstructionsPerPart;
    for (std::size_t k = 0; k < p_.code.size(); ++k)
      for (const auto s : operands(p_.code[k]))
        if (computed(s) && part_of_[s] != k / kInstructionsPerPart && shared_[s] == kNone) shared_[s] = 0;
    for (auto& at : shared_)  // numbered in slot order
      if (at != kNone) at = shared_count_++;
  }

  std::string source() const {
    std::ostringstream c;
    if (std::any_of(p_.code.begin(), p_.code.end(), [](const auto& i) { return i.op == Op::PowInt && std::abs(i.exponent) > 4; }))
      c << "static double " << name_ << "_power_int(double x, int n) {\n"
        << "  if (n < 0) return 1.0 / " << name_ << "_power_int(x, -n);\n"
        << "  double r = 1.0;\n  while (n) {\n    if (n & 1) r *= x;\n    x *= x;\n    n >>= 1;\n  }\n  return r;\n}\n";
    if (parts_ <= 1) {
      c << "void " << name_ << "(const double* in, double* out) {\n" << part(0) << loose_outputs() << "}\n";
      return c.str();
    }
    for (std::size_t q = 0; q < parts_; ++q)
      c << "static void " << name_ << "_part" << q << "(const double* in, double* out, double* w) {\n" << part(q) << "}\n";
    c << "void " << name_ << "(const double* in, double* out) {\n  double w[" << std::max<std::size_t>(shared_count_, 1) << "];\n";
    for (std::size_t q = 0; q < parts_; ++q) c << "  " << name_ << "_part" << q << "(in, out, w);\n";
    c << loose_outputs() << "}\n";
    return c.str();
  }

 private:
  static std::vector<std::uint32_t> operands(const StraightLineProgram::Instruction& i) {
    switch (i.op) {
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Pow: case Op::Atan2: return {i.a, i.b};
      case Op::MulAdd: case Op::MulSub: case Op::MulSubFrom: return {i.a, i.b, i.c};
      default: return {i.a};
    }
  }
  bool computed(std::uint32_t s) const { return !p_.is_input(s) && !p_.is_constant(s); }

  // An input is read where it is used (a part stores only at its end, so nothing written can alias it).
  std::string slot(std::uint32_t s) const {
    if (p_.is_constant(s)) return literal(p_.constants[s - p_.input_count]);
    std::string name(p_.is_input(s) ? "in[" : "v");  // (appended, not "v" + ...: GCC 12's -Wrestrict)
    return name.append(std::to_string(s)).append(p_.is_input(s) ? "]" : "");
  }

  // Binary powering written out for |n| <= 4 (the roundings of power_int), else the helper.
  std::string power(std::uint32_t base, int n) const {
    const std::string x = slot(base);
    const int m = std::abs(n);
    const std::string positive = m == 0 ? "1.0" : m == 1 ? x : m == 2 ? x + " * " + x : m == 3 ? x + " * (" + x + " * " + x + ")"
                                 : m == 4 ? "(" + x + " * " + x + ") * (" + x + " * " + x + ")" : "";
    if (positive.empty()) return name_ + "_power_int(" + x + ", " + std::to_string(n) + ")";
    return n < 0 ? "1.0 / (" + positive + ")" : positive;
  }

  std::string value(const StraightLineProgram::Instruction& i) const {
    static const std::map<Op, const char*> functions = {
        {Op::Sqrt, "sqrt"}, {Op::Sin, "sin"},   {Op::Cos, "cos"},   {Op::Tan, "tan"},   {Op::Exp, "exp"},
        {Op::Log, "log"},   {Op::Abs, "fabs"},  {Op::Asin, "asin"}, {Op::Acos, "acos"}, {Op::Atan, "atan"},
        {Op::Sinh, "sinh"}, {Op::Cosh, "cosh"}, {Op::Tanh, "tanh"}};
    const std::string a = slot(i.a);
    switch (i.op) {
      case Op::Add: return a + " + " + slot(i.b);
      case Op::Sub: return a + " - " + slot(i.b);
      case Op::Mul: return a + " * " + slot(i.b);
      case Op::MulAdd: return slot(i.c) + " + " + a + " * " + slot(i.b);
      case Op::MulSub: return slot(i.c) + " - " + a + " * " + slot(i.b);
      case Op::MulSubFrom: return a + " * " + slot(i.b) + " - " + slot(i.c);
      case Op::Neg: return "-" + a;
      case Op::Div: return a + " / " + slot(i.b);
      case Op::PowInt: return power(i.a, i.exponent);
      case Op::Pow: return "pow(" + a + ", " + slot(i.b) + ")";
      case Op::Atan2: return "atan2(" + a + ", " + slot(i.b) + ")";
      case Op::Sign: return a + " > 0 ? 1.0 : (" + a + " < 0 ? -1.0 : 0.0)";
      default: return std::string(functions.at(i.op)) + "(" + a + ")";
    }
  }

  // Part q: the earlier parts' values it reads, its instructions, then the values later parts read
  // and the outputs it computes stored.
  std::string part(std::size_t q) const {
    const std::size_t begin = q * kInstructionsPerPart, end = std::min(p_.code.size(), begin + kInstructionsPerPart);
    std::set<std::uint32_t> read;
    for (std::size_t k = begin; k < end; ++k)
      for (const auto s : operands(p_.code[k]))
        if (computed(s) && part_of_[s] != q) read.insert(s);
    std::ostringstream c;
    for (const auto s : read) c << "  const double " << slot(s) << " = w[" << shared_[s] << "];\n";
    for (std::size_t k = begin; k < end; ++k) c << "  const double " << slot(p_.code[k].dst) << " = " << value(p_.code[k]) << ";\n";
    for (std::size_t k = begin; k < end; ++k)
      if (const auto s = p_.code[k].dst; shared_[s] != kNone) c << "  w[" << shared_[s] << "] = " << slot(s) << ";\n";
    for (std::size_t o = 0; o < p_.outputs.size(); ++o)
      if (computed(p_.outputs[o]) && part_of_[p_.outputs[o]] == q) c << "  out[" << o << "] = " << slot(p_.outputs[o]) << ";\n";
    return c.str();
  }

  // The outputs that are inputs or constants.
  std::string loose_outputs() const {
    std::ostringstream c;
    for (std::size_t o = 0; o < p_.outputs.size(); ++o) {
      const auto s = p_.outputs[o];
      if (!computed(s)) c << "  out[" << o << "] = " << slot(s) << ";\n";
    }
    return c.str();
  }

  const StraightLineProgram& p_;
  std::string name_;
  std::vector<std::size_t> part_of_;  // by slot: the part computing it
  std::vector<std::size_t> shared_;   // by slot: its workspace index, if a later part reads it
  std::size_t parts_ = 0, shared_count_ = 0;
};

}  // namespace

std::string straight_line_c(const StraightLineProgram& program, const std::string& name) {
  return Printer(program, name).source();
}

}  // namespace adyn::numeric
