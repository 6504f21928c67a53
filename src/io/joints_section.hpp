#pragma once
// The `joints:` section of model files (private to src/io), read before the bodies it moves: each
// joint a model::Joint (model/joint.hpp), which creates its coordinates and speeds, the child's
// frame and origin point (named after the child body) and states the tree.
//
//   joints:
//     - {name: shoulder, type: revolute, parent: ground, child: upper_arm, axis: z,
//        origin: {translation: [0, 0, 0.1], rpy: [0, 0, 0]}}
//     - {name: elbow, type: universal, parent: upper_arm, child: forearm, axis: x, second_axis: y,
//        origin: {translation: [0, -l1, 0], axis_angle: {axis: z, angle: pi/2}}}
//     - {name: wrist, type: spherical, parent: forearm, child: hand,
//        origin: {translation: [0, -l2, 0], matrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}}
//     - {name: slide, type: prismatic, parent: hand, child: finger, axis: x, actuated: true,
//        damping: 0.5, friction: 0.1, limits: {lower: 0, upper: 0.05, velocity: 0.2}}
//   bodies:
//     - {name: upper_arm, mass: m1, mass_center: [0, -l1/2, 0], inertia: {Ixx: .., Iyy: .., Izz: ..}}
//
// A body a joint moves takes the joint's frame (named after it) when it gives no `frame`, and its
// mass centre may be three components in that frame from the joint's origin point (a point
// `<body>_com` is made; sections.hpp, read_bodies). Errors are ModelFileErrors at the joint's entry
// or value, naming it.
#include <yaml-cpp/yaml.h>

#include <map>
#include <string>
#include <vector>

#include "adyn/io/model_file.hpp"
#include "adyn/model/joint.hpp"
#include "model_values.hpp"

namespace adyn::io {

/// A joint as written: the model's joint and the nodes of its name, child and parent.
struct JointEntry {
  model::Joint joint;
  YAML::Node node, child, parent;
};

/// What the joints give the sections after them and the document.
struct JointsRead {
  std::map<std::string, JointEntry> moved;       // child body -> the joint that moves it
  std::map<std::string, double> initial_values;  // unless given: e0 = 1 (the identity) of each spherical and free joint
  std::vector<std::string> notes;                // model::friction_note of each joint with friction

  /// Adds to a document the joints' initial values (unless given) and their notes.
  void complete(ModelDocument& doc) const {
    for (const auto& [name, value] : initial_values) doc.setup.initial.emplace(name, value);
    doc.notes.insert(doc.notes.end(), notes.begin(), notes.end());
  }
};

/// Reads `joints:` (the whole section: joints may come in any order) into the system.
JointsRead read_joints(ModelValues& in, const YAML::Node& section);

/// Fails at a joint whose child no body of `bodies:` is (call after reading the bodies).
void check_joint_bodies(const ModelValues& in, const JointsRead& joints);

}  // namespace adyn::io
