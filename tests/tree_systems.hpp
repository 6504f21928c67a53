#pragma once
// Trees of bodies built through the C++ API, shared by the tests of the articulated-body algorithm,
// the inverse dynamics and the derivatives through the tree: chains in absolute angles, rigid
// bodies on spherical joints with damping torques, a branched tree on a cart with a spring, a
// floating base with two limbs.
#include <array>
#include <optional>
#include <string>

#include "adyn/model/inertia.hpp"
#include "adyn/model/joint.hpp"
#include "adyn/model/system.hpp"

namespace adyn::trees {

inline std::string indexed(const char* prefix, int i) { return prefix + std::to_string(i + 1); }

/// n rods (mass centre mid-length, I = m l²/12) in absolute angles: each rod's frame hangs from N,
/// its mass centre from the previous rod's end (a lever part in the parent's frame, a part in its own).
inline model::System rod_chain(int n) {
  model::System s("rod chain (absolute angles)");
  auto g = s.add_parameter("g", 9.81);
  auto N = s.inertial_frame();
  kin::Point joint = s.origin();
  for (int i = 0; i < n; ++i) {
    auto m = s.add_parameter(indexed("m", i), 1.0 + 0.2 * i), l = s.add_parameter(indexed("l", i), 0.5 + 0.1 * i);
    auto A = s.add_frame(N.orient_new_axis(indexed("A", i), N.z(), s.add_coordinate(indexed("q", i))));
    auto G = s.add_point(joint.locate_new(indexed("G", i), -l / 2 * A.y()));
    s.add_body({indexed("rod", i), G, A, m, model::inertia_dyadic(A, m * l * l / 12, 0, m * l * l / 12)});
    joint = s.add_point(joint.locate_new(indexed("J", i), -l * A.y()));
  }
  s.set_gravity(-g * N.y());
  return s;
}

/// n bodies on spherical joints, body-fixed 1-2-3 angles relative to the previous body, with a
/// torque between neighbours (bench/compare's spatial chain, plus loads).
inline model::System spatial_chain(int n) {
  model::System s("spatial chain");
  auto g = s.add_parameter("g", 9.81), c = s.add_parameter("c", 0.3);
  kin::ReferenceFrame parent = s.inertial_frame();
  kin::Point joint = s.origin();
  std::optional<kin::ReferenceFrame> previous;
  for (int i = 0; i < n; ++i) {
    auto m = s.add_parameter(indexed("m", i), 1.0 + 0.1 * i), l = s.add_parameter(indexed("l", i), 0.5);
    std::array<GiNaC::ex, 3> angles = {s.add_coordinate(indexed("a", i)), s.add_coordinate(indexed("b", i)),
                                       s.add_coordinate(indexed("c", i))};
    auto B = s.add_frame(parent.orient_new_body_fixed(indexed("B", i), "123", angles));
    auto G = s.add_point(joint.locate_new(indexed("G", i), -l / 2 * B.z()));
    s.add_body({indexed("body", i), G, B, m, model::inertia_dyadic(B, 0.02 + 0.002 * i, 0.025 + 0.001 * i, 0.01)});
    joint = s.add_point(joint.locate_new(indexed("P", i), -l * B.z()));
    // A damping couple −c ω_rel on each joint, its reaction on the parent.
    s.add_torque({indexed("joint damping ", i), B, -c * B.angular_velocity_in(parent),
                  i ? std::optional<kin::ReferenceFrame>(parent) : std::nullopt});
    parent = B;
  }
  s.set_gravity(-g * s.inertial_frame().z());
  return s;
}

/// A cart on a horizontal rail (x) with two pendulums hanging from it, one of them double: a tree
/// with a prismatic root and two branches.
inline model::System cart_with_pendulums() {
  model::System s("cart with pendulums");
  auto M = s.add_parameter("M", 2.0), g = s.add_parameter("g", 9.81), k = s.add_parameter("k", 3.0);
  auto x = s.add_coordinate("x");
  auto N = s.inertial_frame();
  auto C = s.add_point(s.origin().locate_new("C", x * N.x()));
  s.add_particle({"cart", C, M});
  kin::Point hook = C;
  kin::ReferenceFrame above = N;
  for (int i = 0; i < 3; ++i) {
    auto m = s.add_parameter(indexed("m", i), 0.5 + 0.3 * i), l = s.add_parameter(indexed("l", i), 0.4 + 0.2 * i);
    auto A = s.add_frame((i == 2 ? above : N).orient_new_axis(indexed("A", i), N.z(), s.add_coordinate(indexed("th", i))));
    auto P = s.add_point((i == 2 ? hook : C).locate_new(indexed("P", i), -l * A.y()));
    s.add_particle({indexed("bob", i), P, m});
    hook = P, above = A;
  }
  s.add_spring({"rail spring", s.origin(), C, k, 0, std::nullopt});
  s.set_gravity(-g * N.y());
  return s;
}

/// A body on a free joint from the ground (its origin translated and turned by 90° about x, its
/// mass centre off its origin) and two limbs on revolute joints, one turned, both actuated and
/// damped: the tree that takes the floating base's basis (formulations/kinematic_tree.hpp).
inline model::System floating_base_with_limbs() {
  model::System s("floating base with limbs");
  const GiNaC::matrix quarter_turn_about_x(3, 3, GiNaC::lst{1, 0, 0, 0, 0, -1, 0, 1, 0});
  const auto tenths = [](int x, int y, int z) {
    return GiNaC::matrix(3, 1, GiNaC::lst{GiNaC::numeric(x, 10), GiNaC::numeric(y, 10), GiNaC::numeric(z, 10)});
  };
  auto body = [&](const std::string& name, const model::Joint& j, const GiNaC::matrix& centre, double mass) {
    const auto added = model::add_joint(s, j);
    auto G = s.add_point(added.origin.locate_new(name + "_G", kin::Vector(added.frame, centre)));
    const auto m = s.add_parameter("m_" + name, mass);
    s.add_body({name, G, added.frame, m, model::inertia_dyadic(added.frame, m / 10, m / 8, m / 12, m / 50, -m / 70, m / 90)});
  };
  auto joint = [&](const std::string& name, model::JointType type, const std::string& parent, const std::string& child,
                   const GiNaC::matrix& translation) {
    model::Joint j;
    j.name = name, j.type = type, j.parent = parent, j.child = child, j.translation = translation;
    j.actuated = type != model::JointType::Free;
    return j;
  };
  auto base = joint("base", model::JointType::Free, "", "trunk", tenths(1, -2, 3));
  base.rotation = quarter_turn_about_x;
  body("trunk", base, tenths(1, 1, -2), 4.0);
  auto hip = joint("hip", model::JointType::Revolute, "trunk", "thigh", tenths(3, 0, 1));
  hip.rotation = quarter_turn_about_x, hip.damping = 0.3;
  body("thigh", hip, tenths(0, -2, 0), 1.5);
  auto shoulder = joint("shoulder", model::JointType::Revolute, "trunk", "arm", tenths(-3, 1, 0));
  shoulder.axis = tenths(0, 10, 0), shoulder.damping = 0.1;
  body("arm", shoulder, tenths(1, 0, -3), 0.8);
  s.set_gravity(kin::Vector(s.inertial_frame(), 0, 0, GiNaC::numeric(-981, 100)));
  return s;
}

}  // namespace adyn::trees
