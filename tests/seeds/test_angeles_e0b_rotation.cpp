// The ZYZ Euler-angle rotation matrix from Angeles (seed-000, E0b): the printed Q, its angular
// velocity and angular acceleration matrices.
//
// Line numbers (L…) refer to the lines of the seed texts (the OCR of Kane's notes and of Angeles
// 1983) where the example is printed. "Brute force" means differentiating components in the
// derivative's own frame (frame_checks.hpp).
#include <gtest/gtest.h>

#include "adyn/kinematics/partial_velocity.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/trig_simplify.hpp"
#include "frame_checks.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using namespace adyn::test::frames;
using adyn::test::numerically_equal;
using GiNaC::cos;
using GiNaC::ex;
using GiNaC::sin;

// ---- Angeles E0b: the ZYZ Euler-angle rotation matrix -------------------------------------------

namespace {

struct ZYZ {
  GiNaC::symbol phi = sym::dynamic_symbol("phi"), theta = sym::dynamic_symbol("theta");
  GiNaC::symbol psi = sym::dynamic_symbol("psi");
  std::vector<GiNaC::symbol> q{phi, theta, psi};
  ReferenceFrame A{"A"};
  ReferenceFrame B = A.orient_new_body_fixed("B", "ZYZ", {phi, theta, psi});
  // Q as printed (seed-000.md §1.5 "ZYZ Euler angles, Fig. 1.5.2"; OCR cleaned there).
  Mat Q() const {
    ex cf = cos(phi), sf = sin(phi), ct = cos(theta), st = sin(theta), cp = cos(psi), sp = sin(psi);
    return Mat(3, 3, GiNaC::lst{ct * cf * cp - sf * sp, -ct * cf * sp - sf * cp, st * cf,  //
                                ct * sf * cp + cf * sp, -ct * sf * sp + cf * cp, st * sf,  //
                                -st * cp, st * sp, ct});
  }
};

// ω_i = ½ ε_ijk Ω_kj.
Mat vect_by_epsilon(const Mat& W) {
  Mat w(3, 1);
  for (unsigned i = 0; i < 3; ++i) {
    ex sum = 0;
    for (unsigned j = 0; j < 3; ++j)
      for (unsigned k = 0; k < 3; ++k) {
        int eps = (i == j || j == k || i == k) ? 0 : ((j == (i + 1) % 3) ? 1 : -1);
        if (eps != 0) sum += eps * W(k, j);
      }
    w(i, 0) = sum / 2;
  }
  return w;
}

}  // namespace

// Angeles E0b (seed-000 L250–275; seed-000.md "### E0b" and §1.5): the printed Q equals
// Rz(φ) Ry(θ) Rz(ψ) [V], the library's body-fixed ZYZ ^A C ^B; Q is proper orthogonal.
TEST(Angeles_E0b_ZYZRotation, RotationMatrix) {
  ZYZ s;
  Mat Q = s.Q();
  EXPECT_TRUE(trig_equal(s.A.dcm(s.B), Q));
  Mat product = elementary_rotation(2, s.phi).mul(elementary_rotation(1, s.theta)).mul(elementary_rotation(2, s.psi));
  EXPECT_TRUE(trig_equal(product, Q));
  EXPECT_TRUE(trig_equal(Q.transpose().mul(Q), identity3()));
  EXPECT_TRUE(trig_equal(Q.mul(Q.transpose()), identity3()));
  EXPECT_TRUE(trig_equal(Q.determinant(), 1));
  // Columns of Q are B's basis in A: the body z axis is (sθcφ, sθsφ, cθ).
  EXPECT_TRUE(trig_equal(s.B.z().components_in(s.A), column(sin(s.theta) * cos(s.phi),
                                                            sin(s.theta) * sin(s.phi), cos(s.theta))));
}

// Angeles E0b, (1.5.3)–(1.5.6) and (1.5.10) (seed-000 L255–320): Ω = Q̇ Qᵀ is skew, ω = vect(Ω)
// (ω_i = ½ ε_ijk Ω_kj) is ^Aω^B in A components, which equals the definition route;
// ∂Ω/∂q̇ = (∂Q/∂q) Qᵀ, and vect of each slice is the partial angular velocity ∂ω/∂q̇_k.
TEST(Angeles_E0b_ZYZRotation, AngularVelocityMatrixAndPartials) {
  ZYZ s;
  Mat Q = s.Q(), Qd = sym::time_derivative(Q);
  Mat Omega = Qd.mul(Q.transpose());
  EXPECT_TRUE(trig_equal(Omega.add(Omega.transpose()), Mat(3, 3)));
  Mat w = vect_by_epsilon(Omega);
  EXPECT_TRUE(trig_equal(w, vect(Omega)));
  Vector omega = s.B.angular_velocity_in(s.A);
  EXPECT_TRUE(trig_equal(omega.components_in(s.A), w));
  EXPECT_TRUE(trig_equal(angular_velocity_from_definition(s.B, s.A), omega, s.A));
  EXPECT_TRUE(numerically_equal(angular_velocity_from_definition(s.B, s.A), omega, s.A));

  auto qd = sym::derivatives_of(s.q);
  auto partials = partial_velocities(omega, qd, "angular velocity");
  for (unsigned k = 0; k < 3; ++k) {
    Mat dQ = sym::map_entries(Q, [&](const ex& e) { return e.diff(s.q[k]); });
    Mat slice = dQ.mul(Q.transpose());                                             // (1.5.6)
    Mat dOmega = sym::map_entries(Omega, [&](const ex& e) { return e.diff(qd[k]); });
    EXPECT_TRUE(trig_equal(dOmega, slice)) << "k = " << k;
    EXPECT_TRUE(trig_equal(partials[k].components_in(s.A), vect(slice))) << "k = " << k;
  }
  // Known partials: ω = φ̇ a3 + θ̇ (Rz(φ) e2) + ψ̇ b3.
  EXPECT_TRUE(trig_equal(partials[0].components_in(s.A), column(0, 0, 1)));
  EXPECT_TRUE(trig_equal(partials[1].components_in(s.A), column(-sin(s.phi), cos(s.phi), 0)));
  EXPECT_TRUE(trig_equal(partials[2].components_in(s.A), Q.mul(column(0, 0, 1))));
}

// Angeles E0b (seed-000.md "### E0b", tests): the angular-acceleration matrix Q̈ Qᵀ = Ω̇ + Ω²,
// with vect(Ω̇) = ^Aα^B in A components.
TEST(Angeles_E0b_ZYZRotation, AngularAccelerationMatrix) {
  ZYZ s;
  Mat Q = s.Q(), Qd = sym::time_derivative(Q), Qdd = sym::time_derivative(Qd);
  Mat Omega = Qd.mul(Q.transpose());
  Mat Omega_d = sym::time_derivative(Omega);
  EXPECT_TRUE(trig_equal(Qdd.mul(Q.transpose()), Omega_d.add(Omega.mul(Omega))));
  EXPECT_TRUE(trig_equal(s.B.angular_acceleration_in(s.A).components_in(s.A), vect(Omega_d)));
  EXPECT_TRUE(numerically_equal(s.B.angular_acceleration_in(s.A).components_in(s.A), vect(Omega_d)));
}
