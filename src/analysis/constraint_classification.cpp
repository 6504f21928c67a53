#include "adyn/analysis/constraint_classification.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <deque>
#include <random>
#include <sstream>

#include "constraint_forms.hpp"
#include "gauss_newton.hpp"
#include "adyn/error.hpp"
#include "adyn/symbolic/antiderivative.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/graph_program.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/printers.hpp"

namespace adyn::analysis {
namespace {

using GiNaC::ex;
using GiNaC::symbol;
using model::ConstraintLevel;

// Random generic points: coordinates, rates, time and parameters without a value.
class Sampler {
 public:
  Sampler(const model::System& system, const ClassificationOptions& options)
      : rng_(options.seed), base_(system.parameter_values()) {
    for (const auto& p : system.parameters())
      if (!p.value) free_.push_back(p.symbol);
    for (const auto& q : system.coordinates()) {
      free_.push_back(q);
      free_.push_back(sym::derivative_of(q));
    }
    free_.push_back(sym::time());
  }
  GiNaC::exmap next() {
    std::uniform_real_distribution<double> dist(0.3, 1.4);
    GiNaC::exmap values = base_;
    for (const auto& s : free_) values[s] = (rng_() % 2 ? 1 : -1) * dist(rng_);
    return values;
  }

 private:
  std::mt19937 rng_;
  GiNaC::exmap base_;
  std::vector<ex> free_;
};

bool near_zero(double x, double scale, double tol) { return std::abs(x) <= tol * std::max(1.0, scale); }

// ω and its gradient G(j,k) = ∂ω_k/∂x_j at a point.
struct FormAtPoint {
  Eigen::VectorXd w;
  Eigen::MatrixXd G;
};

FormAtPoint evaluate_form(const VelocityForm& f, const std::vector<symbol>& x, const GiNaC::exmap& at) {
  const auto N = static_cast<Eigen::Index>(x.size());
  FormAtPoint out{Eigen::VectorXd(N), Eigen::MatrixXd(N, N)};
  for (Eigen::Index k = 0; k < N; ++k) {
    out.w(k) = value_at(f.omega[k], at);
    for (Eigen::Index j = 0; j < N; ++j) out.G(j, k) = value_at(f.omega[k].diff(x[j]), at);
  }
  return out;
}

// ω and its gradient at many points: compiled once (ω_k, then ∂ω_k/∂x_j), evaluate_form's values.
class FormValues {
 public:
  FormValues(const VelocityForm& f, const std::vector<symbol>& x) : form_(f), x_(x), program_(entries(f, x)) {}
  FormAtPoint operator()(const GiNaC::exmap& at) const {
    const Eigen::VectorXd v = program_(at);
    if (!v.allFinite()) return evaluate_form(form_, x_, at);  // which words the error
    const auto N = static_cast<Eigen::Index>(x_.size());
    FormAtPoint out{Eigen::VectorXd(N), Eigen::MatrixXd(N, N)};
    for (Eigen::Index k = 0; k < N; ++k) {
      out.w(k) = v(k * (N + 1));
      for (Eigen::Index j = 0; j < N; ++j) out.G(j, k) = v(k * (N + 1) + 1 + j);
    }
    return out;
  }

