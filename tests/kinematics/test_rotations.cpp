// Properties of every orientation parameterization at random angles (issue 2, Kane's notes §1.5,
// Angeles §1.5): DCMs are proper orthogonal; ω from the addition-theorem formula equals ω from the
// definition ω = Σ (ḃ_j·b_k) b_i; quaternion ↔ DCM ↔ Euler round trips; the inverse maps invert
// the forward maps and report gimbal lock.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "adyn/error.hpp"
#include "adyn/kinematics/attitude.hpp"
#include "adyn/kinematics/reference_frame.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "test_support.hpp"

using namespace adyn;
using namespace adyn::kin;
using GiNaC::ex;

namespace {

struct Sequence {
  std::string digits;
  EulerConvention convention;
};

std::vector<Sequence> all_sequences() {
  std::vector<Sequence> out;
  for (auto conv : {EulerConvention::BodyFixed, EulerConvention::SpaceFixed})
    for (const char* s : {"121", "131", "212", "232", "313", "323", "123", "132", "213", "231", "312", "321"})
      out.push_back({s, conv});
  return out;
}

std::string label(const Sequence& s) {
  return (s.convention == EulerConvention::BodyFixed ? "body-fixed " : "space-fixed ") + s.digits;
}

bool symmetric(const std::string& digits) { return digits[0] == digits[2]; }

// Angles away from gimbal lock: middle angle in (0.2, π − 0.2) for symmetric sequences and
// (−π/2 + 0.2, π/2 − 0.2) for Tait–Bryan ones; outer angles in (−π, π).
Eigen::Vector3d random_angles(const std::string& digits, std::mt19937& rng) {
  std::uniform_real_distribution<double> outer(-M_PI + 1e-3, M_PI - 1e-3), mid(0.2, M_PI - 0.2);
  double b = mid(rng);
  return {outer(rng), symmetric(digits) ? b : b - M_PI / 2, outer(rng)};
}

struct EulerFrames {
  ReferenceFrame A{"A"}, B{"B"};
  std::array<GiNaC::symbol, 3> q{sym::dynamic_symbol("q1"), sym::dynamic_symbol("q2"),
                                 sym::dynamic_symbol("q3")};
  explicit EulerFrames(const Sequence& s) {
    if (s.convention == EulerConvention::BodyFixed) B.orient_body_fixed(A, s.digits, {q[0], q[1], q[2]});
    else B.orient_space_fixed(A, s.digits, {q[0], q[1], q[2]});
  }
  GiNaC::exmap state(const Eigen::Vector3d& angles, const Eigen::Vector3d& rates) const {
    GiNaC::exmap m;
    for (int i = 0; i < 3; ++i) {
      m[q[i]] = angles(i);
      m[sym::derivative_of(q[i])] = rates(i);
    }
    return m;
  }
};

Eigen::Vector3d components(const Vector& v, const ReferenceFrame& F, const GiNaC::exmap& values) {
  return sym::evaluate(v.components_in(F), values);
}

}  // namespace

TEST(Rotations, EverySequenceIsProperOrthogonalAndMatchesTheNumericMap) {
  std::mt19937 rng(7);
  for (const auto& s : all_sequences()) {
    EulerFrames f(s);
    for (int k = 0; k < 5; ++k) {
      Eigen::Vector3d th = random_angles(s.digits, rng);
      Eigen::Matrix3d C = sym::evaluate(f.A.dcm(f.B), f.state(th, Eigen::Vector3d::Zero()));
      EXPECT_LT((C.transpose() * C - Eigen::Matrix3d::Identity()).norm(), 1e-13) << label(s);
      EXPECT_NEAR(C.determinant(), 1.0, 1e-13) << label(s);
      EXPECT_LT((C - dcm_from_euler(s.digits, s.convention, th)).norm(), 1e-13) << label(s);
    }
  }
}

TEST(Rotations, AngularVelocityFromDefinitionEqualsAdditionTheoremForEverySequence) {
  std::mt19937 rng(11);
  std::normal_distribution<double> rate(0, 2);
  for (const auto& s : all_sequences()) {
    EulerFrames f(s);
    Vector by_formula = f.B.angular_velocity_in(f.A);
    Vector by_definition = angular_velocity_from_definition(f.B, f.A);
    for (int k = 0; k < 4; ++k) {
      auto values = f.state(random_angles(s.digits, rng), {rate(rng), rate(rng), rate(rng)});
      EXPECT_LT((components(by_formula, f.B, values) - components(by_definition, f.B, values)).norm(), 1e-12)
          << label(s);
    }
  }
}

