#include "adyn/formulations/gauss.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/matrix.hpp"

#include "acceleration_constraints.hpp"
#include "generalized_forces.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::matrix;
using GiNaC::symbol;

// The resultant applied load on one particle or body: force, and moment about the mass centre.
struct Resultant {
  kin::Vector force;
  kin::Vector moment;
};

ex spring_tension(const model::Spring& s, const ex& stretch) {
  if (s.tension_law) return s.tension_law->subs(model::Spring::stretch_symbol() == stretch);
  return s.stiffness * stretch;
}

// r^{P/S*} when P is fixed in the body (the mass centre itself, or a point whose position from it
// has constant components in the body frame); nothing otherwise.
std::optional<kin::Vector> offset_in_body(const kin::Point& P, const model::RigidBody& body) {
  if (P == body.mass_center()) return kin::Vector();
  try {
    kin::Vector r = P.position_from(body.mass_center());
    kin::Mat c = r.components_in(body.frame());
    for (unsigned i = 0; i < 3; ++i)
      if (!sym::time_derivative(c(i, 0)).normal().is_zero()) return std::nullopt;
    return r;
  } catch (const ModelError&) {
    return std::nullopt;  // no chain of positions between them, or frames in different trees
  }
}

ex quadratic_form(const matrix& a, const matrix& K, const matrix& b) { return a.transpose().mul(K).mul(b)(0, 0); }

matrix cross(const matrix& a, const matrix& b) {
  return matrix(3, 1,
                GiNaC::lst{a(1, 0) * b(2, 0) - a(2, 0) * b(1, 0), a(2, 0) * b(0, 0) - a(0, 0) * b(2, 0),
                           a(0, 0) * b(1, 0) - a(1, 0) * b(0, 0)});
}

// Gathers Gauss's function: the loads on each particle and body, and the generalized force of the
// loads that act on neither (Greenwood (4.335)).
class GaussFunction {
 public:
  explicit GaussFunction(const model::System& system)
      : system_(system),
        N_(system.inertial_frame()),
        q_(system.coordinates()),
        qd_(sym::derivatives_of(q_)),
        particles_(system.particles().size()),
        bodies_(system.bodies().size()),
        Q_(q_.size(), 0) {}

  // A force at a point: on the particle there, else on a body in which the point is fixed (with
  // its moment about the mass centre), else through its generalized force F · ∂v/∂q̇.
  void add_force(const kin::Point& P, const kin::Vector& F, const std::string& what) {
    const auto& particles = system_.particles();
    for (std::size_t i = 0; i < particles.size(); ++i)
      if (particles[i].point() == P) {
        particles_[i].force += F;
        return;
      }
    const auto& bodies = system_.bodies();
    for (std::size_t j = 0; j < bodies.size(); ++j)
      if (auto r = offset_in_body(P, bodies[j])) {
        bodies_[j].force += F;
        if (!r->is_zero()) bodies_[j].moment += r->cross(F);
        return;
      }
    auto partials = kin::partial_velocities(P.velocity_in(N_), qd_, what);
    for (std::size_t r = 0; r < Q_.size(); ++r) Q_[r] += F.dot(partials[r]);
  }

  // A couple on a frame: on the body fixed in it, else through T · ∂ω/∂q̇.
  void add_couple(const kin::ReferenceFrame& frame, const kin::Vector& T, const std::string& what) {
    const auto& bodies = system_.bodies();
    for (std::size_t j = 0; j < bodies.size(); ++j)
      if (bodies[j].frame() == frame) {
        bodies_[j].moment += T;
        return;
      }
    auto partials = kin::partial_velocities(frame.angular_velocity_in(N_), qd_, what);
    for (std::size_t r = 0; r < Q_.size(); ++r) Q_[r] += T.dot(partials[r]);
  }

  // Along the line from a to b with the given tension: −tension ê on b, +tension ê on a.
  void add_line_force(const kin::Point& a, const kin::Point& b, const ex& length, const ex& tension,
                      const std::string& what) {
    kin::Vector e = b.position_from(a) / length;
    add_force(b, -tension * e, what);
    add_force(a, tension * e, what);
  }

  void add_generalized(std::size_t r, const ex& value) { Q_[r] += value; }

  std::size_t coordinate_index(const symbol& q, const std::string& what) const {
    auto it = std::find(q_.begin(), q_.end(), q);
    if (it == q_.end()) throw ModelError(what, "'" + q.get_name() + "' is not a coordinate of the system");
    return static_cast<std::size_t>(it - q_.begin());
  }

  ex value() const {
    ex C = 0;
    const auto& particles = system_.particles();
    for (std::size_t i = 0; i < particles.size(); ++i) {
      const auto& p = particles[i];
      // ½ m |a − F/m|² (4.323): R = m a − F is the constraint force on the particle (4.322).
      kin::Vector w = p.point().acceleration_in(N_);
      if (!particles_[i].force.is_zero()) w -= particles_[i].force / p.mass();
      C += p.mass() * w.dot(w) / 2;
    }
    const auto& bodies = system_.bodies();
    for (std::size_t j = 0; j < bodies.size(); ++j) C += body_term(bodies[j], bodies_[j]);
    // −Q_extraᵀ q̈ (4.335).
    for (std::size_t r = 0; r < q_.size(); ++r) C -= Q_[r] * sym::derivative_of(q_[r], 2);
    return C;
  }

