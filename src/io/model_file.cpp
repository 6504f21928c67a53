#include "adyn/io/model_file.hpp"
#include "adyn/io/urdf_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include "adyn/error.hpp"
#include "adyn/formulations/methods.hpp"
#include "adyn/io/expression_parser.hpp"
#include "adyn/io/suggestions.hpp"
#include "adyn/kinematics/dyadic.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/numeric/integrator_registry.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "adyn/symbolic/evaluate.hpp"
#include "geometric_constraints.hpp"
#include "geometry_section.hpp"
#include "outputs_section.hpp"
#include "initial_conditions.hpp"
#include "joints_section.hpp"
#include "model_values.hpp"

namespace adyn::io {
namespace {

using GiNaC::ex;

const std::vector<std::string> top_level_keys = {
    "name",    "inertial_frame",   "origin",     "parameters",  "coordinates",
    "speeds",  "coordinate_rates", "frames",     "points",      "particles",
    "bodies",  "constraints",      "gravity",    "forces",      "torques",
    "springs", "dampers",          "potentials", "dissipation", "generalized_forces",
    "events",  "initial",          "simulation", "dependent_speeds", "operating_point", "geometry",
    "inputs", "outputs", "joints"};

class ModelReader : public JointsSection {
 public:
  ModelReader(std::string source, model::System& system) : JointsSection(std::move(source), system) {}

  void read(const Fields& top) {
    if (top.has("parameters")) read_parameters(top["parameters"], "parameter");
    if (top.has("inputs")) read_parameters(top["inputs"], "input");
    if (top.has("coordinates")) read_symbols(top["coordinates"], "coordinate");
    if (top.has("speeds")) read_symbols(top["speeds"], "speed");
    if (top.has("coordinate_rates")) read_coordinate_rates(top);
    check_kinematic_equations(top);
    if (top.has("joints")) read_joints(top["joints"]);
    if (top.has("frames")) read_frames(top["frames"]);
    each(top, "points", "point", &ModelReader::read_point);
    each(top, "particles", "particle", &ModelReader::read_particle);
    each(top, "bodies", "body", &ModelReader::read_body);
    check_joint_bodies();
    each(top, "constraints", "constraint", &ModelReader::read_constraint);
    if (top.has("dependent_speeds")) read_dependent_speeds(top["dependent_speeds"]);
    each(top, "events", "event", &ModelReader::read_event);
    if (top.has("gravity")) {
      auto g = vector(top["gravity"], "gravity");
      system_.set_gravity(g);
    }
    each(top, "forces", "force", &ModelReader::read_force);
    each(top, "torques", "torque", &ModelReader::read_torque);
    each(top, "springs", "spring", &ModelReader::read_spring);
    each(top, "dampers", "damper", &ModelReader::read_damper);
    each(top, "potentials", "potential", &ModelReader::read_potential);
    each(top, "dissipation", "dissipation function", &ModelReader::read_dissipation);
    each(top, "generalized_forces", "generalized force", &ModelReader::read_generalized_force);
    if (top.has("geometry")) read_geometry(top["geometry"], source_, system_);
    if (top.has("outputs")) read_outputs(top["outputs"], source_, system_);
  }

  // The names a state may be given by: the coordinates (and their rates q_d), the speeds.
  std::vector<std::string> state_names(bool with_rates) const {
    std::vector<std::string> names;
    for (const auto& q : system_.coordinates()) {
      names.push_back(q.get_name());
      if (with_rates) names.push_back(q.get_name() + "_d");
    }
    for (const auto& u : system_.speeds()) names.push_back(u.get_name());
    return names;
  }

  // initial: {name: value} for coordinates and speeds (the rates q_d when no speeds are
  // declared); values are expressions in the parameters. Checked against the constraints by
  // check_initial_state, once the whole model is read.
  void read_initial(const Fields& top, SimulationSetup& setup) {
    const std::string object = "initial conditions";
    const auto allowed = state_names(false);
    initial_nodes_.given = true;
    initial_nodes_.section = top.key("initial");
    for (const auto& e : entries(top["initial"], object, "a mapping name: value")) {
      const std::string item = "initial condition '" + e.name + "'";
      if (std::find(allowed.begin(), allowed.end(), e.name) == allowed.end())
        fail(e.key, item, "is not a coordinate or a speed of the model" + hint(e.name, allowed));
      setup.initial[e.name] = constant(e.value, item);
      if (const auto written = expression(e.value, item); !GiNaC::is_a<GiNaC::numeric>(written))
        setup.initial_in_parameters[e.name] = written;
      initial_nodes_.values[e.name] = e.key;
    }
  }

