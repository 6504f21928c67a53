#include "adyn/symbolic/printers.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/canonical_order.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/node_kind.hpp"

namespace adyn::sym {
namespace canonical_printing {

using GiNaC::print_csrc_double;
using GiNaC::print_dflt;
using GiNaC::print_latex;

// GiNaC's print contexts with sums, products and powers printed by CanonicalPrinter below: operands
// in the canonical order (canonical_order.hpp) rather than GiNaC's, which follows memory
// addresses, and the signs of sums chosen by it. Everything else (symbols with their TeX names,
// functions, numbers) prints as GiNaC prints it.
#define ADYN_CANONICAL_CONTEXT(name, base)                                   \
  class name : public base {                                                 \
    GINAC_DECLARE_PRINT_CONTEXT(name, base)                                  \
   public:                                                                   \
    name(std::ostream& os, CanonicalOrder& o) : base(os), order(&o) {}      \
    CanonicalOrder* order = nullptr;                                         \
  };                                                                         \
  name::name() : base(std::cout) {}                                          \
  GINAC_IMPLEMENT_PRINT_CONTEXT(name, base)

ADYN_CANONICAL_CONTEXT(canonical_text, print_dflt)
ADYN_CANONICAL_CONTEXT(canonical_latex, print_latex)
ADYN_CANONICAL_CONTEXT(canonical_c, print_csrc_double)
#undef ADYN_CANONICAL_CONTEXT

}  // namespace canonical_printing

namespace {

using GiNaC::ex;
using GiNaC::is_a;
using canonical_printing::canonical_c;
using canonical_printing::canonical_latex;
using canonical_printing::canonical_text;

enum class Format { Text, Latex, C };

struct Style {
  Format format;
  const char* open;
  const char* close;
  const char* times;
};
constexpr Style text_style{Format::Text, "(", ")", "*"};
constexpr Style latex_style{Format::Latex, "\\left(", "\\right)", " "};
constexpr Style c_style{Format::C, "(", ")", "*"};

constexpr unsigned kSumPrecedence = 40, kProductPrecedence = 50, kPowerPrecedence = 60;  // GiNaC's

bool negative_number(const ex& e) {
  return is<GiNaC::numeric>(e) && GiNaC::ex_to<GiNaC::numeric>(e).is_real() && GiNaC::ex_to<GiNaC::numeric>(e).is_negative();
}

// Prints `e`, or −e if `negate`, with the signs of sums chosen by the canonical order: a sum is
// printed with its first term positive, the sign going to the product or power that holds it.
template <class C>
class CanonicalPrinter {
 public:
  CanonicalPrinter(const C& c, const Style& style) : c_(c), order_(*c.order), style_(style) {}

  void print(const ex& e, unsigned level, bool negate) {
    if (is<GiNaC::add>(e)) return sum(e, level, negate);
    if (is<GiNaC::mul>(e)) return product(e, level, negate);
    if (is<GiNaC::power>(e)) return power(e, level, negate);
    if (!negate) return e.print(c_, level);
    if (is<GiNaC::numeric>(e)) return ex(-e).print(c_, level);
    signed_form(true, level, [&] { e.print(c_, kProductPrecedence); });
  }

 private:
  // Its magnitude: `e` with its own sign (order_.negative) taken out.
  void magnitude(const ex& e, unsigned level) { print(e, level, order_.negative(e)); }

  template <class F>
  void signed_form(bool minus, unsigned level, F&& body) {
    const bool parens = minus && kProductPrecedence <= level;
    if (parens) c_.s << style_.open;
    if (minus) c_.s << '-';
    body();
    if (parens) c_.s << style_.close;
  }

  // Terms in the canonical order with the numbers last, each as a sign and a magnitude.
  void sum(const ex& e, unsigned level, bool negate) {
    const bool parens = kSumPrecedence <= level;
    if (parens) c_.s << style_.open;
    auto terms = order_.operands(e);
    std::stable_partition(terms.begin(), terms.end(), [](const ex& t) { return !is<GiNaC::numeric>(t); });
    for (std::size_t i = 0; i < terms.size(); ++i) {
      if (order_.negative(terms[i]) != negate) c_.s << '-';
      else if (i) c_.s << '+';
      magnitude(terms[i], is<GiNaC::numeric>(terms[i]) ? 0 : kSumPrecedence);
    }
    if (parens) c_.s << style_.close;
  }

  struct Factor {
    ex base, exponent;
  };

