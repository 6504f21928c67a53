#pragma once
// Partial velocities and partial angular velocities (Kane's notes §1.10, A8):
//     ^F v^P = Σ_r v_r^P u_r + v_t^P,    ^F ω^B = Σ_r ω_r^B u_r + ω_t^B,
// with v_r = ∂v/∂u_r. Velocities are linear in the generalized speeds, so the partials are
// component-wise derivatives in each part's frame (orientations never depend on speeds).
#include <ginac/ginac.h>

#include <deque>
#include <string>
#include <vector>

#include "adyn/kinematics/vector.hpp"
#include "adyn/symbolic/derivative.hpp"

namespace adyn::kin {

/// The partial velocities of many vectors with respect to one list of speeds. One derivative per
/// speed is kept for all of them, so what their components share (a child body's velocity refers
/// to its parent's) is differentiated once: a chain's partial velocities cost O(bodies × speeds).
class PartialVelocities {
 public:
  explicit PartialVelocities(const std::vector<GiNaC::symbol>& speeds);
  /// v_r = ∂v/∂u_r for each speed. Throws adyn::ModelError (naming `what`) if v is not linear
  /// in the speeds.
  std::vector<Vector> of(const Vector& v, const std::string& what = "velocity");
  const std::vector<GiNaC::symbol>& speeds() const { return speeds_; }

 private:
  [[noreturn]] void throw_nonlinear(const Mat& partial, std::size_t r, const std::string& what) const;
  std::vector<GiNaC::symbol> speeds_;
  std::deque<sym::PartialDerivative> derivatives_;
  sym::Occurrence any_speed_;
};

/// v_r = ∂v/∂u_r for each speed (one vector; see PartialVelocities for many).
std::vector<Vector> partial_velocities(const Vector& v, const std::vector<GiNaC::symbol>& speeds,
                                       const std::string& what = "velocity");
/// The remainder v_t = v − Σ v_r u_r (a function of q and t only).
Vector velocity_remainder(const Vector& v, const std::vector<GiNaC::symbol>& speeds);

}  // namespace adyn::kin
