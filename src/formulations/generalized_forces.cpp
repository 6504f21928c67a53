#include "generalized_forces.hpp"

#include <algorithm>

#include "adyn/error.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/recursive_kinematics.hpp"
#include "adyn/symbolic/arithmetic.hpp"
#include "adyn/symbolic/antiderivative.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::formulations {
namespace {

using GiNaC::ex;
using GiNaC::symbol;

// Accumulates F_r contributions for one set of speeds. Velocities come from one
// kin::RecursiveKinematics and partial velocities from one kin::PartialVelocities, so what the
// loads' points and frames share is computed once.
class ActiveForces {
 public:
  ActiveForces(kin::RecursiveKinematics& motion, kin::PartialVelocities& partial_velocities)
      : motion_(motion), partial_velocities_(partial_velocities), F_(partial_velocities.speeds().size(), 0) {}

  // F · v_r for a force F at a point.
  void add_force_at(const kin::Point& P, const kin::Vector& force, const std::string& what) {
    auto partials = partial_velocities_.of(motion_.velocity(P), what);
    for (std::size_t r = 0; r < F_.size(); ++r) F_[r] += force.dot(partials[r]);
  }

  // T · ω_r for a couple on a frame (and −T on the reaction frame).
  void add_torque(const model::BodyTorque& t) {
    kin::Vector w = motion_.angular_velocity(t.body);
    if (t.reaction_on) w -= motion_.angular_velocity(*t.reaction_on);
    auto partials = partial_velocities_.of(w, "torque '" + t.name + "'");
    for (std::size_t r = 0; r < F_.size(); ++r) F_[r] += t.torque.dot(partials[r]);
  }

  // A scalar "force" f conjugate to a rate expression s(q, q̇, t): F_r += f ∂s/∂u_r.
  void add_along(const ex& f, const ex& rate) {
    ex s = motion_.rewritten(rate);
    const auto& speeds = partial_velocities_.speeds();
    for (std::size_t r = 0; r < F_.size(); ++r) F_[r] += sym::times(f, sym::partial_derivative(s, speeds[r]));
  }

  std::vector<ex> result() const { return F_; }

 private:
  kin::RecursiveKinematics& motion_;
  kin::PartialVelocities& partial_velocities_;
  std::vector<ex> F_;
};

// Whether the speeds are the rates q̇ (velocities then need no rewriting).
bool are_rates(const model::System& system, const std::vector<symbol>& speeds) {
  auto qd = sym::derivatives_of(system.coordinates());
  for (const auto& s : speeds)
    if (std::find(qd.begin(), qd.end(), s) == qd.end()) return false;
  return true;
}

ex spring_tension(const model::Spring& s, const ex& stretch) {
  if (s.tension_law) return s.tension_law->subs(model::Spring::stretch_symbol() == stretch);
  return s.stiffness * stretch;
}

}  // namespace

ex distance(const kin::Point& a, const kin::Point& b, const kin::ReferenceFrame& N) {
  return b.position_from(a).express(N).magnitude();
}

ex spring_potential(const model::Spring& s, const kin::ReferenceFrame& N) {
  ex stretch = distance(s.a, s.b, N) - s.free_length;
  if (!s.tension_law) return s.stiffness * stretch * stretch / 2;
  auto V = sym::antiderivative(*s.tension_law, model::Spring::stretch_symbol());
  if (!V)
    throw ModelError("spring '" + s.name + "'", "its tension law has no closed-form potential; treat it as a force");
  return V->subs(model::Spring::stretch_symbol() == stretch) -
         V->subs(model::Spring::stretch_symbol() == 0);
}

std::vector<ex> generalized_active_forces(const model::System& system, const std::vector<symbol>& speeds,
                                          LoadSelection selection) {
  // Velocities written in the requested speeds: the rates q̇ as they come from the kinematics, or
  // the declared speeds through the kinematic equations.
  kin::RecursiveKinematics motion(system.inertial_frame(),
                                  {are_rates(system, speeds) ? GiNaC::exmap{} : system.speed_substitution()});
  kin::PartialVelocities partial_velocities(speeds);
  return generalized_active_forces(system, motion, partial_velocities, selection);
}

std::vector<ex> generalized_active_forces(const model::System& system, kin::RecursiveKinematics& motion,
                                          kin::PartialVelocities& partial_velocities, LoadSelection selection) {
  ActiveForces F(motion, partial_velocities);
  const auto N = system.inertial_frame();
  for (const auto& f : system.forces()) F.add_force_at(f.point, f.force, "force '" + f.name + "'");
  for (const auto& t : system.torques()) F.add_torque(t);
  for (const auto& g : system.generalized_forces()) F.add_along(g.value, sym::derivative_of(g.coordinate));
  if (selection == LoadSelection::Nonconservative) return F.result();
  if (const auto& g = system.gravity(); g && selection == LoadSelection::All) {
    for (const auto& p : system.particles()) F.add_force_at(p.point(), p.mass() * g->acceleration, "gravity on '" + p.name() + "'");
    for (const auto& b : system.bodies())
      F.add_force_at(b.mass_center(), b.mass() * g->acceleration, "gravity on '" + b.name() + "'");
  }
  for (const auto& s : system.springs()) {
    ex l = distance(s.a, s.b, N);
    F.add_along(-spring_tension(s, l - s.free_length), sym::time_derivative(l));
  }
  for (const auto& d : system.dampers()) {
    ex ldot = sym::time_derivative(distance(d.a, d.b, N));
    F.add_along(-d.coefficient * system.in_speeds(ldot), ldot);
  }
  for (const auto& q : system.coordinates()) {
    ex qd = sym::derivative_of(q);
    for (const auto& p : system.potentials()) F.add_along(-p.energy.diff(q), qd);
    for (const auto& d : system.dissipations()) F.add_along(-system.in_speeds(d.function.diff(GiNaC::ex_to<symbol>(qd))), qd);
  }
  return F.result();
}

}  // namespace adyn::formulations
