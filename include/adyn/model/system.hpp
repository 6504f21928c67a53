#pragma once
// The System: what a mechanical system *is* — parameters and inputs, generalized coordinates q
// and speeds u with their kinematic differential equations, frames and points, particles and
// rigid bodies, loads, constraints, events, shapes and outputs, and the tree its joints state.
// Everything computed about it (kinematics, equations of motion, analyses) lives outside, in
// derived values; everything compiled from those, in numeric::CompiledSystem.
#include <Eigen/Dense>

#include <ginac/ginac.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "adyn/kinematics/point.hpp"
#include "adyn/model/constraint.hpp"
#include "adyn/model/convex_rolling_contact.hpp"
#include "adyn/model/output.hpp"
#include "adyn/model/event.hpp"
#include "adyn/model/joint_loads.hpp"
#include "adyn/model/loads.hpp"
#include "adyn/model/particle.hpp"
#include "adyn/model/rigid_body.hpp"
#include "adyn/model/rolling_contact.hpp"
#include "adyn/model/shape.hpp"
#include "adyn/kinematics/reference_frame.hpp"

namespace adyn::model {

/// What a named symbol of a model is; each name is one symbol's.
enum class SymbolKind { Parameter, Input, Coordinate, Speed };
/// Its name as messages say it: "parameter", "input", "coordinate", "speed".
std::string symbol_kind_name(SymbolKind kind);
/// "the name is already used by a parameter" (an input, a coordinate, a speed).
std::string name_used_by(SymbolKind kind);

struct Parameter {
  GiNaC::symbol symbol;
  std::optional<double> value;
  std::string unit;
};

/// A named input: a force, torque or generalized force (or a factor of one) that the equations
/// keep as a symbol, like a parameter, and that the linearization differentiates with respect to
/// (the columns of B). Its value, 0 unless given, is what a simulation and every numeric analysis
/// use: a constant.
struct Input {
  GiNaC::symbol symbol;
  double value = 0;
  std::string unit;
};

class System {
 public:
  /// A system with an inertial (Newtonian) frame `inertial_frame` and a point `origin` fixed in it.
  explicit System(const std::string& name = "system", const std::string& inertial_frame = "N",
                  const std::string& origin = "O");

  const std::string& name() const { return name_; }

  // --- parameters -----------------------------------------------------------------------------
  GiNaC::symbol add_parameter(const std::string& name, std::optional<double> value = std::nullopt,
                              const std::string& unit = "", const std::string& latex = "");
  const std::vector<Parameter>& parameters() const { return parameters_; }
  /// Sets (or overrides) a parameter's numeric value, as set_parameter_values.
  void set_parameter_value(const std::string& name, double value);
  /// Sets (or overrides) parameters' numeric values, all or none: throws adyn::ModelError for an
  /// unknown name, and — leaving the values as they were — for values that check_parameter_values
  /// refuses ("parameter 'm' = -1: particle 'bob': its mass must be positive").
  void set_parameter_values(const std::map<std::string, double>& values);
  /// symbol -> value for every parameter that has a value and for every input: the values every
  /// numeric evaluation substitutes (an input is a constant there; the compiled evaluator takes it
  /// as one more run-time parameter).
  GiNaC::exmap parameter_values() const;

  // --- inputs ---------------------------------------------------------------------------------
  /// Throws adyn::ModelError naming the input for a name in use (by a parameter, a coordinate, ...)
  /// or a value that is not finite.
  GiNaC::symbol add_input(const std::string& name, double value = 0, const std::string& unit = "",
                          const std::string& latex = "");
  const std::vector<Input>& inputs() const { return inputs_; }
  /// Sets inputs' values, all or none: throws adyn::ModelError naming an unknown input or a value
  /// that is not finite.
  void set_input_values(const std::map<std::string, double>& values);
  /// Whether `name` is the name of an input.
  bool has_input(const std::string& name) const;

