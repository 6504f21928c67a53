#include "adyn/io/expression_parser.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <string_view>

#include "adyn/error.hpp"
#include "adyn/io/suggestions.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/library_messages.hpp"

#include "vector_expression.hpp"

namespace adyn::io {

using GiNaC::ex;

std::string in_quotes(const std::string& s, std::size_t max_length) {
  std::string shown = s.size() <= max_length ? s : s.substr(0, max_length).append("...");
  std::string out = "'";  // (append: GCC 12 warns falsely on "literal" + string)
  return out.append(printable(shown)).append("'");
}

std::string first_line(const std::string& message) { return sym::library_message(message); }

// " (did you mean 'x'?)", or the list of what is allowed when nothing is close.
std::string hint(const std::string& word, const std::vector<std::string>& candidates) {
  std::string suggestion = did_you_mean(word, candidates);
  if (!suggestion.empty() || candidates.empty()) return suggestion;
  std::string list;
  for (std::size_t i = 0; i < candidates.size() && i < 12; ++i) list += (i ? ", " : "") + candidates[i];
  return " (expected one of: " + list + (candidates.size() > 12 ? ", ...)" : ")");
}

namespace {

// Bounds that keep GiNaC's recursive-descent parser and evaluator off the end of the stack.
constexpr std::size_t max_expression_length = 20000;
constexpr int max_expression_nesting = 200;

// The functions an expression may call: the elementary ones. (GiNaC's others — factorial, zeta,
// tgamma, ... — evaluate exact arguments eagerly and can take unbounded time.)
const GiNaC::prototype_table& elementary_functions() {
  static const GiNaC::prototype_table table = [] {
    static const std::set<std::string> allowed = {"sin",  "cos",  "tan",  "asin",  "acos",  "atan",  "atan2",
                                                  "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "exp",
                                                  "log",  "sqrt", "abs",  "csgn",  "step",  "pow"};
    GiNaC::prototype_table out;
    for (const auto& [prototype, reader] : GiNaC::get_default_reader())
      if (allowed.count(prototype.first)) out.emplace(prototype, reader);
    return out;
  }();
  return table;
}

// An upper bound of the parser's recursion depth: bracket depth plus unary signs.
int nesting(const std::string& s) {
  int depth = 0, deepest = 0, unary = 0;
  char previous = '(';  // the start of the string acts like an opening bracket
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if ((c == '-' || c == '+') && std::string_view("([{,+-*/^").find(previous) != std::string_view::npos) ++unary;
    deepest = std::max(deepest, depth + unary);
    previous = c;
  }
  return deepest;
}

// Bits of the largest power of numbers an expression may compute exactly.
constexpr double max_bits = 1e6;

// The exact value of a number literal as written: 0.35 is 7/20, 1e-3 is 1/1000. A decimal is
// exact as an integer is, so that the equations are derived in exact arithmetic: GiNaC adds and
// multiplies floating-point numbers in its own order of operands, which follows memory addresses,
// so their sums and products would round differently from one run to the next, and the generated
// code and trajectories with them. (Numbers are rounded once, when the code is printed or evaluated.)
GiNaC::numeric exact_value(const std::string& literal) {
  const std::size_t e = std::min(literal.find_first_of("eE"), literal.size());
  std::string digits;
  long exponent = 0;  // of ten
  const std::size_t point = literal.find('.');
  if (point != std::string::npos && literal.find('.', point + 1) < e)
    throw std::invalid_argument(in_quotes(literal) + " is not a number");
  for (std::size_t i = 0; i < e; ++i)
    if (literal[i] != '.') digits += literal[i], exponent -= point < i ? 1 : 0;
  if (e < literal.size()) {
    constexpr long beyond = 1'000'000;  // any exponent past the limit below, without overflow
    long power = 0;
    for (std::size_t i = e + 1; i < literal.size(); ++i)
      if (std::isdigit(static_cast<unsigned char>(literal[i]))) power = std::min(beyond, power * 10 + (literal[i] - '0'));
    exponent += literal[e + 1] == '-' ? -power : power;
  }
  // Far beyond doubles (10^±308), so that a product of the literals an expression may hold stays small.
  constexpr long max_exponent = 1000;
  if (std::labs(exponent) > max_exponent)
    throw std::invalid_argument(in_quotes(literal) + " is a number too large or too small to compute exactly");
  const GiNaC::numeric mantissa(digits.c_str()), scale = GiNaC::numeric(10).power(std::labs(exponent));
  return exponent >= 0 ? mantissa * scale : mantissa / scale;
}

// An expression with each number literal replaced by a symbol, and their exact values.
struct Literals {
  std::string text;
  GiNaC::exmap values;
  std::vector<std::string> written;  // the literals as written, in order
};

Literals replace_literals(const std::string& s) {
  Literals out;
  auto digit = [&](std::size_t i) { return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); };
  for (std::size_t i = 0; i < s.size();) {
    std::size_t j = i;
    if (std::isalpha(static_cast<unsigned char>(s[i]))) {  // an identifier, which may hold digits
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
    } else if (digit(i) || (s[i] == '.' && digit(i + 1))) {  // a number, as GiNaC's lexer reads it
      while (digit(j) || (j < s.size() && s[j] == '.')) ++j;
      if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        std::size_t k = j + 1 + (j + 1 < s.size() && (s[j + 1] == '+' || s[j + 1] == '-'));
        if (digit(k))
          for (j = k; digit(j);) ++j;
      }
      const std::string literal = s.substr(i, j - i);
      GiNaC::symbol n("adyn_number_" + std::to_string(out.values.size()));
      out.values[n] = exact_value(literal);
      out.written.push_back(literal);
      out.text += ' ';  // spaced, so that "3x" stays two tokens (appended: GCC 12's -Wrestrict)
      out.text += n.get_name();
      out.text += ' ';
      i = j;
      continue;
    } else {
      ++j;
    }
    out.text += s.substr(i, j - i);
    i = j;
  }
  return out;
}

