#pragma once
// A joint record for the tests of model/joint.hpp and model/joint_loads.hpp: name, type, parent
// body ("" for the world) and child body; the rest as model::Joint's defaults.
#include <string>

#include "adyn/model/joint.hpp"

inline adyn::model::Joint joint(const std::string& name, adyn::model::JointType type, const std::string& parent,
                                const std::string& child) {
  adyn::model::Joint j;
  j.name = name, j.type = type, j.parent = parent, j.child = child;
  return j;
}
