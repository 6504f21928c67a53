#include "adyn/formulations/equations_archive.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/library_messages.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::formulations {
namespace {

// The format: a header line, then length-prefixed strings ("<bytes>:<text>\n", any character
// allowed) — the method and enforcement, the names of multipliers and constraints, the symbols
// the formulation made itself (name and LaTeX), the symbol lists by name, the common
// subexpressions of all expressions (each in earlier ones: the DAG, not trees), and every matrix
// entry as adyn's plain text, which GiNaC's parser reads back.
constexpr const char* magic = "adyn-equations 4";
const std::map<ConstraintEnforcement, std::string> enforcement_names = {
    {ConstraintEnforcement::Multipliers, "multipliers"},
    {ConstraintEnforcement::MoorePenrose, "moore-penrose"},
    {ConstraintEnforcement::NumericElimination, "numeric-elimination"}};

class Writer {
 public:
  void string(const std::string& s) { out_ << s.size() << ":" << s << "\n"; }
  void strings(const std::vector<std::string>& list) {
    out_ << list.size() << "\n";
    for (const auto& s : list) string(s);
  }
  std::string text() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : in_(bytes) {}
  std::size_t count() {
    std::size_t n = 0;
    if (!(in_ >> n) || n > (std::size_t{1} << 28)) fail("a count");
    return n;
  }
  std::string string() {
    const std::size_t length = count();
    if (in_.get() != ':') fail("a string");
    std::string s(length, '\0');
    if (!in_.read(s.data(), static_cast<std::streamsize>(length))) fail("a string");
    return s;
  }
  std::vector<std::string> strings() {
    std::vector<std::string> out(count());
    for (auto& s : out) s = string();
    return out;
  }
  std::size_t number() { return number(string()); }
  static std::size_t number(const std::string& s) {
    std::size_t n = 0;
    std::istringstream in(s);
    if (!(in >> n) || !in.eof() || n > (std::size_t{1} << 28)) fail("a number");
    return n;
  }
  [[noreturn]] static void fail(const std::string& what) {
    throw Error("equations archive: malformed (expected " + what + ")");
  }

 private:
  std::istringstream in_;
};

// The fields of the equations, in archive order.
struct Fields {
  std::vector<GiNaC::matrix*> matrices;
  std::vector<GiNaC::ex*> expressions;
  std::vector<std::vector<GiNaC::symbol>*> symbols;
};

Fields fields(EquationsOfMotion& e) {
  return {{&e.speed_definitions, &e.coordinate_rates, &e.mass_matrix, &e.forcing, &e.constraint_matrix,
           &e.constraint_rhs, &e.dependent_speed_values, &e.nonideal_force},
          {&e.friction_coefficient, &e.hamiltonian},
          {&e.coordinates, &e.speeds, &e.multipliers, &e.dependent_speeds, &e.auxiliary_speeds, &e.numeric_dependent_speeds}};
}

std::vector<std::string> names(const std::vector<GiNaC::symbol>& symbols) {
  std::vector<std::string> out;
  for (const auto& s : symbols) out.push_back(s.get_name());
  return out;
}

// The symbols of the equations' lists that are not the system's: made by the formulation.
std::vector<GiNaC::symbol> own_symbols(EquationsOfMotion& eom, const GiNaC::symtab& table) {
  std::vector<GiNaC::symbol> own;
  for (const auto* list : fields(eom).symbols)
    for (const auto& s : *list) {
      auto it = table.find(s.get_name());
      if (it == table.end()) {
        if (std::none_of(own.begin(), own.end(), [&](const auto& o) { return o.is_equal(s); })) own.push_back(s);
      } else if (!it->second.is_equal(s)) {
        throw ModelError("symbol '" + s.get_name() + "'",
                         "the " + eom.method + " equations' own symbol has the name of one of the model's: rename it "
                                               "in the model to archive the equations");
      }
    }
  return own;
}

}  // namespace