// Whether `s` calls a function without arguments, "f()": GiNaC 1.8's parser then reads a missing
// argument and crashes (found by fuzzing).
bool has_empty_call(const std::string& s) {
  const char* space = " \t\r\n";
  for (std::size_t open = s.find('('); open != std::string::npos; open = s.find('(', open + 1)) {
    const std::size_t before = open == 0 ? std::string::npos : s.find_last_not_of(space, open - 1);
    const std::size_t after = s.find_first_not_of(space, open + 1);
    const bool called =
        before != std::string::npos && (std::isalnum(static_cast<unsigned char>(s[before])) || s[before] == '_');
    if (called && after != std::string::npos && s[after] == ')') return true;
  }
  return false;
}

// Whether base^exponent, of exact numbers, is too large to compute: |x| (bits of p + bits of q) for
// a rational base p/q, |x log₂ b| for another (√2, π).
bool too_large_a_power(const ex& base, const ex& exponent) {
  const ex x = GiNaC::abs(exponent.evalf()).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(x)) return false;
  const auto& magnitude = GiNaC::ex_to<GiNaC::numeric>(x);
  if (GiNaC::is_a<GiNaC::numeric>(base) && GiNaC::ex_to<GiNaC::numeric>(base).is_rational()) {
    const auto& b = GiNaC::ex_to<GiNaC::numeric>(base);
    if (b.is_zero() || GiNaC::abs(b) == 1) return false;
    return magnitude * (b.numer().int_length() + b.denom().int_length()) > max_bits;
  }
  const ex b = GiNaC::abs(base.evalf()).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(b) || GiNaC::ex_to<GiNaC::numeric>(b).is_zero()) return false;
  return magnitude * GiNaC::abs(GiNaC::log(GiNaC::ex_to<GiNaC::numeric>(b))) > max_bits * std::log(2.0);
}

// Whether a power of a coordinate, speed or parameter has an exponent beyond any model's need and
// any evaluation's range: x^(2·10^29) at x = 100 sends the exact arithmetic that completes an initial
// state after a number of 10^29 digits (found by fuzzing), and overflows a double at any |x| > 1.
constexpr double max_exponent_of_a_variable = 1e4;
bool too_large_an_exponent(const ex& exponent) {
  const ex x = GiNaC::abs(exponent.evalf()).evalf();
  return GiNaC::is_a<GiNaC::numeric>(x) && GiNaC::ex_to<GiNaC::numeric>(x) > max_exponent_of_a_variable;
}