 private:
  // ½ m |a* − F/m|² + ½ α·I·α + α·h (+ ½ h·I⁻¹·h when I is invertible), h = ω×(I·ω) − T: the
  // rigid-body form of (4.323) with the constraint moment I·α + h about the mass centre, written
  // expanded so that I⁻¹ only multiplies the q̈-free term. Components in the body frame, where the
  // central inertia is constant.
  ex body_term(const model::RigidBody& body, const Resultant& load) const {
    kin::Vector w = body.mass_center().acceleration_in(N_);
    if (!load.force.is_zero()) w -= load.force / body.mass();
    ex C = body.mass() * w.dot(w) / 2;
    const auto& B = body.frame();
    matrix I = body.central_inertia().components_in(B);
    matrix omega = B.angular_velocity_in(N_).components_in(B);
    matrix alpha = B.angular_acceleration_in(N_).components_in(B);
    matrix h = cross(omega, I.mul(omega));
    if (!load.moment.is_zero()) h = h.sub(load.moment.components_in(B));
    C += quadratic_form(alpha, I, alpha) / 2 + alpha.transpose().mul(h)(0, 0);
    // ½ h·I⁻¹·h is free of q̈: kept when I is shown invertible (constant in B and a nonzero
    // determinant), so that C is exactly ½ Σ R·R/m + ½ Σ M_R·I⁻¹·M_R; left out for a singular
    // inertia (a slender rod), which changes C by a q̈-free amount only.
    ex det = I.determinant().normal();
    bool constant = true;
    for (const auto& s : sym::free_symbols(det))
      if (sym::is_dynamic(s) || s == sym::time()) constant = false;
    if (constant && !det.is_zero()) C += quadratic_form(h, sym::map_entries(I.inverse(), sym::canonical_normal), h) / 2;
    return C;
  }

  const model::System& system_;
  kin::ReferenceFrame N_;
  std::vector<symbol> q_, qd_;
  std::vector<Resultant> particles_, bodies_;
  std::vector<ex> Q_;
};

// Gauss's function is written in q, q̇, q̈ and t: declared speeds u (Kane's) have no place in it.
void check_symbols(const model::System& system, const ex& C) {
  std::set<ex, GiNaC::ex_is_less> allowed{sym::time()};
  for (const auto& q : system.coordinates()) {
    allowed.insert(q);
    allowed.insert(sym::derivative_of(q));
    allowed.insert(sym::derivative_of(q, 2));
  }
  for (const auto& s : sym::free_symbols(C))
    if (sym::is_dynamic(s) && !allowed.count(s))
      throw NotApplicableError("system '" + system.name() + "'",
                       "Gauss's function needs velocities and loads in q, q̇ and q̈; '" +
                           GiNaC::ex_to<symbol>(s).get_name() +
                           "' is not a coordinate or one of its first two derivatives (velocities set in terms "
                           "of speeds belong to Kane's method)");
}

void check_gauss_form(const EquationsOfMotion& eom, const std::string& what) {
  bool in_rates = eom.p() == eom.n();
  for (std::size_t i = 0; in_rates && i < eom.n(); ++i)
    in_rates = eom.speeds[i] == sym::derivative_of(eom.coordinates[i]);
  if (!in_rates)
    throw Error(what + ": needs equations in u = q̇ (Gauss's principle), got " + eom.method + " equations with " +
                std::to_string(eom.p()) + " speeds for " + std::to_string(eom.n()) + " coordinates");
}

}  // namespace

ex gauss_function(const model::System& system) {
  const auto N = system.inertial_frame();
  GaussFunction C(system);
  for (const auto& f : system.forces()) C.add_force(f.point, f.force, "force '" + f.name + "'");
  for (const auto& t : system.torques()) {
    C.add_couple(t.body, t.torque, "torque '" + t.name + "'");
    if (t.reaction_on) C.add_couple(*t.reaction_on, -t.torque, "reaction of torque '" + t.name + "'");
  }
  if (const auto& g = system.gravity()) {
    for (const auto& p : system.particles())
      C.add_force(p.point(), p.mass() * g->acceleration, "gravity on '" + p.name() + "'");
    for (const auto& b : system.bodies())
      C.add_force(b.mass_center(), b.mass() * g->acceleration, "gravity on '" + b.name() + "'");
  }
  for (const auto& s : system.springs()) {
    ex l = distance(s.a, s.b, N);
    C.add_line_force(s.a, s.b, l, spring_tension(s, l - s.free_length), "spring '" + s.name + "'");
  }
  for (const auto& d : system.dampers()) {
    ex l = distance(d.a, d.b, N);
    C.add_line_force(d.a, d.b, l, d.coefficient * sym::time_derivative(l), "damper '" + d.name + "'");
  }
  const auto& q = system.coordinates();
  for (std::size_t r = 0; r < q.size(); ++r) {
    const symbol qd = sym::derivative_of(q[r]);
    for (const auto& p : system.potentials()) C.add_generalized(r, -p.energy.diff(q[r]));
    for (const auto& d : system.dissipations()) C.add_generalized(r, -d.function.diff(qd));
  }
  for (const auto& g : system.generalized_forces())
    C.add_generalized(C.coordinate_index(g.coordinate, "generalized force '" + g.name + "'"), g.value);
  ex result = C.value();
  check_symbols(system, result);
  return result;
}

