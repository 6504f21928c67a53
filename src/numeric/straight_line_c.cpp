#include "straight_line_c.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

namespace adyn::numeric {
namespace {

using Op = StraightLineProgram::Op;
// A program of up to kInstructionsPerUnit instructions is one function in one unit. A longer one is
// split into functions of kInstructionsPerPart, kPartsPerUnit of them to a unit (one compiler process
// each). GCC's register allocation is superlinear in a function's size: Talos' forward dynamics
// (11 k instructions) compiled in 6.2 s of processor time at -O2 as 12 functions of 1000 and in
// 3.9 s as 56 of 200, and ran no slower (docs/performance.md, "Steps through the regularization,
// short C functions").
constexpr std::size_t kInstructionsPerUnit = 1000;
constexpr std::size_t kInstructionsPerPart = 200;
constexpr std::size_t kPartsPerUnit = kInstructionsPerUnit / kInstructionsPerPart;
constexpr std::size_t kNone = ~std::size_t{0};

// Appends the shortest decimal that reads back as x, with a point or an exponent so that C reads a
// double.
void put_literal(std::string& c, double x) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
  c.append(buffer, end);
  if (std::find_if(buffer, end, [](char d) { return d == '.' || d == 'e'; }) == end) c += ".0";
}

// Appends a count or an index.
void put_number(std::string& c, std::size_t n) {
  char buffer[24];
  c.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, n).ptr);
}

class Printer {
 public:
  Printer(const StraightLineProgram& program, const std::string& name, const Lanes& lanes)
      : p_(program),
        name_(name),
        lanes_(lanes),
        part_of_(program.slot_count, kNone),
        shared_(program.slot_count, kNone),
        lane_(program.slot_count, false) {
    if (vectors())
      for (std::size_t s = lanes_.first; s < p_.input_count; ++s) lane_[s] = true;
    for (const auto& i : p_.code)
      for (const auto s : operands(i)) lane_[i.dst] = lane_[i.dst] || lane_[s];
    part_size_ = p_.code.size() <= kInstructionsPerUnit ? std::max<std::size_t>(p_.code.size(), 1) : kInstructionsPerPart;
    for (std::size_t k = 0; k < p_.code.size(); ++k) part_of_[p_.code[k].dst] = k / part_size_;
    parts_ = (p_.code.size() + part_size_ - 1) / part_size_;
    for (std::size_t k = 0; k < p_.code.size(); ++k)
      for (const auto s : operands(p_.code[k]))
        if (computed(s) && part_of_[s] != k / part_size_ && shared_[s] == kNone) shared_[s] = 0;
    for (std::size_t s = 0; s < shared_.size(); ++s)  // numbered in slot order, the vectors apart
      if (shared_[s] != kNone) shared_[s] = lane_[s] ? vectors_shared_++ : shared_count_++;
  }

  std::vector<std::string> units() const {
    std::string preamble = vectors() ? vector_preamble() : std::string();
    if (std::any_of(p_.code.begin(), p_.code.end(), [](const auto& i) { return i.op == Op::PowInt && std::abs(i.exponent) > 4; }))
      preamble += "static double " + name_ + "_power_int(double x, int n) {\n" + "  if (n < 0) return 1.0 / " + name_ +
                  "_power_int(x, -n);\n" + "  double r = 1.0;\n  while (n) {\n    if (n & 1) r *= x;\n    x *= x;\n" +
                  "    n >>= 1;\n  }\n  return r;\n}\n";
    // A function `signature` of part q's statements, after `before`.
    const auto function = [&](const std::string& before, const std::string& signature, std::size_t q) {
      std::string c = before + signature + " {\n";
      put_part(c, q);
      return c;
    };
    if (!vectors() && parts_ <= 1)
      return {function(preamble, "void " + name_ + "(const double* in, double* out)", 0) + loose_outputs() + "}\n"};
    if (parts_ <= 1) return {function(preamble, "static " + part_signature(0), 0) + "}\n" + main_function()};
    std::vector<std::string> units;
    std::string declarations;
    for (std::size_t q = 0; q < parts_; ++q) {
      const std::string signature = "__attribute__((visibility(\"hidden\"))) " + part_signature(q);
      if (q % kPartsPerUnit == 0) units.push_back(preamble);
      units.back() += function("", signature, q) + "}\n";
      declarations += signature + ";\n";
    }
    units.push_back(preamble + declarations + main_function());
    return units;
  }

