#include "adyn/formulations/printing.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/collect.hpp"
#include "adyn/symbolic/cse.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/printers.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

#include "tree_mass_matrix_form.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;

/// The entries with the terms sharing a kinematic factor gathered (sym::collect_state_terms).
std::vector<ex> collected_entries(const GiNaC::matrix& m) { return sym::collect_state_terms(sym::entries(m)); }

std::vector<ex> as_ex(const std::vector<GiNaC::symbol>& s) { return std::vector<ex>(s.begin(), s.end()); }

void latex_entry(std::ostringstream& os, const std::string& name, const ex& e) {
  os << "  " << name << " &= " << sym::to_latex(e) << " \\\\\n";
}

std::string sub(const char* base, std::size_t i) { return std::string(base) + "_{" + std::to_string(i + 1) + "}"; }
std::string sub(const char* base, std::size_t i, std::size_t j) {
  return std::string(base) + "_{" + std::to_string(i + 1) + std::to_string(j + 1) + "}";
}

// The matrices whose entries are printed.
constexpr std::array printed_matrices = {
    &EquationsOfMotion::mass_matrix,     &EquationsOfMotion::forcing,         &EquationsOfMotion::constraint_matrix,
    &EquationsOfMotion::constraint_rhs,  &EquationsOfMotion::nonideal_force,  &EquationsOfMotion::dependent_speed_values,
    &EquationsOfMotion::coordinate_rates};

// Every printed entry, then H.
std::vector<ex> printed_entries(const EquationsOfMotion& eom) {
  std::vector<ex> all;
  for (auto member : printed_matrices)
    for (const auto& e : sym::entries(eom.*member)) all.push_back(e);
  all.push_back(eom.hamiltonian);
  return all;
}

}  // namespace

bool written_out_larger_than(const EquationsOfMotion& eom, std::size_t limit) {
  const auto all = printed_entries(eom);
  std::size_t size = 0;
  for (const auto& e : all)
    if ((size += sym::expression_size(e)) > limit) return true;
  return false;
}

std::optional<EquationsOfMotion> large_tree_form(const model::System& system, const std::string& method) {
  auto tree = tree_mass_matrix_form(system, method);
  if (tree && written_out_larger_than(*tree, tree_form_limit)) return tree;
  return std::nullopt;
}

std::optional<EquationsOfMotion> large_tree_form(const model::System& system, const EquationsOfMotion& eom) {
  auto tree = tree_mass_matrix_form(system, eom);
  if (tree && written_out_larger_than(*tree, tree_form_limit)) return tree;
  return std::nullopt;
}

EquationsOfMotion printable(const model::System& system, const EquationsOfMotion& eom) {
  if (auto tree = large_tree_form(system, eom)) return *tree;
  return simplified(eom);
}

IntermediateForm with_intermediates(const EquationsOfMotion& eom, std::size_t tree_limit) {
  IntermediateForm form{{}, eom};
  if (!written_out_larger_than(eom, tree_limit)) return form;
  const auto all = printed_entries(eom);
  auto reduced = sym::cse(all, sym::unused_prefix(all));
  form.intermediates = std::move(reduced.temporaries);
  std::size_t k = 0;
  for (auto member : printed_matrices) {
    GiNaC::matrix& m = form.equations.*member;
    for (unsigned i = 0; i < m.rows(); ++i)
      for (unsigned j = 0; j < m.cols(); ++j) m(i, j) = reduced.outputs[k++];
  }
  form.equations.hamiltonian = reduced.outputs[k];
  return form;
}

EquationsOfMotion simplified(const EquationsOfMotion& eom) {
  EquationsOfMotion s = eom;
  if (eom.by_tree_recursions) return s;
  s.mass_matrix = sym::trig_simplify(eom.mass_matrix);
  s.forcing = sym::trig_simplify(eom.forcing);
  s.coordinate_rates = sym::trig_simplify(eom.coordinate_rates);
  s.constraint_matrix = sym::trig_simplify(eom.constraint_matrix);
  s.constraint_rhs = sym::trig_simplify(eom.constraint_rhs);
  s.dependent_speed_values = sym::trig_simplify(eom.dependent_speed_values);
  s.nonideal_force = sym::trig_simplify(eom.nonideal_force);
  s.hamiltonian = sym::trig_simplify(eom.hamiltonian);
  return s;
}

std::vector<GiNaC::symbol> parameters_of(const EquationsOfMotion& eom) {
  GiNaC::exset known = {sym::time()};
  for (const auto& q : eom.coordinates) known.insert(q);
  for (const auto& u : eom.speeds) known.insert(u);
  GiNaC::exset found;
  for (const auto* m : {&eom.mass_matrix, &eom.forcing, &eom.coordinate_rates, &eom.constraint_matrix, &eom.constraint_rhs})
    for (const auto& e : sym::entries(*m))
      for (const auto& s : sym::free_symbols(e))
        if (!known.count(s)) found.insert(s);
  std::vector<GiNaC::symbol> out;
  for (const auto& s : found) out.push_back(GiNaC::ex_to<GiNaC::symbol>(s));
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.get_name() < b.get_name(); });
  return out;
}

