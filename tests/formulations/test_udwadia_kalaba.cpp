// The Udwadia–Kalaba equation (seed 002) with ideal and nonideal constraints: Examples 1–3 at the
// states of ../shared/research/seed-002.md, the matrix test G1 (non-diagonal M, redundant and
// inconsistent constraints), the ideal limit against Lagrange's multipliers, and the stick–slip rule.
#include <gtest/gtest.h>

#include <cmath>

#include "adyn/formulations/gibbs_appell.hpp"
#include "adyn/formulations/kane.hpp"
#include "adyn/formulations/lagrange.hpp"
#include "adyn/formulations/udwadia_kalaba.hpp"
#include "eom_support.hpp"
#include "seed_systems.hpp"
#include "test_support.hpp"

using namespace adyn;
using seeds::d;
using formulations::State;
using GiNaC::ex;

namespace {

void expect_vector(const Eigen::VectorXd& v, std::initializer_list<double> ref, double tol, const char* what) {
  ASSERT_EQ(v.size(), static_cast<Eigen::Index>(ref.size())) << what;
  Eigen::Index i = 0;
  for (double r : ref) EXPECT_TRUE(test::close(v(i++), r, tol)) << what << "[" << i - 1 << "]";
}

// Ex1: bead (mass m) on a straight wire inclined at θ, x horizontal, y up; Coulomb friction μ.
model::System bead_on_wire(double m, double theta, double mu) {
  model::System s("bead on an inclined wire");
  auto mm = s.add_parameter("m", m), th = s.add_parameter("theta", theta), g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  s.add_particle({"bead", s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y())), mm});
  s.set_gravity(-g * N.y());
  model::Constraint wire{"wire", model::ConstraintLevel::Configuration, y - x * GiNaC::tan(th), {}};
  wire.friction_coefficient = mu;
  s.add_constraint(wire);
  return s;
}

}  // namespace

// Udwadia & Kalaba Ex1, (33)–(37): golden rows of seed-002 (Q^c_ni = C, since C is along the wire).
TEST(UdwadiaKalaba_Ex1_InclinedWire, ThreeForcePartsAtTheGoldenStates) {
  struct Row {
    double m, theta, mu, xd;
    std::initializer_list<double> C, Qci, qdd;
  };
  const Row rows[] = {
      {2, M_PI / 6, 0.3, 1.5, {-4.4145, -2.5487127633376}, {-8.49570921112534, 14.715}, {-6.45510460556267, -3.7268563816688}},
      {2, M_PI / 6, 0.3, -0.7, {4.4145, 2.5487127633376}, {-8.49570921112534, 14.715}, {-2.04060460556267, -1.1781436183312}},
      {0.5, 0.4, 0.25, 2.0, {-1.04029330116848, -0.43982895323277}, {-1.75931581293108, 4.16117320467392},
       {-5.59921822819912, -2.36731149711769}}};
  for (const auto& r : rows) {
    auto s = bead_on_wire(r.m, r.theta, r.mu);
    auto uk = formulations::udwadia_kalaba(s);
    State x{0, Eigen::Vector2d(0, 0), Eigen::Vector2d(r.xd, r.xd * std::tan(r.theta))};
    auto f = formulations::udwadia_kalaba_forces(uk, x, s.parameter_values());
    expect_vector(f.applied, {0, -r.m * 9.81}, 1e-14, "Q");
    expect_vector(f.ideal, r.Qci, 1e-12, "Q^c_i");
    expect_vector(f.nonideal, r.C, 1e-12, "Q^c_ni");
    expect_vector(f.acceleration, r.qdd, 1e-12, "q''");
    EXPECT_FALSE(f.sticking);
  }
}

