#include "urdf_geometry.hpp"

#include <urdf_model/link.h>
#include <urdf_model/pose.h>

#include <charconv>
#include <cmath>
#include <string>

namespace adyn::io::urdf_geometry {

Transform transform_of(const urdf::Pose& pose) {
  const auto& q = pose.rotation;
  Transform t;
  t.R = Eigen::Quaterniond(q.w, q.x, q.y, q.z).normalized().toRotationMatrix();
  t.p = {pose.position.x, pose.position.y, pose.position.z};
  return t;
}

Transform compose(const Transform& a, const Transform& b) { return {a.R * b.R, a.p + a.R * b.p}; }

namespace {

double snapped(double x, double tolerance) {
  for (double exact : {0.0, 1.0, -1.0})
    if (std::abs(x - exact) <= tolerance) return exact;
  return x;
}

}  // namespace

Eigen::Matrix3d snapped(const Eigen::Matrix3d& m, double tolerance) {
  return m.unaryExpr([tolerance](double x) { return snapped(x, tolerance); });
}

Eigen::Vector3d snapped(const Eigen::Vector3d& v, double tolerance) {
  return v.unaryExpr([tolerance](double x) { return snapped(x, tolerance); });
}

// The shortest decimal that reads back as x (std::to_chars), as an exact rational: 0.35 is 7/20,
// as a model file reads it, so that the equations are derived in exact arithmetic (floats in
// GiNaC's sums would round in its order of operands).
GiNaC::ex number(double x) {
  char text[64];
  const auto end = std::to_chars(text, text + sizeof text, x).ptr;
  const std::string decimal(text, end);
  const auto e = decimal.find('e');
  const std::string mantissa = decimal.substr(0, e);
  long exponent = e == std::string::npos ? 0 : std::stol(decimal.substr(e + 1));
  std::string digits;
  for (std::size_t i = 0; i < mantissa.size(); ++i) {
    if (mantissa[i] == '.') exponent -= static_cast<long>(mantissa.size() - i - 1);
    else if (mantissa[i] != '-') digits += mantissa[i];
  }
  const GiNaC::numeric value = GiNaC::numeric(digits.c_str()) * GiNaC::numeric(10).power(GiNaC::numeric(exponent));
  return x < 0 ? -value : value;
}

MassProperties mass_properties_of(const urdf::Inertial& inertial) {
  Eigen::Matrix3d I;
  I << inertial.ixx, inertial.ixy, inertial.ixz, inertial.ixy, inertial.iyy, inertial.iyz, inertial.ixz, inertial.iyz,
      inertial.izz;
  const Transform t = transform_of(inertial.origin);
  return {inertial.mass, t.p, t.R * I * t.R.transpose()};
}

MassProperties moved(const MassProperties& m, const Transform& t) {
  return {m.mass, t.R * m.center + t.p, t.R * m.inertia * t.R.transpose()};
}

MassProperties combined(const MassProperties& a, const MassProperties& b) {
  const double mass = a.mass + b.mass;
  if (mass == 0) return {};
  MassProperties out{mass, (a.mass * a.center + b.mass * b.center) / mass, a.inertia + b.inertia};
  for (const auto* part : {&a, &b}) {
    const Eigen::Vector3d d = part->center - out.center;
    out.inertia += part->mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
  }
  return out;
}

}  // namespace adyn::io::urdf_geometry
