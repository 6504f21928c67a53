#include "adyn/analysis/initial_state.hpp"

#include <algorithm>
#include <cmath>

#include "adyn/number_text.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/quoted_names.hpp"

#include "gauss_newton.hpp"

namespace adyn::analysis {
namespace {

using GiNaC::ex;
using Index = Eigen::Index;

constexpr double tolerance = 1e-12;  // on the constraint residuals, as consistent_configuration
constexpr double unnoticed = 1e-9;   // a relative change below this is the rounding of a double: not recorded
constexpr double step_aside = 0.1;   // from singular defaults along a null direction, relative to max(1, |z0|)
constexpr double near_factor = 2;    // another solution within this factor of the distance taken is "as near"

std::string constraints_phrase(const std::vector<std::string>& names) {
  if (names.empty()) return "the constraints";
  return (names.size() == 1 ? "constraint " : "constraints ") + quoted_names(names);
}

std::string assignments(const std::vector<std::string>& names, const std::vector<double>& values) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i] + " = " + number_text(values[i]);
  return out;
}

bool changed(double before, double after) { return std::abs(after - before) > unnoticed * std::max(1.0, std::abs(before)); }

// One level of the completion: the coordinates (φ = 0) or the speeds (the velocity-level
// constraints), with the constraint each residual comes from.
struct Level {
  std::vector<GiNaC::symbol> unknowns;
  std::vector<ex> residuals;
  std::vector<std::string> constraints;
  std::vector<bool> velocity_form;  // the residual is φ̇ of a holonomic constraint
  std::string noun;  // "coordinate" or "speed"
};

Level configuration_level(const model::System& s) {
  Level level{s.coordinates(), {}, {}, {}, "coordinate"};
  for (const auto& c : s.constraints())
    if (c.level == model::ConstraintLevel::Configuration)
      level.residuals.push_back(c.expression), level.constraints.push_back(c.name), level.velocity_form.push_back(false);
  return level;
}

Level speed_level(const model::System& s) {
  Level level{s.speeds(), {}, {}, {}, "speed"};
  for (const auto& c : s.constraints()) {
    const bool holonomic = c.level == model::ConstraintLevel::Configuration;
    level.residuals.push_back(s.in_speeds(holonomic ? sym::time_derivative(c.expression) : c.expression));
    level.constraints.push_back(c.name), level.velocity_form.push_back(holonomic);
  }
  return level;
}

// The constraints (by name, once each) whose residuals involve the unknown.
std::vector<std::string> constraints_of(const Level& level, const GiNaC::symbol& unknown) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < level.residuals.size(); ++k)
    if (level.residuals[k].has(unknown) && std::find(out.begin(), out.end(), level.constraints[k]) == out.end())
      out.push_back(level.constraints[k]);
  return out;
}

// The completion of one level: the given unknowns held at their values, the others solved for.
class LevelCompletion {
 public:
  LevelCompletion(const Level& level, GiNaC::exmap fixed, const std::map<std::string, double>& given)
      : level_(level), residual_(sym::column(level.residuals)), fixed_(std::move(fixed)),
        values_(Eigen::VectorXd::Zero(static_cast<Index>(level.unknowns.size()))) {
    for (std::size_t i = 0; i < level.unknowns.size(); ++i) {
      auto it = given.find(level.unknowns[i].get_name());
      if (it == given.end()) {
        free_.push_back(i);
        continue;
      }
      given_.push_back(i);
      values_(static_cast<Index>(i)) = it->second;
      held_[level.unknowns[i]] = it->second;
    }
    for (const auto& [s, v] : fixed_) held_[s] = v;
  }

  // The level's values, recording what changed into `out`.
  Eigen::VectorXd complete(InitialState& out) {
    if (level_.residuals.empty()) return values_;
    Eigen::VectorXd result = values_;
    const auto free = with_given_held(out);
    for (std::size_t j = 0; j < free_.size(); ++j) result(static_cast<Index>(free_[j])) = free.z(static_cast<Index>(j));
    if (!free.converged) result = within_rounding(result, free.residual);
    record(result, out);
    return result;
  }

 private:
  std::vector<GiNaC::symbol> symbols(const std::vector<std::size_t>& indices) const {
    std::vector<GiNaC::symbol> out;
    for (auto i : indices) out.push_back(level_.unknowns[i]);
    return out;
  }

  GaussNewtonResult solve(const Eigen::VectorXd& start) const {
    return gauss_newton(residual_, symbols(free_), held_, start, tolerance);
  }