 private:
  // The slots an instruction reads (a range over at most three).
  struct Operands {
    std::array<std::uint32_t, 3> slots;
    std::size_t count;
    const std::uint32_t* begin() const { return slots.data(); }
    const std::uint32_t* end() const { return slots.data() + count; }
  };
  static Operands operands(const StraightLineProgram::Instruction& i) {
    switch (i.op) {
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Pow: case Op::Atan2: return {{i.a, i.b, 0}, 2};
      case Op::MulAdd: case Op::MulSub: case Op::MulSubFrom: return {{i.a, i.b, i.c}, 3};
      default: return {{i.a, 0, 0}, 1};
    }
  }
  bool computed(std::uint32_t s) const { return !p_.is_input(s) && !p_.is_constant(s); }
  bool vectors() const { return lanes_.width > 1; }
  std::string vector_type() const { return name_ + "_lanes"; }
  std::string at_once() const { return name_ + "_AT_ONCE"; }
  // The lanes computed at once, by the target's vectors: four doubles with AVX, else two (SSE2,
  // NEON): a vector wider than the machine's costs more in moves than it saves.
  std::string vector_preamble() const {
    const std::size_t narrow = lanes_.width % 2 == 0 ? 2 : 1, wide = lanes_.width % 4 == 0 ? 4 : narrow;
    std::ostringstream c;
    c << "#if defined(__AVX__)\n#define " << at_once() << " " << wide << "\n#else\n#define " << at_once() << " " << narrow
      << "\n#endif\ntypedef double " << vector_type() << " __attribute__((vector_size(8 * " << at_once() << ")));\n";
    return c.str();
  }
  std::string type_of(std::uint32_t s) const { return lane_[s] ? vector_type() : "double"; }
  // Where input s of lane 0 is (its other lanes follow it).
  std::size_t input_offset(std::uint32_t s) const {
    return lane_[s] ? lanes_.first + (s - lanes_.first) * lanes_.width : s;
  }

  std::string part_signature(std::size_t q) const {
    return "void " + name_ + "_part" + std::to_string(q) + "(const double* in, double* out, double* w" +
           (vectors() ? ", " + vector_type() + "* wl, int h" : std::string()) + ")";
  }
  // The function the library exports: the parts in order over a workspace of their shared values.
  std::string main_function() const {
    std::ostringstream c;
    c << "void " << name_ << "(const double* in, double* out) {\n";
    if (vectors()) c << "  for (int h = 0; h < " << lanes_.width << "; h += " << at_once() << ") {\n";
    c << "  double w[" << std::max<std::size_t>(shared_count_, 1) << "];\n";
    if (vectors()) c << "  " << vector_type() << " wl[" << std::max<std::size_t>(vectors_shared_, 1) << "];\n";
    for (std::size_t q = 0; q < parts_; ++q) c << "  " << name_ << "_part" << q << "(in, out, w" << (vectors() ? ", wl, h" : "") << ");\n";
    c << loose_outputs() << (vectors() ? "  }\n" : "") << "}\n";
    return c.str();
  }

  // An input is read where it is used (a part stores only at its end, so nothing written can alias
  // it); a vector input is loaded once at the start of each part that uses it.
  void put_slot(std::string& c, std::uint32_t s) const {
    if (p_.is_constant(s)) return put_literal(c, p_.constants[s - p_.input_count]);
    c += lane_[s] && p_.is_input(s) ? "l" : p_.is_input(s) ? "in[" : "v";
    put_number(c, s);
    if (p_.is_input(s) && !lane_[s]) c += ']';
  }
  std::string slot(std::uint32_t s) const {
    std::string c;
    put_slot(c, s);
    return c;
  }