TEST(Rotations, EulerRatesFromAngularVelocityInvertTheForwardMap) {
  std::mt19937 rng(13);
  std::normal_distribution<double> rate(0, 2);
  for (const auto& s : all_sequences()) {
    EulerFrames f(s);
    const Orientation& o = f.B.orientation();
    Mat w = o.angular_velocity();
    Mat rates = o.rates_from_angular_velocity(w);  // θ̇(ω(θ̇)) must be θ̇
    for (int k = 0; k < 3; ++k) {
      Eigen::Vector3d qd(rate(rng), rate(rng), rate(rng));
      auto values = f.state(random_angles(s.digits, rng), qd);
      EXPECT_LT((sym::evaluate(rates, values) - qd).norm(), 1e-10 * (1 + qd.norm())) << label(s);
      EXPECT_NO_THROW(o.check_regular(values, "B"));
    }
  }
}

TEST(Rotations, GimbalLockIsReportedByTheInverseMaps) {
  for (const auto& s : all_sequences()) {
    EulerFrames f(s);
    const double locked = symmetric(s.digits) ? 0.0 : M_PI / 2;
    auto values = f.state({0.3, locked, -0.7}, Eigen::Vector3d::Zero());
    try {
      f.B.orientation().check_regular(values, "B");
      ADD_FAILURE() << label(s) << ": gimbal lock not reported";
    } catch (const SingularityError& e) {
      EXPECT_NE(std::string(e.what()).find("frame 'B'"), std::string::npos) << e.what();
    }
    Eigen::Matrix3d C = dcm_from_euler(s.digits, s.convention, {0.3, locked, -0.7});
    try {
      euler_from_dcm(s.digits, s.convention, C);
      ADD_FAILURE() << label(s) << ": gimbal lock not reported by euler_from_dcm";
    } catch (const SingularityError& e) {
      EXPECT_NE(std::string(e.what()).find(s.digits), std::string::npos) << e.what();
    }
  }
}

TEST(Rotations, QuaternionDcmEulerRoundTrips) {
  std::mt19937 rng(17);
  std::normal_distribution<double> g(0, 1);
  for (int k = 0; k < 20; ++k) {
    Eigen::Vector4d e(g(rng), g(rng), g(rng), g(rng));
    e.normalize();
    if (e(0) < 0) e = -e;
    Eigen::Matrix3d C = dcm_from_quaternion(e);
    EXPECT_LT((quaternion_from_dcm(C) - e).norm(), 1e-12);
    for (const auto& s : all_sequences()) {
      Eigen::Vector3d th = euler_from_dcm(s.digits, s.convention, C);
      EXPECT_LT((dcm_from_euler(s.digits, s.convention, th) - C).norm(), 1e-12) << label(s);
      // The extracted angles are the canonical ones: back from a canonical triple exactly.
      Eigen::Vector3d canonical = random_angles(s.digits, rng);
      EXPECT_LT((euler_from_dcm(s.digits, s.convention, dcm_from_euler(s.digits, s.convention, canonical)) -
                 canonical).norm(), 1e-10) << label(s);
    }
    Eigen::Vector3d rho = rodrigues_from_dcm(C);
    EXPECT_LT((quaternion_from_rodrigues(rho) - e).norm(), 1e-12);
    EXPECT_LT((dcm_from_rodrigues(rho) - C).norm(), 1e-12);
  }
}

