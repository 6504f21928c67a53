#include "adyn/symbolic/printers.hpp"

#include <cctype>
#include <set>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::sym {
namespace {

using GiNaC::ex;

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

std::string to_latex(const ex& e) {
  std::ostringstream os;
  os << GiNaC::latex << e;
  return os.str();
}

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
    ex operator()(const ex& x) override { return GiNaC::is_a<GiNaC::constant>(x) ? x.evalf() : x.map(*this); }
  } numeric_constants;
  std::ostringstream os;
  os << GiNaC::csrc_double << numeric_constants(e);
  return os.str();
}

std::string c_function(const std::string& name, const std::vector<CArray>& inputs, const std::vector<CArray>& outputs) {
  std::set<std::string> used = {name};
  for (const auto* arrays : {&inputs, &outputs})
    for (const auto& a : *arrays) used.insert(a.name);
  std::ostringstream body;
  GiNaC::exset needed;  // input symbols the outputs use: only these are unpacked
  for (const auto& out : outputs)
    for (const auto& e : out.entries)
      for (const auto& s : free_symbols(e)) needed.insert(s);
  GiNaC::exmap rename;
  for (const auto& in : inputs)
    for (std::size_t i = 0; i < in.entries.size(); ++i) {
      if (!GiNaC::is_a<GiNaC::symbol>(in.entries[i])) throw Error("c_function: input '" + in.name + "' must hold symbols");
      std::string id = c_identifier(GiNaC::ex_to<GiNaC::symbol>(in.entries[i]).get_name(), used);
      rename[in.entries[i]] = interned_symbol(id);
      if (needed.count(in.entries[i])) body << "  const double " << id << " = " << in.name << "[" << i << "];\n";
    }
  std::vector<ex> all;
  Substitution renamed(rename);
  for (const auto& out : outputs)
    for (const auto& e : out.entries) {
      ex r = renamed(e);
      for (const auto& s : free_symbols(e))
        if (!rename.count(s))
          throw Error("c_function '" + name + "': output '" + out.name + "' uses '" +
                      GiNaC::ex_to<GiNaC::symbol>(s).get_name() + "', which is not an input");
      all.push_back(r);
    }
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
  for (const auto& [t, e] : c.temporaries) body << "  const double " << t << " = " << to_c(e) << ";\n";
  std::size_t k = 0;
  for (const auto& out : outputs)
    for (std::size_t i = 0; i < out.entries.size(); ++i) body << "  " << out.name << "[" << i << "] = " << to_c(c.outputs[k++]) << ";\n";
  std::ostringstream src;
  src << "void " << name << "(";
  bool first = true;
  for (const auto& in : inputs) src << (first ? "" : ", ") << "const double* " << in.name, first = false;
  for (const auto& out : outputs) src << (first ? "" : ", ") << "double* " << out.name, first = false;
  src << ") {\n" << body.str() << "}\n";
  return src.str();
}

}  // namespace adyn::sym