  const InitialStateNodes& initial_nodes() const { return initial_nodes_; }

  // operating_point: {name: expression} for coordinates, rates and speeds, kept symbolic in the
  // parameters (the steady motion of the analysis commands: thetaR_d: -v/rR).
  void read_operating_point(const Fields& top, SimulationSetup& setup) const {
    const std::string object = "operating point";
    const auto allowed = state_names(true);
    for (const auto& e : entries(top["operating_point"], object, "a mapping name: expression")) {
      const std::string item = "operating point '" + e.name + "'";
      if (std::find(allowed.begin(), allowed.end(), e.name) == allowed.end())
        fail(e.key, item, "is not a coordinate, rate or speed of the model" + hint(e.name, allowed));
      setup.operating_point[e.name] = expression(e.value, item);
    }
  }

  void read_simulation(const YAML::Node& node, SimulationSetup& setup) const {
    const std::string object = "simulation settings";
    auto f = fields(node, object,
                    {"t_end", "output_step", "rtol", "atol", "method", "integrator", "projection", "baumgarte"});
    for (auto [key, out] : {std::pair{"t_end", &setup.t_end},
                            {"output_step", &setup.output_step},
                            {"rtol", &setup.rtol},
                            {"atol", &setup.atol},
                            {"baumgarte", &setup.baumgarte}}) {
      if (!f.has(key)) continue;
      *out = number(f[key], object);
      if (!(**out > 0)) fail(f[key], object, std::string(key) + " must be positive, got " + in_quotes(f[key].Scalar()));
    }
    if (f.has("method")) setup.method = one_of(f["method"], object, "method", formulations::method_names());
    if (f.has("integrator"))
      setup.integrator = one_of(f["integrator"], object, "integrator", numeric::integrator_names());
    if (f.has("projection")) setup.projection = boolean(f["projection"], object);
  }

 private:
  InitialStateNodes initial_nodes_;

  // Reads every item of the list top[key], each behind a safety net at the item.
  void each(const Fields& top, const char* key, const std::string& kind,
            void (ModelReader::*read_item)(const YAML::Node&)) {
    if (!top.has(key)) return;
    for (const auto& item : list(top[key], key, kind + " entries"))
      guarded(item, kind, [&] { (this->*read_item)(item); });
  }

  // ---- sections ----

  // parameters: or inputs: {name: value} or {name: {value, unit, latex}}; an input's value is 0
  // unless given.
  void read_parameters(const YAML::Node& node, const std::string& kind) {
    for (const auto& e : entries(node, kind + "s", "a mapping name: value or name: {value, unit, latex}")) {
      std::string object = kind + " '" + e.name + "'";
      std::optional<double> value;
      std::string unit, latex;
      if (e.value.IsMap()) {
        auto f = fields(e.value, object, {"value", "unit", "latex"});
        if (f.has("value")) value = number(f["value"], object);
        if (f.has("unit")) unit = line_text(f["unit"], object, "a unit");
        if (f.has("latex")) latex = line_text(f["latex"], object, "LaTeX text");
      } else if (!e.value.IsNull()) {
        value = number(e.value, object);
      }
      claim_symbol(e.key, kind, e.name);
      guarded(e.key, object, [&] {
        if (kind == "input") system_.add_input(e.name, value.value_or(0.0), unit, latex);
        else system_.add_parameter(e.name, value, unit, latex);
      });
    }
  }

