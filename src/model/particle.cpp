#include "adyn/model/particle.hpp"

#include "adyn/error.hpp"
#include "adyn/model/inertia.hpp"

namespace adyn::model {

Particle::Particle(const std::string& name, const kin::Point& point, const GiNaC::ex& mass)
    : name_(name), point_(point), mass_(mass) {
  if (name.empty()) throw ModelError("particle", "needs a name");
  check_mass("particle '" + name + "'", mass);
}

}  // namespace adyn::model