  // Text and operands appended in turn: an operand in lane l of the C loop over the lanes when
  // `in_lane` (a scalar is the same in every lane).
  struct Operand {
    std::uint32_t slot;
  };
  void put_piece(std::string& c, bool, const std::string& text) const { c += text; }
  void put_piece(std::string& c, bool, const char* text) const { c += text; }
  void put_piece(std::string& c, bool in_lane, Operand x) const {
    put_slot(c, x.slot);
    if (in_lane && lane_[x.slot]) c += "[l]";
  }
  template <class... Pieces>
  void put(std::string& c, bool in_lane, const Pieces&... pieces) const {
    (put_piece(c, in_lane, pieces), ...);
  }

  // Binary powering written out for |n| <= 4 (the roundings of power_int), else the helper.
  void put_power(std::string& c, bool in_lane, Operand x, int n) const {
    const int m = std::abs(n);
    if (m > 4) return put(c, in_lane, name_ + "_power_int(", x, ", " + std::to_string(n) + ")");
    if (n < 0) c += "1.0 / (";
    switch (m) {
      case 0: put(c, in_lane, "1.0"); break;
      case 1: put(c, in_lane, x); break;
      case 2: put(c, in_lane, x, " * ", x); break;
      case 3: put(c, in_lane, x, " * (", x, " * ", x, ")"); break;
      default: put(c, in_lane, "(", x, " * ", x, ") * (", x, " * ", x, ")");
    }
    if (n < 0) c += ")";
  }

  // Appends the value of instruction i (each operand in lane l when `in_lane`).
  void put_value(std::string& c, const StraightLineProgram::Instruction& i, bool in_lane) const {
    static const std::map<Op, const char*> functions = {
        {Op::Sqrt, "sqrt"}, {Op::Sin, "sin"},   {Op::Cos, "cos"},   {Op::Tan, "tan"},   {Op::Exp, "exp"},
        {Op::Log, "log"},   {Op::Abs, "fabs"},  {Op::Asin, "asin"}, {Op::Acos, "acos"}, {Op::Atan, "atan"},
        {Op::Sinh, "sinh"}, {Op::Cosh, "cosh"}, {Op::Tanh, "tanh"}};
    const Operand a{i.a}, b{i.b}, k{i.c};
    switch (i.op) {
      case Op::Add: return put(c, in_lane, a, " + ", b);
      case Op::Sub: return put(c, in_lane, a, " - ", b);
      case Op::Mul: return put(c, in_lane, a, " * ", b);
      case Op::MulAdd: return put(c, in_lane, k, " + ", a, " * ", b);
      case Op::MulSub: return put(c, in_lane, k, " - ", a, " * ", b);
      case Op::MulSubFrom: return put(c, in_lane, a, " * ", b, " - ", k);
      case Op::Neg: return put(c, in_lane, "-", a);
      case Op::Div: return put(c, in_lane, a, " / ", b);
      case Op::PowInt: return put_power(c, in_lane, a, i.exponent);
      case Op::Pow: return put(c, in_lane, "pow(", a, ", ", b, ")");
      case Op::Atan2: return put(c, in_lane, "atan2(", a, ", ", b, ")");
      case Op::Sign: return put(c, in_lane, a, " > 0 ? 1.0 : (", a, " < 0 ? -1.0 : 0.0)");
      default: return put(c, in_lane, functions.at(i.op), "(", a, ")");
    }
  }

  // C's vector arithmetic takes +, −, ·, / and negation lane by lane (a scalar operand in every lane);
  // anything else is written lane by lane.
  static bool vector_arithmetic(const StraightLineProgram::Instruction& i) {
    switch (i.op) {
      case Op::Add: case Op::Sub: case Op::Mul: case Op::MulAdd: case Op::MulSub: case Op::MulSubFrom: case Op::Neg:
      case Op::Div: return true;
      case Op::PowInt: return i.exponent != 0 && std::abs(i.exponent) <= 4;
      default: return false;
    }
  }