// The problem GiNaC would meet parsing `s`, found without evaluating anything: GiNaC's parser
// evaluates as it reads, and powers of exact numbers eagerly — 9^(10^9) takes minutes and
// gigabytes, even when a syntax error follows (found by fuzzing). So the expression is first parsed
// with its numbers replaced by symbols, which reports the syntax errors, and each power of numbers
// is sized, inner powers before the powers of them.
std::optional<std::string> dry_run(const std::string& s, const GiNaC::prototype_table& functions) {
  if (has_empty_call(s)) return "cannot parse expression " + in_quotes(s) + ": a function call without arguments";
  Literals literals;
  ex e;
  try {
    literals = replace_literals(s);
    GiNaC::symtab numbers;
    for (const auto& [n, value] : literals.values) numbers[GiNaC::ex_to<GiNaC::symbol>(n).get_name()] = n;
    GiNaC::parser parse(numbers, false, functions);
    e = parse(literals.text);
  } catch (const std::exception& error) {
    std::string message = first_line(error.what());
    for (std::size_t k = literals.written.size(); k-- > 0;)  // adyn_number_12 before adyn_number_1
      for (std::size_t at; (at = message.find("adyn_number_" + std::to_string(k))) != std::string::npos;)
        message.replace(at, ("adyn_number_" + std::to_string(k)).size(), literals.written[k]);
    return "cannot parse expression " + in_quotes(s) + ": " + message;
  }
  auto numbers_only = [&](const ex& x) {
    for (const auto& symbol : sym::free_symbols(x))
      if (!literals.values.count(symbol)) return false;
    return true;
  };
  for (auto it = e.postorder_begin(); it != e.postorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::power>(*it) && numbers_only(*it) &&
        too_large_a_power(it->op(0).subs(literals.values), it->op(1).subs(literals.values)))
      return "the expression " + in_quotes(s) + " has a power of numbers too large to compute";
  for (auto it = e.postorder_begin(); it != e.postorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::power>(*it) && !numbers_only(it->op(0)) && numbers_only(it->op(1)) &&
        too_large_an_exponent(it->op(1).subs(literals.values)))
      return "the expression " + in_quotes(s) + " raises a variable to a power beyond ±10000, which no evaluation "
             "can represent";
  return std::nullopt;
}

// A complex number in the expression, or a complex value of a constant expression (sqrt(-2)).
bool is_complex(const ex& e) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::numeric>(*it) && !GiNaC::ex_to<GiNaC::numeric>(*it).is_real()) return true;
  if (!sym::free_symbols(e).empty()) return false;
  const ex value = e.evalf();
  return GiNaC::is_a<GiNaC::numeric>(value) && !GiNaC::ex_to<GiNaC::numeric>(value).is_real();
}

// `s` read by `parse` with its numbers exact (exact_value): GiNaC's reader would make a decimal a
// floating-point number. The numbers are read as symbols, which are then given their values.
ex parse_exactly(GiNaC::parser& parse, const std::string& s) {
  const Literals literals = replace_literals(s);
  for (const auto& [n, value] : literals.values) parse.get_syms()[GiNaC::ex_to<GiNaC::symbol>(n).get_name()] = n;
  const ex e = parse(literals.text);
  for (const auto& [n, value] : literals.values) parse.get_syms().erase(GiNaC::ex_to<GiNaC::symbol>(n).get_name());
  return e.subs(literals.values, GiNaC::subs_options::no_pattern);
}

// The names an expression may use: the symbols of `table` and GiNaC's constants.
std::vector<std::string> names_of(const GiNaC::symtab& table) {
  std::vector<std::string> names = {"Pi", "Euler", "Catalan"};
  for (const auto& kv : table) names.push_back(kv.first);
  return names;
}