  void read_symbols(const YAML::Node& node, const std::string& kind) {
    for (const auto& item : list(node, kind + "s", "names")) {
      std::string name, latex, unit;
      YAML::Node at = item;
      if (item.IsMap()) {
        auto f = fields(item, kind, {"name", "latex", "unit"});
        require(f, kind, {"name"});
        at = f["name"];
        name = line_text(at, kind, "a name");
        if (f.has("latex")) latex = line_text(f["latex"], kind + " '" + name + "'", "LaTeX text");
        if (f.has("unit")) unit = line_text(f["unit"], kind + " '" + name + "'", "a unit");
      } else {
        name = line_text(item, kind, "a name or {name, latex, unit}");
      }
      claim_symbol(at, kind, name);
      guarded(at, kind + " '" + name + "'", [&] {
        const auto s = kind == "coordinate" ? system_.add_coordinate(name, latex) : system_.add_speed(name, latex);
        if (!unit.empty()) system_.set_unit(s, unit);
      });
    }
  }

  void read_coordinate_rates(const Fields& top) {
    if (!top.has("speeds"))
      fail(top.key("coordinate_rates"), "coordinate_rates",
           "only with declared speeds (without them q_d are the speeds)");
    std::vector<std::string> names;
    for (const auto& c : system_.coordinates()) names.push_back(c.get_name());
    for (const auto& e : entries(top["coordinate_rates"], "coordinate_rates", "a mapping coordinate: rate in speeds")) {
      std::string object = "coordinate '" + e.name + "'";
      auto it = std::find(names.begin(), names.end(), e.name);
      if (it == names.end()) fail(e.key, object, "not a declared coordinate" + hint(e.name, names));
      auto rate = expression(e.value, object);
      const auto& q = system_.coordinates()[static_cast<std::size_t>(it - names.begin())];
      guarded(e.value, object, [&] { system_.set_coordinate_rate(q, rate); });
    }
  }

  void check_kinematic_equations(const Fields& top) const {
    if (!top.has("speeds")) return;
    const auto& at = top.has("coordinate_rates") ? top["coordinate_rates"] : top.key("speeds");
    guarded(at, top.has("coordinate_rates") ? "coordinate_rates" : "speeds",
            [&] { system_.check_kinematic_equations(); });
  }

  // Frames are declared first and oriented after, so that they may come in any order and a
  // cycle of parents is reported as such.
  void read_frames(const YAML::Node& node) {
    struct Declared {
      kin::ReferenceFrame frame;
      std::string object;
      Fields fields;
    };
    std::vector<Declared> frames;
    for (const auto& item : list(node, "frames", "frame entries")) {
      std::string name, object;
      auto f = named(
          item, "frame",
          {"name", "parent", "axis", "angle", "body_fixed", "space_fixed", "angles", "quaternion", "rodrigues", "dcm"},
          name, object);
      require(f, object, {"parent"});
      claim("frame", name, f["name"], object);
      kin::ReferenceFrame frame = guarded(f["name"], object, [&] { return kin::ReferenceFrame(name); });
      guarded(f["name"], object, [&] { system_.add_frame(frame); });
      frames.push_back({frame, object, std::move(f)});
    }
    for (auto& declared : frames) {
      auto& frame = declared.frame;
      const auto& object = declared.object;
      const auto& f = declared.fields;
      auto parent = frame_named(f["parent"], object);
      auto o = orientation(f, object);
      guarded(f["parent"], object, [&] { frame.orient(parent, o); });
      for (const char* kind : {"dcm", "quaternion"})  // rotations or not by the coordinates' values
        if (f.has(kind)) initial_nodes_.orientations[object] = f[kind];
    }
  }

  kin::Orientation orientation(const Fields& f, const std::string& object) const {
    static const std::vector<std::string> kinds = {"axis",       "body_fixed", "space_fixed",
                                                   "quaternion", "rodrigues",  "dcm"};
    std::string kind;
    for (const auto& k : kinds)
      if (f.has(k)) {
        if (!kind.empty()) fail(f.key(k), object, "has two orientations, '" + kind + "' and '" + k + "': give one");
        kind = k;
      }
    if (kind.empty())
      fail(f.node(), object,
           "needs an orientation: axis + angle, body_fixed/space_fixed + angles, quaternion, "
           "rodrigues or dcm");
    const bool euler = kind == "body_fixed" || kind == "space_fixed";
    if (f.has("angle") && kind != "axis") fail(f.key("angle"), object, "'angle' goes with 'axis'");
    if (f.has("angles") && !euler) fail(f.key("angles"), object, "'angles' go with 'body_fixed' or 'space_fixed'");
    if (kind == "axis") require(f, object, {"angle"});
    if (euler) require(f, object, {"angles"});
    auto o = guarded(f[kind], object, [&] { return make_orientation(f, kind, object); });
    // A given dcm or quaternion of numbers must be a rotation (coordinates: checked at the state).
    if (auto defect = guarded(f[kind], object, [&] { return o.rotation_defect(system_.parameter_values()); }); !defect.empty())
      fail(f[kind], object, defect.text());
    return o;
  }

