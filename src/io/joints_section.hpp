#pragma once
// The `joints:` section of model files and the bodies the joints move (private to src/io): each
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
// `<body>_com` is made). Errors are ModelFileErrors at the joint's entry or value, naming it.
#include <yaml-cpp/yaml.h>

#include <map>
#include <string>

#include "adyn/io/model_file.hpp"
#include "adyn/model/joint.hpp"
#include "model_values.hpp"

namespace adyn::io {

class JointsSection : public ModelValues {
 public:
  using ModelValues::ModelValues;

  /// Reads `joints:` (the whole section: joints may come in any order) into the system.
  void read_joints(const YAML::Node& section);
  /// {name, mass_center, frame, mass, inertia}: a rigid body; the central inertia in its frame as
  /// {Ixx, Iyy, Izz, Ixy, Iyz, Izx} or a 3x3 matrix.
  void read_body(const YAML::Node& node);
  /// Fails at a joint whose child no body of `bodies:` is (call after reading the bodies).
  void check_joint_bodies() const;
  /// The initial values the joints imply unless given: e0 = 1 (the identity) of each spherical
  /// and free joint.
  const std::map<std::string, double>& joint_initial_values() const { return initial_values_; }
  /// Adds to a document the joints' initial values (unless given) and their notes (friction).
  void complete_document(ModelDocument& doc) const {
    for (const auto& [name, value] : initial_values_) doc.setup.initial.emplace(name, value);
    doc.notes.insert(doc.notes.end(), notes_.begin(), notes_.end());
  }

  /// The axis x, y, z, -x, -y, -z or three components [a, b, c] (expressions).
  GiNaC::matrix axis_components(const YAML::Node& node, const std::string& object) const;

 private:
  struct Entry {
    model::Joint joint;
    YAML::Node node, child, parent;
  };
  Entry read_joint(const YAML::Node& node);
  void read_origin(const YAML::Node& node, const std::string& object, model::Joint& joint) const;
  void read_loads(const Fields& f, const std::string& object, model::Joint& joint) const;
  GiNaC::matrix rotation(const Fields& f, const std::string& object) const;
  GiNaC::matrix joint_axis(const YAML::Node& node, const std::string& object) const;
  void claim_names(const Entry& entry, bool declared_speeds);
  void check_parents(const std::vector<Entry>& entries) const;
  kin::Point mass_center(const YAML::Node& node, const std::string& body, const kin::ReferenceFrame& frame,
                         const std::string& object);
  kin::Dyadic inertia(const YAML::Node& node, const std::string& object, const kin::ReferenceFrame& frame) const;

  std::map<std::string, Entry> moved_;  // child body -> its joint
  std::map<std::string, double> initial_values_;
  std::vector<std::string> notes_;  // model::friction_note of each joint with friction
};

}  // namespace adyn::io