// The entries of `table` whose names `s` mentions: GiNaC's parser copies its table, so it gets
// these few rather than a large model's every name (a copy per expression made reading quadratic).
GiNaC::symtab mentioned(const GiNaC::symtab& table, const std::string& s) {
  GiNaC::symtab out;
  auto word = [&](std::size_t i) { return i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'); };
  for (std::size_t i = 0; i < s.size();) {
    if (!word(i)) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (word(j)) ++j;
    if (auto it = table.find(s.substr(i, j - i)); it != table.end()) out.insert(*it);
    i = j;
  }
  return out;
}

// `s` parsed against the names of `table` and `extra` (where `table` has none of a name),
// checked: not empty, bounded in size and in the numbers it computes, every name defined, real.
// Throws adyn::ModelError naming `object`.
ex parse_against(const GiNaC::symtab& table, const GiNaC::symtab& extra, const std::string& s, const std::string& object,
                 const GiNaC::prototype_table& functions = elementary_functions(),
                 const GiNaC::prototype_table& dry_run_functions = elementary_functions()) {
  auto fail = [&](const std::string& problem) { throw ModelError(object, problem); };
  if (s.find_first_not_of(" \t\r\n") == std::string::npos) fail("the expression is empty");
  if (s.size() > max_expression_length || nesting(s) > max_expression_nesting)
    fail("the expression " + in_quotes(s) + " is too long or nested too deeply");
  if (auto problem = dry_run(s, dry_run_functions)) fail(*problem);
  GiNaC::symtab used = mentioned(table, s);
  used.insert(extra.begin(), extra.end());
  GiNaC::parser parse(used, false, functions);
  ex e;
  try {
    e = parse_exactly(parse, s);
  } catch (const std::exception& error) {
    fail("cannot parse expression " + in_quotes(s) + ": " + first_line(error.what()));
  }
  for (const auto& [name, symbol] : parse.get_syms())
    if (!used.count(name)) {
      auto names = names_of(table);
      for (const auto& kv : extra) names.push_back(kv.first);
      fail("undefined symbol '" + name + "' in expression " + in_quotes(s) + hint(name, names));
    }
  if (GiNaC::is_a<GiNaC::lst>(e)) fail("the expression " + in_quotes(s) + " is a list, not a number");
  if (is_complex(e)) fail("the expression " + in_quotes(s) + " is complex");
  return e;
}

// `s` parsed against `table` and the system's vector terms (vector_expression.hpp): a scalar.
// Messages show the terms as written.
}  // namespace

ex parse_scalar(const model::System& system, const std::string& s, const std::string& object, const GiNaC::symtab& extra) {
  if (!mentions_vectors(s)) return parse_against(system.symbol_table(), extra, s, object);
  const VectorTerms terms = expand_vector_terms(system, s, object);
  GiNaC::symtab more = extra;
  more.insert(terms.values.begin(), terms.values.end());
  auto as_written = [&](std::string message) {
    for (std::size_t k = terms.written.size(); k-- > 0;)  // adyn_vector_12 before adyn_vector_1
      for (std::size_t at; (at = message.find("adyn_vector_" + std::to_string(k))) != std::string::npos;)
        message.replace(at, ("adyn_vector_" + std::to_string(k)).size(), terms.written[k]);
    return message;
  };
  ex e;
  try {
    e = parse_against(system.symbol_table(), more, terms.text, object, with_vector_functions(elementary_functions(), true),
                      with_vector_functions(elementary_functions(), false));
    e = e.evalm();
  } catch (const ModelError& error) {
    throw ModelError(object, as_written(std::string(error.what()).substr(object.size() + 2)));
  } catch (const std::exception& error) {
    throw ModelError(object, "cannot combine the vectors of " + in_quotes(s) + ": " + first_line(error.what()));
  }
  if (GiNaC::is_a<GiNaC::matrix>(e))
    throw ModelError(object, "the expression " + in_quotes(s) + " is a vector; a number is needed here (take dot(a, b) "
                             "or norm(a))");
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)  // e.g. vel(P) + x_d, left unevaluated
    if (GiNaC::is_a<GiNaC::matrix>(*it))
      throw ModelError(object, "the expression " + in_quotes(s) + " adds or multiplies a vector and a number");
  return e;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Names an expression gives another meaning: time, GiNaC's constants, the functions.
bool reserved_name(const std::string& name) {
  static const std::set<std::string> words = {"t", "I", "Pi", "Euler", "Catalan", "N_c", "stretch", "lst"};
  if (words.count(name)) return true;
  for (const auto& entry : elementary_functions())
    if (entry.first.first == name) return true;
  return false;
}

}  // namespace adyn::io
