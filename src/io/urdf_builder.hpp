#pragma once
// The System of a parsed URDF (urdfdom's model), as include/adyn/io/urdf_reader.hpp describes.
#include <urdf_model/model.h>

#include <map>
#include <string>
#include <vector>

#include "adyn/io/urdf_reader.hpp"
#include "adyn/model/joint.hpp"
#include "urdf_geometry.hpp"
#include "urdf_source.hpp"

namespace adyn::io {

class UrdfBuilder {
 public:
  UrdfBuilder(const urdf::ModelInterface& robot, const UrdfSource& source, const UrdfOptions& options);
  ModelDocument build();

 private:
  // The moving link a link is fixed to ("" for the ground) and the link's frame in that body's.
  struct Anchor {
    std::string body;
    urdf_geometry::Transform T;
  };
  void check_links();
  void check_connected(const std::vector<std::string>& visited) const;
  void visit(const urdf::Link& link, std::vector<std::string>& visited);
  void fixed_joint(const urdf::Joint& joint, const Anchor& parent);
  void moving_joint(const urdf::Joint& joint, const Anchor& parent);
  // A free joint (urdf_free_joint.cpp): the floating base ("root", `joint` null) or a floating joint.
  void free_joint(const std::string& name, const urdf::Joint* joint, const Anchor& parent, const urdf::Link& child);
  void planar_joint(const urdf::Joint& joint, const Anchor& parent);
  // The model's joint of a URDF joint (null: the floating base) of `type`: the origin composed
  // with the parent's anchor, R snapped, the axis normalized and snapped.
  model::Joint model_joint(const urdf::Joint* joint, const std::string& name, model::JointType type, const Anchor& parent,
                           const urdf::Link& child);
  model::AddedJoint add_joint(const model::Joint& j, const std::string& tag, const std::string& owner,
                              const urdf::Link& child);
  // The moving link `child`, moved by `joint`, as a body (its parent stated by the joint).
  void add_moving_link(const urdf::Link& child, const std::string& joint);
  void add_bodies();
  void add_mimic_constraints();
  kin::ReferenceFrame body_frame(const std::string& body) const;
  kin::Point body_point(const std::string& body) const;
  // R snapped (counted in snapped_ when that changed it).
  Eigen::Matrix3d snapped_rotation(const Eigen::Matrix3d& R);
  RobotJoint record_of(const urdf::Joint& joint) const;

  const urdf::ModelInterface& robot_;
  const UrdfSource& source_;
  UrdfOptions options_;
  ModelDocument doc_;
  NameClaims symbols_, frames_, points_;
  std::map<std::string, Anchor> anchors_;                       // URDF link name ->
  std::map<std::string, urdf_geometry::MassProperties> masses_;  // moving link -> merged, in its frame
  std::vector<std::string> bodies_;                             // the moving links, parents first
  std::map<std::string, std::string> joint_of_;                 // moving link -> the name of its joint
  bool declared_speeds_ = false;                                // a free joint: speeds are declared
  std::map<std::string, GiNaC::symbol> coordinates_;            // URDF joint name ->
  int snapped_ = 0;
};

}  // namespace adyn::io
