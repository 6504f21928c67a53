#include "adyn/model/inertia.hpp"

#include <cmath>

#include "adyn/error.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"

namespace adyn::model {

kin::Dyadic inertia_dyadic(const kin::ReferenceFrame& F, const GiNaC::ex& Ixx, const GiNaC::ex& Iyy,
                           const GiNaC::ex& Izz, const GiNaC::ex& Ixy, const GiNaC::ex& Iyz, const GiNaC::ex& Izx) {
  return kin::Dyadic(F, GiNaC::matrix(3, 3, GiNaC::lst{Ixx, Ixy, Izx, Ixy, Iyy, Iyz, Izx, Iyz, Izz}));
}

kin::Dyadic inertia_about_point(const kin::Dyadic& central, const GiNaC::ex& mass, const kin::Vector& p) {
  if (p.is_zero()) return central;
  const auto& F = p.parts().front().frame;
  return central + mass * (p.dot(p) * kin::Dyadic::unit(F) - kin::outer(p, p));
}

GiNaC::ex inertia_component(const kin::Dyadic& I, const kin::Vector& a, const kin::Vector& b) {
  return a.dot(I.dot(b));
}

PrincipalAxes principal_axes(const kin::Dyadic& I, const kin::ReferenceFrame& F, const GiNaC::exmap& values) {
  Eigen::Matrix3d m = sym::evaluate(I.components_in(F), values, "inertia in frame '" + F.name() + "'");
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(m);
  return {eig.eigenvalues(), eig.eigenvectors()};
}

void check_mass(const std::string& object, const GiNaC::ex& mass) {
  // evalf turns symbol-free constants such as -sqrt(2) or Pi - 4 into numbers too.
  GiNaC::ex value = mass.evalf();
  if (GiNaC::is_a<GiNaC::numeric>(value) && !value.info(GiNaC::info_flags::positive))
    throw ModelError(object, "its mass must be positive");
  // a mass a double cannot hold: every energy and acceleration would be inf, NaN or singular
  if (const double d = GiNaC::is_a<GiNaC::numeric>(value) ? GiNaC::ex_to<GiNaC::numeric>(value).to_double() : 1;
      !std::isfinite(d) || d == 0)
    throw ModelError(object, std::string("its mass is ") + (d == 0 ? "below" : "beyond") +
                                 " the range of floating-point numbers (2.2e-308 to 1.8e308)");
}

void check_inertia(const std::string& body, const kin::Dyadic& I, const kin::ReferenceFrame& F,
                   const GiNaC::exmap& values) {
  const std::string object = "body '" + body + "'";
  GiNaC::matrix m = I.components_in(F);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = i + 1; j < 3; ++j)
      if (!(m(i, j) - m(j, i)).normal().is_zero())
        throw ModelError(object, "its inertia dyadic is not symmetric");
  GiNaC::exmap all = values;
  for (const auto& s : sym::free_symbols(GiNaC::lst{m(0, 0), m(1, 1), m(2, 2), m(0, 1), m(1, 2), m(0, 2)}))
    if (!all.count(s)) return;  // symbolic entries without values: checked when values are known
  auto p = principal_axes(I, F, all);
  double scale = std::max(1.0, p.moments.cwiseAbs().maxCoeff()), tol = 1e-12 * scale;
  if (p.moments(0) < -tol)
    throw ModelError(object, "its inertia has a negative principal moment (" + std::to_string(p.moments(0)) + ")");
  if (p.moments(0) + p.moments(1) < p.moments(2) - tol)
    throw ModelError(object, "its principal moments violate the triangle inequality I1 + I2 >= I3 (" +
                                 std::to_string(p.moments(0)) + " + " + std::to_string(p.moments(1)) + " < " +
                                 std::to_string(p.moments(2)) + ")");
}

}  // namespace adyn::model