EquationsOfMotion gauss(const model::System& system) {
  const ex C = gauss_function(system);
  const auto& q = system.coordinates();
  const auto n = q.size();
  const auto qd = sym::derivatives_of(q);
  const auto qdd = sym::derivatives_of(q, 2);
  GiNaC::exmap at_rest;  // q̈ = 0
  for (const auto& a : qdd) at_rest[a] = 0;
  EquationsOfMotion eom;
  eom.method = "Gauss";
  eom.coordinates = q;
  eom.speeds = qd;
  eom.coordinate_rates = sym::column(qd);
  eom.mass_matrix = matrix(n, n);
  eom.forcing = matrix(n, 1);
  for (std::size_t i = 0; i < n; ++i) {
    // ∂C/∂q̈_i = Σ_j M_ij q̈_j − F_i: C is quadratic in q̈ (4.333), its Hessian the mass matrix (4.339).
    ex gradient = C.diff(qdd[i]);
    for (std::size_t j = 0; j < n; ++j) eom.mass_matrix(i, j) = gradient.diff(qdd[j]);
    eom.forcing(i, 0) = -gradient.subs(at_rest, GiNaC::subs_options::no_pattern);
  }
  // The constraints differentiated with q and q̇ held fixed (4.325): G q̈ = g; the KKT conditions of
  // min C subject to them are M q̈ = F + Gᵀλ (4.326), λ being minus Greenwood's multipliers.
  auto rows = acceleration_constraints(system.constraints(), q);
  eom.constraint_matrix = rows.A;
  eom.constraint_rhs = rows.b;
  for (std::size_t k = 0; k < system.constraints().size(); ++k) {
    std::string name = "lambda";
    name += std::to_string(k + 1);
    std::string latex = "\\lambda_{";
    latex += std::to_string(k + 1);
    latex += "}";
    eom.multipliers.push_back(symbol(name, latex));
    eom.multiplier_names.push_back(system.constraints()[k].name);
    eom.constraint_names.push_back(system.constraints()[k].name);
  }
  return eom;
}

double gauss_function_value(const ex& gauss_function, const EquationsOfMotion& gauss_eom, const State& x,
                            const Eigen::VectorXd& accelerations, const GiNaC::exmap& parameters) {
  check_gauss_form(gauss_eom, "gauss_function_value");
  if (static_cast<std::size_t>(accelerations.size()) != gauss_eom.n()) {
    std::string message = "gauss_function_value: ";
    message += std::to_string(accelerations.size());
    message += " accelerations given, expected ";
    message += std::to_string(gauss_eom.n());
    throw Error(message);
  }
  auto values = state_values(gauss_eom, x, parameters);
  for (std::size_t i = 0; i < gauss_eom.n(); ++i)
    values[sym::derivative_of(gauss_eom.coordinates[i], 2)] = accelerations(static_cast<Eigen::Index>(i));
  return sym::evaluate(gauss_function, values, "Gauss's function");
}

GaussMinimum least_constraint(const ex& gauss_function, const EquationsOfMotion& gauss_eom, const State& x,
                              const GiNaC::exmap& parameters) {
  check_gauss_form(gauss_eom, "least_constraint");
  auto a = solve(gauss_eom, x, parameters);
  auto values = state_values(gauss_eom, x, parameters);
  Eigen::MatrixXd M = sym::evaluate(gauss_eom.mass_matrix, values, gauss_eom.method + " mass matrix");
  Eigen::VectorXd F = sym::evaluate(gauss_eom.forcing, values, gauss_eom.method + " forcing");
  GaussMinimum out;
  out.acceleration = a.udot;
  out.constraint_force = M * a.udot - F;  // R = M q̈ − F (4.322) in q-space
  out.multipliers = a.lambda;
  out.minimum = gauss_function_value(gauss_function, gauss_eom, x, a.udot, parameters);
  return out;
}

GaussMinimum least_constraint(const model::System& system, const EquationsOfMotion& gauss_eom, const State& x,
                              const GiNaC::exmap& parameters) {
  check_gauss_form(gauss_eom, "least_constraint");
  return least_constraint(gauss_function(system), gauss_eom, x, parameters);
}

}  // namespace adyn::formulations
