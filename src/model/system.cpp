#include "adyn/model/system.hpp"

#include <algorithm>
#include <mutex>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/kinematics/definitions_epoch.hpp"
#include "adyn/model/parameter_values.hpp"
#include "adyn/symbolic/derivative.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "adyn/symbolic/library_messages.hpp"

namespace adyn::model {
namespace {

// q̇ -> N u + n, and q̈ -> its time derivative in the same terms (the kinematic equations
// differentiated once).
GiNaC::exmap with_accelerations(const GiNaC::exmap& rates) {
  GiNaC::exmap out = rates;
  for (const auto& [qd, rate] : rates) out[sym::derivative_of(qd)] = sym::substitute(sym::time_derivative(rate), rates);
  return out;
}

}  // namespace

// Differentiating every kinematic equation is most of what in_speeds costs (a robot's free joint:
// ½ E(q) ω in four Euler parameters, for every vector of its tree), so it is done once.
struct System::SpeedSubstitution {
  std::once_flag made;
  GiNaC::exmap map;
};

System::System(const std::string& name, const std::string& inertial_frame, const std::string& origin)
    : name_(name), speed_substitution_(std::make_shared<SpeedSubstitution>()) {
  symbols_["t"] = sym::time();
  symbols_["N_c"] = Constraint::normal_force_symbol();  // |Q^c_i| in nonideal constraint forces
  frames_.emplace_back(inertial_frame);
  points_.emplace_back(origin);
  points_.front().fix_in(frames_.front());
  frame_index_.emplace(inertial_frame, 0);
  point_index_.emplace(origin, 0);
}

std::string symbol_kind_name(SymbolKind kind) {
  switch (kind) {
    case SymbolKind::Parameter: return "parameter";
    case SymbolKind::Input: return "input";
    case SymbolKind::Coordinate: return "coordinate";
    case SymbolKind::Speed: return "speed";
  }
  return "symbol";
}

std::string name_used_by(SymbolKind kind) {
  return std::string("the name is already used by ") + (kind == SymbolKind::Input ? "an " : "a ") + symbol_kind_name(kind);
}

void System::claim_symbol_name(SymbolKind kind, const std::string& name) {
  const std::string what = symbol_kind_name(kind);
  if (name.empty()) throw ModelError(what, "needs a name");
  if (name == "t") throw ModelError(what + " 't'", "the name t is reserved for time");
  auto [it, inserted] = symbol_kinds_.emplace(name, kind);
  if (!inserted) throw ModelError(what + " '" + name + "'", name_used_by(it->second));
}

GiNaC::symbol System::add_parameter(const std::string& name, std::optional<double> value,
                                    const std::string& unit, const std::string& latex) {
  changed();
  claim_symbol_name(SymbolKind::Parameter, name);
  parameters_.push_back({sym::parameter(name, latex), value, unit});
  symbols_.emplace(name, parameters_.back().symbol);  // (q, q̇, q̈, u, u̇ of the same name win)
  return parameters_.back().symbol;
}

void System::set_parameter_value(const std::string& name, double value) { set_parameter_values({{name, value}}); }

void System::set_parameter_values(const std::map<std::string, double>& values) {
  GiNaC::exmap trial = parameter_values();
  std::string assigned;
  for (const auto& entry : values) {
    const std::string& name = entry.first;
    const double value = entry.second;
    auto it = std::find_if(parameters_.begin(), parameters_.end(), [&](const auto& p) { return p.symbol.get_name() == name; });
    if (it == parameters_.end()) throw ModelError("parameter '" + name + "'", "no such parameter in system '" + name_ + "'");
    check_finite_parameter(name, value);
    trial[it->symbol] = value;
    std::ostringstream text;
    text << "parameter '" << name << "' = " << value;
    assigned += (assigned.empty() ? "" : ", ") + text.str();
  }
  try {
    check_parameter_values(*this, trial);
  } catch (const ModelError& e) {
    throw ModelError(assigned, e.what());
  }
  for (auto& p : parameters_)
    if (auto it = values.find(p.symbol.get_name()); it != values.end()) p.value = it->second;
}

GiNaC::exmap System::parameter_values() const {
  GiNaC::exmap values;
  for (const auto& p : parameters_)
    if (p.value) values[p.symbol] = *p.value;
  for (const auto& i : inputs_) values[i.symbol] = i.value;
  return values;
}

GiNaC::symbol System::add_input(const std::string& name, double value, const std::string& unit, const std::string& latex) {
  changed();
  claim_symbol_name(SymbolKind::Input, name);
  check_finite_input(name, value);
  inputs_.push_back({sym::parameter(name, latex), value, unit});  // constant in time, as a parameter
  symbols_.emplace(name, inputs_.back().symbol);
  return inputs_.back().symbol;
}

bool System::has_input(const std::string& name) const {
  return std::any_of(inputs_.begin(), inputs_.end(), [&](const Input& i) { return i.symbol.get_name() == name; });
}

void System::set_input_values(const std::map<std::string, double>& values) {
  for (const auto& [name, value] : values) {
    if (!has_input(name)) {
      std::string known;
      for (const auto& i : inputs_) known += (known.empty() ? "" : ", ") + i.symbol.get_name();
      throw ModelError("input '" + name + "'", "no such input in system '" + name_ + "' (its inputs: " +
                                                   (known.empty() ? "none" : known) + ")");
    }
    check_finite_input(name, value);
  }
  for (auto& i : inputs_)
    if (auto it = values.find(i.symbol.get_name()); it != values.end()) i.value = it->second;
}

GiNaC::symbol System::add_coordinate(const std::string& name, const std::string& latex) {
  changed();
  claim_symbol_name(SymbolKind::Coordinate, name);
  coordinates_.push_back(sym::dynamic_symbol(name, latex));
  add_dynamic_symbols(coordinates_.back());
  return coordinates_.back();
}

GiNaC::symbol System::add_speed(const std::string& name, const std::string& latex) {
  changed();
  claim_symbol_name(SymbolKind::Speed, name);
  declared_speeds_.push_back(sym::dynamic_symbol(name, latex));
  add_dynamic_symbols(declared_speeds_.back());
  return declared_speeds_.back();
}

void System::set_unit(const GiNaC::symbol& s, const std::string& unit) {
  auto kind = symbol_kinds_.find(s.get_name());
  if (kind == symbol_kinds_.end() || (kind->second != SymbolKind::Coordinate && kind->second != SymbolKind::Speed))
    throw ModelError("unit of '" + s.get_name() + "'", "not a coordinate or a speed of system '" + name_ + "'");
  units_[s.get_name()] = unit;
}

std::string System::unit_of(const GiNaC::symbol& s) const {
  auto it = units_.find(s.get_name());
  return it == units_.end() ? std::string() : it->second;
}

void System::add_shape(const Shape& shape) {
  changed();
  if (shape.name.empty()) throw ModelError("shape", "needs a name");
  for (const auto& s : shapes_)
    if (s.name == shape.name) throw ModelError("shape '" + shape.name + "'", "the name is already used by another shape");
  shapes_.push_back(shape);
}

std::vector<GiNaC::symbol> System::speeds() const {
  return declared_speeds_.empty() ? sym::derivatives_of(coordinates_) : declared_speeds_;
}

void System::set_coordinate_rate(const GiNaC::symbol& coordinate, const GiNaC::ex& rate) {
  changed();
  bool known = false;
  for (const auto& q : coordinates_) known = known || q.is_equal(coordinate);
  if (!known) throw ModelError("coordinate '" + coordinate.get_name() + "'", "not a coordinate of this system");
  coordinate_rates_[sym::derivative_of(coordinate)] = rate;
  speed_substitution_ = std::make_shared<SpeedSubstitution>();
}

void System::check_kinematic_equations() const {
  if (declared_speeds_.empty()) return;
  for (const auto& q : coordinates_)
    if (!coordinate_rates_.count(sym::derivative_of(q)))
      throw ModelError("coordinate '" + q.get_name() + "'",
                       "has no kinematic differential equation (speeds are declared, so each "
                       "coordinate rate must be given in terms of them)");
  // q̇ = N u + n must determine u: N = ∂q̇/∂u of full column rank at a generic state, else the
  // speeds are not independent and every mass matrix in them is singular.
  GiNaC::matrix N(static_cast<unsigned>(coordinates_.size()), static_cast<unsigned>(declared_speeds_.size()));
  for (unsigned i = 0; i < N.rows(); ++i)
    for (unsigned j = 0; j < N.cols(); ++j)
      N(i, j) = coordinate_rates_.at(sym::derivative_of(coordinates_[i])).diff(declared_speeds_[j]);
  const Eigen::MatrixXd Nv = sym::evaluate(N, sym::with_generic_values(parameter_values(), N), "kinematic equations");
  if (Eigen::FullPivLU<Eigen::MatrixXd> lu(Nv); lu.setThreshold(1e-10).rank() < Nv.cols())
    throw ModelError("speeds", "are not independent: the kinematic equations q' = N u + n determine " +
                                   std::to_string(lu.rank()) + " of the " + std::to_string(Nv.cols()) +
                                   " speeds (N = dq'/du has rank " + std::to_string(lu.rank()) + ")");
}

Eigen::VectorXd System::reference_configuration() const {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(coordinates_.size()));
  for (std::size_t i = 0; i < coordinates_.size(); ++i)
    if (auto it = reference_state_.find(coordinates_[i]); it != reference_state_.end())
      if (const GiNaC::ex v = it->second.evalf(); GiNaC::is_a<GiNaC::numeric>(v) && GiNaC::ex_to<GiNaC::numeric>(v).is_real())
        q(static_cast<Eigen::Index>(i)) = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
  return q;
}

