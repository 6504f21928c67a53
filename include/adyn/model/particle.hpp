#pragma once
// A particle: a point with a mass (Kane's notes §1.14; Angeles §1.3).
#include <ginac/ginac.h>

#include <string>

#include "adyn/kinematics/point.hpp"

namespace adyn::model {

class Particle {
 public:
  /// Throws adyn::ModelError naming the particle if the name is empty or the mass is a
  /// non-positive number.
  Particle(const std::string& name, const kin::Point& point, const GiNaC::ex& mass);

  const std::string& name() const { return name_; }
  const kin::Point& point() const { return point_; }
  const GiNaC::ex& mass() const { return mass_; }

 private:
  std::string name_;
  kin::Point point_;
  GiNaC::ex mass_;
};

}  // namespace adyn::model