  kin::Orientation make_orientation(const Fields& f, const std::string& kind, const std::string& object) const {
    if (kind == "axis") return kin::Orientation::axis(axis_components(f["axis"], object), expression(f["angle"], object));
    if (kind == "quaternion") {
      auto e = expressions(f["quaternion"], object, 4, "Euler parameters");
      return kin::Orientation::quaternion({e[0], e[1], e[2], e[3]});
    }
    if (kind == "rodrigues") {
      auto r = expressions(f["rodrigues"], object, 3, "Rodrigues parameters");
      return kin::Orientation::rodrigues({r[0], r[1], r[2]});
    }
    if (kind == "dcm") return kin::Orientation::dcm(matrix3(f["dcm"], object, "dcm"));
    auto a = expressions(f["angles"], object, 3, "angles");
    auto sequence = text(f[kind], object, "a rotation sequence such as \"313\"");
    return kind == "body_fixed" ? kin::Orientation::body_fixed(sequence, {a[0], a[1], a[2]})
                                : kin::Orientation::space_fixed(sequence, {a[0], a[1], a[2]});
  }

  void read_point(const YAML::Node& node) {
    std::string name, object;
    auto f = named(node, "point", {"name", "from", "position", "fixed_in", "velocity"}, name, object);
    claim("point", name, f["name"], object);
    kin::Point point = guarded(f["name"], object, [&] { return kin::Point(name); });
    guarded(f["name"], object, [&] { system_.add_point(point); });
    if (f.has("position") && !f.has("from"))
      fail(f.key("position"), object, "a position needs 'from' (the point it is measured from)");
    if (f.has("from")) {
      auto from = point_named(f["from"], object);
      kin::Vector r = f.has("position") ? vector(f["position"], object) : kin::Vector();
      guarded(f["from"], object, [&] { point.set_position(from, r); });
    }
    if (f.has("fixed_in")) {
      const auto& in = f["fixed_in"];
      std::vector<YAML::Node> frames;
      if (in.IsSequence())
        for (const auto& item : in) frames.push_back(item);
      else
        frames.push_back(in);
      for (const auto& item : frames) {
        auto frame = frame_named(item, object);
        guarded(item, object, [&] { point.fix_in(frame); });
      }
    }
    if (f.has("velocity")) {
      auto v = vector(f["velocity"], object);
      guarded(f["velocity"], object, [&] { point.set_velocity(system_.inertial_frame(), v); });
    }
  }

  void read_particle(const YAML::Node& node) {
    std::string name, object;
    auto f = named(node, "particle", {"name", "point", "mass"}, name, object);
    require(f, object, {"point", "mass"});
    claim("mass", name, f["name"], object);
    auto point = point_named(f["point"], object);
    auto m = mass(f, object);
    guarded(f["name"], object, [&] { system_.add_particle({name, point, m}); });
  }