void System::check_velocities_from_positions(const std::string& method) const {
  const auto N = inertial_frame();
  auto check = [&](const kin::Point& P, const std::string& owner) {
    if (P.velocity_is_set_in(N))
      throw NotApplicableError("point '" + P.name() + "' (" + owner + ")",
                               "its velocity is set explicitly, which may embed a constraint (a rolling condition); " +
                                   method + " differentiate the kinetic energy before constraints are embedded and cannot "
                                            "use it: use Kane's or the Gibbs-Appell equations, or give the position and "
                                            "state the constraint");
  };
  for (const auto& p : particles_) check(p.point(), "particle '" + p.name() + "'");
  for (const auto& b : bodies_) check(b.mass_center(), "mass centre of body '" + b.name() + "'");
  for (const auto& f : forces_) check(f.point, "force '" + f.name + "'");
}

const GiNaC::exmap& System::speed_substitution_map() const {
  std::call_once(speed_substitution_->made, [this] { speed_substitution_->map = with_accelerations(coordinate_rates_); });
  return speed_substitution_->map;
}

GiNaC::exmap System::speed_substitution() const { return speed_substitution_map(); }

GiNaC::ex System::in_speeds(const GiNaC::ex& e) const {
  return coordinate_rates_.empty() ? e : sym::substitute(e, speed_substitution_map());
}

