#pragma once
// A rigid body: a frame fixed in it, its mass centre, mass and central inertia dyadic
// (Kane's notes §1.19 and summary sheet; Greenwood §4.6).
#include <ginac/ginac.h>

#include <string>

#include "adyn/kinematics/dyadic.hpp"
#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/reference_frame.hpp"

namespace adyn::model {

class RigidBody {
 public:
  /// `central_inertia` is the inertia dyadic about the mass centre (any frames). Throws
  /// adyn::ModelError naming the body if the name is empty, the mass is a non-positive number,
  /// or the inertia is not symmetric or not physical (see model/inertia.hpp).
  RigidBody(const std::string& name, const kin::Point& mass_center, const kin::ReferenceFrame& frame,
            const GiNaC::ex& mass, const kin::Dyadic& central_inertia);

  const std::string& name() const { return name_; }
  const kin::Point& mass_center() const { return mass_center_; }
  const kin::ReferenceFrame& frame() const { return frame_; }
  const GiNaC::ex& mass() const { return mass_; }
  const kin::Dyadic& central_inertia() const { return central_inertia_; }

 private:
  std::string name_;
  kin::Point mass_center_;
  kin::ReferenceFrame frame_;
  GiNaC::ex mass_;
  kin::Dyadic central_inertia_;
};

}  // namespace adyn::model
