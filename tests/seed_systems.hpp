#pragma once
// The seeds' example systems, built once through the C++ API and shared by the tests of every
// formulation (and by the agreement matrix). Each builder cites its seed example.
#include <optional>
#include <stdexcept>
#include <string>

#include "adyn/model/inertia.hpp"
#include "adyn/model/rolling_contact.hpp"
#include "adyn/model/system.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::seeds {

using GiNaC::cos;
using GiNaC::ex;
using GiNaC::pow;
using GiNaC::sin;
using model::ConstraintLevel;

inline GiNaC::symbol d(const ex& q) { return sym::derivative_of(q); }

/// A system's parameter symbol by name (for reference expressions in tests).
inline GiNaC::symbol parameter(const model::System& s, const std::string& name) {
  for (const auto& p : s.parameters())
    if (p.symbol.get_name() == name) return p.symbol;
  throw std::runtime_error("no parameter '" + name + "' in system '" + s.name() + "'");
}

// Planar double pendulum of point masses, absolute angles from the downward vertical.
inline model::System double_pendulum() {
  model::System s("double pendulum");
  auto m1 = s.add_parameter("m1", 1.3), m2 = s.add_parameter("m2", 0.7);
  auto l1 = s.add_parameter("l1", 1.1), l2 = s.add_parameter("l2", 0.6), g = s.add_parameter("g", 9.81);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), q1));
  auto B = s.add_frame(N.orient_new_axis("B", N.z(), q2));
  auto P1 = s.add_point(s.origin().locate_new("P1", -l1 * A.y()));
  auto P2 = s.add_point(P1.locate_new("P2", -l2 * B.y()));
  s.add_particle({"bob1", P1, m1});
  s.add_particle({"bob2", P2, m2});
  s.set_gravity(-g * N.y());
  return s;
}

// Angeles Example 2.4.1 / 2.5.1: shaft turning by θ about the vertical, a slender bar (mass m,
// length a) pivoted on it by φ from the downward vertical, torsional spring k, torque τ on the shaft.
inline model::System shaft_with_bar(double tau) {
  model::System s("rotating shaft with pivoted bar");
  auto m = s.add_parameter("m", 2.0), a = s.add_parameter("a", 1.0), k = s.add_parameter("k", 5.0);
  auto g = s.add_parameter("g", 9.81), T = s.add_parameter("tau", tau);
  auto th = s.add_coordinate("theta"), ph = s.add_coordinate("phi");
  auto N = s.inertial_frame();
  auto S = s.add_frame(N.orient_new_axis("S", N.z(), th));
  kin::ReferenceFrame H("H");  // h1 down, h2 = s1, h3 = h1 × h2 (the pivot axis)
  H.orient_dcm(S, GiNaC::matrix(3, 3, GiNaC::lst{0, 1, 0, 0, 0, -1, -1, 0, 0}));
  s.add_frame(H);
  auto B = s.add_frame(H.orient_new_axis("B", H.z(), ph));
  auto C = s.add_point(s.origin().locate_new("C", a / 2 * B.x()));
  s.add_body({"bar", C, B, m, model::inertia_dyadic(B, 0, m * a * a / 12, m * a * a / 12)});
  s.set_gravity(-g * N.z());
  s.add_potential({"torsion spring", k * ph * ph / 2});
  s.add_torque({"drive", S, T * N.z(), std::nullopt});
  return s;
}