  // Unit directions in which the Jacobian in the free unknowns lost rank at z0 (the right singular
  // vectors of its vanishing singular values among the first min(rows, columns): the thin SVD,
  // never an n × n matrix), at most three, each signed so that its largest entry is positive.
  std::vector<Eigen::VectorXd> null_directions(const Eigen::VectorXd& z0) const {
    GiNaC::exmap at = held_;
    const auto unknowns = symbols(free_);
    for (std::size_t j = 0; j < unknowns.size(); ++j) at[unknowns[j]] = z0(static_cast<Index>(j));
    const Eigen::MatrixXd J = sym::evaluate(sym::jacobian(residual_, unknowns), at, "Jacobian of the constraints");
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(J, Eigen::ComputeThinV);
    const auto& sigma = svd.singularValues();
    const double threshold = 1e-10 * std::max(1.0, sigma.size() ? sigma(0) : 0.0);
    Index rank = 0;
    while (rank < sigma.size() && sigma(rank) > threshold) ++rank;
    std::vector<Eigen::VectorXd> out;
    for (Index k = rank; k < svd.matrixV().cols() && out.size() < 3; ++k) {
      Eigen::VectorXd v = svd.matrixV().col(k);
      Index largest = 0;
      v.cwiseAbs().maxCoeff(&largest);
      out.push_back(v(largest) < 0 ? Eigen::VectorXd(-v) : v);
    }
    return out;
  }

  // The free unknowns from their defaults 0: the solution nearest them among those reached from
  // the defaults, from their mirror image through the defaults, and — where the Jacobian is
  // singular there — from beside them; ties go to the first found. The others about as near are
  // recorded as branch choices. Not converged: the best iterate from the defaults.
  GaussNewtonResult with_given_held(InitialState& out) const {
    const Eigen::VectorXd z0 = Eigen::VectorXd::Zero(static_cast<Index>(free_.size()));
    const auto first = solve(z0);
    std::vector<Eigen::VectorXd> found;
    auto add = [&](const GaussNewtonResult& r) {
      if (!r.converged) return;
      for (const auto& z : found)
        if ((z - r.z).norm() <= 1e-6 * (1 + z.norm())) return;
      found.push_back(r.z);
    };
    add(first);
    if (first.converged && first.z.norm() > 0) add(solve(2 * z0 - first.z));
    if (!first.converged && !free_.empty())
      for (const auto& v : null_directions(z0)) {
        const double h = step_aside * std::max(1.0, z0.lpNorm<Eigen::Infinity>());
        add(solve(z0 + h * v));
        add(solve(z0 - h * v));
      }
    if (found.empty()) return first;
    std::size_t taken = 0;
    for (std::size_t k = 1; k < found.size(); ++k)
      if (found[k].norm() < found[taken].norm() - 1e-9 * (1 + found[taken].norm())) taken = k;
    for (std::size_t k = 0; k < found.size(); ++k)
      if (k != taken && found[k].norm() <= near_factor * found[taken].norm() + 1e-9)
        out.branches.push_back(branch(found[taken], found[k]));
    GaussNewtonResult result = first;
    result.z = found[taken], result.converged = true;
    return result;
  }

  BranchChoice branch(const Eigen::VectorXd& taken, const Eigen::VectorXd& other) const {
    BranchChoice b;
    b.taken_distance = taken.norm(), b.other_distance = other.norm();
    for (std::size_t j = 0; j < free_.size(); ++j) {
      const auto J = static_cast<Index>(j);
      if (std::abs(taken(J) - other(J)) <= 1e-6 * (1 + std::abs(taken(J)))) continue;
      const auto& s = level_.unknowns[free_[j]];
      b.names.push_back(s.get_name()), b.taken.push_back(taken(J)), b.other.push_back(other(J));
      for (const auto& c : constraints_of(level_, s))
        if (std::find(b.constraints.begin(), b.constraints.end(), c) == b.constraints.end()) b.constraints.push_back(c);
    }
    return b;
  }

  // The given values cannot all be kept: every unknown solved for from `start` with minimal change,
  // accepted when no given value moves beyond rounding; else an error naming the given values and
  // the constraint left with the largest residual (`residual`, with the given values held).
  Eigen::VectorXd within_rounding(const Eigen::VectorXd& start, const Eigen::VectorXd& residual) const {
    GiNaC::exmap fixed = fixed_;
    const auto all = gauss_newton(residual_, level_.unknowns, fixed, start, tolerance);
    bool kept = all.converged;
    for (auto i : given_) {
      const double v = values_(static_cast<Index>(i));
      kept = kept && std::abs(all.z(static_cast<Index>(i)) - v) <= rounding_tolerance * std::max(1.0, std::abs(v));
    }
    if (kept) return all.z;
    Index worst = 0;
    residual.cwiseAbs().maxCoeff(&worst);
    cannot_keep(static_cast<std::size_t>(worst), residual(worst));
  }

