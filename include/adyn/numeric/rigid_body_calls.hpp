#pragma once
// The rigid-body algorithms of a compiled system as calls, generated and compiled once (tape or
// generated C, as the forward dynamics) and evaluated into the caller's arrays without allocating:
//
//   inverse_dynamics   τ = M(q) u̇ − F(q, u, t): the generalized forces that, added to the model's
//                      loads, give the speeds the rates u̇ (Pinocchio's rnea for a robot whose
//                      inputs are zero);
//   mass_matrix        M(q);
//   frame(name)        a named frame's pose (R, p) and Jacobian J (formulations/frame_kinematics.hpp).
//
// For the system's own unconstrained equations of a tree (formulations::not_own_unconstrained is
// empty and the tree is found), τ by the recursive Newton–Euler algorithm (Featherstone 2008, Table
// 5.1; formulations/recursive_newton_euler.hpp: τ = required − applied) and M by the composite
// rigid bodies (Featherstone Table 6.2; formulations/composite_rigid_body.hpp), both O(n d) named
// intermediates; otherwise from the equations' M and F. Each is generated and compiled at its first
// call (frames: at the first call for that name), once for every workspace and thread.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "adyn/formulations/equations_of_motion.hpp"
#include "adyn/model/system.hpp"
#include "adyn/numeric/compiled_function.hpp"

namespace adyn::numeric {

/// One caller's buffers (RigidBodyCalls::workspace()): a call writes nothing else.
struct RigidBodyWorkspace {
  std::vector<double> in;
};

/// A frame's pose and Jacobian, compiled (RigidBodyCalls::frame).
class CompiledFrame {
 public:
  /// The Jacobian only where `eom`'s speeds are the system's.
  CompiledFrame(const model::System& system, const formulations::EquationsOfMotion& eom, const std::string& name,
                const std::vector<GiNaC::symbol>& parameters, Backend backend);
  const std::string& frame() const { return frame_; }
  /// The point at the frame's origin (the frame's own point, or the body's mass centre).
  const std::string& origin() const { return origin_; }
  /// R (3 × 3, row-major, ^N C ^F) and p (3) at (t, q) and the parameters' values.
  void pose(double t, const double* q, const double* parameters, double* R, double* p, RigidBodyWorkspace& w) const;
  /// J (6 × p, row-major: ∂ω/∂u then ∂v/∂u, in N's basis). Throws adyn::NotApplicableError when
  /// the equations' speeds are not the system's (dependent speeds eliminated).
  void jacobian(double t, const double* q, const double* parameters, double* J, RigidBodyWorkspace& w) const;

 private:
  std::string frame_, origin_, no_jacobian_;  // no_jacobian_: why there is no Jacobian, if so
  std::size_t n_, parameters_;
  CompiledFunction pose_, jacobian_;
};

class RigidBodyCalls {
 public:
  /// Nothing is generated until the first call. `parameters`: the symbols that stay inputs (the
  /// compiled system's order, the model's inputs among them).
  RigidBodyCalls(const model::System& system, const formulations::EquationsOfMotion& eom,
                 const std::vector<GiNaC::symbol>& parameters, Backend backend);
  RigidBodyCalls(const RigidBodyCalls&) = delete;
  RigidBodyCalls& operator=(const RigidBodyCalls&) = delete;
  ~RigidBodyCalls();

  std::size_t n() const { return n_; }
  std::size_t p() const { return p_; }
  /// Whether τ and M come from the tree, and why (or why not), in one sentence.
  const std::string& path() const { return path_; }
  RigidBodyWorkspace workspace() const;

  /// τ (p) at (t, q, u, u̇) and the parameters' values (the inputs at the values given there: zero
  /// for the forces the inputs must supply). Throws adyn::NotApplicableError when the equations
  /// keep constraint rows (τ is then not unique: any Gᵀλ can be added).
  void inverse_dynamics(double t, const double* q, const double* u, const double* udot, const double* parameters,
                        double* tau, RigidBodyWorkspace& w) const;
  /// M (p × p, row-major) at (t, q).
  void mass_matrix(double t, const double* q, const double* parameters, double* M, RigidBodyWorkspace& w) const;
  /// The frame or body `name` (formulations::frame_kinematics), compiled at its first call. Throws
  /// adyn::ModelError naming it when the model has no such frame, adyn::NotApplicableError when the
  /// equations' coordinates are not the system's.
  const CompiledFrame& frame(const std::string& name) const;

 private:
  void compile_inverse_dynamics() const;
  void compile_mass_matrix() const;
  void load(double t, const double* q, const double* u, const double* udot, const double* parameters,
            RigidBodyWorkspace& w) const;

  model::System system_;
  formulations::EquationsOfMotion eom_;
  std::vector<GiNaC::symbol> parameters_;
  Backend backend_;
  std::size_t n_, p_;
  bool tree_ = false;
  std::string path_;
  mutable std::once_flag inverse_dynamics_compiled_, mass_matrix_compiled_;
  mutable CompiledFunction inverse_dynamics_, mass_matrix_;
  mutable std::mutex frames_mutex_;
  mutable std::map<std::string, std::unique_ptr<const CompiledFrame>> frames_;
};

}  // namespace adyn::numeric
