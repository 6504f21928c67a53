#include "adyn/model/rigid_body.hpp"

#include "adyn/error.hpp"
#include "adyn/model/inertia.hpp"

namespace adyn::model {

RigidBody::RigidBody(const std::string& name, const kin::Point& mass_center, const kin::ReferenceFrame& frame,
                     const GiNaC::ex& mass, const kin::Dyadic& central_inertia)
    : name_(name), mass_center_(mass_center), frame_(frame), mass_(mass), central_inertia_(central_inertia) {
  if (name.empty()) throw ModelError("body", "needs a name");
  check_mass("body '" + name + "'", mass);
  check_inertia(name, central_inertia, frame);
}

}  // namespace adyn::model