  [[noreturn]] void cannot_keep(std::size_t k, double residual) const {
    std::vector<std::string> given, free;
    std::vector<double> values;
    for (auto i : given_)
      if (level_.residuals[k].has(level_.unknowns[i]))
        given.push_back(level_.unknowns[i].get_name()), values.push_back(values_(static_cast<Index>(i)));
    for (auto i : free_)
      if (level_.residuals[k].has(level_.unknowns[i])) free.push_back(level_.unknowns[i].get_name());
    const std::string constraint =
        "constraint '" + level_.constraints[k] + "'" + (level_.velocity_form[k] ? " in its velocity form" : "");
    if (given.empty())
      throw ModelError("constraints " + quoted_names(level_.constraints),
                       "no " + level_.noun + "s satisfy them (" + constraint + " keeps a residual of " + number_text(residual) +
                           "): they are inconsistent");
    std::string completing;
    for (const auto& f : free) completing += (completing.empty() ? "" : ", ") + f;
    if (!free.empty())
      throw InitialStateError(assignments(given, values) + " given: " + constraint +
                                  " cannot be satisfied by completing " + completing,
                              given);
    throw InitialStateError(assignments(given, values) + " given: " + (given.size() == 1 ? "it violates " : "they violate ") +
                                constraint + " (residual " + number_text(residual) + "), and no " + level_.noun +
                                " of it is left to complete; give fewer and let the others be completed",
                            given);
  }

  void record(const Eigen::VectorXd& result, InitialState& out) const {
    for (std::size_t i = 0; i < level_.unknowns.size(); ++i) {
      const double before = values_(static_cast<Index>(i)), after = result(static_cast<Index>(i));
      if (!changed(before, after)) continue;
      const bool given = std::find(given_.begin(), given_.end(), i) != given_.end();
      out.completed.push_back({level_.unknowns[i].get_name(), before, after, given, constraints_of(level_, level_.unknowns[i])});
    }
  }

  const Level& level_;
  GiNaC::matrix residual_;
  GiNaC::exmap fixed_, held_;  // held_: fixed_ and the given unknowns
  std::vector<std::size_t> given_, free_;
  Eigen::VectorXd values_;  // the given values, 0 for the others
};

void check_given(const model::System& system, const std::map<std::string, double>& given) {
  std::vector<std::string> names;
  for (const auto& q : system.coordinates()) names.push_back(q.get_name());
  for (const auto& u : system.speeds()) names.push_back(u.get_name());
  for (const auto& [name, value] : given) {
    const std::string object = "initial condition '" + name + "'";
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw ModelError(object, "is not a coordinate or a speed of the model");
    if (!std::isfinite(value)) throw ModelError(object, "expected a finite number, got " + number_text(value));
  }
}

}  // namespace

InitialState complete_initial_state(const model::System& system, const std::map<std::string, double>& given, double t) {
  check_given(system, given);
  InitialState out;
  out.state.t = t;
  GiNaC::exmap fixed = system.parameter_values();
  fixed[sym::time()] = t;
  const Level configuration = configuration_level(system);
  out.state.q = LevelCompletion(configuration, fixed, given).complete(out);
  for (std::size_t i = 0; i < configuration.unknowns.size(); ++i)
    fixed[configuration.unknowns[i]] = out.state.q(static_cast<Index>(i));
  const Level speeds = speed_level(system);
  out.state.u = LevelCompletion(speeds, fixed, given).complete(out);
  return out;
}

std::vector<std::string> InitialState::messages() const {
  std::vector<std::string> out;
  for (const auto& c : completed) {
    const std::string why = " to satisfy " + constraints_phrase(c.constraints);
    if (c.given)
      out.push_back("adjusted " + c.name + " = " + number_text(c.after) + " (given " + number_text(c.before) + ", by " +
                    number_text(c.after - c.before) + ": rounding)" + why);
    else
      out.push_back("completed " + c.name + " = " + number_text(c.after) + " (not given; " + number_text(c.before) + " before)" + why);
  }
  for (const auto& b : branches) {
    std::string names;
    for (const auto& n : b.names) names += (names.empty() ? "" : ", ") + n;
    out.push_back("chose " + assignments(b.names, b.taken) + " (" + number_text(b.taken_distance) + " from the defaults) over " +
                  assignments(b.names, b.other) + " (" + number_text(b.other_distance) + "), which also satisfies " +
                  constraints_phrase(b.constraints) + ": give " + names + " to choose");
  }
  return out;
}

}  // namespace adyn::analysis