kin::Vector System::in_speeds(const kin::Vector& v) const {
  return coordinate_rates_.empty() ? v : v.subs(speed_substitution_map());
}

void System::set_dependent_speeds(const std::vector<GiNaC::symbol>& chosen) {
  changed();
  const auto u = speeds();
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    const auto& d = chosen[k];
    if (std::find(u.begin(), u.end(), d) == u.end())
      throw ModelError("dependent speed '" + d.get_name() + "'", "is not a generalized speed of the system");
    for (std::size_t j = 0; j < k; ++j)
      if (chosen[j].is_equal(d)) throw ModelError("dependent speed '" + d.get_name() + "'", "is given twice");
  }
  dependent_speeds_ = chosen;
}

GiNaC::exmap System::speeds_in_rates() const {
  if (coordinate_rates_.empty()) return {};
  const auto u = speeds();
  if (u.size() != coordinates_.size())
    throw ModelError("system '" + name_ + "'", "the " + std::to_string(u.size()) + " declared speeds cannot be written in the " +
                                                   std::to_string(coordinates_.size()) + " coordinate rates");
  GiNaC::lst equations, unknowns;
  for (const auto& [qd, rate] : coordinate_rates_) equations.append(qd == rate);  // q̇ = N u + n, linear in u
  for (const auto& s : u) unknowns.append(s);
  GiNaC::ex solution;
  try {
    solution = GiNaC::lsolve(equations, unknowns);
  } catch (const std::exception& e) {
    throw ModelError("system '" + name_ + "'", "the kinematic equations cannot be solved for the speeds: " + sym::library_message(e));
  }
  if (solution.nops() != u.size())
    throw ModelError("system '" + name_ + "'", "the kinematic equations q' = N u + n do not determine the speeds (N is singular)");
  GiNaC::exmap out;
  for (const auto& relation : solution) out[relation.lhs()] = relation.rhs();
  return out;
}