// Euler parameters and Rodrigues parameters: the symbolic orientation agrees with the numeric
// maps, and its ω formula (ω = 2 Gᵀ ė, resp. 2 (I − ρ×) ρ̇ / (1 + ρ·ρ)) with the definition.
TEST(Rotations, QuaternionAndRodriguesFramesAgreeWithDefinitionAndNumericMaps) {
  std::mt19937 rng(19);
  std::normal_distribution<double> g(0, 1);
  auto e = sym::dynamic_symbols("e", 4);
  auto r = sym::dynamic_symbols("rho", 3);
  ReferenceFrame A("A"), Q("Q"), R("R");
  Q.orient_quaternion(A, {e[0], e[1], e[2], e[3]});
  R.orient_rodrigues(A, {r[0], r[1], r[2]});
  Vector wq = Q.angular_velocity_in(A), wq_def = angular_velocity_from_definition(Q, A);
  Vector wr = R.angular_velocity_in(A), wr_def = angular_velocity_from_definition(R, A);
  for (int k = 0; k < 10; ++k) {
    Eigen::Vector4d ev(g(rng), g(rng), g(rng), g(rng)), ed(g(rng), g(rng), g(rng), g(rng));
    ev.normalize();
    ed -= ev.dot(ed) * ev;  // rates tangent to the unit sphere: d/dt (e·e) = 0
    GiNaC::exmap qv;
    for (int i = 0; i < 4; ++i) {
      qv[e[i]] = ev(i);
      qv[sym::derivative_of(e[i])] = ed(i);
    }
    EXPECT_LT((sym::evaluate(A.dcm(Q), qv) - dcm_from_quaternion(ev)).norm(), 1e-13);
    EXPECT_LT((components(wq, Q, qv) - components(wq_def, Q, qv)).norm(), 1e-12);
    Eigen::Vector4d back = sym::evaluate(Q.orientation().rates_from_angular_velocity(
                                             Q.orientation().angular_velocity()), qv);
    EXPECT_LT((back - ed).norm(), 1e-12);

    Eigen::Vector3d rv(g(rng), g(rng), g(rng)), rd(g(rng), g(rng), g(rng));
    GiNaC::exmap rvals;
    for (int i = 0; i < 3; ++i) {
      rvals[r[i]] = rv(i);
      rvals[sym::derivative_of(r[i])] = rd(i);
    }
    EXPECT_LT((sym::evaluate(A.dcm(R), rvals) - dcm_from_rodrigues(rv)).norm(), 1e-13);
    EXPECT_LT((components(wr, R, rvals) - components(wr_def, R, rvals)).norm(), 1e-12);
    Eigen::Vector3d rback = sym::evaluate(R.orientation().rates_from_angular_velocity(
                                              R.orientation().angular_velocity()), rvals);
    EXPECT_LT((rback - rd).norm(), 1e-12);
  }
}

// Transport theorem (Kane's notes §1.5): ^A d v/dt = ^B d v/dt + ^Aω^B × v for random v with
// components in B that depend on time.
TEST(Rotations, TransportTheoremForRandomVectors) {
  for (const auto& s : all_sequences()) {
    if (s.digits != "313" && s.digits != "123") continue;
    EulerFrames f(s);
    auto x = sym::dynamic_symbols("x", 3);
    Vector v(f.B, x[0] * f.q[1], x[1] + GiNaC::sin(f.q[0]), x[2] * x[0]);
    Vector lhs = v.dt(f.A);
    Vector rhs = v.dt(f.B) + f.B.angular_velocity_in(f.A).cross(v);
    EXPECT_TRUE(test::numerically_equal(lhs, rhs, f.A, 4)) << label(s);
  }
}

TEST(Rotations, ErrorsNameTheObject) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  ReferenceFrame A("A"), B("B"), C("C"), D("D");
  auto q = sym::dynamic_symbol("q");
  EXPECT_NE(message([&] { B.orient_body_fixed(A, "3-3-1", {q, q, q}); }).find("'3-3-1'"), std::string::npos);
  EXPECT_NE(message([&] { B.orient_space_fixed(A, "XYQ", {q, q, q}); }).find("'XYQ'"), std::string::npos);
  EXPECT_NE(message([&] { B.orient_axis(A, Vector(A, 0, 0, 0), q); }).find("axis"), std::string::npos);
  B.orient_axis(A, A.z(), q);
  C.orient_axis(B, B.x(), q);
  EXPECT_NE(message([&] { A.orient_axis(C, C.y(), q); }).find("'A'"), std::string::npos);  // cycle
  std::string disconnected = message([&] { (void)A.dcm(D); });
  EXPECT_NE(disconnected.find("'A'"), std::string::npos) << disconnected;
  EXPECT_NE(disconnected.find("'D'"), std::string::npos) << disconnected;
  EXPECT_NE(message([&] { (void)A.orientation(); }).find("'A'"), std::string::npos);
  EXPECT_NE(message([&] { (void)rodrigues_from_quaternion({0, 1, 0, 0}); }).find("180"), std::string::npos);
  Eigen::Matrix3d reflection = Eigen::Matrix3d::Identity();
  reflection(2, 2) = -1;
  EXPECT_NE(message([&] { (void)quaternion_from_dcm(reflection); }).find("reflection"), std::string::npos);
  EXPECT_NE(message([&] { (void)quaternion_from_dcm(2 * Eigen::Matrix3d::Identity()); }).find("|CᵀC − I| = "),
            std::string::npos);
  Mat twice_identity(3, 3, GiNaC::lst{2, 0, 0, 0, 2, 0, 0, 0, 2});
  EXPECT_NE(message([&] { D.orient_dcm(A, twice_identity); }).find("|CᵀC − I| = "), std::string::npos);
  EXPECT_NE(message([&] { (void)dcm_from_quaternion({1, 1, 0, 0}); }).find("unit norm"), std::string::npos);
}
