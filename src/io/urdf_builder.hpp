#pragma once
// The System of a parsed URDF (urdfdom's model), as include/adyn/io/urdf_reader.hpp describes.
#include <urdf_model/model.h>

#include <map>
#include <string>
#include <vector>

#include "adyn/io/urdf_reader.hpp"
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
  // The frame the joint's motion is measured in: the parent body's, or `<joint>_origin` fixed in it
  // when its rotation R is not the identity.
  kin::ReferenceFrame joint_frame(const std::string& name, const std::string& owner, const std::string& parent_body,
                                  const Eigen::Matrix3d& R);
  // The speed of coordinate q: its rate q' (named q_d), or a declared speed q_u with q' = q_u when
  // the robot has free joints (their speeds are not rates).
  GiNaC::symbol add_speed_of(const GiNaC::symbol& q, const std::string& joint);
  // The moving link `child` as a body hanging from `parent` ("" for the ground), moved by `joint`.
  void add_moving_link(const urdf::Link& child, const std::string& parent, const std::string& joint);
  void add_loads(const urdf::Joint& joint, const GiNaC::symbol& q, const GiNaC::symbol& u, RobotJoint& record);
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
  std::map<std::string, std::string> parent_of_;                // moving link -> the moving link it hangs from ("")
  bool declared_speeds_ = false;                                // a free joint: speeds are declared
  std::map<std::string, GiNaC::symbol> coordinates_;            // URDF joint name ->
  int snapped_ = 0;
};

}  // namespace adyn::io
