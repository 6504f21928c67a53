// A complete adyn example through the C++ API: a sled on a knife edge (Kane E23 / Greenwood
// 4.13 without the rotation): two particles on a massless rod, the first one unable to slide
// sideways. The constraint is classified, the equations are derived by Lagrange (with a
// multiplier) and by Kane (eliminating the lateral speed), evaluated at a state and printed.
#include <adyn/adyn.hpp>

#include <iostream>

using namespace adyn;

int main() {
  model::System s("knife-edge sled");
  auto m = s.add_parameter("m", 1.0, "kg"), l = s.add_parameter("l", 0.5, "m");
  auto x = s.add_coordinate("x"), y = s.add_coordinate("y"), phi = s.add_coordinate("phi");
  auto N = s.inertial_frame();
  auto B = s.add_frame(N.orient_new_axis("B", N.z(), phi));       // the rod's frame
  auto P1 = s.add_point(s.origin().locate_new("P1", x * N.x() + y * N.y()));
  auto P2 = s.add_point(P1.locate_new("P2", l * B.x()));
  s.add_particle({"front", P1, m});
  s.add_particle({"back", P2, m});
  // No sideways velocity of P1: v·b2 = 0, i.e. −ẋ sin φ + ẏ cos φ = 0.
  auto v1 = P1.velocity_in(N);
  s.add_constraint({"knife edge", model::ConstraintLevel::Velocity, v1.dot(B.y()), {}});

  std::cout << analysis::to_string(analysis::classify_constraints(s)) << "\n";

  auto lagrange = formulations::lagrange(s);  // M q̈ = F + Gᵀλ, G q̈ = g
  auto kane = formulations::kane(s);          // ẏ eliminated: M u̇ = F in (ẋ, φ̇)
  std::cout << "Kane:\n" << formulations::to_latex(formulations::simplified(kane)) << "\n";

  // Both give the same accelerations at a state that satisfies the constraint.
  formulations::State state{0, Eigen::Vector3d(0, 0, 0.3), Eigen::Vector3d(1.0, std::tan(0.3), 0.8)};
  auto qdd_lagrange = formulations::coordinate_accelerations(lagrange, state, s.parameter_values());
  formulations::State kane_state{0, state.q, Eigen::Vector2d(state.u(0), state.u(2))};
  auto qdd_kane = formulations::coordinate_accelerations(kane, kane_state, s.parameter_values());
  std::cout << "q'' by Lagrange: " << qdd_lagrange.transpose() << "\nq'' by Kane:     " << qdd_kane.transpose() << "\n";
  return (qdd_lagrange - qdd_kane).norm() < 1e-10 ? 0 : 1;
}