  // --- generalized coordinates and speeds -----------------------------------------------------
  GiNaC::symbol add_coordinate(const std::string& name, const std::string& latex = "");
  GiNaC::symbol add_speed(const std::string& name, const std::string& latex = "");
  const std::vector<GiNaC::symbol>& coordinates() const { return coordinates_; }
  /// The generalized speeds: the declared ones, or q̇ when none are declared (u = q̇).
  std::vector<GiNaC::symbol> speeds() const;
  /// The unit of a coordinate or declared speed ("m", "rad", "m/s"), for plots and reports; ""
  /// when none is given. Throws ModelError for a symbol that is neither.
  void set_unit(const GiNaC::symbol& coordinate_or_speed, const std::string& unit);
  std::string unit_of(const GiNaC::symbol& coordinate_or_speed) const;
  /// Kinematic differential equation q̇_i = rate(u, q, t), the solved form q̇ = N(q,t) u + n(q,t)
  /// of u = Y(q,t) q̇ + z(q,t).
  void set_coordinate_rate(const GiNaC::symbol& coordinate, const GiNaC::ex& rate);
  /// q̇ -> rate substitutions (empty when u = q̇).
  const GiNaC::exmap& coordinate_rates() const { return coordinate_rates_; }
  /// Rewrites q̇ (and q̈) in terms of u (and u̇) using the kinematic differential equations.
  GiNaC::ex in_speeds(const GiNaC::ex& e) const;
  kin::Vector in_speeds(const kin::Vector& v) const;
  /// The substitution in_speeds applies: q̇ -> N u + n and q̈ -> its time derivative.
  GiNaC::exmap speed_substitution() const;
  /// The declared speeds in terms of the rates, u = Y(q,t) q̇ + z(q,t): the kinematic equations
  /// q̇ = N u + n solved for u (empty when u = q̇). Throws ModelError when N is not square and
  /// regular (fewer speeds than coordinates: the rates do not determine the speeds' roles).
  GiNaC::exmap speeds_in_rates() const;
  /// Checks that every coordinate has a rate when speeds are declared; throws ModelError.
  void check_kinematic_equations() const;
  /// For the methods that differentiate the kinetic energy (Lagrange's and what builds on it,
  /// Boltzmann–Hamel's): throws NotApplicableError naming `method` and the first particle, mass
  /// centre or point of a force whose inertial velocity is set explicitly. Such a velocity may
  /// embed a constraint (a rolling condition), and T built from it is the constrained kinetic
  /// energy, whose derivatives are not those of the principle: Kane's or the Gibbs–Appell
  /// equations take it as it is.
  void check_velocities_from_positions(const std::string& method) const;

  // --- frames and points ----------------------------------------------------------------------
  kin::ReferenceFrame inertial_frame() const { return frames_.front(); }
  kin::Point origin() const { return points_.front(); }
  /// Registers a frame (names are unique in the system). Frames and points are handles: the
  /// returned value refers to the same frame.
  kin::ReferenceFrame add_frame(const kin::ReferenceFrame& frame);
  kin::Point add_point(const kin::Point& point);
  kin::ReferenceFrame frame(const std::string& name) const;  // throws ModelError if none
  kin::Point point(const std::string& name) const;
  std::optional<kin::ReferenceFrame> find_frame(const std::string& name) const;  // (looked up by name, not searched)
  std::optional<kin::Point> find_point(const std::string& name) const;
  const std::vector<kin::ReferenceFrame>& frames() const { return frames_; }
  const std::vector<kin::Point>& points() const { return points_; }
  /// The frames whose orientation relative to their parent changes with the state: it depends on
  /// a coordinate or on time (angles, Euler parameters or a direction-cosine matrix written in them).
  std::vector<kin::ReferenceFrame> moving_frames() const;

  // --- particles and rigid bodies --------------------------------------------------------------
  void add_particle(const Particle& particle);
  void add_body(const RigidBody& body);
  const std::vector<Particle>& particles() const { return particles_; }
  const std::vector<RigidBody>& bodies() const { return bodies_; }
  /// States that `body` hangs from `parent` by a joint ("" for the ground), as joints do
  /// (model/joint.hpp, a URDF's): the articulated-body algorithm then takes this tree rather than
  /// finding one from the positions of frames and points. The body may be added after (a joint
  /// makes its frame first); the tree checks that every body it names is one (NotATree). Throws
  /// ModelError for an empty name or a body stated to hang from itself.
  void state_parent(const std::string& body, const std::string& parent);
  /// body -> parent body ("" for the ground) as stated; empty when nothing is stated.
  const std::map<std::string, std::string>& stated_parents() const { return stated_parents_; }
  /// Records a joint as add_joint added it (model/joint.hpp, joint_loads.hpp), for listings and
  /// the simulation's report of its limits; the joint's bodies, loads and tree are added by it.
  void record_joint(const JointRecord& joint) {
    changed();
    joints_.push_back(joint);
  }
  /// The joints add_joint added, in that order.
  const std::vector<JointRecord>& joints() const { return joints_; }

