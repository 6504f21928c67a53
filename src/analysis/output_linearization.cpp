// The outputs' rows of the linearization, C and D (output_linearization.hpp, linearization.hpp).
#include "output_linearization.hpp"

#include "adyn/error.hpp"
#include "adyn/formulations/state_expression.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/number_forms.hpp"
#include "adyn/symbolic/expansion_size.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"

namespace adyn::analysis {
namespace {

using GiNaC::ex;
using GiNaC::matrix;

// Normalized when small (as the linearization's other blocks), trigonometry simplified.
matrix tidy(const matrix& m) {
  return sym::map_entries(m, [](const ex& e) {
    const ex x = sym::expansion_is_small(e, sym::simplification_limit) ? sym::canonical_normal(e) : e;
    return sym::expansion_is_small(x, sym::simplification_limit) ? sym::trig_simplify(x) : x;
  });
}

// The entries of m at the parameter values, one that is not a finite real number named by its row
// (an output) and column.
Eigen::MatrixXd values_of(const matrix& m, const GiNaC::exmap& parameters, const std::string& what,
                          const std::vector<std::string>& rows, const std::vector<std::string>& columns) {
  sym::GraphEvaluator value(parameters);
  Eigen::MatrixXd out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out(i, j) = value(m(i, j), what + " [" + rows[i] + ", " + columns[j] + "]");
  return out;
}

std::vector<std::string> names(const std::vector<GiNaC::symbol>& symbols) {
  std::vector<std::string> out;
  for (const auto& s : symbols) out.push_back(s.get_name());
  return out;
}

}  // namespace

void linearize_outputs(const model::System& system, const formulations::EquationsOfMotion& eom, const GiNaC::exmap& at,
                       const matrix& T_kept, const matrix& T_ignorable, LinearizedEquations& lin) {
  formulations::InEquationsState in_state(system, eom);
  std::vector<ex> y;
  for (const auto& output : system.outputs()) {
    if (output.is_constraint_force())
      throw NotApplicableError("output '" + output.name + "'",
                               "the force of constraint '" + output.constraint + "' has no rows of C and D: linearize "
                               "takes equations that eliminate the constraint forces (kane, gibbs-appell, maggi); "
                               "simulate with lagrange or gauss records it");
    lin.outputs.push_back(output.name);
    y.push_back(in_state(output.expression));
  }
  sym::Substitution at_the_point(at);
  auto partials = [&](const std::vector<GiNaC::symbol>& xs) {
    return tidy(sym::exact_numbers(at_the_point(sym::jacobian(sym::column(y), xs))));
  };
  const matrix h_q = partials(eom.coordinates);
  const matrix along_ignorable = tidy(sym::product(h_q, T_ignorable));
  for (unsigned i = 0; i < along_ignorable.rows(); ++i)
    for (unsigned j = 0; j < along_ignorable.cols(); ++j)
      if (!along_ignorable(i, j).is_zero())
        throw NotApplicableError("output '" + lin.outputs[i] + "'",
                                 "depends on the coordinate '" + lin.ignorable[j].get_name() + "', which the "
                                 "linearization drops from the state as ignorable (nothing in the equations "
                                 "depends on it), so C has no column for it: an output of the state kept (e.g. a "
                                 "velocity along a body's axis rather than the inertial frame's) has one");
  lin.Cq = tidy(sym::product(h_q, T_kept));
  lin.Cu = partials(eom.speeds);
  lin.Dw = lin.inputs.empty() ? matrix(static_cast<unsigned>(y.size()), 0) : partials(lin.inputs);
}

std::vector<std::string> LinearizedEquations::output_names() const { return outputs.empty() ? state_names() : outputs; }

Eigen::MatrixXd output_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  const auto states = static_cast<Eigen::Index>(lin.coordinates.size() + lin.speeds.size());
  if (lin.outputs.empty()) return Eigen::MatrixXd::Identity(states, states);
  const auto nq = static_cast<Eigen::Index>(lin.coordinates.size());
  Eigen::MatrixXd C(static_cast<Eigen::Index>(lin.outputs.size()), states);
  C.leftCols(nq) = values_of(lin.Cq, parameters, "output matrix C", lin.outputs, names(lin.coordinates));
  C.rightCols(states - nq) = values_of(lin.Cu, parameters, "output matrix C", lin.outputs, names(lin.speeds));
  return C;
}

Eigen::MatrixXd feedthrough_matrix(const LinearizedEquations& lin, const GiNaC::exmap& parameters) {
  const auto inputs = static_cast<Eigen::Index>(lin.inputs.size());
  if (lin.outputs.empty())
    return Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(lin.coordinates.size() + lin.speeds.size()), inputs);
  return values_of(lin.Dw, parameters, "feedthrough matrix D", lin.outputs, names(lin.inputs));
}

}  // namespace adyn::analysis