  // The sign, then the numerator's factors in the canonical order, then those with negative
  // exponents as a denominator; a rational coefficient p/q as p over q (in C, one constant).
  void product(const ex& e, unsigned level, bool negate) {
    std::vector<Factor> numerator, denominator;
    GiNaC::numeric coefficient = 1;
    for (const auto& op : order_.operands(e)) {
      if (is<GiNaC::numeric>(op)) coefficient = GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(op));
      else if (is<GiNaC::power>(op) && negative_number(op.op(1))) denominator.push_back({op.op(0), -op.op(1)});
      else numerator.push_back({op, 1});
    }
    if (style_.format != Format::C && coefficient.is_rational()) {
      if (!coefficient.denom().is_equal(1)) denominator.insert(denominator.begin(), {coefficient.denom(), 1});
      coefficient = coefficient.numer();
    }
    if (!coefficient.is_equal(1) || numerator.empty()) numerator.insert(numerator.begin(), {coefficient, 1});
    quotient(numerator, denominator, level, order_.negative(e) != negate);
  }

  void quotient(const std::vector<Factor>& numerator, const std::vector<Factor>& denominator, unsigned level, bool minus) {
    signed_form(minus, level, [&] {
      const bool parens = kProductPrecedence <= level;
      if (parens) c_.s << style_.open;
      if (style_.format == Format::Latex && !denominator.empty()) {
        c_.s << "\\frac{";
        factors(numerator, true);
        c_.s << "}{";
        factors(denominator, true);
        c_.s << '}';
      } else {
        factors(numerator, false);
        if (!denominator.empty()) {
          c_.s << '/';
          if (denominator.size() > 1) c_.s << style_.open;
          factors(denominator, false);
          if (denominator.size() > 1) c_.s << style_.close;
        }
      }
      if (parens) c_.s << style_.close;
    });
  }

  // Factors' magnitudes joined by the product sign; a lone factor filling a LaTeX \frac's
  // numerator or denominator needs no parentheses.
  void factors(const std::vector<Factor>& list, bool alone_unbracketed) {
    const unsigned level = alone_unbracketed && list.size() == 1 ? 0 : kProductPrecedence;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) c_.s << style_.times;
      if (list[i].exponent.is_equal(1)) magnitude(list[i].base, level);
      else power_form(list[i].base, list[i].exponent, level);
    }
  }

  // A power node: (−s)^k = ±s^k, the sum s printed with its first term positive; a negative
  // exponent as the quotient a product would print.
  void power(const ex& e, unsigned level, bool negate) {
    const bool minus = order_.negative(e) != negate;
    if (negative_number(e.op(1))) return quotient({{GiNaC::numeric(1), 1}}, {{e.op(0), -e.op(1)}}, level, minus);
    signed_form(minus, level, [&] { power_form(e.op(0), e.op(1), level); });
  }

  // base^exponent with the base's own sign taken out where the exponent is an integer (the
  // caller accounts for it).
  void power_form(const ex& base, const ex& exponent, unsigned level) {
    const bool integer = exponent.info(GiNaC::info_flags::integer);
    auto print_base = [&](unsigned base_level) {
      if (integer) magnitude(base, base_level);
      else print(base, base_level, false);
    };
    const bool square_root = exponent.is_equal(GiNaC::numeric(1, 2));
    if (exponent.is_equal(1)) {
      print_base(level);
    } else if (square_root) {
      c_.s << (style_.format == Format::Latex ? "\\sqrt{" : "sqrt(");
      print_base(0);
      c_.s << (style_.format == Format::Latex ? "}" : ")");
    } else if (style_.format == Format::C) {
      c_power(base, exponent, integer, print_base);
    } else {
      const bool parens = kPowerPrecedence <= level;
      if (parens) c_.s << style_.open;
      print_base(kPowerPrecedence);
      c_.s << (style_.format == Format::Latex ? "^{" : "^");
      exponent.print(c_, style_.format == Format::Latex ? 0 : kPowerPrecedence);
      if (style_.format == Format::Latex) c_.s << '}';
      if (parens) c_.s << style_.close;
    }
  }

  // Small integer powers of symbols as products, as GiNaC writes them; pow() otherwise.
  template <class B>
  void c_power(const ex& base, const ex& exponent, bool integer, B&& print_base) {
    constexpr int kLargestProduct = 4;
    const int n = integer ? GiNaC::ex_to<GiNaC::numeric>(exponent).to_int() : 0;
    if (integer && n <= kLargestProduct && (is<GiNaC::symbol>(base) || is<GiNaC::constant>(base))) {
      c_.s << '(';
      for (int i = 0; i < n; ++i) {
        if (i) c_.s << '*';
        print_base(kProductPrecedence);
      }
      c_.s << ')';
      return;
    }
    c_.s << "pow(";
    print_base(0);
    c_.s << ',';
    exponent.print(c_, 0);
    c_.s << ')';
  }

  const C& c_;
  CanonicalOrder& order_;
  const Style& style_;
};