 private:
  static std::vector<ex> entries(const VelocityForm& f, const std::vector<symbol>& x) {
    const GiNaC::matrix G = sym::jacobian(sym::column(f.omega), x);  // G(k, j) = ∂ω_k/∂x_j
    std::vector<ex> out;
    for (unsigned k = 0; k < x.size(); ++k) {
      out.push_back(f.omega[k]);
      for (unsigned j = 0; j < x.size(); ++j) out.push_back(G(k, j));
    }
    return out;
  }
  const VelocityForm& form_;
  const std::vector<symbol>& x_;
  sym::GraphProgram program_;
};

// dω = 0: ∂_j ω_k = ∂_k ω_j (Angeles 2.2.8–2.2.9 on the extended space).
bool closed(const FormAtPoint& f, double tol) {
  Eigen::MatrixXd curl = f.G - f.G.transpose();
  return near_zero(curl.cwiseAbs().maxCoeff(), f.G.cwiseAbs().maxCoeff(), tol);
}

// ω ∧ dω = 0: ω_i c_jk + ω_j c_ki + ω_k c_ij = 0 with c_jk = ∂_j ω_k − ∂_k ω_j.
bool frobenius_single(const FormAtPoint& f, double tol) {
  Eigen::MatrixXd c = f.G - f.G.transpose();
  const auto N = f.w.size();
  double scale = f.w.cwiseAbs().maxCoeff() * c.cwiseAbs().maxCoeff();
  for (Eigen::Index i = 0; i < N; ++i)
    for (Eigen::Index j = i + 1; j < N; ++j)
      for (Eigen::Index k = j + 1; k < N; ++k)
        if (!near_zero(f.w(i) * c(j, k) + f.w(j) * c(k, i) + f.w(k) * c(i, j), scale, tol)) return false;
  return true;
}

// f with df = ω, by successive antiderivatives; checked. nullopt if outside the supported class.
std::optional<ex> potential(const std::vector<ex>& omega, const std::vector<symbol>& x) {
  for (bool reversed : {false, true}) {
    ex f = 0;
    bool ok = true;
    for (std::size_t i = 0; i < x.size() && ok; ++i) {
      std::size_t j = reversed ? x.size() - 1 - i : i;
      ex residual = (omega[j] - f.diff(x[j])).normal();
      if (residual.is_zero()) continue;
      auto F = sym::antiderivative(residual, x[j]);
      ok = F.has_value();
      if (ok) f += *F;
    }
    if (!ok) continue;
    bool verified = true;
    for (std::size_t j = 0; j < x.size(); ++j) verified = verified && (f.diff(x[j]) - omega[j]).normal().is_zero();
    if (verified) return f;
  }
  return std::nullopt;
}

// μ with μ ω closed, among 1/ω_j and 1/ω_j² (covers the usual cases, e.g. −y dx + x dy with
// μ = 1/x²); returns μ and the integral of μ ω.
std::optional<std::pair<ex, ex>> integrating_factor(const VelocityForm& form, const std::vector<symbol>& x,
                                                   const std::vector<GiNaC::exmap>& points, double tol) {
  for (const auto& w : form.omega) {
    if (GiNaC::is_a<GiNaC::numeric>(w)) continue;
    for (const ex& mu : {ex(1 / w), ex(1 / (w * w))}) {
      VelocityForm scaled = form;
      for (auto& c : scaled.omega) c = sym::canonical_normal(mu * c);
      bool ok = true;
      const FormValues values(scaled, x);
      for (const auto& at : points) ok = ok && closed(values(at), tol);
      if (!ok) continue;
      if (auto f = potential(scaled.omega, x)) return std::make_pair(mu, *f);
    }
  }
  return std::nullopt;
}

// Degree k with Σ q̇ ∂g/∂q̇ = k g at every sample (Euler's theorem; Greenwood 4.352).
std::optional<int> homogeneity_degree(const ex& g, const std::vector<symbol>& q, Sampler& sampler, int samples,
                                      double tol) {
  ex euler = 0;
  for (const auto& r : sym::derivatives_of(q)) euler += r * g.diff(r);
  std::optional<double> k;
  const sym::GraphProgram program({g, euler});
  for (int s = 0; s < samples; ++s) {
    auto at = sampler.next();
    Eigen::VectorXd v = program(at);
    if (!v.allFinite()) v = Eigen::Vector2d(value_at(g, at), value_at(euler, at));  // (which words the error)
    const double gv = v(0), ev = v(1);
    if (near_zero(gv, 1.0, tol)) {
      if (!near_zero(ev, 1.0, tol)) return std::nullopt;
      continue;
    }
    double ratio = ev / gv;
    if (k && !near_zero(ratio - *k, 1.0, tol)) return std::nullopt;
    k = ratio;
  }
  if (!k) return 0;
  double rounded = std::round(*k);
  if (!near_zero(*k - rounded, 1.0, tol) || rounded < 0) return std::nullopt;
  return static_cast<int>(rounded);
}


// Fields spanning ker(A) for A (r×N, full row rank at generic points), scaled by det(B) so that
// no division occurs: X_f = det(B) e_f − adj(B) A_{P,f}, with P the pivot columns; by Cramer's
// rule the pivot components are −det(B with column p replaced by A_f). Determinants are kept as
// graphs (sym::determinant): nothing is expanded or normalized.
std::vector<std::vector<ex>> kernel_fields(const std::vector<std::vector<ex>>& rows, const Eigen::MatrixXd& at,
                                           double tol) {
  const auto r = static_cast<Eigen::Index>(rows.size());
  const auto N = at.cols();
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(at);
  qr.setThreshold(tol);
  std::vector<int> pivots, free;
  for (Eigen::Index i = 0; i < N; ++i) (i < r ? pivots : free).push_back(qr.colsPermutation().indices()(i));
  GiNaC::matrix B(r, r);
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index j = 0; j < r; ++j) B(i, j) = rows[i][pivots[j]];
  const ex det = sym::determinant(B);
  std::vector<std::vector<ex>> fields;
  for (int f : free) {
    std::vector<ex> X(N, 0);
    X[f] = det;
    for (Eigen::Index p = 0; p < r; ++p) {
      GiNaC::matrix Bp = B;
      for (Eigen::Index k = 0; k < r; ++k) Bp(k, p) = rows[k][f];
      X[pivots[p]] = -sym::determinant(Bp);
    }
    fields.push_back(X);
  }
  return fields;
}

// [X, Y]_i = Σ_j X_j ∂Y_i/∂x_j − Y_j ∂X_i/∂x_j, with one differentiator per variable so that the
// fields' shared parts are differentiated once.
std::vector<ex> lie_bracket(const std::vector<ex>& X, const std::vector<ex>& Y, std::deque<sym::PartialDerivative>& d) {
  std::vector<ex> Z(d.size(), 0);
  for (std::size_t i = 0; i < d.size(); ++i) {
    GiNaC::exvector terms;
    for (std::size_t j = 0; j < d.size(); ++j) {
      if (const ex dY = d[j](Y[i]); !dY.is_zero() && !X[j].is_zero()) terms.push_back(sym::times(X[j], dY));
      if (const ex dX = d[j](X[i]); !dX.is_zero() && !Y[j].is_zero()) terms.push_back(sym::times(-Y[j], dX));
    }
    if (!terms.empty()) Z[i] = GiNaC::dynallocate<GiNaC::add>(terms);
  }
  return Z;
}

// The values of fields at one point (a column each), with one evaluator for all.
Eigen::VectorXd field_value(const std::vector<ex>& field, sym::GraphEvaluator& value) {
  Eigen::VectorXd c(static_cast<Eigen::Index>(field.size()));
  for (std::size_t i = 0; i < field.size(); ++i) c(static_cast<Eigen::Index>(i)) = value(field[i], "constraint classification");
  return c;
}

double column_scale(const Eigen::MatrixXd& m) { return m.size() ? std::max(1.0, m.cwiseAbs().maxCoeff()) : 1.0; }

// Rank of the smallest involutive distribution containing ker(A), grown by Lie brackets and pruned
// to fields independent at the sample point.
int involutive_closure_rank(const std::vector<std::vector<ex>>& rows, const std::vector<symbol>& x,
                            const GiNaC::exmap& at, const ClassificationOptions& o) {
  const auto N = static_cast<int>(x.size());
  if (rows.empty()) return N;
  Eigen::MatrixXd A(rows.size(), N);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int j = 0; j < N; ++j) A(i, j) = value_at(rows[i][j], at);
  auto basis = kernel_fields(rows, A, o.tolerance);
  sym::GraphEvaluator value_at(at);  // ranks, to a tolerance
  Eigen::MatrixXd values(N, 0);  // the basis fields' values at `at`, a column each
  auto with = [&](const std::vector<ex>& field) {
    Eigen::MatrixXd m(N, values.cols() + 1);
    m << values, field_value(field, value_at);
    return m;
  };
  for (const auto& f : basis) values = with(f);
  auto rank_of = [&](const Eigen::MatrixXd& m) { return numeric_rank(m / column_scale(m), o.tolerance); };
  int rank = rank_of(values);
  std::deque<sym::PartialDerivative> d;
  for (const auto& xi : x) d.emplace_back(xi);
  std::size_t newest = 0;
  for (int level = 0; level < o.bracket_depth && rank < N; ++level) {
    std::size_t end = basis.size();
    for (std::size_t i = newest; i < end && rank < N; ++i)
      for (std::size_t j = 0; j < i && rank < N; ++j) {
        auto bracket = lie_bracket(basis[i], basis[j], d);
        Eigen::MatrixXd candidate = with(bracket);
        if (int r = rank_of(candidate); r > rank) basis.push_back(std::move(bracket)), values = std::move(candidate), rank = r;
      }
    if (basis.size() == end) break;
    newest = end;
  }
  return rank;
}

