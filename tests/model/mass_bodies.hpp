#pragma once
// The bodies the mass-property tests share (test_mass_properties.cpp, test_inertia_forces.cpp): a
// frame in general motion, a rigid body with symbolic mass and inertia on it, and a rigid cluster of
// point masses whose inertia is summed here by the definition — the independent "exact" body.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "adyn/kinematics/dyadic.hpp"
#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/model/dynamical_quantities.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/model/particle.hpp"
#include "adyn/model/rigid_body.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::test {

using GiNaC::ex;
using kin::Dyadic;
using kin::Mat;
using kin::Point;
using kin::ReferenceFrame;
using kin::Vector;

/// a − b expands (or normalizes) to 0.
inline ::testing::AssertionResult symbolically_equal(const ex& a, const ex& b) {
  ex d = (a - b).expand();
  if (d.is_zero() || d.normal().is_zero()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << a << " vs " << b << " (difference " << d << ")";
}

/// The inertia dyadic of a point mass m at ρ about the origin of ρ, by the definition
/// m[(ρ·ρ)U − ρρ] written out in F components (independent of model/inertia.cpp).
inline Dyadic point_mass_inertia(const ReferenceFrame& F, const ex& m, const Vector& rho) {
  Mat c = rho.components_in(F);
  ex rr = c(0, 0) * c(0, 0) + c(1, 0) * c(1, 0) + c(2, 0) * c(2, 0);
  Mat I(3, 3);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) I(i, j) = m * ((i == j ? rr : ex(0)) - c(i, 0) * c(j, 0));
  return Dyadic(F, I);
}

/// A body frame B with six-parameter motion reduced to five coordinates: B oriented in N by
/// body-fixed 1-2-3 angles q1..q3, its reference point P at x n1 + y n2 from O fixed in N. The
/// generalized speeds are u_r = q̇_r, so u̇_r = q̈_r.
struct MovingFrame {
  std::vector<GiNaC::symbol> q = sym::dynamic_symbols("q", 3);
  GiNaC::symbol x = sym::dynamic_symbol("x"), y = sym::dynamic_symbol("y");
  std::vector<GiNaC::symbol> coords{q[0], q[1], q[2], x, y};
  std::vector<GiNaC::symbol> u = sym::derivatives_of(coords, 1);
  std::vector<GiNaC::symbol> udot = sym::derivatives_of(coords, 2);
  ReferenceFrame N{"N"};
  ReferenceFrame B = N.orient_new_body_fixed("B", "123", {q[0], q[1], q[2]});
  Point O{"O"};
  Point P = O.locate_new("P", x * N.x() + y * N.y());

  MovingFrame() { O.fix_in(N); }
  Vector omega() const { return B.angular_velocity_in(N); }
  Vector alpha() const { return B.angular_acceleration_in(N); }
};

/// A rigid body with symbolic mass and a general symbolic central inertia (products included),
/// its mass centre G at a general offset c from P (so v* couples translation and rotation).
struct SymbolicBody : MovingFrame {
  GiNaC::symbol m = sym::parameter("m");
  GiNaC::symbol Ixx = sym::parameter("Ixx"), Iyy = sym::parameter("Iyy"), Izz = sym::parameter("Izz");
  GiNaC::symbol Ixy = sym::parameter("Ixy"), Iyz = sym::parameter("Iyz"), Izx = sym::parameter("Izx");
  GiNaC::symbol c1 = sym::parameter("c1"), c2 = sym::parameter("c2"), c3 = sym::parameter("c3");
  Point G = P.locate_new("G", c1 * B.x() + c2 * B.y() + c3 * B.z());
  Dyadic I = model::inertia_dyadic(B, Ixx, Iyy, Izz, Ixy, Iyz, Izx);
  model::RigidBody body{"B", G, B, m, I};
};

/// Four point masses (exact masses 1, 2, 3/2, 5/2) fixed in B at general symbolic positions
/// r_k = a_k b1 + b_k b2 + c_k b3 from P, and the equivalent rigid body: mass centre and central
/// inertia summed from the particles by the definitions.
struct RigidCluster : MovingFrame {
  std::vector<ex> masses{GiNaC::numeric(1), GiNaC::numeric(2), GiNaC::numeric(3, 2), GiNaC::numeric(5, 2)};
  std::vector<Vector> r;     // from P, fixed in B
  std::vector<Point> points;
  std::vector<model::Particle> particles;
  ex M = 0;
  Vector rG;                 // from P to the mass centre
  Point G{"G"};
  Dyadic central;
  std::optional<model::RigidBody> body;

  RigidCluster() {
    for (std::size_t k = 0; k < masses.size(); ++k) {
      std::string idx = std::to_string(k + 1);
      auto a = sym::parameter("a" + idx), b = sym::parameter("b" + idx), c = sym::parameter("c" + idx);
      r.push_back(a * B.x() + b * B.y() + c * B.z());
      points.push_back(P.locate_new("P" + idx, r.back()));
      particles.emplace_back("p" + idx, points.back(), masses[k]);
      M += masses[k];
    }
    for (std::size_t k = 0; k < masses.size(); ++k) rG += (masses[k] / M) * r[k];
    G.set_position(P, rG);
    for (std::size_t k = 0; k < masses.size(); ++k) central += point_mass_inertia(B, masses[k], r[k] - rG);
    body.emplace("cluster", G, B, M, central);
  }
  /// Σ ½ m_k a_k·a_k, the exact acceleration energy of the particles.
  ex particle_acceleration_energy() const {
    ex S = 0;
    for (const auto& p : particles) S += model::acceleration_energy(p, N);
    return S;
  }
};

/// Kane's closed form F_r* = v_r^{B*}·(−m a*) + ω_r·(−I·α − ω × I·ω), written out here.
inline std::vector<ex> kane_generalized_inertia_forces(const MovingFrame& s, const Point& G, const ex& m, const Dyadic& I) {
  Vector w = s.omega(), al = s.alpha();
  Vector Rstar = -m * G.acceleration_in(s.N);
  Vector Tstar = -(I.dot(al) + w.cross(I.dot(w)));
  auto vr = partial_velocities(G.velocity_in(s.N), s.u, "v*");
  auto wr = partial_velocities(w, s.u, "omega");
  std::vector<ex> F;
  for (std::size_t r = 0; r < s.u.size(); ++r) F.push_back(vr[r].dot(Rstar) + wr[r].dot(Tstar));
  return F;
}


}  // namespace adyn::test