template <class C, const Style& style, class T>
void canonical_printer(const T& e, const C& c, unsigned level) {
  CanonicalPrinter<C>(c, style).print(e, level, false);
}

template <class C, const Style& style>
void register_context() {
  GiNaC::set_print_func<GiNaC::add, C>(canonical_printer<C, style, GiNaC::add>);
  GiNaC::set_print_func<GiNaC::mul, C>(canonical_printer<C, style, GiNaC::mul>);
  GiNaC::set_print_func<GiNaC::power, C>(canonical_printer<C, style, GiNaC::power>);
}

// A number in C as GiNaC prints it (3.0; a rational p/q as (p.0/q.0), exact while p and q are
// doubles exactly), except a rational whose numerator or denominator is not: as the double nearest
// to it, one constant, as GiNaC prints a float. (GiNaC would round each part, and past 10^308 print
// (inf/inf). Decimals are exact numbers in adyn, and a robot's equations multiply many of them.)
void c_number(const GiNaC::numeric& n, const canonical_c& c, unsigned level) {
  static const GiNaC::numeric exactly_a_double = GiNaC::numeric(2).power(std::numeric_limits<double>::digits);
  const bool exact_parts = GiNaC::abs(n.numer()) <= exactly_a_double && n.denom() <= exactly_a_double;
  GiNaC::print_csrc_double ginac(c.s);
  if (!n.is_rational() || n.is_integer() || exact_parts) return n.print(ginac, level);
  GiNaC::numeric(n.to_double()).print(ginac, level);
}

// A float that is a double as the shortest decimal that reads back as that double (0.375, not
// 0.3749999999999999445; 8.0, still a float), within GiNaC's own parentheses and exponent style;
// other numbers as GiNaC prints them.
template <class C, class GinacContext>
void shortest_float(const GiNaC::numeric& n, const C& c, unsigned level) {
  std::ostringstream ginac_text;
  GinacContext ginac(ginac_text);
  n.print(ginac, level);
  const double d = n.to_double();
  if (n.is_rational() || !n.is_real() || !std::isfinite(d) || GiNaC::numeric(d) != n) return void(c.s << ginac_text.str());
  char digits[32];
  std::string shortest(digits, std::to_chars(digits, digits + sizeof digits, std::abs(d)).ptr);
  if (shortest.find_first_of(".e") == std::string::npos) shortest += ".0";
  if (const auto e = shortest.find('e'); e != std::string::npos)
    shortest = shortest.substr(0, e) + "E" + std::to_string(std::stoi(shortest.substr(e + 1)));
  const std::string text = ginac_text.str();
  const auto first = text.find_first_of("0123456789"), last = text.find_last_of("0123456789");
  c.s << text.substr(0, first) << shortest << text.substr(last + 1);
}

template <class C>
std::string print_canonically(const ex& e) {
  static const bool registered = [] {
    register_context<canonical_text, text_style>();
    register_context<canonical_latex, latex_style>();
    register_context<canonical_c, c_style>();
    GiNaC::set_print_func<GiNaC::numeric, canonical_text>(shortest_float<canonical_text, GiNaC::print_dflt>);
    GiNaC::set_print_func<GiNaC::numeric, canonical_latex>(shortest_float<canonical_latex, GiNaC::print_latex>);
    GiNaC::set_print_func<GiNaC::numeric, canonical_c>(c_number);
    return true;
  }();
  (void)registered;
  CanonicalOrder order;
  std::ostringstream os;
  e.print(C(os, order));
  return os.str();
}

// A valid, unused C identifier derived from `name`.
std::string c_identifier(const std::string& name, std::set<std::string>& used) {
  static const std::set<std::string> reserved = {"auto", "break", "case", "char", "const", "continue", "default",
                                                  "do", "double", "else", "enum", "extern", "float", "for", "goto",
                                                  "if", "int", "long", "register", "return", "short", "signed",
                                                  "sizeof", "static", "struct", "switch", "typedef", "union",
                                                  "unsigned", "void", "volatile", "while", "in", "out"};
  std::string id;
  for (char c : name) id += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0])) || reserved.count(id)) id = "v_" + id;
  std::string candidate = id;
  for (int k = 1; used.count(candidate); ++k) candidate = id + "_" + std::to_string(k);
  used.insert(candidate);
  return candidate;
}

}  // namespace