// Whether the holonomic constraints φ = 0 have a common solution near the reference configuration
// (the initial one; Gauss–Newton with minimal-norm steps, as consistent_configuration).
bool common_configuration(const model::System& system, const std::vector<ex>& phi) {
  const auto& q = system.coordinates();
  GiNaC::exmap fixed = system.parameter_values();
  fixed[sym::time()] = 0;
  try {
    return gauss_newton(sym::column(phi), q, fixed, system.reference_configuration(), 1e-10).converged;
  } catch (const Error&) {  // a residual that cannot be evaluated (outside its domain): no verdict
    return true;
  }
}

}  // namespace

ConstraintClassification classify_constraints(const model::System& system, const ClassificationOptions& o) {
  const auto& q = system.coordinates();
  std::vector<symbol> x = q;
  x.push_back(sym::time());
  const auto n = static_cast<int>(q.size());
  Sampler sampler(system, o);
  std::vector<GiNaC::exmap> points;
  for (int s = 0; s < o.samples; ++s) {
    points.push_back(sampler.next());
    onto_configuration_manifold(system, points.back());
  }

  ConstraintClassification out;
  out.coordinates = n;
  std::vector<std::vector<ex>> pfaffian_rows;     // independent Pfaffian rows on (q, t)
  std::vector<Eigen::MatrixXd> velocity_rows(points.size(), Eigen::MatrixXd(0, n + 1));  // [A a_t]
  std::vector<ex> holonomic;  // φ of the configuration constraints so far
  bool all_linear = true;
  for (const auto& c : system.constraints()) {
    ConstraintReport rep;
    rep.name = c.name;
    rep.level = c.level;
    VelocityForm form = velocity_form(c, q);
    rep.linear_in_velocities = form.linear;
    rep.rheonomic = c.expression.has(sym::time());
    // A scleronomic configuration constraint's φ̇ = ∇φ·q̇ is of degree 1 in q̇ (Greenwood 4.352).
    const bool gradient_form = c.level == ConstraintLevel::Configuration && !rep.rheonomic &&
                               std::any_of(form.omega.begin(), form.omega.end() - 1, [](const ex& w) { return !w.is_zero(); });
    rep.homogeneity_degree =
        gradient_form ? std::optional(1) : homogeneity_degree(form.velocity_expression, q, sampler, o.samples, o.tolerance);
    rep.catastatic = form.linear && rep.homogeneity_degree == 1;
    // Ideal: no nonideal force and no Coulomb friction (which does work while sliding).
    rep.conservative = c.nonideal_force.empty() && c.friction_coefficient.is_zero() && rep.homogeneity_degree.has_value();
    rep.exact = rep.integrable = form.linear;  // a configuration constraint's form is dφ: exact
    if (form.linear && c.level != ConstraintLevel::Configuration) {
      const FormValues values(form, x);
      for (const auto& at : points) {
        auto f = values(at);
        rep.exact = rep.exact && closed(f, o.tolerance);
        rep.integrable = rep.integrable && frobenius_single(f, o.tolerance);
      }
    }
    rep.holonomic = c.level == ConstraintLevel::Configuration || rep.integrable;
    if (c.level == ConstraintLevel::Configuration) rep.integral = c.expression;
    else if (rep.exact) rep.integral = potential(form.omega, x);
    else if (rep.integrable)
      if (auto mu = integrating_factor(form, x, points, o.tolerance)) {
        rep.integrating_factor = mu->first;
        rep.integral = mu->second;
      }
    // Redundancy: does this row raise the rank of the velocity-level Jacobian anywhere? A row that
    // does not is redundant if its value agrees with the earlier rows' (the rank of [A a_t] does not
    // rise either, and a holonomic one has a common solution with the earlier holonomic ones), and
    // contradicts them otherwise: x = 0 and x = 1 share the row dx, but no configuration has both.
    bool raises = false, contradicts = false;
    for (std::size_t s = 0; s < points.size(); ++s) {
      Eigen::MatrixXd& V = velocity_rows[s];
      const int before = numeric_rank(V, o.tolerance);
      V.conservativeResize(V.rows() + 1, n + 1);
      for (int j = 0; j <= n; ++j) V(V.rows() - 1, j) = form.linear ? value_at(form.omega[j], points[s]) : 0.0;
      V.row(V.rows() - 1) /= std::max(1.0, V.row(V.rows() - 1).cwiseAbs().maxCoeff());
      const bool rises = numeric_rank(V.leftCols(n), o.tolerance) > numeric_rank(V.topLeftCorner(V.rows() - 1, n), o.tolerance);
      raises = raises || rises;
      contradicts = contradicts || (!rises && numeric_rank(V, o.tolerance) > before);
    }
    if (c.level == ConstraintLevel::Configuration) {
      holonomic.push_back(c.expression);
      contradicts = contradicts || (!raises && !common_configuration(system, holonomic));
    }
    rep.inconsistent = !raises && contradicts;
    rep.redundant = !raises && !contradicts;
    if (form.linear && raises) pfaffian_rows.push_back(form.omega);
    all_linear = all_linear && rep.linear_in_velocities;
    out.constraints.push_back(rep);
  }
  for (const auto& V : velocity_rows) out.velocity_rank = std::max(out.velocity_rank, numeric_rank(V.leftCols(n), o.tolerance));
  // Declared speeds fewer than the coordinates (Euler parameters: q' = N(q) u, N of rank p < n)
  // leave p velocities before the constraints.
  out.velocity_dof = std::min(n, static_cast<int>(system.speeds().size())) - out.velocity_rank;
  // Integrals: all exact → one per independent row; otherwise the involutive closure decides.
  bool all_exact = true;
  for (const auto& r : out.constraints) all_exact = all_exact && (!r.linear_in_velocities || r.exact || r.redundant);
  int closure = all_exact ? n + 1 - static_cast<int>(pfaffian_rows.size())
                          : involutive_closure_rank(pfaffian_rows, x, points.front(), o);
  out.integrals = n + 1 - closure;
  out.configuration_dof = n - out.integrals;
  // Jointly integrable: as many integrals as independent rows (each row holonomic alone is not
  // enough: {dx + z dy, dz} is, though dx + z dy alone is not).
  out.holonomic_system = all_linear && out.integrals == static_cast<int>(pfaffian_rows.size());
  return out;
}

std::string to_string(const ConstraintClassification& c) {
  std::ostringstream os;
  for (const auto& r : c.constraints) {
    os << r.name << ": " << (r.holonomic ? "holonomic" : "nonholonomic") << ", "
       << (r.rheonomic ? "rheonomic" : "scleronomic");
    if (r.level != model::ConstraintLevel::Configuration)
      os << (r.exact ? ", exact" : "") << (r.integrable && !r.exact ? ", integrable with a factor" : "");
    os << (r.catastatic ? ", catastatic" : ", acatastatic") << (r.conservative ? ", conservative" : "")
       << (r.redundant ? ", REDUNDANT" : "") << (r.inconsistent ? ", INCONSISTENT with the constraints before it" : "");
    if (r.homogeneity_degree) os << ", homogeneous of degree " << *r.homogeneity_degree << " in the rates";
    if (r.integral) os << "\n    integral: " << sym::to_text(*r.integral) << " = const";
    os << "\n";
  }
  os << "coordinates " << c.coordinates << ", independent holonomic relations " << c.integrals
     << ", configuration DOF " << c.configuration_dof << ", velocity DOF " << c.velocity_dof << "\n";
  return os.str();
}

}  // namespace adyn::analysis
