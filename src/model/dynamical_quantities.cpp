#include "adyn/model/dynamical_quantities.hpp"

#include "adyn/symbolic/arithmetic.hpp"

namespace adyn::model {

GiNaC::ex kinetic_energy(const Particle& p, const kin::ReferenceFrame& N) {
  auto v = p.point().velocity_in(N);
  return p.mass() * v.dot(v) / 2;
}

GiNaC::ex kinetic_energy(const RigidBody& b, const kin::ReferenceFrame& N) {
  auto v = b.mass_center().velocity_in(N);
  auto w = b.frame().angular_velocity_in(N);
  return b.mass() * v.dot(v) / 2 + w.dot(b.central_inertia().dot(w)) / 2;
}

GiNaC::ex kinetic_energy(const Particle& p, kin::RecursiveKinematics& motion) {
  return sym::times(p.mass() / 2, motion.speed_squared(p.point()));
}

GiNaC::ex kinetic_energy(const RigidBody& b, kin::RecursiveKinematics& motion) {
  const auto& w = motion.angular_velocity(b.frame());
  return sym::times(b.mass() / 2, motion.speed_squared(b.mass_center())) + sym::times(GiNaC::numeric(1, 2), w.dot(b.central_inertia().dot(w)));
}

kin::Vector linear_momentum(const Particle& p, const kin::ReferenceFrame& N) {
  return p.mass() * p.point().velocity_in(N);
}

kin::Vector linear_momentum(const RigidBody& b, const kin::ReferenceFrame& N) {
  return b.mass() * b.mass_center().velocity_in(N);
}

kin::Vector angular_momentum(const Particle& p, const kin::Point& O, const kin::ReferenceFrame& N) {
  return p.point().position_from(O).cross(linear_momentum(p, N));
}

kin::Vector angular_momentum(const RigidBody& b, const kin::Point& O, const kin::ReferenceFrame& N) {
  auto w = b.frame().angular_velocity_in(N);
  return b.central_inertia().dot(w) + b.mass_center().position_from(O).cross(linear_momentum(b, N));
}

GiNaC::ex acceleration_energy(const Particle& p, const kin::ReferenceFrame& N) {
  auto a = p.point().acceleration_in(N);
  return p.mass() * a.dot(a) / 2;
}

GiNaC::ex acceleration_energy(const RigidBody& b, const kin::ReferenceFrame& N) {
  auto a = b.mass_center().acceleration_in(N);
  auto w = b.frame().angular_velocity_in(N);
  auto alpha = b.frame().angular_acceleration_in(N);
  const auto& I = b.central_inertia();
  return b.mass() * a.dot(a) / 2 + alpha.dot(I.dot(alpha)) / 2 + alpha.dot(w.cross(I.dot(w)));
}

kin::Vector inertia_force(const RigidBody& b, const kin::ReferenceFrame& N) {
  return -b.mass() * b.mass_center().acceleration_in(N);
}

kin::Vector inertia_torque(const RigidBody& b, const kin::ReferenceFrame& N) {
  auto w = b.frame().angular_velocity_in(N);
  const auto& I = b.central_inertia();
  return -(I.dot(b.frame().angular_acceleration_in(N)) + w.cross(I.dot(w)));
}

}  // namespace adyn::model