std::string to_text(const ex& e) { return print_canonically<canonical_text>(e); }

std::string to_latex(const ex& e) { return print_canonically<canonical_latex>(e); }

std::string to_latex(const GiNaC::matrix& m) {
  std::ostringstream os;
  os << "\\begin{bmatrix}";
  for (unsigned i = 0; i < m.rows(); ++i) {
    for (unsigned j = 0; j < m.cols(); ++j) os << (j ? " & " : "") << to_latex(m(i, j));
    os << (i + 1 < m.rows() ? " \\\\ " : "");
  }
  os << "\\end{bmatrix}";
  return os.str();
}

std::string to_c(const ex& e) {
  // Constants such as Pi have no C spelling (M_PI is not ISO C): print their values.
  struct : GiNaC::map_function {
    ex operator()(const ex& x) override { return is<GiNaC::constant>(x) ? x.evalf() : x.map(*this); }
  } numeric_constants;
  return print_canonically<canonical_c>(numeric_constants(e));
}

namespace {

// Beyond this many statements a generated function is split into parts: compilers take time
// superlinear in a function's size (register allocation, dead-store elimination), so one function
// of the 100-link chain's 26 000 statements did not compile in 25 minutes.
constexpr std::size_t kStatementsPerFunction = 2000;

// The statements of a generated function: inputs unpacked, temporaries, outputs.
struct CFunctionBody {
  const std::vector<std::pair<ex, std::string>>& unpacked;  // input symbol, where it is read from
  std::size_t temporaries;                                  // statements [0, temporaries) define one
  const std::vector<std::pair<std::string, ex>>& statements;

  // Statements [begin, end): with the inputs they use unpacked first, or, when `renamed` is given,
  // inputs and the temporaries that parts share renamed to array entries (an input `in[5]`, a
  // temporary defined in one part and used in a later one the workspace entry `w[17]`).
  std::string lines(std::size_t begin, std::size_t end, const GiNaC::exmap& renamed) const {
    std::ostringstream out;
    if (renamed.empty()) {
      GiNaC::exset used;
      for (std::size_t s = begin; s < end; ++s)
        for (const auto& symbol : free_symbols(statements[s].second)) used.insert(symbol);
      for (const auto& [symbol, from] : unpacked)
        if (used.count(symbol)) out << "  const double " << symbol << " = " << from << ";\n";
    }
    Substitution rename(renamed);
    for (std::size_t s = begin; s < end; ++s) {
      const auto& [target, value] = statements[s];
      const auto entry = s < temporaries ? renamed.find(interned_symbol(target)) : renamed.end();
      if (entry != renamed.end()) out << "  " << entry->second << " = ";
      else out << "  " << (s < temporaries ? "const double " : "") << target << " = ";
      out << to_c(renamed.empty() ? value : rename(value)) << ";\n";
    }
    return out.str();
  }
};

std::string function_source(const std::string& qualifier, const std::string& name,
                            const std::vector<std::pair<std::string, std::string>>& parameters, const std::string& body) {
  std::ostringstream src;
  src << qualifier << "void " << name << "(";
  for (std::size_t i = 0; i < parameters.size(); ++i) src << (i ? ", " : "") << parameters[i].first << " " << parameters[i].second;
  src << ") {\n" << body << "}\n";
  return src.str();
}

// `name` calls parts of at most kStatementsPerFunction statements in turn; a temporary used by a
// later part than its own is kept in the workspace array the parts share. Inputs are read where
// they are used, not unpacked at the top: thousands of values live across a part made register
// allocation the slowest pass.
std::string split_function(const std::string& name, std::vector<std::pair<std::string, std::string>> parameters,
                           const CFunctionBody& body, std::set<std::string>& used) {
  const auto part_of = [](std::size_t statement) { return statement / kStatementsPerFunction; };
  std::map<std::string, std::size_t> defined_at;  // temporary -> its statement
  for (std::size_t s = 0; s < body.temporaries; ++s) defined_at[body.statements[s].first] = s;
  std::string workspace = "w";
  while (used.count(workspace)) workspace += "w";
  std::set<std::size_t> kept;  // the temporaries a later part uses, numbered in the order they are defined
  for (std::size_t s = 0; s < body.statements.size(); ++s)
    for (const auto& symbol : free_symbols(body.statements[s].second))
      if (auto at = defined_at.find(GiNaC::ex_to<GiNaC::symbol>(symbol).get_name());
          at != defined_at.end() && part_of(at->second) < part_of(s))
        kept.insert(at->second);
  GiNaC::exmap shared;  // those temporaries -> workspace entries; inputs -> in[i]
  for (const auto s : kept)
    shared[interned_symbol(body.statements[s].first)] = interned_symbol(workspace + "[" + std::to_string(shared.size()) + "]");
  std::ostringstream src, calls;
  calls << "  double " << workspace << "[" << std::max<std::size_t>(shared.size(), 1) << "];\n";
  for (const auto& [symbol, from] : body.unpacked) shared[symbol] = interned_symbol(from);
  const std::vector<std::pair<std::string, std::string>> outer = parameters;
  parameters.emplace_back("double*", workspace);
  for (std::size_t begin = 0, part = 0; begin < body.statements.size(); begin += kStatementsPerFunction, ++part) {
    const std::string part_name = name + "_part" + std::to_string(part);
    src << function_source("static ", part_name, parameters,
                           body.lines(begin, std::min(begin + kStatementsPerFunction, body.statements.size()), shared));
    calls << "  " << part_name << "(";
    for (std::size_t i = 0; i < parameters.size(); ++i) calls << (i ? ", " : "") << parameters[i].second;
    calls << ");\n";
  }
  src << function_source("", name, outer, calls.str());
  return src.str();
}

}  // namespace