// Stick–slip at rest (the documented modelling choice): the bead sticks when tan θ ≤ μ and slides
// down with s̈ = −g (sin θ − μ cos θ) when tan θ > μ.
TEST(UdwadiaKalaba_Ex1_InclinedWire, StickSlipAtRest) {
  {
    auto s = bead_on_wire(2, 0.2, 0.3);  // tan 0.2 = 0.203 < 0.3: sticks
    auto f = formulations::udwadia_kalaba_forces(formulations::udwadia_kalaba(s),
                                                 State{0, Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0)}, s.parameter_values());
    EXPECT_TRUE(f.sticking);
    EXPECT_LT(f.acceleration.norm(), 1e-15);
    EXPECT_LT((f.applied + f.ideal + f.nonideal).norm(), 1e-12);  // friction holds the bead
    EXPECT_LE(f.nonideal.norm(), 0.3 * f.ideal.norm() + 1e-12);
  }
  {
    const double th = M_PI / 6, mu = 0.3;  // tan 30° = 0.577 > 0.3: slides
    auto s = bead_on_wire(2, th, mu);
    auto f = formulations::udwadia_kalaba_forces(formulations::udwadia_kalaba(s),
                                                 State{0, Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0)}, s.parameter_values());
    EXPECT_FALSE(f.sticking);
    double sdd = f.acceleration(0) * std::cos(th) + f.acceleration(1) * std::sin(th);
    EXPECT_TRUE(test::close(sdd, -9.81 * (std::sin(th) - mu * std::cos(th)), 1e-12));
  }
}

namespace {

// Ex2: unit mass on a vertical ring of radius R, y up, Coulomb friction μ (general form (42)).
model::System ring(double R, double mu) {
  model::System s("mass on a vertical ring");
  auto Rs = s.add_parameter("R", R), g = s.add_parameter("g", 9.81);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y");
  auto N = s.inertial_frame();
  s.add_particle({"mass", s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y())), 1});
  s.set_gravity(-g * N.y());
  model::Constraint c{"ring", model::ConstraintLevel::Configuration, x * x + y * y - Rs * Rs, {}};
  c.friction_coefficient = mu;
  s.add_constraint(c);
  return s;
}

}  // namespace

// Udwadia & Kalaba Ex2, (40)–(45), golden states A–D of seed-002 (D, at the bottom, is where the
// printed sgn form fails; the general form (42) is used).
TEST(UdwadiaKalaba_Ex2_Ring, ThreeForcePartsAtTheGoldenStates) {
  struct Row {
    double R, mu, beta, speed;
    std::initializer_list<double> Qci, Qcni, qdd;
  };
  const Row rows[] = {
      {2, 0.2, -M_PI / 3, 3, {-6.49785460556267, 11.25461431703}, {-2.25092286340599, -1.29957092111253},
       {-8.74877746896867, 0.14504339591744}},
      {2, 0.2, 2.5, -1.5, {-3.80223699973239, 2.84035581818592}, {-0.568071163637185, -0.760447399946479},
       {-4.37030816336958, -7.73009158176055}},
      {1.5, 0.1, 0.3, 6, {-20.1585044070119, -6.23575615100412}, {0.623575615100412, -2.01585044070119},
       {-19.5349287919115, -18.0616065917053}},
      {2, 0.2, -M_PI / 2, 4, {0, 17.81}, {-3.562, 0}, {-3.562, 8}}};
  for (const auto& r : rows) {
    auto s = ring(r.R, r.mu);
    auto uk = formulations::udwadia_kalaba(s);
    State x{0, Eigen::Vector2d(r.R * std::cos(r.beta), r.R * std::sin(r.beta)),
            Eigen::Vector2d(-r.speed * std::sin(r.beta), r.speed * std::cos(r.beta))};
    auto f = formulations::udwadia_kalaba_forces(uk, x, s.parameter_values());
    expect_vector(f.ideal, r.Qci, 1e-12, "Q^c_i");
    expect_vector(f.nonideal, r.Qcni, 1e-12, "Q^c_ni");
    expect_vector(f.acceleration, r.qdd, 1e-12, "q''");
  }
}