  // {name, holonomic|velocity|general: expr, nonideal_force: [..], friction: mu}, or a geometric
  // constraint: {name, rolling | coincident | on_plane | on_line | aligned: {...}}.
  void read_constraint(const YAML::Node& node) {
    std::string name, object;
    auto f = named(node, "constraint",
                   {"name", "holonomic", "velocity", "general", "nonideal_force", "friction", "rolling", "coincident",
                    "on_plane", "on_line", "aligned"},
                   name, object);
    claim("constraint", name, f["name"], object);
    const std::vector<std::pair<std::string, model::ConstraintLevel>> levels = {
        {"holonomic", model::ConstraintLevel::Configuration},
        {"velocity", model::ConstraintLevel::Velocity},
        {"general", model::ConstraintLevel::General}};
    std::optional<model::Constraint> c;
    std::string key;
    for (const auto& k : {"holonomic", "velocity", "general", "rolling", "coincident", "on_plane", "on_line", "aligned"})
      if (f.has(k)) {
        if (!key.empty())
          fail(f.key(k), object, "has both '" + key + "' and '" + k + "': give exactly one kind of constraint");
        key = k;
      }
    if (key.empty())
      fail(f.node(), object,
           "needs one of holonomic: phi(q,t), velocity: A q_d + a_t, general: f(q, q_d, t), or a geometric "
           "constraint (rolling, coincident, on_plane, on_line, aligned)");
    for (const auto& [k, level] : levels)
      if (key == k) c = model::Constraint{name, level, expression(f[k], object), {}};
    if (!c) {
      for (const auto& extra : {"nonideal_force", "friction"})
        if (f.has(extra)) fail(f.key(extra), object, std::string("'") + extra + "' is for constraints written as expressions");
      guarded(f[key], object, [&] { read_geometric_constraint(name, key, f[key], object, source_, system_); });
      return;
    }
    check_references(f[key], object, *c);
    if (f.has("nonideal_force"))
      c->nonideal_force =
          expressions(f["nonideal_force"], object, system_.coordinates().size(), "forces (one per coordinate)");
    if (f.has("friction")) {
      c->friction_coefficient = expression(f["friction"], object);
      if (auto mu = value_of(f["friction"], c->friction_coefficient, object); mu && *mu < 0)
        fail(f["friction"], object, "the friction coefficient must be 0 or positive, got " + in_quotes(f["friction"].Scalar()));
    }
    guarded(f[key], object, [&] { system_.add_constraint(*c); });
  }

  // dependent_speeds: [names]: speeds (or rates q_d when no speeds are declared) to eliminate.
  void read_dependent_speeds(const YAML::Node& node) {
    const std::string object = "dependent_speeds";
    const auto names = list(node, object, "speed names");
    std::vector<GiNaC::symbol> chosen;
    const auto& table = system_.symbol_table();
    for (const auto& item : names) {
      const auto name = text(item, object, "a speed name");
      auto it = table.find(name);
      if (it == table.end()) fail(item, object, "no speed '" + name + "' is defined");
      chosen.push_back(GiNaC::ex_to<GiNaC::symbol>(it->second));
    }
    guarded(node, object, [&] { system_.set_dependent_speeds(chosen); });
  }

  // A constraint must involve the motion: a coordinate (holonomic) or a rate (the others).
  void check_references(const YAML::Node& node, const std::string& object, const model::Constraint& c) const {
    const bool holonomic = c.level == model::ConstraintLevel::Configuration;
    for (const auto& s : sym::free_symbols(c.expression))
      if (sym::is_dynamic(s) && (holonomic || sym::derivative_order(s) > 0 || is_speed(s))) return;
    fail(node, object,
         std::string("references no ") + (holonomic ? "coordinate" : "rate q_d or speed") + ": it constrains nothing" +
             (holonomic ? "" : " (a constraint on q alone is holonomic)"));
  }

  bool is_speed(const ex& s) const {
    const auto speeds = system_.speeds();
    return std::any_of(speeds.begin(), speeds.end(), [&](const GiNaC::symbol& u) { return s.is_equal(u); });
  }

  // {name, gap: g(q, t), restitution: e} (an impact) or without restitution (stop the run)
  void read_event(const YAML::Node& node) {
    std::string name, object;
    auto f = named(node, "event", {"name", "gap", "restitution"}, name, object);
    require(f, object, {"gap"});
    claim("event", name, f["name"], object);
    model::Event e{name, expression(f["gap"], object), std::nullopt};
    if (f.has("restitution")) {
      e.restitution = expression(f["restitution"], object);
      auto value = value_of(f["restitution"], *e.restitution, object);
      if (value && !(*value >= 0 && *value <= 1))
        fail(f["restitution"], object,
             "the coefficient of restitution must be in [0, 1], got " + std::to_string(*value));
    }
    guarded(f["gap"], object, [&] { system_.add_event(e); });
  }