// Greenwood Example 4.13: two particles of mass m on a massless rod of length l; particle 1 has a
// knife edge turning at Ω relative to the rod (α = φ + Ωt). With `quasi_velocities`, Kane's speeds
// are u1 = v (along the edge), u2 = φ̇, u3 = the lateral speed, removed by the constraint.
inline model::System knife_edge(bool quasi_velocities) {
  model::System s("rheonomic knife edge");
  auto m = s.add_parameter("m", 1.0), l = s.add_parameter("l", 1.0), W = s.add_parameter("Omega", 0.5);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), ph = s.add_coordinate("phi");
  GiNaC::ex alpha = ph + W * sym::time();
  auto N = s.inertial_frame();
  if (quasi_velocities) {
    auto u1 = s.add_speed("u1"), u2 = s.add_speed("u2"), u3 = s.add_speed("u3");
    s.set_coordinate_rate(x, u1 * cos(alpha) - u3 * sin(alpha));
    s.set_coordinate_rate(y, u1 * sin(alpha) + u3 * cos(alpha));
    s.set_coordinate_rate(ph, u2);
  }
  auto P1 = s.add_point(s.origin().locate_new("P1", x * N.x() + y * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", l * cos(ph) * N.x() + l * sin(ph) * N.y()));
  s.add_particle({"particle 1", P1, m});
  s.add_particle({"particle 2", P2, m});
  GiNaC::ex xd = sym::derivative_of(x), yd = sym::derivative_of(y);
  s.add_constraint({"knife edge", model::ConstraintLevel::Velocity, -xd * sin(alpha) + yd * cos(alpha), {}});
  return s;
}

// Angeles Example 2.6.1: thin uniform disk (mass m, radius r) rolling on a horizontal plane,
// q = (θ tilt, φ heading, ψ spin, x, y), z = r cos θ eliminated. Frames as reconstructed in
// seed-000 E2: n1 = (cφ, sφ, 0), n3 the disk axis, n2 = n3 × n1 from the contact point to the centre.
inline model::System angeles_rolling_disk() {
  model::System s("rolling disk");
  auto m = s.add_parameter("m", 1.0), r = s.add_parameter("r", 0.5), g = s.add_parameter("g", 9.81);
  auto th = s.add_coordinate("theta"), ph = s.add_coordinate("phi"), ps = s.add_coordinate("psi");
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), ph));
  auto M = s.add_frame(A.orient_new_axis("M", A.x(), GiNaC::Pi / 2 - th));
  auto D = s.add_frame(M.orient_new_axis("D", M.z(), ps));
  auto C = s.add_point(s.origin().locate_new("C", x * N.x() + y * N.y() + r * cos(th) * N.z()));
  s.add_body({"disk", C, D, m, model::inertia_dyadic(D, m * r * r / 4, m * r * r / 4, m * r * r / 2)});
  s.set_gravity(-g * N.z());
  // Rolling, v_C = ω × (r n2), x and y components (Angeles E2 rows 1 and 2; [C] entry sθ cφ).
  auto d = [](const GiNaC::symbol& q) { return sym::derivative_of(q); };
  s.add_constraint({"rolling x", model::ConstraintLevel::Velocity,
                    r * cos(th) * sin(ph) * d(th) + r * sin(th) * cos(ph) * d(ph) + r * cos(ph) * d(ps) + d(x), {}});
  s.add_constraint({"rolling y", model::ConstraintLevel::Velocity,
                    -r * cos(th) * cos(ph) * d(th) + r * sin(th) * sin(ph) * d(ph) + r * sin(ph) * d(ps) + d(y), {}});
  return s;
}

