#include "urdf_geometry.hpp"

#include <urdf_model/link.h>
#include <urdf_model/pose.h>

#include <cmath>

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