namespace {

// Ex3: unit mass, forces (f_x, f_y, f_z), nonholonomic ẏ = z ẋ with the drag law C = −a₀ |V| V.
model::System drag_constraint(double a0, double fx, double fy, double fz) {
  model::System s("unit mass with y' = z x'");
  auto a = s.add_parameter("a0", a0);
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z");
  auto N = s.inertial_frame();
  auto P = s.add_point(s.origin().locate_new("P", x * N.x() + y * N.y() + z * N.z()));
  s.add_particle({"mass", P, 1});
  s.add_force({"f", P, kin::Vector(N, fx, fy, fz)});
  ex speed = GiNaC::sqrt(d(x) * d(x) + d(y) * d(y) + d(z) * d(z));
  s.add_constraint({"y' = z x'", model::ConstraintLevel::Velocity, d(y) - z * d(x),
                    {-a * speed * d(x), -a * speed * d(y), -a * speed * d(z)}});
  return s;
}

}  // namespace

// Udwadia & Kalaba Ex3, (50)–(52), golden rows A, B and the inconsistent state C* (which tests the
// formula (28), not the physics: there Q^c_ni ≠ C).
TEST(UdwadiaKalaba_Ex3_NonholonomicDrag, ThreeForcePartsAtTheGoldenStates) {
  struct Row {
    double a0, f[3], q[3], qd[3];
    std::initializer_list<double> Qci, Qcni, qdd;
  };
  const Row rows[] = {
      {0.5, {1, -2, 0.5}, {0, 0, 0.5}, {1.2, 0.6, -0.8}, {-0.616, 1.232, 0},
       {-0.937229961108799, -0.468614980554399, 0.624819974072532}, {-0.553229961108799, -1.2366149805544, 1.12481997407253}},
      {0.2, {0, 0, -9.81}, {1, 2, -1.5}, {0.4, -0.6, 2.0}, {0.369230769230769, 0.246153846153846, 0},
       {-0.170082333003754, 0.255123499505632, -0.850411665018772}, {0.199148436227015, 0.501277345659478, -10.6604116650188}},
      {0.5, {1, -2, 0.5}, {0, 0, 0.5}, {1.2, 0.3, -0.8}, {-0.616, 1.232, 0},
       {-0.795469672583437, -0.397734836291718, 0.589236794506249}, {-0.411469672583437, -1.16573483629172, 1.08923679450625}}};
  for (const auto& r : rows) {
    auto s = drag_constraint(r.a0, r.f[0], r.f[1], r.f[2]);
    auto uk = formulations::udwadia_kalaba(s);
    State x{0, Eigen::Vector3d(r.q[0], r.q[1], r.q[2]), Eigen::Vector3d(r.qd[0], r.qd[1], r.qd[2])};
    auto f = formulations::udwadia_kalaba_forces(uk, x, s.parameter_values());
    expect_vector(f.ideal, r.Qci, 1e-12, "Q^c_i");
    expect_vector(f.nonideal, r.Qcni, 1e-12, "Q^c_ni");
    expect_vector(f.acceleration, r.qdd, 1e-12, "q''");
  }
}