// Angeles E3: two disks A (mass m_A, radius a) turning by θ1, θ2 about AA' (n2); disk B (mass
// m_B, radius b, centre at a from O on OB) spinning by θ3 about OB, which turns by θ4 about AA';
// torques τ1, τ2, τ3 along n2 on the upper A, the lower A and B. Rolling at P and Q (Angeles E1,
// [C] second row (0, −a, b, a)). `transverse` = B's central transverse moment / (m_B b²).
inline model::System differential_gear(double transverse) {
  model::System s("differential gear");
  auto mA = s.add_parameter("m_A", 1.0), mB = s.add_parameter("m_B", 0.5);
  auto a = s.add_parameter("a", 0.2), b = s.add_parameter("b", 0.1);
  auto t1 = s.add_parameter("tau1", 1.0), t2 = s.add_parameter("tau2", 0.5), t3 = s.add_parameter("tau3", 2.0);
  auto th1 = s.add_coordinate("theta1"), th2 = s.add_coordinate("theta2"), th3 = s.add_coordinate("theta3"),
       th4 = s.add_coordinate("theta4");
  auto N = s.inertial_frame();
  auto AU = s.add_frame(N.orient_new_axis("AU", N.y(), th1));
  auto AL = s.add_frame(N.orient_new_axis("AL", N.y(), th2));
  auto C = s.add_frame(N.orient_new_axis("C", N.y(), th4));
  auto B = s.add_frame(C.orient_new_axis("B", C.x(), th3));
  auto disk_A = [&](const char* name, const kin::ReferenceFrame& F, double side) {
    auto P = s.add_point(s.origin().locate_new(std::string("centre of ") + name, side * N.y()));
    P.fix_in(N);
    s.add_body({name, P, F, mA, model::inertia_dyadic(F, mA * a * a / 4, mA * a * a / 2, mA * a * a / 4)});
  };
  disk_A("upper A", AU, 1);
  disk_A("lower A", AL, -1);
  auto Bc = s.add_point(s.origin().locate_new("centre of B", a * C.x()));
  ex kB = GiNaC::numeric(transverse) * mB * b * b;
  s.add_body({"B", Bc, B, mB, model::inertia_dyadic(B, mB * b * b / 2, kB, kB)});
  s.add_torque({"tau1", AU, t1 * N.y(), std::nullopt});
  s.add_torque({"tau2", AL, t2 * N.y(), std::nullopt});
  s.add_torque({"tau3", B, t3 * N.y(), std::nullopt});
  s.add_constraint({"P rolling", ConstraintLevel::Velocity, -a * d(th1) - b * d(th3) + a * d(th4), {}});
  s.add_constraint({"Q rolling", ConstraintLevel::Velocity, -a * d(th2) + b * d(th3) + a * d(th4), {}});
  return s;
}

// Angeles E7: two disks (mass m, radius a) on a massless axle AB of length ℓ; C the midpoint at
// (q1, q2), disk spins q3, q4 about the axle, heading q5. Constraints as in the text:
// 2q̇1 + a c5 (q̇3 + q̇4) = 0, 2q̇2 − a s5 (q̇3 + q̇4) = 0, q̇5 − (a/ℓ)(q̇4 − q̇3) = 0.
inline model::System two_wheel_axle() {
  model::System s("two-wheel axle");
  auto m = s.add_parameter("m", 1.2), a = s.add_parameter("a", 0.3), l = s.add_parameter("l", 1.0);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2"), q3 = s.add_coordinate("q3"),
       q4 = s.add_coordinate("q4"), q5 = s.add_coordinate("q5");
  auto N = s.inertial_frame();
  auto H = s.add_frame(N.orient_new_axis("H", N.z(), q5));
  auto DA = s.add_frame(H.orient_new_axis("DA", H.y(), q3));
  auto DB = s.add_frame(H.orient_new_axis("DB", H.y(), q4));
  auto C = s.add_point(s.origin().locate_new("C", q1 * N.x() + q2 * N.y() + a * N.z()));
  auto A = s.add_point(C.locate_new("A", l / 2 * H.y()));
  auto B = s.add_point(C.locate_new("B", -l / 2 * H.y()));
  s.add_body({"disk A", A, DA, m, model::inertia_dyadic(DA, m * a * a / 4, m * a * a / 2, m * a * a / 4)});
  s.add_body({"disk B", B, DB, m, model::inertia_dyadic(DB, m * a * a / 4, m * a * a / 2, m * a * a / 4)});
  s.add_constraint({"rolling 1", ConstraintLevel::Velocity, 2 * d(q1) + a * cos(q5) * (d(q3) + d(q4)), {}});
  s.add_constraint({"rolling 2", ConstraintLevel::Velocity, 2 * d(q2) - a * sin(q5) * (d(q3) + d(q4)), {}});
  s.add_constraint({"heading", ConstraintLevel::Velocity, d(q5) - a / l * (d(q4) - d(q3)), {}});
  return s;
}