  // --- geometry (for drawing only) ---------------------------------------------------------------
  /// Throws ModelError naming the shape for a duplicate name.
  void add_shape(const Shape& shape);
  const std::vector<Shape>& shapes() const { return shapes_; }

  // --- loads ---------------------------------------------------------------------------------
  void add_force(const PointForce& force);
  void add_torque(const BodyTorque& torque);
  void set_gravity(const kin::Vector& g);
  void add_spring(const Spring& spring);
  void add_damper(const Damper& damper);
  void add_potential(const Potential& potential);
  void add_dissipation(const Dissipation& dissipation);
  void add_generalized_force(const GeneralizedForce& force);
  const std::vector<PointForce>& forces() const { return forces_; }
  const std::vector<BodyTorque>& torques() const { return torques_; }
  const std::optional<Gravity>& gravity() const { return gravity_; }
  const std::vector<Spring>& springs() const { return springs_; }
  const std::vector<Damper>& dampers() const { return dampers_; }
  const std::vector<Potential>& potentials() const { return potentials_; }
  const std::vector<Dissipation>& dissipations() const { return dissipations_; }
  const std::vector<GeneralizedForce>& generalized_forces() const { return generalized_forces_; }

  // --- constraints -----------------------------------------------------------------------------
  /// Adds a constraint written in q, q̇ and t (see constraint.hpp for the three levels). Throws
  /// adyn::ModelError naming it if the expression does not fit its level: a configuration
  /// constraint containing a velocity, a velocity constraint not linear in q̇, a name in use, an
  /// input (inputs act through loads).
  void add_constraint(const Constraint& constraint);
  const std::vector<Constraint>& constraints() const { return constraints_; }
  /// Removes the named constraint (one whose row depends on the others wherever the constraints
  /// hold: analysis::without_redundant_constraints). Throws ModelError if there is none of that name.
  void remove_constraint(const std::string& name);
  /// The rolling contacts whose constraints add_rolling_contact (rolling_contact.hpp) added, as
  /// the user stated them: what each wheel rolls on (drawing shows the planes).
  const std::vector<RollingContact>& rolling_contacts() const { return rolling_contacts_; }
  /// Likewise the rolling contacts of convex bodies (convex_rolling_contact.hpp).
  const std::vector<ConvexRollingContact>& convex_rolling_contacts() const { return convex_rolling_contacts_; }

  // --- outputs ----------------------------------------------------------------------------------
  /// Adds a named output (output.hpp). Throws adyn::ModelError naming it for a name that is empty,
  /// in use by another output or by one of the model's symbols (or t, energy, violation: the
  /// trajectory's own columns), an expression with an acceleration (q̈, u̇) or a constraint's
  /// normal force N_c, or a constraint force of a constraint the system does not have.
  void add_output(const Output& output);
  const std::vector<Output>& outputs() const { return outputs_; }

  // --- events and impacts ------------------------------------------------------------------------
  /// Throws ModelError naming the event for a duplicate name, a gap that depends on the rates, or
  /// a numeric restitution outside [0, 1].
  void add_event(const Event& event);
  const std::vector<Event>& events() const { return events_; }