  // Appends the statement computing instruction i: its value, or for a vector that C's arithmetic
  // cannot compute, a loop over the lanes.
  void put_statement(std::string& c, const StraightLineProgram::Instruction& i) const {
    const bool whole = !lane_[i.dst] || vector_arithmetic(i);
    c += whole ? "  const " : "  ";
    c += type_of(i.dst);
    c += ' ';
    put_slot(c, i.dst);
    if (whole) {
      c += " = ";
    } else {
      c += ";\n  for (int l = 0; l < " + at_once() + "; ++l) ";
      put_slot(c, i.dst);
      c += "[l] = ";
    }
    put_value(c, i, !whole);
    c += ";\n";
  }

  // Output o, the value of slot s, stored (in each of the lanes computed at once).
  std::string store(std::size_t o, std::uint32_t s) const {
    if (!vectors()) return "  out[" + std::to_string(o) + "] = " + slot(s) + ";\n";
    const std::string at = "out + " + std::to_string(o * lanes_.width) + " + h";
    if (lane_[s] && p_.is_input(s))
      return "  __builtin_memcpy(" + at + ", in + " + std::to_string(input_offset(s)) + " + h, sizeof(" + vector_type() + "));\n";
    if (lane_[s]) return "  __builtin_memcpy(" + at + ", &" + slot(s) + ", sizeof " + slot(s) + ");\n";
    return "  for (int l = 0; l < " + at_once() + "; ++l) (" + at + ")[l] = " + slot(s) + ";\n";
  }

  // Appends part q: the vector inputs and earlier parts' values it reads, its instructions, then the values
  // later parts read and the outputs it computes stored.
  void put_part(std::string& c, std::size_t q) const {
    const std::size_t begin = q * part_size_, end = std::min(p_.code.size(), begin + part_size_);
    std::set<std::uint32_t> read, loaded;
    for (std::size_t k = begin; k < end; ++k)
      for (const auto s : operands(p_.code[k])) {
        if (computed(s) && part_of_[s] != q) read.insert(s);
        if (p_.is_input(s) && lane_[s]) loaded.insert(s);
      }
    std::ostringstream loads;
    for (const auto s : loaded)
      loads << "  " << vector_type() << " " << slot(s) << ";\n  __builtin_memcpy(&" << slot(s) << ", in + " << input_offset(s)
            << " + h, sizeof " << slot(s) << ");\n";
    for (const auto s : read) loads << "  const " << type_of(s) << " " << slot(s) << " = " << (lane_[s] ? "wl[" : "w[") << shared_[s] << "];\n";
    c += loads.str();
    for (std::size_t k = begin; k < end; ++k) put_statement(c, p_.code[k]);
    for (std::size_t k = begin; k < end; ++k)
      if (const auto s = p_.code[k].dst; shared_[s] != kNone) {
        c += lane_[s] ? "  wl[" : "  w[";
        put_number(c, shared_[s]);
        c += "] = ";
        put_slot(c, s);
        c += ";\n";
      }
    for (std::size_t o = 0; o < p_.outputs.size(); ++o)
      if (computed(p_.outputs[o]) && part_of_[p_.outputs[o]] == q) c += store(o, p_.outputs[o]);
  }

  // The outputs that are inputs or constants.
  std::string loose_outputs() const {
    std::string c;
    for (std::size_t o = 0; o < p_.outputs.size(); ++o)
      if (!computed(p_.outputs[o])) c += store(o, p_.outputs[o]);
    return c;
  }

  const StraightLineProgram& p_;
  std::string name_;
  Lanes lanes_;
  std::vector<std::size_t> part_of_;  // by slot: the part computing it
  std::vector<std::size_t> shared_;   // by slot: its workspace index (w or wl), if a later part reads it
  std::vector<bool> lane_;            // by slot: a vector of lanes (depends on the lanes' own inputs)
  std::size_t part_size_ = 1, parts_ = 0, shared_count_ = 0, vectors_shared_ = 0;
};

}  // namespace

std::vector<std::string> straight_line_c(const StraightLineProgram& program, const std::string& name, const Lanes& lanes) {
  return Printer(program, name, lanes).units();
}

}  // namespace adyn::numeric