// Kane's notes E1: body A swings by q1 about the horizontal axis n3 through O (A* at L_A down the
// rod, central moment A_1 about the pivot direction); plate B turns by q2 relative to A about the
// rod (b3), B* at L_B down the rod, central principal moments B_1, B_2, B_3; gravity −g n2.
inline model::System pendulum_with_plate() {
  model::System s("rod-and-plate pendulum");
  auto mA = s.add_parameter("m_A", 1.1), LA = s.add_parameter("L_A", 0.6), A1 = s.add_parameter("A_1", 0.05);
  auto mB = s.add_parameter("m_B", 0.8), LB = s.add_parameter("L_B", 0.9);
  auto B1 = s.add_parameter("B_1", 0.09), B2 = s.add_parameter("B_2", 0.04), B3 = s.add_parameter("B_3", 0.05);
  auto g = s.add_parameter("g", 9.81);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), q1));
  kin::ReferenceFrame R("R");  // r1 = a3 (pivot axis), r2 = −a1, r3 = −a2 (down the rod)
  R.orient_dcm(A, GiNaC::matrix(3, 3, GiNaC::lst{0, -1, 0, 0, 0, -1, 1, 0, 0}));
  s.add_frame(R);
  auto B = s.add_frame(R.orient_new_axis("B", R.z(), q2));
  auto As = s.add_point(s.origin().locate_new("A*", -LA * A.y()));
  auto Bs = s.add_point(s.origin().locate_new("B*", -LB * A.y()));
  s.add_body({"A", As, A, mA, model::inertia_dyadic(A, A1 / 2, A1 / 2, A1)});
  s.add_body({"B", Bs, B, mB, model::inertia_dyadic(B, B1, B2, B3)});
  s.set_gravity(-g * N.y());
  return s;
}

// Kane's notes E32: link 1 (length L) pivoted at O at q1 from the downward vertical, particle m1 at
// the joint; link 2 (length L) at q2, particle m2 at its end on a horizontal line at depth h:
// L(c1 + c2) = h. Horizontal force P on m2, gravity on both.
inline model::System two_link(double P_value) {
  model::System s("two-link mechanism");
  auto m1 = s.add_parameter("m1", 1.0), m2 = s.add_parameter("m2", 0.7), L = s.add_parameter("L", 1.0);
  auto h = s.add_parameter("h", 1.2), g = s.add_parameter("g", 9.81), P = s.add_parameter("P", P_value);
  auto q1 = s.add_coordinate("q1"), q2 = s.add_coordinate("q2");
  auto N = s.inertial_frame();
  auto P1 = s.add_point(s.origin().locate_new("P1", L * sin(q1) * N.x() - L * cos(q1) * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", L * sin(q2) * N.x() - L * cos(q2) * N.y()));
  s.add_particle({"m1", P1, m1});
  s.add_particle({"m2", P2, m2});
  s.set_gravity(-g * N.y());
  s.add_force({"P", P2, P * N.x()});
  s.add_constraint({"slider", ConstraintLevel::Configuration, L * (cos(q1) + cos(q2)) - h, {}});
  return s;
}

// Géradin P1.3: double pendulum in relative angles, gravity along n1 ("vertical", down).
inline model::System double_pendulum_relative(double m1v, double m2v, double l1v, double l2v) {
  model::System s("double pendulum (relative angles)");
  auto m1 = s.add_parameter("m1", m1v), m2 = s.add_parameter("m2", m2v);
  auto l1 = s.add_parameter("l1", l1v), l2 = s.add_parameter("l2", l2v), g = s.add_parameter("g", 9.81);
  auto t1 = s.add_coordinate("theta1"), t2 = s.add_coordinate("theta2");
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), t1));
  auto B = s.add_frame(A.orient_new_axis("B", A.z(), t2));
  auto P1 = s.add_point(s.origin().locate_new("P1", l1 * A.x()));
  auto P2 = s.add_point(P1.locate_new("P2", l2 * B.x()));
  s.add_particle({"m1", P1, m1});
  s.add_particle({"m2", P2, m2});
  s.set_gravity(g * N.x());
  return s;
}