kin::ReferenceFrame System::add_frame(const kin::ReferenceFrame& frame) {
  changed();
  if (auto f = find_frame(frame.name())) {
    if (*f == frame) return *f;
    throw ModelError("frame '" + frame.name() + "'", "a frame with this name already exists");
  }
  frame_index_.emplace(frame.name(), frames_.size());
  frames_.push_back(frame);
  return frames_.back();
}

kin::Point System::add_point(const kin::Point& point) {
  changed();
  if (auto p = find_point(point.name())) {
    if (*p == point) return *p;
    throw ModelError("point '" + point.name() + "'", "a point with this name already exists");
  }
  point_index_.emplace(point.name(), points_.size());
  points_.push_back(point);
  return points_.back();
}

std::optional<kin::ReferenceFrame> System::find_frame(const std::string& name) const {
  const auto it = frame_index_.find(name);
  return it == frame_index_.end() ? std::nullopt : std::optional(frames_[it->second]);
}

std::optional<kin::Point> System::find_point(const std::string& name) const {
  const auto it = point_index_.find(name);
  return it == point_index_.end() ? std::nullopt : std::optional(points_[it->second]);
}

kin::ReferenceFrame System::frame(const std::string& name) const {
  if (auto f = find_frame(name)) return *f;
  throw ModelError("frame '" + name + "'", "no such frame in system '" + name_ + "'");
}

std::vector<kin::ReferenceFrame> System::moving_frames() const {
  std::vector<kin::ReferenceFrame> out;
  std::vector<GiNaC::symbol> moving = coordinates_;
  moving.push_back(sym::time());
  sym::Occurrence moved(moving);  // one walk of the orientations' shared parts for every frame
  for (const auto& frame : frames_)
    if (frame.parent() && moved.in(frame.orientation().dcm())) out.push_back(frame);
  return out;
}

kin::Point System::point(const std::string& name) const {
  if (auto p = find_point(name)) return *p;
  throw ModelError("point '" + name + "'", "no such point in system '" + name_ + "'");
}

void System::claim_mass_name(const std::string& kind, const std::string& name) {
  auto [it, inserted] = mass_kinds_.emplace(name, kind);
  if (inserted) return;
  throw ModelError(kind + " '" + name + "'", it->second == kind ? "a " + kind + " with this name already exists"
                                                                : "a " + it->second + " has this name already");
}

void System::add_particle(const Particle& particle) {
  changed();
  claim_mass_name("particle", particle.name());
  particles_.push_back(particle);
}

void System::add_body(const RigidBody& body) {
  changed();
  if (mass_kinds_.count(body.name())) claim_mass_name("body", body.name());  // throws: the name is taken
  body.frame().angular_velocity_in(inertial_frame());  // throws unless the frame hangs from N
  claim_mass_name("body", body.name());
  bodies_.push_back(body);
}

void System::state_parent(const std::string& body, const std::string& parent) {
  changed();
  if (body.empty()) throw ModelError("body", "needs a name to state a parent of");
  if (parent == body) throw ModelError("body '" + body + "'", "cannot hang from itself");
  stated_parents_[body] = parent;
}

void System::claim_load_name(const std::string& kind, const std::string& name) {
  if (name.empty()) throw ModelError(kind, "needs a name");
  if (!load_names_.insert(name).second) throw ModelError(kind + " '" + name + "'", "a load with this name already exists");
}

void System::add_force(const PointForce& f) {
  changed();
  claim_load_name("force", f.name);
  forces_.push_back(f);
}

void System::add_torque(const BodyTorque& t) {
  changed();
  claim_load_name("torque", t.name);
  torques_.push_back(t);
}

void System::set_gravity(const kin::Vector& g) {
  changed();
  gravity_ = Gravity{g};
}

void System::add_spring(const Spring& s) {
  changed();
  claim_load_name("spring", s.name);
  if (s.a == s.b) throw ModelError("spring '" + s.name + "'", "its two end points are the same point");
  springs_.push_back(s);
}

void System::add_damper(const Damper& d) {
  changed();
  claim_load_name("damper", d.name);
  if (d.a == d.b) throw ModelError("damper '" + d.name + "'", "its two end points are the same point");
  dampers_.push_back(d);
}

void System::add_potential(const Potential& p) {
  changed();
  claim_load_name("potential", p.name);
  for (const auto& s : sym::free_symbols(p.energy))
    if (sym::is_dynamic(s) && sym::derivative_order(s) > 0)
      throw ModelError("potential '" + p.name + "'", "a potential energy V(q, t) cannot depend on rates");
  potentials_.push_back(p);
}