// Seed-002 G1: M = [[4,1,0],[1,3,1],[0,1,2]], Q = (1, −2, 1/2), C = (3/10, −1/10, 1/5). Ideal and
// nonideal, with a redundant consistent third row (same answer: the pseudo-inverse handles it) and
// an inconsistent one (reported, not silently least-squared).
TEST(UdwadiaKalaba_G1_MatrixTest, RedundantAndInconsistentConstraints) {
  Eigen::Matrix3d M;
  M << 4, 1, 0, 1, 3, 1, 0, 1, 2;
  Eigen::Vector3d Q(1, -2, 0.5), C(0.3, -0.1, 0.2);
  Eigen::MatrixXd A(2, 3), A3(3, 3);
  A << 1, 1, 0, 0, 1, 1;
  A3 << 1, 1, 0, 0, 1, 1, 1, 2, 1;
  Eigen::Vector2d b(1, 0.5);
  Eigen::Vector3d b3(1, 0.5, 1.5);
  for (const auto& [AA, bb] : {std::pair<Eigen::MatrixXd, Eigen::VectorXd>{A, b}, {A3, b3}}) {
    auto Qci = linalg::ideal_constraint_force(M, Q, AA, bb);
    auto Qcni = linalg::nonideal_constraint_force(M, AA, C);
    expect_vector(Qci, {3, 3.5, 0.5}, 1e-13, "Q^c_i");
    expect_vector(Qcni, {9.0 / 25, -3.0 / 25, 3.0 / 25}, 1e-13, "Q^c_ni");
    Eigen::Vector3d qdd = M.ldlt().solve(Q + Qci + Qcni);
    expect_vector(qdd, {28.0 / 25, -3.0 / 25, 31.0 / 50}, 1e-13, "q''");
    Eigen::Vector3d qdd_ideal = M.ldlt().solve(Q + Qci);
    expect_vector(qdd_ideal, {1, 0, 0.5}, 1e-13, "ideal q''");
  }
  // Through a system: the same redundant-inconsistent data give an error naming the constraints.
  model::System s("G1");
  auto q = sym::dynamic_symbols("q", 3);
  for (const auto& qi : q) s.add_coordinate(qi.get_name());
  const auto& c = s.coordinates();
  s.add_constraint({"r1", model::ConstraintLevel::Velocity, d(c[0]) + d(c[1]) - sym::time(), {}});
  s.add_constraint({"r2", model::ConstraintLevel::Velocity, d(c[1]) + d(c[2]) - sym::time() / 2, {}});
  s.add_constraint({"r3", model::ConstraintLevel::Velocity, d(c[0]) + 2 * d(c[1]) + d(c[2]) - 2 * sym::time(), {}});
  auto N = s.inertial_frame();
  s.add_particle({"p", s.add_point(s.origin().locate_new("P", c[0] * N.x() + c[1] * N.y() + c[2] * N.z())), 1});
  auto uk = formulations::udwadia_kalaba(s);
  auto message = test::thrown_message<ModelError>(
      [&] { formulations::udwadia_kalaba_forces(uk, State{0, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()}, {}); });
  EXPECT_NE(message.find("inconsistent"), std::string::npos) << message;
  EXPECT_NE(message.find("'r3'"), std::string::npos) << message;
}

// The ideal limit (C = 0) equals Lagrange's multipliers, Kane and Gibbs–Appell (seed-002 G2:
// Greenwood 4.10 golden q̈ and Q^c_i), and a redundant copy of the constraint changes nothing.
TEST(UdwadiaKalaba_G2_IdealLimit, AgreesWithLagrangeKaneGibbsAppell) {
  auto s = seeds::dumbbell_in_coordinates();
  auto uk = formulations::udwadia_kalaba(s);
  State st{0, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector3d(2 * std::cos(0.3), 2 * std::sin(0.3), 0.5)};
  auto f = formulations::udwadia_kalaba_forces(uk, st, s.parameter_values());
  expect_vector(f.acceleration, {-0.199986557748779, 0.984888509791740, -1.25}, 1e-12, "q''");
  expect_vector(f.ideal, {-0.443280309992009, 1.43300473368841, 0}, 1e-12, "Q^c_i");
  EXPECT_LT(f.nonideal.norm(), 1e-15);
  test::expect_same_accelerations(
      s, {uk, formulations::lagrange(s), formulations::kane(s), formulations::gibbs_appell(s)});
  s.add_constraint({"knife edge again", model::ConstraintLevel::Velocity, 2 * s.constraints()[0].expression, {}});
  auto redundant = formulations::udwadia_kalaba_forces(formulations::udwadia_kalaba(s), st, s.parameter_values());
  EXPECT_LT((redundant.acceleration - f.acceleration).norm(), 1e-12);
}

// A nonideal force with the wrong number of entries is rejected, naming the constraint.
TEST(UdwadiaKalaba, NonidealForceOfTheWrongSize) {
  model::System s("bead");
  auto x = s.add_coordinate("x");
  s.add_coordinate("y");
  auto message = test::thrown_message<ModelError>(
      [&] { s.add_constraint({"wire", model::ConstraintLevel::Configuration, x, {d(x)}}); });
  EXPECT_NE(message.find("constraint 'wire'"), std::string::npos) << message;
  EXPECT_NE(message.find("one entry per coordinate"), std::string::npos) << message;
}