// Géradin P1.5: wheel turning at the imposed rate Ω (φ = Ω t); m1 and m2 in orthogonal radial
// grooves at d1, d2, joined by a rigid bar of length e: sqrt(d1² + d2²) − e = 0 (P1.5.c).
inline model::System grooves_on_wheel(double m1v, double m2v) {
  model::System s("two grooves on a rotating wheel");
  auto m1 = s.add_parameter("m1", m1v), m2 = s.add_parameter("m2", m2v);
  auto e = s.add_parameter("e", 0.8), W = s.add_parameter("Omega", 1.7);
  auto d1 = s.add_coordinate("d1"), d2 = s.add_coordinate("d2");
  auto N = s.inertial_frame();
  auto R = s.add_frame(N.orient_new_axis("R", N.z(), W * sym::time()));
  s.add_particle({"m1", s.add_point(s.origin().locate_new("P1", d1 * R.x())), m1});
  s.add_particle({"m2", s.add_point(s.origin().locate_new("P2", d2 * R.y())), m2});
  s.add_constraint({"bar", model::ConstraintLevel::Configuration, GiNaC::sqrt(d1 * d1 + d2 * d2) - e, {}});
  return s;
}

// Greenwood Example 4.10: two particles (mass m) on a massless rod of length l on a horizontal
// plane; particle 1 at (x, y) has a knife edge along the rod. Speeds u1 = v (along the rod),
// u2 = φ̇ and the lateral speed u3, which the knife edge makes zero.
inline model::System dumbbell(double m_value = 1.5, double l_value = 0.8) {
  model::System s("dumbbell with a knife edge");
  auto m = s.add_parameter("m", m_value), l = s.add_parameter("l", l_value);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), ph = s.add_coordinate("phi");
  auto v = s.add_speed("v"), w = s.add_speed("w"), u3 = s.add_speed("u3");
  s.set_coordinate_rate(x, v * cos(ph) - u3 * sin(ph));
  s.set_coordinate_rate(y, v * sin(ph) + u3 * cos(ph));
  s.set_coordinate_rate(ph, w);
  auto N = s.inertial_frame();
  auto R = s.add_frame(N.orient_new_axis("R", N.z(), ph));
  auto P1 = s.add_point(s.origin().locate_new("P1", x * N.x() + y * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", l * R.x()));
  s.add_particle({"particle 1", P1, m});
  s.add_particle({"particle 2", P2, m});
  s.add_constraint({"knife edge", model::ConstraintLevel::Velocity, P1.velocity_in(N).dot(R.y()), {}});
  return s;
}

// Greenwood Example 4.11: thin disk (mass m, radius r) rolling on a horizontal plane. A turns by
// the heading φ about the vertical (a1 = e_θ); the triad D by θ about e_θ, so d2 = e_d (contact
// point to centre) and d3 = e_ψ (the symmetry axis); the disk by ψ about e_ψ. Speeds
// u1 = θ̇, u2 = ω_d = φ̇ sin θ, u3 = Ω = φ̇ cos θ + ψ̇ (4.300) and two slip speeds u4, u5 that the
// rolling constraints make zero.
/// With `as_contact`, the rolling is stated as a model::RollingContact (disk B, centre C, axle B.z,
/// on the plane z = 0) instead of the two hand-written rows.
inline model::System greenwood_rolling_disk(double m_value, double r_value, bool as_contact = false) {
  model::System s("rolling disk (Greenwood 4.11)");
  auto m = s.add_parameter("m", m_value), r = s.add_parameter("r", r_value), g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), th = s.add_coordinate("theta"),
       ph = s.add_coordinate("phi"), ps = s.add_coordinate("psi");
  auto u1 = s.add_speed("u1"), u2 = s.add_speed("u2"), u3 = s.add_speed("u3"), u4 = s.add_speed("u4"),
       u5 = s.add_speed("u5");
  s.set_coordinate_rate(th, u1);
  s.set_coordinate_rate(ph, u2 / sin(th));
  s.set_coordinate_rate(ps, u3 - u2 * cos(th) / sin(th));
  s.set_coordinate_rate(x, u4 - r * u3 * cos(ph) + r * u1 * sin(th) * sin(ph));
  s.set_coordinate_rate(y, u5 - r * u3 * sin(ph) - r * u1 * sin(th) * cos(ph));
  auto N = s.inertial_frame();
  auto A = s.add_frame(N.orient_new_axis("A", N.z(), ph));
  auto D = s.add_frame(A.orient_new_axis("D", A.x(), th));
  auto B = s.add_frame(D.orient_new_axis("B", D.z(), ps));
  // (x, y) are the centre's horizontal coordinates (Greenwood (4.307)); its height is r sin θ.
  auto C = s.add_point(s.origin().locate_new("C", x * N.x() + y * N.y() + r * sin(th) * N.z()));
  s.add_body({"disk", C, B, m, model::inertia_dyadic(B, m * r * r / 4, m * r * r / 4, m * r * r / 2)});
  s.set_gravity(-g * N.z());
  if (as_contact) {
    model::add_rolling_contact(s, {"contact", B, C, B.z(), r, 0, N, N.z(), s.origin()});
    return s;
  }
  // The disk's material point at the contact has no velocity: v_C + ω × (−r e_d) = 0.
  auto slip = C.velocity_in(N) + B.angular_velocity_in(N).cross(-r * D.y());
  s.add_constraint({"rolling x", model::ConstraintLevel::Velocity, slip.dot(N.x()), {}});
  s.add_constraint({"rolling y", model::ConstraintLevel::Velocity, slip.dot(N.y()), {}});
  return s;
}