std::string c_function(const std::string& name, const std::vector<CArray>& inputs, const std::vector<CArray>& outputs) {
  std::set<std::string> used = {name};
  for (const auto* arrays : {&inputs, &outputs})
    for (const auto& a : *arrays) used.insert(a.name);
  std::vector<ex> entries;
  for (const auto& out : outputs) entries.insert(entries.end(), out.entries.begin(), out.entries.end());
  const GiNaC::exset needed = free_symbols(entries);  // input symbols the outputs use: only these are unpacked
  GiNaC::exmap rename;
  std::vector<std::pair<ex, std::string>> unpacked;  // renamed input symbol, where it is read from
  for (const auto& in : inputs)
    for (std::size_t i = 0; i < in.entries.size(); ++i) {
      if (!is<GiNaC::symbol>(in.entries[i])) throw Error("c_function: input '" + in.name + "' must hold symbols");
      std::string id = c_identifier(GiNaC::ex_to<GiNaC::symbol>(in.entries[i]).get_name(), used);
      rename[in.entries[i]] = interned_symbol(id);
      if (needed.count(in.entries[i])) unpacked.emplace_back(rename[in.entries[i]], in.name + "[" + std::to_string(i) + "]");
    }
  for (const auto& s : needed)
    if (!rename.count(s))
      for (const auto& out : outputs)
        for (const auto& e : out.entries)
          if (free_symbols(e).count(s))
            throw Error("c_function '" + name + "': output '" + out.name + "' uses '" +
                        GiNaC::ex_to<GiNaC::symbol>(s).get_name() + "', which is not an input");
  std::vector<ex> all;
  Substitution renamed(rename);
  for (const auto& e : entries) all.push_back(renamed(e));
  std::string prefix = "x";  // temporaries prefix<k>, clear of every input name
  auto clashes = [&](const std::string& p) {
    for (const auto& u : used)
      if (u.size() > p.size() && u.compare(0, p.size(), p) == 0 &&
          u.find_first_not_of("0123456789", p.size()) == std::string::npos)
        return true;
    return false;
  };
  while (clashes(prefix)) prefix += "x";
  CseResult c = cse(all, prefix);
  std::vector<std::pair<std::string, ex>> statements;  // "x<k>" or "out[i]", and its value
  for (const auto& [t, e] : c.temporaries) statements.emplace_back(GiNaC::ex_to<GiNaC::symbol>(t).get_name(), e);
  std::size_t k = 0;
  for (const auto& out : outputs)
    for (std::size_t i = 0; i < out.entries.size(); ++i)
      statements.emplace_back(out.name + "[" + std::to_string(i) + "]", c.outputs[k++]);
  std::vector<std::pair<std::string, std::string>> parameters;  // C type, name
  for (const auto& in : inputs) parameters.emplace_back("const double*", in.name);
  for (const auto& out : outputs) parameters.emplace_back("double*", out.name);
  const CFunctionBody body{unpacked, c.temporaries.size(), statements};
  if (statements.size() <= kStatementsPerFunction) return function_source("", name, parameters, body.lines(0, statements.size(), {}));
  return split_function(name, parameters, body, used);
}

}  // namespace adyn::sym
