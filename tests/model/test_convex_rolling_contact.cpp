// Rolling of a convex body on a plane (model/convex_rolling_contact.hpp): the contact point of an
// ellipsoid and of a paraboloid cap checked against the geometry it must have (on the surface,
// outward normal along −n̂, the lowest point), the rows added and their classification, bad sizes
// named; and the rattleback of Kane & Levinson (1982) (examples/kane_levinson_1982_rattleback.yaml):
// its accelerations at the start by three formulations against the Newton–Euler equations of
// tests/numeric/references/kane_levinson_1982_rattleback.py.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "adyn/analysis/constraint_classification.hpp"
#include "adyn/application/initial_state.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/model_file.hpp"
#include "adyn/model/convex_rolling_contact.hpp"
#include "adyn/model/system.hpp"
#include "test_support.hpp"

using namespace adyn;

namespace {

// A body B on the plane z = 0, its surface centred at E = (x, y, z), turned by yaw, roll, pitch
// (the rattleback example's frames).
struct TiltedBody {
  model::System s{"tilted body"};
  GiNaC::symbol x = s.add_coordinate("x"), y = s.add_coordinate("y"), z = s.add_coordinate("z");
  GiNaC::symbol yaw = s.add_coordinate("yaw"), roll = s.add_coordinate("roll"), pitch = s.add_coordinate("pitch");
  kin::ReferenceFrame B = body_frame();
  kin::Point E = s.add_point(s.origin().locate_new("E", x * s.inertial_frame().x() + y * s.inertial_frame().y() +
                                                            z * s.inertial_frame().z()));

  kin::ReferenceFrame body_frame() {
    const auto N = s.inertial_frame();
    const auto Y = s.add_frame(N.orient_new_axis("Y", N.z(), yaw));
    const auto L = s.add_frame(Y.orient_new_axis("L", Y.x(), roll));
    return s.add_frame(L.orient_new_axis("B", L.y(), pitch));
  }

  model::ConvexRollingContact contact(model::ConvexSurface surface, std::array<GiNaC::ex, 3> size) const {
    return {"shell", B, E, surface, size, s.inertial_frame(), s.inertial_frame().z(), s.origin()};
  }

  // n̂ = N.z and r^{P/E} in B at the angles.
  std::pair<Eigen::Vector3d, Eigen::Vector3d> at(const model::ConvexRollingContact& c, double r, double p) const {
    const GiNaC::exmap angles{{yaw, 0.4}, {roll, r}, {pitch, p}};
    return {sym::evaluate(s.inertial_frame().z().components_in(B), angles),
            sym::evaluate(model::convex_contact_point(c).components_in(B), angles)};
  }
};

}  // namespace

// r^{P/E} = −A n/√(nᵀAn): on the ellipsoid, its outward normal A⁻¹r along −n̂, and no point of
// the ellipsoid (sampled) lower along n̂.
TEST(ConvexRollingContact, EllipsoidContactIsTheLowestPoint) {
  const TiltedBody body;
  const Eigen::Vector3d axes(0.2, 0.03, 0.02);
  const auto c = body.contact(model::ConvexSurface::Ellipsoid, {axes(0), axes(1), axes(2)});
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> angle(-1.2, 1.2), unit(-1, 1);
  for (int k = 0; k < 5; ++k) {
    const auto [n, r] = body.at(c, angle(rng), angle(rng));
    EXPECT_NEAR(r.cwiseQuotient(axes).squaredNorm(), 1, 1e-14);
    const Eigen::Vector3d normal = r.cwiseQuotient(axes.cwiseProduct(axes));
    EXPECT_LT(normal.normalized().cross(n).norm(), 1e-14);
    EXPECT_LT(normal.dot(n), 0);
    for (int j = 0; j < 2000; ++j) {
      const Eigen::Vector3d s = Eigen::Vector3d(unit(rng), unit(rng), unit(rng)).normalized().cwiseProduct(axes);
      EXPECT_GE(s.dot(n), r.dot(n) - 1e-15) << "a lower point of the ellipsoid";
    }
  }
}

// A sphere (a = b = c = ρ) touches at −ρ n̂.
TEST(ConvexRollingContact, SphereTouchesAtRadiusAlongTheNormal) {
  const TiltedBody body;
  const GiNaC::ex rho = 0.37;
  const auto c = body.contact(model::ConvexSurface::Ellipsoid, {rho, rho, rho});
  EXPECT_TRUE(test::numerically_equal(model::convex_contact_point(c), -rho * body.s.inertial_frame().z(), body.B));
}

// z = x²/(2ρ1) + y²/(2ρ2) about the vertex: the contact is on it, with outward normal
// (x/ρ1, y/ρ2, −1) along −n̂, while the cap faces the plane (n̂·b̂3 > 0).
TEST(ConvexRollingContact, ParaboloidContactIsOnTheCapWithNormalAgainstThePlane) {
  const TiltedBody body;
  const double rho1 = 2.0, rho2 = 0.045;
  const auto c = body.contact(model::ConvexSurface::Paraboloid, {rho1, rho2, 0});
  for (const auto& [roll, pitch] : {std::pair{0.3, -0.2}, {-0.7, 0.5}, {0.05, 0.9}}) {
    const auto [n, r] = body.at(c, roll, pitch);
    ASSERT_GT(n(2), 0);
    EXPECT_NEAR(r(2), r(0) * r(0) / (2 * rho1) + r(1) * r(1) / (2 * rho2), 1e-14);
    const Eigen::Vector3d normal(r(0) / rho1, r(1) / rho2, -1);
    EXPECT_LT(normal.normalized().cross(n).norm(), 1e-14);
    EXPECT_LT(normal.dot(n), 0);
  }
}

