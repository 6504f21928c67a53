#include "adyn/symbolic/dynamic_symbols.hpp"

#include <map>
#include <mutex>
#include <set>

#include "adyn/error.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/ex_map.hpp"

namespace adyn::sym {
namespace {

// The registry of dynamic variables: for every registered symbol, its derivative symbol (made on
// demand), its root variable and its derivative order.
struct Entry {
  symbol root;
  int order = 0;
  std::string name;
  std::string latex;
  ex derivative;  // empty until first asked for
};

struct Registry {
  std::mutex mutex;
  std::map<ex, Entry, GiNaC::ex_is_less> entries;
};

Registry& registry() {
  static Registry r;
  return r;
}

// \dot{q}_{1} for "q_{1}": the accent goes on the base, not on the subscript.
std::string dotted_latex(const std::string& latex, int order) {
  static const char* accents[] = {"", "\\dot", "\\ddot", "\\dddot", "\\ddddot"};
  auto sub = latex.find("_{");
  std::string base = sub == std::string::npos ? latex : latex.substr(0, sub);
  std::string subscript = sub == std::string::npos ? "" : latex.substr(sub);
  if (order < 5) return std::string(accents[order]) + "{" + base + "}" + subscript;
  return base + "^{(" + std::to_string(order) + ")}" + subscript;
}

// Greek letter names become their LaTeX commands ("theta" -> \theta, "Omega" -> \Omega).
std::string greek(const std::string& base) {
  static const std::set<std::string> letters = {
      "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu",
      "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega", "Gamma", "Delta",
      "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega", "varphi", "vartheta"};
  return letters.count(base) ? "\\" + base : base;
}

// Turns "q1" into LaTeX "q_{1}", "theta2" into "\theta_{2}".
std::string default_latex(const std::string& name) {
  auto pos = name.find_last_not_of("0123456789");
  if (pos == std::string::npos || pos + 1 == name.size()) return greek(name);
  return greek(name.substr(0, pos + 1)) + "_{" + name.substr(pos + 1) + "}";
}

}  // namespace

const symbol& time() {
  static const symbol t("t");
  return t;
}

symbol interned_symbol(const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, symbol> table;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = table.find(name);
  if (it == table.end()) it = table.emplace(name, symbol(name)).first;
  return it->second;
}

symbol parameter(const std::string& name, const std::string& latex) {
  return symbol(name, latex.empty() ? default_latex(name) : latex);
}

symbol dynamic_symbol(const std::string& name, const std::string& latex) {
  std::string tex = latex.empty() ? default_latex(name) : latex;
  symbol s(name, tex);
  auto& reg = registry();
  std::lock_guard lock(reg.mutex);
  reg.entries.emplace(s, Entry{s, 0, name, tex, ex()});
  return s;
}

std::vector<symbol> dynamic_symbols(const std::string& prefix, int n) {
  std::vector<symbol> out;
  out.reserve(n);
  for (int i = 1; i <= n; ++i) out.push_back(dynamic_symbol(prefix + std::to_string(i)));
  return out;
}

bool is_dynamic(const ex& s) {
  if (!GiNaC::is_a<symbol>(s)) return false;
  auto& reg = registry();
  std::lock_guard lock(reg.mutex);
  return reg.entries.count(s) != 0;
}

symbol derivative_of(const ex& x, int order) {
  if (order < 0) throw Error("derivative_of: negative derivative order");
  if (!GiNaC::is_a<symbol>(x)) throw Error("derivative_of: not a symbol");
  symbol current = GiNaC::ex_to<symbol>(x);
  auto& reg = registry();
  std::lock_guard lock(reg.mutex);
  for (int k = 0; k < order; ++k) {
    auto it = reg.entries.find(current);
    if (it == reg.entries.end())
      throw ModelError("symbol '" + current.get_name() + "'",
                       "not a dynamic variable, so it has no time derivative");
    Entry& e = it->second;
    if (e.derivative.is_zero() || !GiNaC::is_a<symbol>(e.derivative)) {
      const Entry& root = reg.entries.at(e.root);
      int ord = e.order + 1;
      symbol d(root.name + "_" + std::string(ord, 'd'), dotted_latex(root.latex, ord));
      e.derivative = d;
      Entry child{e.root, ord, d.get_name(), d.get_TeX_name(), ex()};
      reg.entries.emplace(d, child);
    }
    current = GiNaC::ex_to<symbol>(it->second.derivative);
  }
  return current;
}

std::vector<symbol> derivatives_of(const std::vector<symbol>& xs, int order) {
  std::vector<symbol> out;
  out.reserve(xs.size());
  for (const auto& x : xs) out.push_back(derivative_of(x, order));
  return out;
}

int derivative_order(const ex& x) {
  auto& reg = registry();
  std::lock_guard lock(reg.mutex);
  auto it = reg.entries.find(x);
  return it == reg.entries.end() ? 0 : it->second.order;
}

namespace {

void collect_symbols(const ex& e, GiNaC::exset& out, ExMap<bool>& seen) {
  if (GiNaC::is_a<symbol>(e)) {
    out.insert(e);
    return;
  }
  if (atomic(e) || !seen.emplace(e, true).second) return;
  for (const auto& child : e) collect_symbols(child, out, seen);
}

}  // namespace

GiNaC::exset free_symbols(const ex& e) {
  GiNaC::exset out;
  ExMap<bool> seen;
  collect_symbols(e, out, seen);
  return out;
}

GiNaC::exset free_symbols(const std::vector<ex>& exprs) {
  GiNaC::exset out;
  ExMap<bool> seen;
  for (const auto& e : exprs) collect_symbols(e, out, seen);
  return out;
}

bool depends_on(const ex& e, const ex& s) { return contains(e, s); }

ex time_derivative(const ex& e) {
  TotalTimeDerivative d;
  return d(e);
}

GiNaC::matrix time_derivative(const GiNaC::matrix& m) {
  TotalTimeDerivative d;
  return d(m);
}

}  // namespace adyn::sym