// Greenwood Example 4.12: bead (mass m) on a circular wire (radius r) turning about its vertical
// diameter at Ω(t) = Ω0 + Ω1 t; θ from the upward vertical.
inline model::System bead_on_rotating_wire() {
  model::System s("bead on a rotating wire");
  auto m = s.add_parameter("m", 1.0), r = s.add_parameter("r", 0.5), g = s.add_parameter("g", 9.81);
  auto W0 = s.add_parameter("Omega0", 2.0), W1 = s.add_parameter("Omega1", 0.5);
  auto th = s.add_coordinate("theta");
  const auto t = sym::time();
  auto N = s.inertial_frame();
  auto W = s.add_frame(N.orient_new_axis("W", N.z(), W0 * t + W1 * t * t / 2));
  auto P = s.add_point(s.origin().locate_new("P", r * sin(th) * W.x() + r * cos(th) * W.z()));
  s.add_particle({"bead", P, m});
  s.set_gravity(-g * N.z());
  return s;
}

// Géradin P1.4: m1 on a bar at α to the vertical (y down), m2 on a link
// ℓ at θ below it, spring k (free length d0) from m1 to the fixed point (0, −e).
inline model::System guided_double_pendulum() {
  model::System s("guided double pendulum");
  auto m1 = s.add_parameter("m1", 1.0), m2 = s.add_parameter("m2", 0.6), l = s.add_parameter("l", 0.7);
  auto al = s.add_parameter("alpha", 0.4), k = s.add_parameter("k", 20.0), d0 = s.add_parameter("d0", 0.3);
  auto e = s.add_parameter("e", 0.5), g = s.add_parameter("g", 9.81);
  auto sc = s.add_coordinate("s"), th = s.add_coordinate("theta");
  auto N = s.inertial_frame();
  auto P1 = s.add_point(s.origin().locate_new("P1", sc * sin(al) * N.x() + sc * cos(al) * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", l * sin(th) * N.x() + l * cos(th) * N.y()));
  auto E = s.add_point(s.origin().locate_new("E", -e * N.y()));
  E.fix_in(N);
  s.add_particle({"m1", P1, m1});
  s.add_particle({"m2", P2, m2});
  s.set_gravity(g * N.y());
  s.add_spring({"spring", E, P1, k, d0, std::nullopt});
  return s;
}

// Géradin E1.8 built physically: the mass in a frame turning at Ω,
// springs as V = ½ k1 x² + ½ k2 y², the damper as D = ½ c1 ẋ².
inline model::System rotating_wheel() {
  model::System s("mass in a rotating wheel");
  auto m = s.add_parameter("m", 1.0), W = s.add_parameter("Omega", 2.5), k1 = s.add_parameter("k1", 4.0);
  auto k2 = s.add_parameter("k2", 9.0), c1 = s.add_parameter("c1", 0.3);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  auto R = s.add_frame(N.orient_new_axis("R", N.z(), W * sym::time()));
  s.add_particle({"mass", s.add_point(s.origin().locate_new("P", x * R.x() + y * R.y())), m});
  s.add_potential({"springs", (k1 * x * x + k2 * y * y) / 2});
  s.add_dissipation({"damper", c1 * pow(d(x), 2) / 2});
  return s;
}

// Géradin E1.5 built physically: bob at ℓ b1, b1 at θ from the
// downward n1, gravity g n1.
inline model::System pendulum() {
  model::System s("pendulum");
  auto m = s.add_parameter("m", 1.2), l = s.add_parameter("l", 0.7), g = s.add_parameter("g", 9.81);
  auto th = s.add_coordinate("theta");
  auto N = s.inertial_frame();
  auto B = s.add_frame(N.orient_new_axis("B", N.z(), th));
  s.add_particle({"bob", s.add_point(s.origin().locate_new("P", l * B.x())), m});
  s.set_gravity(g * N.x());
  return s;
}

// Géradin E1.10 in the plane: a bob at (x, y) on a rod of length l about the origin, y up,
// the rod as the holonomic constraint x² + y² − l² = 0.
inline model::System cartesian_pendulum(const std::string& name = "Cartesian pendulum") {
  model::System s(name);
  auto m = s.add_parameter("m", 1.0), l = s.add_parameter("l", 1.0), g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  s.add_particle({"bob", s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y())), m});
  s.set_gravity(-g * N.y());
  s.add_constraint({"rod", model::ConstraintLevel::Configuration, x * x + y * y - l * l, {}});
  return s;
}

