#include "adyn/model/rolling_contact.hpp"

#include <cmath>
#include <array>

#include "adyn/error.hpp"
#include "adyn/model/joint_constraints.hpp"
#include "adyn/model/system.hpp"

namespace adyn::model {
namespace {

using GiNaC::ex;

// The components of a constant vector in `frame`, as numbers.
std::array<double, 3> numeric_components(const kin::Vector& v, const kin::ReferenceFrame& frame,
                                         const std::string& object) {
  const auto c = v.components_in(frame);
  std::array<double, 3> out{};
  for (unsigned i = 0; i < 3; ++i) {
    const ex value = c(i, 0).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(value))
      throw ModelError(object, "the plane's normal must have constant numeric components in frame '" + frame.name() + "'");
    out[i] = GiNaC::ex_to<GiNaC::numeric>(value).to_double();
  }
  return out;
}

// Ground-fixed unit tangents t̂_1, t̂_2 with (t̂_1, t̂_2, n̂) right-handed: t̂_1 from the ground
// axis least aligned with n̂, t̂_2 = n̂ × t̂_1.
std::array<kin::Vector, 2> tangents(const std::string& object, const kin::ReferenceFrame& ground,
                                    const kin::Vector& normal) {
  const auto n = numeric_components(normal, ground, object);
  if (std::abs(n[0] * n[0] + n[1] * n[1] + n[2] * n[2] - 1) > 1e-12)
    throw ModelError(object, "the plane's normal must be a unit vector");
  const unsigned k = std::abs(n[0]) <= std::abs(n[1]) && std::abs(n[0]) <= std::abs(n[2]) ? 0
                     : std::abs(n[1]) <= std::abs(n[2])                                    ? 1
                                                                                           : 2;
  const ex nk = normal.components_in(ground)(k, 0);
  const kin::Vector t1 = (ground.basis(static_cast<int>(k)) - nk * normal) / GiNaC::sqrt(1 - nk * nk);
  return {t1, normal.cross(t1)};
}

}  // namespace

ContactKinematics plane_contact(const std::string& object, const kin::ReferenceFrame& body, const kin::Point& center,
                                const kin::Vector& contact_from_center, const kin::ReferenceFrame& ground,
                                const kin::Vector& normal, const kin::Point& plane_point) {
  ContactKinematics k;
  k.tangents = tangents(object, ground, normal);
  k.contact_from_center = contact_from_center;
  k.slip_velocity = center.velocity_in(ground) + body.angular_velocity_in(ground).cross(contact_from_center);
  k.height = (center.position_from(plane_point) + contact_from_center).dot(normal);
  return k;
}

std::vector<std::string> add_contact_rows(System& system, const std::string& name, const ContactKinematics& k) {
  std::vector<std::string> names;
  for (int i = 0; i < 2; ++i) {
    names.push_back(name + " no-slip " + k.tangent_names[static_cast<std::size_t>(i)]);
    system.add_constraint({names.back(), ConstraintLevel::Velocity, k.slip_velocity.dot(k.tangents[i]), {}});
  }
  if (!vanishes_identically(k.height, system)) {
    names.push_back(name + " height");
    system.add_constraint({names.back(), ConstraintLevel::Configuration, k.height, {}});
  }
  return names;
}

ContactKinematics contact_kinematics(const RollingContact& c) {
  const std::string object = "rolling contact '" + c.name + "'";
  if (c.radius.is_zero()) throw ModelError(object, "needs a wheel radius");
  if (c.axle.is_zero()) throw ModelError(object, "needs the wheel's axle direction");
  const ex cos_tilt = c.normal.dot(c.axle);  // n̂·â
  const ex sin_tilt = GiNaC::sqrt(1 - cos_tilt * cos_tilt);
  const kin::Vector g = (c.normal - cos_tilt * c.axle) / sin_tilt;
  auto k = plane_contact(object, c.wheel, c.center, -c.radius * g - c.tube_radius * c.normal, c.ground, c.normal,
                         c.plane_point);
  if (c.tangents == ContactTangents::Wheel) {
    const kin::Vector forward = c.axle.cross(c.normal) / sin_tilt;
    k.tangents = {forward, c.normal.cross(forward)};
    k.tangent_names = {"forward", "lateral"};
  }
  return k;
}

std::vector<std::string> add_rolling_contact(System& system, const RollingContact& c) {
  auto names = add_contact_rows(system, c.name, contact_kinematics(c));
  system.changed();
  system.rolling_contacts_.push_back(c);
  return names;
}

}  // namespace adyn::model
