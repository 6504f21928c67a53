#pragma once
// Reference frames in a tree. Each frame may be oriented relative to a parent; direction cosines
// and angular velocities between any two frames of the same tree follow from the path between
// them (Kane's notes §1.5: the addition theorem ^Aω^B = ^Aω^{R1} + ^{R1}ω^{R2} + ... + ^{Rn}ω^B).
//
// A ReferenceFrame is a handle: copies refer to the same frame, compared by identity.
#include <ginac/ginac.h>

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "adyn/kinematics/orientation.hpp"

namespace adyn::kin {

class Vector;

namespace detail {
struct FrameNode;
}

class ReferenceFrame {
 public:
  /// A new frame, not yet oriented (a root). `basis_latex` defaults to \hat{n}_1 ... for "N".
  explicit ReferenceFrame(const std::string& name, const std::array<std::string, 3>& basis_latex = {});

  const std::string& name() const;
  /// LaTeX of the i-th basis vector (i = 0, 1, 2).
  const std::string& basis_latex(int i) const;
  /// Basis vectors (unit vectors fixed in this frame).
  Vector x() const;
  Vector y() const;
  Vector z() const;
  Vector basis(int i) const;

  /// Orients this frame relative to `parent`, which becomes its parent in the tree. Throws
  /// adyn::ModelError if that would close a cycle (the parent is this frame or one of its
  /// descendants).
  void orient(const ReferenceFrame& parent, const Orientation& orientation);
  /// Simple rotation about `axis` (a vector fixed in the parent and in this frame).
  void orient_axis(const ReferenceFrame& parent, const Vector& axis, const ex& angle);
  void orient_body_fixed(const ReferenceFrame& parent, const std::string& sequence,
                         const std::array<ex, 3>& angles);
  void orient_space_fixed(const ReferenceFrame& parent, const std::string& sequence,
                          const std::array<ex, 3>& angles);
  void orient_quaternion(const ReferenceFrame& parent, const std::array<ex, 4>& euler_parameters);
  void orient_rodrigues(const ReferenceFrame& parent, const std::array<ex, 3>& rodrigues_parameters);
  /// Orientation by a direction-cosine matrix ^parent C ^this (columns: this basis in parent).
  void orient_dcm(const ReferenceFrame& parent, const Mat& parent_C_this);

  /// Convenience: a new frame `name` oriented relative to this one.
  ReferenceFrame orient_new_axis(const std::string& name, const Vector& axis, const ex& angle) const;
  ReferenceFrame orient_new_body_fixed(const std::string& name, const std::string& sequence,
                                       const std::array<ex, 3>& angles) const;

  std::optional<ReferenceFrame> parent() const;
  /// The orientation relative to the parent; throws if this frame is a root.
  const Orientation& orientation() const;

  /// ^this C ^other: [v]_this = dcm(other) [v]_other. Throws adyn::ModelError naming both
  /// frames when they are not in one tree.
  Mat dcm(const ReferenceFrame& other) const;
  /// ^A ω ^this by the addition theorem, kept as a sum of parts in the frames along the path.
  Vector angular_velocity_in(const ReferenceFrame& A) const;
  /// ^A α ^this = ^A d(^Aω^this)/dt (no addition theorem for α: Kane E13).
  Vector angular_acceleration_in(const ReferenceFrame& A) const;

  bool operator==(const ReferenceFrame& other) const { return node_ == other.node_; }
  bool operator!=(const ReferenceFrame& other) const { return node_ != other.node_; }
  /// A process-unique id (stable ordering of frames).
  std::size_t id() const;

 private:
  explicit ReferenceFrame(std::shared_ptr<detail::FrameNode> node) : node_(std::move(node)) {}
  std::shared_ptr<detail::FrameNode> node_;
};

/// ^A ω ^B computed from Kane's definition ω = (ḃ2·b3) b1 + (ḃ3·b1) b2 + (ḃ1·b2) b3, i.e.
/// vect(Cᵀ Ċ) with C = ^A C ^B, in B components. Agrees with angular_velocity_in (tested).
Vector angular_velocity_from_definition(const ReferenceFrame& B, const ReferenceFrame& A);

}  // namespace adyn::kin