void System::add_dissipation(const Dissipation& d) {
  changed();
  claim_load_name("dissipation function", d.name);
  dissipations_.push_back(d);
}

void System::add_generalized_force(const GeneralizedForce& f) {
  changed();
  claim_load_name("generalized force", f.name);
  bool known = false;
  for (const auto& q : coordinates_) known = known || q.is_equal(f.coordinate);
  if (!known)
    throw ModelError("generalized force '" + f.name + "'",
                     "'" + f.coordinate.get_name() + "' is not a coordinate of this system");
  generalized_forces_.push_back(f);
}

void System::add_constraint(const Constraint& c) {
  changed();
  std::string object = "constraint '" + c.name + "'";
  if (c.name.empty()) throw ModelError("constraint", "needs a name");
  for (const auto& i : inputs_)
    if (c.expression.has(i.symbol) || c.friction_coefficient.has(i.symbol) ||
        std::any_of(c.nonideal_force.begin(), c.nonideal_force.end(), [&](const GiNaC::ex& e) { return e.has(i.symbol); }))
      throw ModelError(object, "contains the input '" + i.symbol.get_name() +
                                   "': inputs act through loads (forces, torques, generalized forces), not constraints");
  for (const auto& other : constraints_)
    if (other.name == c.name) throw ModelError(object, "a constraint with this name already exists");
  auto velocities = sym::derivatives_of(coordinates_);
  for (const auto& s : sym::free_symbols(c.expression))
    if (sym::is_dynamic(s) && sym::derivative_order(s) > 0 && c.level == ConstraintLevel::Configuration)
      throw ModelError(object, "a configuration constraint phi(q, t) = 0 cannot contain the rate '" +
                                   GiNaC::ex_to<GiNaC::symbol>(s).get_name() + "'");
  if (c.level == ConstraintLevel::Velocity)
    for (const auto& qd : velocities)
      for (const auto& other : velocities)
        if (c.expression.diff(qd).has(other))
          throw ModelError(object, "a velocity constraint A q_d + a_t = 0 must be linear in the rates (it is "
                                   "not in '" + qd.get_name() + "'); declare it as a general constraint");
  if (!c.nonideal_force.empty() && c.nonideal_force.size() != coordinates_.size())
    throw ModelError(object, "its nonideal force needs one entry per coordinate");
  constraints_.push_back(c);
}

void System::remove_constraint(const std::string& name) {
  changed();
  const auto at = std::find_if(constraints_.begin(), constraints_.end(), [&](const Constraint& c) { return c.name == name; });
  if (at == constraints_.end()) throw ModelError("constraint '" + name + "'", "there is no constraint of this name");
  constraints_.erase(at);
}

void System::add_event(const Event& e) {
  changed();
  const std::string object = "event '" + e.name + "'";
  for (const auto& other : events_)
    if (other.name == e.name) throw ModelError(object, "an event with this name already exists");
  for (const auto& s : sym::free_symbols(e.gap))
    if (sym::is_dynamic(s) && sym::derivative_order(s) > 0)
      throw ModelError(object, "its gap g(q, t) cannot contain the rate '" + GiNaC::ex_to<GiNaC::symbol>(s).get_name() + "'");
  if (e.restitution) {
    GiNaC::ex v = e.restitution->subs(parameter_values()).evalf();
    if (GiNaC::is_a<GiNaC::numeric>(v) && (GiNaC::ex_to<GiNaC::numeric>(v).to_double() < 0 ||
                                          GiNaC::ex_to<GiNaC::numeric>(v).to_double() > 1))
      throw ModelError(object, "the coefficient of restitution must be in [0, 1]");
  }
  events_.push_back(e);
}

void System::add_dynamic_symbols(const GiNaC::symbol& s) {
  changed();
  for (int order = 0; order <= 2; ++order) {
    const auto d = sym::derivative_of(s, order);
    symbols_[d.get_name()] = d;
  }
}

}  // namespace adyn::model

namespace adyn::model {

void System::set_source(std::string description) {
  source_ = std::make_shared<const std::string>(std::move(description));
  source_epoch_ = kin::definitions_epoch();
}

const std::string* System::source() const {
  return source_ && source_epoch_ == kin::definitions_epoch() ? source_.get() : nullptr;
}

}  // namespace adyn::model