std::string equation_form(const EquationsOfMotion& eom) {
  if (eom.enforcement == ConstraintEnforcement::MoorePenrose)
    return "M q'' = F + Q^c_i + Q^c_ni with G q'' = g (Udwadia-Kalaba: Q^c_i = M^1/2 (G M^-1/2)^+ (g - G M^-1 F), "
           "Q^c_ni from the nonideal force C)";
  if (eom.enforcement == ConstraintEnforcement::NumericElimination)
    return "M u' = F for all the speeds with G u' = g, the dependent speeds solved numerically: C^T M C u_i' = C^T (F - M c), "
           "u' = C u_i' + c";
  if (eom.by_tree_recursions)
    return "M u' = F over the kinematic tree: M by composite rigid bodies, F = Q - tau(q, u, 0) by recursive Newton-Euler "
           "(tau the inverse dynamics, Q the loads but gravity)";
  return eom.m() ? "M u' = F + G^T lambda, G u' = g" : "M u' = F";
}

bool rate_is_informative(const EquationsOfMotion& eom, std::size_t i) {
  auto qd = sym::derivative_of(eom.coordinates[i]);
  if (eom.coordinate_rates(i, 0).is_equal(qd)) return false;
  return std::find(eom.dependent_speeds.begin(), eom.dependent_speeds.end(), qd) == eom.dependent_speeds.end();
}

std::string to_latex(const EquationsOfMotion& equations) {
  const auto [intermediates, eom] = with_intermediates(equations);
  std::ostringstream os;
  os << "\\begin{aligned}\n";
  for (const auto& [z, value] : intermediates) latex_entry(os, sym::to_latex(z), value);
  if (!eom.hamiltonian.is_zero()) latex_entry(os, "H", eom.hamiltonian);
  for (std::size_t i = 0; i < eom.p(); ++i)
    for (std::size_t j = i; j < eom.p(); ++j)
      if (!eom.mass_matrix(i, j).is_zero()) latex_entry(os, sub("M", i, j), eom.mass_matrix(i, j));
  for (std::size_t i = 0; i < eom.p(); ++i) latex_entry(os, sub("F", i), eom.forcing(i, 0));
  for (std::size_t k = 0; k < eom.constraint_matrix.rows(); ++k) {
    for (std::size_t j = 0; j < eom.p(); ++j)
      if (!eom.constraint_matrix(k, j).is_zero()) latex_entry(os, sub("G", k, j), eom.constraint_matrix(k, j));
    latex_entry(os, sub("g", k), eom.constraint_rhs(k, 0));
  }
  for (std::size_t i = 0; i < eom.nonideal_force.rows(); ++i)
    if (!eom.nonideal_force(i, 0).is_zero()) latex_entry(os, sub("C", i), eom.nonideal_force(i, 0));
  if (!eom.friction_coefficient.is_zero())
    os << "  C &= -" << sym::to_latex(eom.friction_coefficient) << " \\lvert Q^c_i \\rvert \\, \\dot{q} / \\lvert \\dot{q} \\rvert \\\\\n";
  for (std::size_t d = 0; d < eom.dependent_speeds.size(); ++d)
    latex_entry(os, sym::to_latex(eom.dependent_speeds[d]), eom.dependent_speed_values(d, 0));
  for (std::size_t i = 0; i < eom.n(); ++i)
    if (rate_is_informative(eom, i))
      latex_entry(os, sym::to_latex(sym::derivative_of(eom.coordinates[i])), eom.coordinate_rates(i, 0));
  os << "\\end{aligned}\n";
  return os.str();
}

std::string to_c(const EquationsOfMotion& eom, const std::string& name) {
  auto params = parameters_of(eom);
  std::vector<sym::CArray> outputs = {{"M", collected_entries(eom.mass_matrix)},
                                      {"F", collected_entries(eom.forcing)},
                                      {"qdot", sym::entries(eom.coordinate_rates)}};
  if (eom.constraint_matrix.rows() > 0) {
    outputs.push_back({"G", sym::entries(eom.constraint_matrix)});
    outputs.push_back({"g", sym::entries(eom.constraint_rhs)});
  }
  if (eom.nonideal_force.rows() > 0) outputs.push_back({"C", sym::entries(eom.nonideal_force)});
  std::ostringstream os;
  os << "/* " << eom.method << " equations of motion: " << equation_form(eom) << ", q' = qdot.\n   q: ";
  for (const auto& q : eom.coordinates) os << q.get_name() << " ";
  os << "\n   u: ";
  for (const auto& u : eom.speeds) os << u.get_name() << " ";
  os << "\n   p: ";
  for (const auto& p : params) os << p.get_name() << " ";
  os << "*/\n#include <math.h>\n\n"
     << sym::c_function(name, {{"t", {sym::time()}}, {"q", as_ex(eom.coordinates)}, {"u", as_ex(eom.speeds)},
                               {"p", as_ex(params)}},
                        outputs);
  return os.str();
}

}  // namespace adyn::formulations