std::string archive_equations(const EquationsOfMotion& equations, const model::System& system) {
  auto eom = equations;
  const auto own = own_symbols(eom, system.symbol_table());
  const Fields f = fields(eom);
  std::vector<GiNaC::ex> all;
  for (const auto* m : f.matrices)
    for (unsigned i = 0; i < m->rows(); ++i)
      for (unsigned j = 0; j < m->cols(); ++j) all.push_back((*m)(i, j));
  for (const auto* e : f.expressions) all.push_back(*e);
  for (const auto& e : eom.auxiliary_equations) all.push_back(e);
  const auto reduced = sym::cse(all, sym::unused_prefix(all));

  Writer w;
  w.strings({eom.method, enforcement_names.at(eom.enforcement)});
  w.strings(eom.multiplier_names);
  w.strings(eom.constraint_names);
  w.strings(eom.dropped_constraints);
  w.strings(names(own));
  for (const auto& s : own) w.string(s.get_TeX_name());
  for (const auto* list : f.symbols) w.strings(names(*list));
  w.strings({std::to_string(reduced.temporaries.size())});
  for (const auto& [z, value] : reduced.temporaries) w.strings({z.get_name(), sym::to_text(value)});
  std::size_t k = 0;
  for (const auto* m : f.matrices) {
    w.strings({std::to_string(m->rows()), std::to_string(m->cols())});
    for (unsigned i = 0; i < m->rows() * m->cols(); ++i) w.string(sym::to_text(reduced.outputs[k++]));
  }
  for (std::size_t e = 0; e < f.expressions.size(); ++e) w.string(sym::to_text(reduced.outputs[k++]));
  w.string(std::to_string(eom.auxiliary_equations.size()));
  for (std::size_t e = 0; e < eom.auxiliary_equations.size(); ++e) w.string(sym::to_text(reduced.outputs[k++]));
  return magic + std::string("\n") + w.text();
}

EquationsOfMotion unarchive_equations(const std::string& bytes, const model::System& system) {
  if (bytes.compare(0, std::string(magic).size() + 1, magic + std::string("\n")) != 0)
    throw Error("equations archive: not adyn equations (version 4)");
  Reader r(bytes.substr(std::string(magic).size() + 1));
  EquationsOfMotion eom;
  const auto head = r.strings();
  if (head.size() != 2) Reader::fail("the method");
  eom.method = head[0];
  const auto enforcement = std::find_if(enforcement_names.begin(), enforcement_names.end(),
                                        [&](const auto& entry) { return entry.second == head[1]; });
  if (enforcement == enforcement_names.end()) Reader::fail("the constraint enforcement");
  eom.enforcement = enforcement->first;
  eom.multiplier_names = r.strings();
  eom.constraint_names = r.strings();
  eom.dropped_constraints = r.strings();
  GiNaC::symtab table = system.symbol_table();
  for (const auto& name : r.strings()) table[name] = GiNaC::symbol(name, r.string());
  auto symbol = [&](const std::string& name) {
    auto it = table.find(name);
    if (it == table.end() || !GiNaC::is_a<GiNaC::symbol>(it->second))
      throw Error("equations archive: the symbol '" + name + "' is not the model's (another model?)");
    return GiNaC::ex_to<GiNaC::symbol>(it->second);
  };
  Fields f = fields(eom);
  for (auto* list : f.symbols)
    for (const auto& name : r.strings()) list->push_back(symbol(name));
  GiNaC::parser parse(table, true);
  auto expression = [&](const std::string& text) {
    try {
      return parse(text);
    } catch (const std::exception& e) {
      throw Error("equations archive: an expression cannot be read (" + sym::library_message(e) + ")");
    }
  };
  const auto temporaries = r.strings();
  if (temporaries.size() != 1) Reader::fail("the number of subexpressions");
  for (std::size_t k = Reader::number(temporaries[0]); k > 0; --k) {
    const auto z = r.strings();
    if (z.size() != 2) Reader::fail("a subexpression");
    table[z[0]] = expression(z[1]);  // the parsed value itself: later entries share it
    parse.get_syms()[z[0]] = table[z[0]];
  }
  for (auto* m : f.matrices) {
    const auto shape = r.strings();
    if (shape.size() != 2) Reader::fail("a matrix shape");
    *m = GiNaC::matrix(static_cast<unsigned>(Reader::number(shape[0])), static_cast<unsigned>(Reader::number(shape[1])));
    for (unsigned i = 0; i < m->rows(); ++i)
      for (unsigned j = 0; j < m->cols(); ++j) (*m)(i, j) = expression(r.string());
  }
  for (auto* e : f.expressions) *e = expression(r.string());
  for (std::size_t k = r.number(); k > 0; --k) eom.auxiliary_equations.push_back(expression(r.string()));
  return eom;
}

}  // namespace adyn::formulations