  void read_force(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "force", {"name", "point", "force"}, name, object);
    require(f, object, {"point", "force"});
    claim("load", name, f["name"], object);
    auto point = point_named(f["point"], object);
    auto force = vector(f["force"], object);
    guarded(f["name"], object, [&] { system_.add_force({name, point, force}); });
  }

  void read_torque(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "torque", {"name", "frame", "torque", "reaction_on"}, name, object);
    require(f, object, {"frame", "torque"});
    claim("load", name, f["name"], object);
    model::BodyTorque t{name, frame_named(f["frame"], object), vector(f["torque"], object), std::nullopt};
    if (f.has("reaction_on")) t.reaction_on = frame_named(f["reaction_on"], object);
    guarded(f["name"], object, [&] { system_.add_torque(t); });
  }

  void read_spring(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "spring", {"name", "between", "stiffness", "free_length", "tension"}, name, object);
    require(f, object, {"between"});
    claim("load", name, f["name"], object);
    const auto ends = two_points(f["between"], object);
    model::Spring s{name, ends.first, ends.second, 0, 0, std::nullopt};
    if (f.has("stiffness") && f.has("tension"))
      fail(f.key("tension"), object, "give a stiffness (linear spring) or a tension law, not both");
    if (!f.has("stiffness") && !f.has("tension")) fail(f.node(), object, "needs a stiffness or a tension law");
    if (f.has("stiffness")) s.stiffness = expression(f["stiffness"], object);
    if (f.has("free_length")) s.free_length = expression(f["free_length"], object);
    if (f.has("tension"))
      s.tension_law = expression(f["tension"], object, {{"stretch", model::Spring::stretch_symbol()}});
    guarded(f["between"], object, [&] { system_.add_spring(s); });
  }

  void read_damper(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "damper", {"name", "between", "coefficient"}, name, object);
    require(f, object, {"between", "coefficient"});
    claim("load", name, f["name"], object);
    const auto ends = two_points(f["between"], object);
    auto c = expression(f["coefficient"], object);
    guarded(f["between"], object, [&] { system_.add_damper({name, ends.first, ends.second, c}); });
  }

  void read_potential(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "potential", {"name", "energy"}, name, object);
    require(f, object, {"energy"});
    claim("load", name, f["name"], object);
    auto V = expression(f["energy"], object);
    guarded(f["energy"], object, [&] { system_.add_potential({name, V}); });
  }

  void read_dissipation(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "dissipation function", {"name", "function"}, name, object);
    require(f, object, {"function"});
    claim("load", name, f["name"], object);
    auto D = expression(f["function"], object);
    guarded(f["function"], object, [&] { system_.add_dissipation({name, D}); });
  }

  void read_generalized_force(const YAML::Node& n) {
    std::string name, object;
    auto f = named(n, "generalized force", {"name", "coordinate", "value"}, name, object);
    require(f, object, {"coordinate", "value"});
    claim("load", name, f["name"], object);
    auto q = expression(f["coordinate"], object);
    if (!GiNaC::is_a<GiNaC::symbol>(q)) fail(f["coordinate"], object, "must name a coordinate");
    auto Q = expression(f["value"], object);
    guarded(f["coordinate"], object, [&] { system_.add_generalized_force({name, GiNaC::ex_to<GiNaC::symbol>(q), Q}); });
  }

  std::pair<kin::Point, kin::Point> two_points(const YAML::Node& node, const std::string& object) const {
    if (!node.IsSequence() || node.size() != 2)
      fail(node, object, "'between' takes a list of two points, got " + describe(node));
    return {point_named(node[0], object), point_named(node[1], object)};
  }
};