// The height row, written with the contact's depth, is the contact point's height
// (r^{E/O} + r^{P/E})·n̂, for both surfaces.
TEST(ConvexRollingContact, HeightIsTheContactPointsHeight) {
  const TiltedBody body;
  const auto n = body.s.inertial_frame().z();
  for (const auto surface : {model::ConvexSurface::Ellipsoid, model::ConvexSurface::Paraboloid}) {
    const auto c = body.contact(surface, {0.2, 0.03, 0.02});
    const auto k = model::contact_kinematics(c);
    const GiNaC::ex point_height = (body.E.position_from(body.s.origin()) + k.contact_from_center).dot(n);
    EXPECT_TRUE(test::numerically_equal(k.height, point_height)) << model::convex_surface_name(surface);
  }
}

// The rows: two no-slip rows (nonholonomic) and the height z − √(nᵀAn) (holonomic), c at rest.
TEST(ConvexRollingContact, RowsAndTheirClassification) {
  TiltedBody body;
  const auto names = model::add_rolling_contact(body.s, body.contact(model::ConvexSurface::Ellipsoid, {0.2, 0.03, 0.02}));
  EXPECT_EQ(names, (std::vector<std::string>{"shell no-slip 1", "shell no-slip 2", "shell height"}));
  const auto& height = body.s.constraints()[2];
  EXPECT_EQ(height.level, model::ConstraintLevel::Configuration);
  EXPECT_NEAR(sym::evaluate(height.expression, {{body.z, 0.5}, {body.roll, 0}, {body.pitch, 0}}), 0.5 - 0.02, 1e-15);
  EXPECT_EQ(body.s.convex_rolling_contacts().size(), 1u);
  const auto c = analysis::classify_constraints(body.s);
  ASSERT_EQ(c.constraints.size(), 3u);
  EXPECT_FALSE(c.constraints[0].holonomic);
  EXPECT_FALSE(c.constraints[1].holonomic);
  EXPECT_TRUE(c.constraints[2].holonomic);
  EXPECT_EQ(c.velocity_dof, 3);
}

TEST(ConvexRollingContact, BadSizesAreNamed) {
  TiltedBody body;
  const auto k = body.s.add_parameter("k", -1.0);
  EXPECT_EQ(test::thrown_message<ModelError>([&] {
              model::add_rolling_contact(body.s, body.contact(model::ConvexSurface::Ellipsoid, {0.2, 0, 0.02}));
            }),
            "rolling contact 'shell': needs the semi-axis b");
  EXPECT_EQ(test::thrown_message<ModelError>([&] {
              model::add_rolling_contact(body.s, body.contact(model::ConvexSurface::Paraboloid, {1, k, 0}));
            }),
            "rolling contact 'shell': the radius of curvature rho2 must be positive, got -1");
  EXPECT_TRUE(body.s.constraints().empty());
}

// Kane & Levinson's start (roll = pitch = 0.5°, ω = −5 b̂3): q̈ by Lagrange's, Kane's and
// Gibbs–Appell's equations equals the Newton–Euler equations' (the reference script's "start",
// printed to 12 digits; they agree to those, within 3e-12 of each value).
TEST(KaneLevinson1982_Rattleback, AccelerationsAtTheStartAgreeWithNewtonEuler) {
  const auto doc = io::read_model_document(test::example("kane_levinson_1982_rattleback.yaml"));
  const auto x = application::initial_state_of(doc).state;
  const double q[6] = {0, 0, 0.0200761919314, 0, 0.00872664625997, 0.00872664625997};
  const double q_d[6] = {0.00195594436525, 0.0869276995725, 0.000741536623672, -5, -0.0436326774919, 0.0436326774919};
  const double q_dd[6] = {-1.32199851659, 0.404985920158, -1.49739501654, 4.53794798657, -2.62234673193, -87.1886487476};
  for (int i = 0; i < 6; ++i) {
    EXPECT_NEAR(x.q(i), q[i], 1e-12) << doc.system.coordinates()[static_cast<std::size_t>(i)];
    EXPECT_NEAR(x.u(i), q_d[i], 1e-12) << doc.system.coordinates()[static_cast<std::size_t>(i)];
  }
  for (const char* method : {"lagrange", "kane", "gibbs-appell"}) {
    const auto eom = formulations::derive(doc.system, method);
    const Eigen::VectorXd a = formulations::coordinate_accelerations(
        eom, formulations::state_for(eom, doc.system, x.t, x.q, x.u), doc.system.parameter_values());
    for (int i = 0; i < 6; ++i) EXPECT_TRUE(test::close(a(i), q_dd[i], 1e-10)) << method << ", coordinate " << i;
  }
}