// Greenwood Example 4.10 in q = (x, y, φ) with the knife edge as a velocity constraint (no
// declared speeds): particle 1 at (x, y) on the knife edge, particle 2 at l along the rod.
inline model::System dumbbell_in_coordinates() {
  model::System s("dumbbell with a knife edge, q = (x, y, phi)");
  auto m = s.add_parameter("m", 1.5), l = s.add_parameter("l", 0.8);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), ph = s.add_coordinate("phi");
  auto N = s.inertial_frame();
  auto R = s.add_frame(N.orient_new_axis("R", N.z(), ph));
  auto P1 = s.add_point(s.origin().locate_new("P1", x * N.x() + y * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", l * R.x()));
  s.add_particle({"particle 1", P1, m});
  s.add_particle({"particle 2", P2, m});
  s.add_constraint({"knife edge", model::ConstraintLevel::Velocity, P1.velocity_in(N).dot(R.y()), {}});
  return s;
}

// Kane's notes E34: a rod (mass M, length 2L, I = M L²/3) whose centre orbits a particle of mass
// m; gravity G m M_i / r_i on each half, modelled as two particles M/2 at ±L/√3 along the rod (the
// same mass and moment of inertia). With `prescribed_orbit` the centre is driven on the circular
// orbit R0, θ = Ω t with Ω = (G m / R0³)^½ and ψ (the rod's angle from the local vertical) is the
// only coordinate (a rheonomic system in moving axes); otherwise q = (R, θ, ψ) and θ is cyclic.
inline model::System orbiting_rod(bool prescribed_orbit) {
  model::System s(prescribed_orbit ? "rod on a prescribed circular orbit" : "rod orbiting a particle");
  auto M = s.add_parameter("M", 1.0), Gm = s.add_parameter("Gm", 1.0), L = s.add_parameter("L", 1e-3);
  auto R0 = s.add_parameter("R0", 1.0);
  ex R = R0, theta = sqrt(Gm / pow(R0, 3)) * sym::time();
  if (!prescribed_orbit) R = s.add_coordinate("R"), theta = s.add_coordinate("theta");
  auto psi = s.add_coordinate("psi");
  auto N = s.inertial_frame();
  auto O = s.add_frame(N.orient_new_axis("O", N.z(), theta));
  auto B = s.add_frame(O.orient_new_axis("B", O.z(), psi));
  auto C = s.add_point(s.origin().locate_new("C", R * O.x()));
  ex potential = 0;
  for (int side : {1, -1}) {
    auto P = s.add_point(C.locate_new(side > 0 ? "P1" : "P2", side * L / sqrt(ex(3)) * B.x()));
    s.add_particle({side > 0 ? "half 1" : "half 2", P, M / 2});
    potential -= Gm * (M / 2) / sqrt(R * R + L * L / 3 + side * 2 * R * L / sqrt(ex(3)) * cos(psi));
  }
  s.add_potential({"gravity of m", potential});
  return s;
}

}  // namespace adyn::seeds