ModelDocument read_document(const YAML::Node& root, const std::string& source) {
  YamlReader yaml(source);
  if (!root.IsMap())
    yaml.fail(root, "model", "a model file is a YAML mapping (key: value lines), got " + describe(root));
  auto top = yaml.fields(root, "model", top_level_keys);
  auto header = [&](const char* key, const char* fallback) {
    if (!top.has(key)) return std::string(fallback);
    auto s = yaml.line_text(top[key], "model", std::string("the ") + key);
    if (s.empty()) yaml.fail(top[key], "model", std::string("the ") + key + " is empty");
    return s;
  };
  ModelDocument doc{yaml.guarded(root, "model",
                                 [&] {
                                   return model::System(header("name", "system"), header("inertial_frame", "N"),
                                                        header("origin", "O"));
                                 }),
                    {}};
  ModelReader reader(source, doc.system);
  reader.read(top);
  if (top.has("initial")) reader.read_initial(top, doc.setup);
  reader.complete_document(doc);
  doc.completed = check_initial_state(yaml, doc.system, doc.setup, reader.initial_nodes());
  GiNaC::exmap reference{{sym::time(), 0}};  // the initial configuration, unlisted coordinates at 0
  for (const auto& q : doc.system.coordinates()) {
    auto it = doc.setup.initial.find(q.get_name());
    reference[q] = it == doc.setup.initial.end() ? 0.0 : it->second;
  }
  doc.system.set_reference_state(reference);
  if (top.has("operating_point")) reader.read_operating_point(top, doc.setup);
  if (top.has("simulation")) reader.read_simulation(top["simulation"], doc.setup);
  if (!reader.joint_initial_values().empty() && !doc.setup.method) {  // as the URDF reader's free joints
    doc.setup.method = formulations::default_method_in_speeds;
    doc.notes.push_back("spherical or free joint(s): the speeds are declared (not all are rates), so the equations "
                        "are Kane's by default");
  }
  return doc;
}

}  // namespace

std::map<std::string, double> initial_conditions(const ModelDocument& doc) {
  auto given = doc.setup.initial;
  const auto parameters = doc.system.parameter_values();
  for (const auto& [name, written] : doc.setup.initial_in_parameters)
    given[name] = sym::evaluate(written, parameters, "initial condition '" + name + "'");
  return given;
}

analysis::InitialState initial_state_of(const ModelDocument& doc) {
  const auto& c = doc.completed;
  const auto given = initial_conditions(doc);
  if (c && c->given == given && c->parameters == parameter_map(doc.system)) return c->state;
  return analysis::complete_initial_state(doc.system, given);
}

ModelDocument read_model_document_text(const std::string& yaml_text, const std::string& source, const UrdfOptions& urdf) {
  if (is_urdf_path(source)) return read_urdf_text(yaml_text, source, urdf);
  if (urdf.floating_base)
    throw ModelFileError(source, 1, 1, "floating base",
                         "applies to a robot description (.urdf) only: a model file states its own coordinates (a free "
                         "body: a frame oriented by Euler parameters, docs/model-format.md)");
  return read_document(parse_yaml(yaml_text, source), source);
}

model::System read_model(const std::string& yaml_text, const std::string& source) {
  return read_model_document_text(yaml_text, source).system;
}

std::string read_model_text(const std::string& path) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& problem) { throw ModelFileError(path, 1, 1, "model file", problem); };
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) fail("does not exist");
  if (fs::is_directory(status)) fail("is a directory");
  // A pipe, a device (/dev/zero, /dev/urandom) or a socket could block or never end.
  if (!fs::is_regular_file(status)) fail("is not a regular file (a pipe or a device); save the model to a file");
  const auto too_large = [&] {
    fail("is larger than " + std::to_string(max_model_file_bytes >> 20) + " MiB, more than any model needs");
  };
  const auto size = fs::file_size(path, ec);
  if (ec) fail("cannot be read");
  if (size > max_model_file_bytes) too_large();
  // Read to the end (the file may have grown since its size was taken); the limit holds either way.
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot be read");
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  std::size_t length = 0;
  for (;;) {
    in.read(text.data() + length, static_cast<std::streamsize>(text.size() - length));
    length += static_cast<std::size_t>(in.gcount());
    if (length > max_model_file_bytes) too_large();
    if (!in) break;  // the end, or an error
    text.resize(std::min(2 * text.size(), max_model_file_bytes + 1));
  }
  if (in.bad()) fail("cannot be read");
  text.resize(length);
  return text;
}

ModelDocument read_model_document(const std::string& path, const UrdfOptions& urdf) {
  return read_model_document_text(read_model_text(path), path, urdf);
}

model::System read_model_file(const std::string& path) { return read_model_document(path).system; }

GiNaC::ex parse_expression(const model::System& system, const std::string& text, const std::string& object) {
  return parse_scalar(system, text, object);
}

}  // namespace adyn::io
