#include "adyn/symbolic/evaluate.hpp"

#include <cmath>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::sym {

double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values, const std::string& what) {
  GiNaC::ex v;
  try {
    v = e.subs(values, GiNaC::subs_options::no_pattern).evalf();
  } catch (const std::exception& err) {
    throw EvaluationError(what + ": cannot be evaluated (" + err.what() + ")");
  }
  if (!GiNaC::is_a<GiNaC::numeric>(v)) {
    std::ostringstream names;
    for (const auto& s : free_symbols(v)) names << (names.tellp() > 0 ? ", " : "") << s;
    throw EvaluationError(what + ": no value given for " + names.str());
  }
  const auto& n = GiNaC::ex_to<GiNaC::numeric>(v);
  if (!n.is_real()) throw EvaluationError(what + ": value is not real");
  double d = n.to_double();
  if (!std::isfinite(d)) throw EvaluationError(what + ": value is not finite");
  return d;
}

Eigen::MatrixXd evaluate(const GiNaC::matrix& m, const GiNaC::exmap& values, const std::string& what) {
  Eigen::MatrixXd out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j)
      out(i, j) = evaluate(m(i, j), values,
                           what + "(" + std::to_string(i) + "," + std::to_string(j) + ")");
  return out;
}

}  // namespace adyn::sym
