#pragma once
// Loads acting on a system (model data only; what they contribute to generalized forces is
// computed by the formulations). Kane's notes §1.12–1.16, Géradin & Rixen §1.4, Angeles §2.4–2.5.
#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/kinematics/vector.hpp"

namespace adyn::model {

/// A force applied at a point (bound vector). May depend on q, q̇ (or u) and t.
struct PointForce {
  std::string name;
  kin::Point point;
  kin::Vector force;
};

/// A couple applied to a rigid body (the frame fixed in it). With `reaction_on`, the opposite
/// couple acts on that frame (action and reaction between two bodies, e.g. a motor).
struct BodyTorque {
  std::string name;
  kin::ReferenceFrame body;
  kin::Vector torque;
  std::optional<kin::ReferenceFrame> reaction_on;
};

/// A uniform gravitational field: every particle and body mass centre feels m g.
struct Gravity {
  kin::Vector acceleration;  // g, e.g. −9.81 N.z
};

/// A spring between two points. Linear: tension k (ℓ − ℓ0) along the line; nonlinear: the
/// tension is `tension_law`, an expression in the symbol `stretch` = ℓ − ℓ0. Conservative:
/// V = ∫₀^δ tension dδ.
struct Spring {
  std::string name;
  kin::Point a, b;
  GiNaC::ex stiffness = 0;   // k (linear law)
  GiNaC::ex free_length = 0; // ℓ0
  std::optional<GiNaC::ex> tension_law;  // in terms of stretch_symbol()
  static const GiNaC::symbol& stretch_symbol();
};

/// A linear viscous damper between two points: tension c ℓ̇ along the line; its Rayleigh
/// dissipation function is ½ c ℓ̇².
struct Damper {
  std::string name;
  kin::Point a, b;
  GiNaC::ex coefficient;
};

/// A potential energy V(q, t) given directly (its generalized force is −∂V/∂q).
struct Potential {
  std::string name;
  GiNaC::ex energy;
};

/// A Rayleigh dissipation function D(q, q̇, t) (generalized force −∂D/∂q̇).
struct Dissipation {
  std::string name;
  GiNaC::ex function;
};

/// An arbitrary generalized force Q along one coordinate (nonconservative, e.g. a control input).
struct GeneralizedForce {
  std::string name;
  GiNaC::symbol coordinate;
  GiNaC::ex value;
};

}  // namespace adyn::model