  // --- dependent speeds ---------------------------------------------------------------------------
  /// The speeds the formulations eliminate through the velocity-level constraints (one per
  /// independent constraint row, holonomic rows differentiated), as the user chose them: e.g. the
  /// Whipple bicycle's yaw, pitch and contact rates, keeping lean, steer and rear-wheel rates
  /// independent. Throws ModelError naming a symbol that is not a speed, or given twice. Empty
  /// (the default): the formulations choose.
  void set_dependent_speeds(const std::vector<GiNaC::symbol>& speeds);
  const std::vector<GiNaC::symbol>& dependent_speeds() const { return dependent_speeds_; }
  /// The configuration the model is used from (its initial conditions: q and t): where the choice
  /// of dependent speeds is checked, and made when the generic choice is singular there. Empty
  /// (the default): a generic configuration only.
  void set_reference_state(const GiNaC::exmap& values) {
    changed();
    reference_state_ = values;
  }
  const GiNaC::exmap& reference_state() const { return reference_state_; }
  /// The coordinates' values in the reference state, 0 where it gives none (or no number).
  Eigen::VectorXd reference_configuration() const;

  // --- where it was read from -------------------------------------------------------------------
  /// Records that the system is exactly what `description` says — a reader's name, its options and
  /// the text it read — so that what is derived from it can be found again by that description
  /// (the set-up cache of numeric::CompiledSystem). Any later change of the system but of parameter
  /// and input values and units, and any change of a frame or point of this process
  /// (kin::definitions_epoch), ends it.
  void set_source(std::string description);
  /// The description while it still holds; else null.
  const std::string* source() const;

  /// Every named symbol of the model (parameters, inputs, q, q̇, q̈, u, u̇, t) for expression parsers,
  /// kept as symbols are added (a model file's every expression looks its names up here).
  const GiNaC::symtab& symbol_table() const { return symbols_; }

 private:
  void changed() { source_.reset(); }  // by every change but of values and units (set_source)
  void claim_symbol_name(SymbolKind kind, const std::string& name);
  void add_dynamic_symbols(const GiNaC::symbol& s);  // s, ṡ, s̈ into symbols_
  void claim_mass_name(const std::string& kind, const std::string& name);  // a particle's or body's
  void claim_load_name(const std::string& kind, const std::string& name);
  friend std::vector<std::string> add_rolling_contact(System& system, const RollingContact& c);
  friend std::vector<std::string> add_rolling_contact(System& system, const ConvexRollingContact& c);

  std::string name_;
  std::shared_ptr<const std::string> source_;  // set_source's description, while it holds
  std::uint64_t source_epoch_ = 0;             // kin::definitions_epoch at set_source
  std::vector<Parameter> parameters_;
  std::vector<Input> inputs_;
  std::vector<GiNaC::symbol> coordinates_;
  std::vector<GiNaC::symbol> declared_speeds_;
  GiNaC::exmap coordinate_rates_;
  // speed_substitution(), built at its first use after the kinematic equations last changed, and
  // shared by the copies of the system made since (system.cpp).
  struct SpeedSubstitution;
  std::shared_ptr<SpeedSubstitution> speed_substitution_;
  const GiNaC::exmap& speed_substitution_map() const;
  std::vector<kin::ReferenceFrame> frames_;
  std::vector<kin::Point> points_;
  std::vector<Constraint> constraints_;
  std::vector<RollingContact> rolling_contacts_;
  std::vector<ConvexRollingContact> convex_rolling_contacts_;
  std::vector<GiNaC::symbol> dependent_speeds_;
  GiNaC::exmap reference_state_;
  std::vector<Event> events_;
  std::vector<Output> outputs_;
  std::vector<Particle> particles_;
  std::vector<RigidBody> bodies_;
  std::map<std::string, std::string> stated_parents_;
  std::vector<JointRecord> joints_;
  std::vector<Shape> shapes_;
  std::vector<PointForce> forces_;
  std::vector<BodyTorque> torques_;
  std::optional<Gravity> gravity_;
  std::vector<Spring> springs_;
  std::vector<Damper> dampers_;
  std::vector<Potential> potentials_;
  std::vector<Dissipation> dissipations_;
  std::vector<GeneralizedForce> generalized_forces_;
  std::set<std::string> load_names_;
  std::map<std::string, SymbolKind> symbol_kinds_;
  GiNaC::symtab symbols_;  // symbol_table()
  std::map<std::string, std::size_t> frame_index_, point_index_;  // name -> index in frames_, points_
  std::map<std::string, std::string> mass_kinds_;                 // particle or body name -> "particle" / "body"
  std::map<std::string, std::string> units_;  // coordinate or speed name -> unit
};

}  // namespace adyn::model
