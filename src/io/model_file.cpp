#include "adyn/io/model_file.hpp"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <sstream>

#include "adyn/error.hpp"
#include "adyn/kinematics/vector.hpp"
#include "adyn/model/inertia.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::io {
namespace {

using GiNaC::ex;

// Reading context: the file name for messages and the system being built.
class Reader {
 public:
  Reader(std::string source, model::System& system) : source_(std::move(source)), system_(system) {}

  // initial: {name: value} for coordinates, their rates (q_d) and declared speeds; values are
  // expressions in the parameters.
  void read_initial(const YAML::Node& node, SimulationSetup& setup) const {
    if (!node.IsMap()) fail(node, "initial conditions", "expected a mapping name: value");
    auto table = system_.symbol_table();
    for (const auto& kv : node) {
      auto name = text(kv.first, "initial conditions");
      auto it = table.find(name);
      bool known = it != table.end() && sym::is_dynamic(it->second) && sym::derivative_order(it->second) <= 1;
      if (!known) fail(kv.first, "initial condition '" + name + "'", "is not a coordinate, a rate q_d or a speed");
      ex value = expression(kv.second, "initial condition '" + name + "'").subs(system_.parameter_values());
      ex v = value.evalf();
      if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
        fail(kv.second, "initial condition '" + name + "'", "must evaluate to a number (parameters need values)");
      setup.initial[name] = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
    }
  }

  void read_simulation(const YAML::Node& node, SimulationSetup& setup) const {
    const std::string object = "simulation settings";
    only_keys(node, object, {"t_end", "output_step", "rtol", "atol", "method", "integrator", "projection", "baumgarte"});
    auto positive = [&](const char* key, std::optional<double>& out) {
      if (!node[key]) return;
      out = number(node[key], object);
      if (!(*out > 0)) fail(node[key], object, std::string(key) + " must be positive");
    };
    positive("t_end", setup.t_end);
    positive("output_step", setup.output_step);
    positive("rtol", setup.rtol);
    positive("atol", setup.atol);
    positive("baumgarte", setup.baumgarte);
    if (node["method"]) setup.method = text(node["method"], object);
    if (node["integrator"]) {
      setup.integrator = text(node["integrator"], object);
      static const std::set<std::string> known = {"dopri", "bdf", "ida", "midpoint"};
      if (!known.count(*setup.integrator)) fail(node["integrator"], object, "integrator must be dopri, bdf, ida or midpoint");
    }
    if (node["projection"]) setup.projection = node["projection"].as<bool>();
  }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& object, const std::string& problem) const {
    throw ModelFileError(source_, node.Mark().line + 1, object, problem);
  }

  void only_keys(const YAML::Node& node, const std::string& object, const std::set<std::string>& allowed) const {
    if (!node.IsMap()) fail(node, object, "expected a mapping");
    for (const auto& kv : node) {
      auto key = kv.first.as<std::string>();
      if (!allowed.count(key)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        fail(kv.first, object, "unknown key '" + key + "' (expected one of: " + list + ")");
      }
    }
  }

  std::string text(const YAML::Node& node, const std::string& object) const {
    if (!node.IsScalar()) fail(node, object, "expected a scalar");
    return node.as<std::string>();
  }

  ex expression(const YAML::Node& node, const std::string& object) const {
    std::string s = text(node, object);
    GiNaC::parser parse(system_.symbol_table(), true);
    try {
      return parse(s);
    } catch (const std::exception& e) {
      fail(node, object, "cannot parse expression '" + s + "': " + e.what());
    }
  }

  double number(const YAML::Node& node, const std::string& object) const {
    try {
      return node.as<double>();
    } catch (const YAML::Exception&) {
      fail(node, object, "expected a number, got '" + text(node, object) + "'");
    }
  }

  std::vector<ex> expressions(const YAML::Node& node, const std::string& object, std::size_t n) const {
    if (!node.IsSequence() || node.size() != n)
      fail(node, object, "expected a list of " + std::to_string(n) + " expressions");
    std::vector<ex> out;
    for (const auto& item : node) out.push_back(expression(item, object));
    return out;
  }

  // {FRAME: [c1, c2, c3], ...} -> Σ components in each frame.
  kin::Vector vector(const YAML::Node& node, const std::string& object) const {
    if (!node.IsMap()) fail(node, object, "a vector is a mapping frame: [c1, c2, c3]");
    kin::Vector v;
    for (const auto& kv : node) {
      auto frame = frame_named(kv.first, object);
      auto c = expressions(kv.second, object, 3);
      v += kin::Vector(frame, c[0], c[1], c[2]);
    }
    return v;
  }

  kin::ReferenceFrame frame_named(const YAML::Node& node, const std::string& object) const {
    auto name = text(node, object);
    try {
      return system_.frame(name);
    } catch (const ModelError& e) {
      fail(node, object, e.what());
    }
  }

  kin::Point point_named(const YAML::Node& node, const std::string& object) const {
    auto name = text(node, object);
    try {
      return system_.point(name);
    } catch (const ModelError& e) {
      fail(node, object, e.what());
    }
  }

  void read(const YAML::Node& root) {
    only_keys(root, "model", {"name", "inertial_frame", "origin", "parameters", "coordinates", "speeds",
                              "coordinate_rates", "frames", "points", "particles", "bodies", "constraints", "gravity", "forces", "torques",
                              "springs", "dampers", "potentials", "dissipation", "generalized_forces",
                              "events", "initial", "simulation"});
    if (root["parameters"]) read_parameters(root["parameters"]);
    if (root["coordinates"]) read_symbols(root["coordinates"], "coordinate");
    if (root["speeds"]) read_symbols(root["speeds"], "speed");
    if (root["coordinate_rates"]) read_coordinate_rates(root["coordinate_rates"]);
    if (root["frames"]) read_list(root["frames"], "frames", [this](const YAML::Node& n) { read_frame(n); });
    if (root["points"]) read_list(root["points"], "points", [this](const YAML::Node& n) { read_point(n); });
    if (root["particles"]) read_list(root["particles"], "particles", [this](const YAML::Node& n) { read_particle(n); });
    if (root["bodies"]) read_list(root["bodies"], "bodies", [this](const YAML::Node& n) { read_body(n); });
    if (root["constraints"])
      read_list(root["constraints"], "constraints", [this](const YAML::Node& n) { read_constraint(n); });
    if (root["events"]) read_list(root["events"], "events", [this](const YAML::Node& n) { read_event(n); });
    if (root["gravity"]) system_.set_gravity(vector(root["gravity"], "gravity"));
    read_loads(root);
    try {
      system_.check_kinematic_equations();
    } catch (const ModelError& e) {
      fail(root["speeds"], e.object(), e.what());
    }
  }

 private:
  template <class F>
  void read_list(const YAML::Node& node, const std::string& what, F each) {
    if (!node.IsSequence()) fail(node, what, "expected a list");
    for (const auto& item : node) each(item);
  }

  void read_parameters(const YAML::Node& node) {
    if (!node.IsMap()) fail(node, "parameters", "expected a mapping name: value or name: {value, unit}");
    for (const auto& kv : node) {
      auto name = text(kv.first, "parameter");
      std::string object = "parameter '" + name + "'";
      std::optional<double> value;
      std::string unit, latex;
      if (kv.second.IsMap()) {
        only_keys(kv.second, object, {"value", "unit", "latex"});
        if (kv.second["value"]) value = number(kv.second["value"], object);
        if (kv.second["unit"]) unit = text(kv.second["unit"], object);
        if (kv.second["latex"]) latex = text(kv.second["latex"], object);
      } else if (!kv.second.IsNull()) {
        value = number(kv.second, object);
      }
      guarded(kv.first, [&] { system_.add_parameter(name, value, unit, latex); });
    }
  }

  void read_symbols(const YAML::Node& node, const std::string& kind) {
    read_list(node, kind + "s", [&](const YAML::Node& item) {
      std::string name, latex;
      if (item.IsMap()) {
        only_keys(item, kind, {"name", "latex"});
        name = text(item["name"], kind);
        if (item["latex"]) latex = text(item["latex"], kind + " '" + name + "'");
      } else {
        name = text(item, kind);
      }
      guarded(item, [&] {
        if (kind == "coordinate") system_.add_coordinate(name, latex);
        else system_.add_speed(name, latex);
      });
    });
  }

  void read_coordinate_rates(const YAML::Node& node) {
    if (!node.IsMap()) fail(node, "coordinate_rates", "expected a mapping coordinate: rate in speeds");
    for (const auto& kv : node) {
      auto name = text(kv.first, "coordinate rate");
      std::string object = "coordinate '" + name + "'";
      const GiNaC::symbol* q = nullptr;
      for (const auto& c : system_.coordinates())
        if (c.get_name() == name) q = &c;
      if (!q) fail(kv.first, object, "not a declared coordinate");
      auto rate = expression(kv.second, object);
      guarded(kv.second, [&] { system_.set_coordinate_rate(*q, rate); });
    }
  }

  void read_frame(const YAML::Node& node) {
    if (!node.IsMap() || !node["name"]) fail(node, "frame", "each frame needs a name");
    auto name = text(node["name"], "frame");
    std::string object = "frame '" + name + "'";
    only_keys(node, object, {"name", "parent", "axis", "angle", "body_fixed", "space_fixed", "angles",
                             "quaternion", "rodrigues", "dcm"});
    kin::ReferenceFrame frame(name);
    guarded(node["name"], [&] { system_.add_frame(frame); });
    if (!node["parent"]) fail(node, object, "needs a parent frame (every frame hangs from the inertial frame)");
    auto parent = frame_named(node["parent"], object);
    guarded(node, [&] { frame.orient(parent, orientation(node, object, parent)); });
  }

  kin::Orientation orientation(const YAML::Node& node, const std::string& object,
                               const kin::ReferenceFrame& parent) const {
    if (node["axis"]) {
      if (!node["angle"]) fail(node, object, "a simple rotation needs an angle");
      return kin::Orientation::axis(axis(node["axis"], object, parent), expression(node["angle"], object));
    }
    for (const char* kind : {"body_fixed", "space_fixed"}) {
      if (!node[kind]) continue;
      if (!node["angles"]) fail(node, object, "an Euler-angle orientation needs three angles");
      auto a = expressions(node["angles"], object, 3);
      auto seq = text(node[kind], object);
      try {
        return std::string(kind) == "body_fixed" ? kin::Orientation::body_fixed(seq, {a[0], a[1], a[2]})
                                                 : kin::Orientation::space_fixed(seq, {a[0], a[1], a[2]});
      } catch (const ModelError& e) {
        fail(node[kind], object, e.what());
      }
    }
    if (node["quaternion"]) {
      auto e = expressions(node["quaternion"], object, 4);
      return kin::Orientation::quaternion({e[0], e[1], e[2], e[3]});
    }
    if (node["rodrigues"]) {
      auto r = expressions(node["rodrigues"], object, 3);
      return kin::Orientation::rodrigues({r[0], r[1], r[2]});
    }
    if (node["dcm"]) return kin::Orientation::dcm(dcm(node["dcm"], object));
    fail(node, object, "needs an orientation: axis + angle, body_fixed/space_fixed + angles, quaternion, "
                       "rodrigues or dcm");
  }

  GiNaC::matrix axis(const YAML::Node& node, const std::string& object, const kin::ReferenceFrame& parent) const {
    if (node.IsScalar()) {
      auto a = text(node, object);
      bool negative = !a.empty() && a[0] == '-';
      std::string name = negative ? a.substr(1) : a;
      int i = name == "x" ? 0 : name == "y" ? 1 : name == "z" ? 2 : -1;
      if (i < 0) fail(node, object, "axis must be x, y, z, -x, -y, -z or a list of three components");
      return (negative ? -parent.basis(i) : parent.basis(i)).components_in(parent);
    }
    auto c = expressions(node, object, 3);
    return GiNaC::matrix(3, 1, GiNaC::lst{c[0], c[1], c[2]});
  }

  GiNaC::matrix dcm(const YAML::Node& node, const std::string& object) const {
    if (!node.IsSequence() || node.size() != 3) fail(node, object, "dcm must be a list of three rows");
    GiNaC::matrix C(3, 3);
    for (unsigned i = 0; i < 3; ++i) {
      auto row = expressions(node[i], object, 3);
      for (unsigned j = 0; j < 3; ++j) C(i, j) = row[j];
    }
    return C;
  }

  void read_point(const YAML::Node& node) {
    if (!node.IsMap() || !node["name"]) fail(node, "point", "each point needs a name");
    auto name = text(node["name"], "point");
    std::string object = "point '" + name + "'";
    only_keys(node, object, {"name", "from", "position", "fixed_in", "velocity"});
    kin::Point point(name);
    guarded(node["name"], [&] { system_.add_point(point); });
    if (node["position"] && !node["from"]) fail(node, object, "a position needs 'from' (the point it is measured from)");
    if (node["from"]) {
      auto from = point_named(node["from"], object);
      kin::Vector r = node["position"] ? vector(node["position"], object) : kin::Vector();
      guarded(node, [&] { point.set_position(from, r); });
    }
    if (node["fixed_in"]) {
      const auto& f = node["fixed_in"];
      if (f.IsSequence())
        for (const auto& item : f) point.fix_in(frame_named(item, object));
      else
        point.fix_in(frame_named(f, object));
    }
    if (node["velocity"]) {
      auto v = vector(node["velocity"], object);
      point.set_velocity(system_.inertial_frame(), v);
    }
  }

  void read_particle(const YAML::Node& node) {
    auto [name, object] = named(node, "particle");
    only_keys(node, object, {"name", "point", "mass"});
    require(node, object, {"point", "mass"});
    auto point = point_named(node["point"], object);
    auto mass = expression(node["mass"], object);
    guarded(node, [&] { system_.add_particle({name, point, mass}); });
  }

  // {name, mass_center, frame, mass, inertia: {Ixx, Iyy, Izz, Ixy, Iyz, Izx} in the body frame}
  void read_body(const YAML::Node& node) {
    auto [name, object] = named(node, "body");
    only_keys(node, object, {"name", "mass_center", "frame", "mass", "inertia"});
    require(node, object, {"mass_center", "frame", "mass", "inertia"});
    auto frame = frame_named(node["frame"], object);
    const auto& in = node["inertia"];
    only_keys(in, object, {"Ixx", "Iyy", "Izz", "Ixy", "Iyz", "Izx"});
    auto entry = [&](const char* key) { return in[key] ? expression(in[key], object) : GiNaC::ex(0); };
    auto inertia = model::inertia_dyadic(frame, entry("Ixx"), entry("Iyy"), entry("Izz"), entry("Ixy"), entry("Iyz"),
                                         entry("Izx"));
    auto center = point_named(node["mass_center"], object);
    auto mass = expression(node["mass"], object);
    guarded(node, [&] {
      model::check_inertia(name, inertia, frame, system_.parameter_values());
      system_.add_body({name, center, frame, mass, inertia});
    });
  }

  // {name, holonomic|velocity|general: expr, nonideal_force: [..], friction: mu}
  void read_constraint(const YAML::Node& node) {
    auto [name, object] = named(node, "constraint");
    only_keys(node, object, {"name", "holonomic", "velocity", "general", "nonideal_force", "friction"});
    std::vector<std::pair<const char*, model::ConstraintLevel>> levels = {
        {"holonomic", model::ConstraintLevel::Configuration},
        {"velocity", model::ConstraintLevel::Velocity},
        {"general", model::ConstraintLevel::General}};
    std::optional<model::Constraint> c;
    for (const auto& [key, level] : levels)
      if (node[key]) {
        if (c) fail(node, object, "give exactly one of holonomic, velocity, general");
        c = model::Constraint{name, level, expression(node[key], object), {}};
      }
    if (!c) fail(node, object, "needs one of holonomic: phi(q,t), velocity: A q_d + a_t, general: f(q, q_d, t)");
    if (node["nonideal_force"])
      c->nonideal_force = expressions(node["nonideal_force"], object, system_.coordinates().size());
    if (node["friction"]) c->friction_coefficient = expression(node["friction"], object);
    guarded(node, [&] { system_.add_constraint(*c); });
  }

  // {name, gap: g(q, t), restitution: e} (an impact) or without restitution (stop the run)
  void read_event(const YAML::Node& node) {
    auto [name, object] = named(node, "event");
    only_keys(node, object, {"name", "gap", "restitution"});
    require(node, object, {"gap"});
    model::Event e{name, expression(node["gap"], object), std::nullopt};
    if (node["restitution"]) e.restitution = expression(node["restitution"], object);
    guarded(node, [&] { system_.add_event(e); });
  }

  void read_loads(const YAML::Node& root) {
    auto each = [&](const char* key, auto f) {
      if (root[key]) read_list(root[key], key, f);
    };
    each("forces", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "force");
      only_keys(n, object, {"name", "point", "force"});
      require(n, object, {"point", "force"});
      auto point = point_named(n["point"], object);
      auto force = vector(n["force"], object);
      guarded(n, [&] { system_.add_force({name, point, force}); });
    });
    each("torques", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "torque");
      only_keys(n, object, {"name", "frame", "torque", "reaction_on"});
      require(n, object, {"frame", "torque"});
      model::BodyTorque t{name, frame_named(n["frame"], object), vector(n["torque"], object), std::nullopt};
      if (n["reaction_on"]) t.reaction_on = frame_named(n["reaction_on"], object);
      guarded(n, [&] { system_.add_torque(t); });
    });
    each("springs", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "spring");
      only_keys(n, object, {"name", "between", "stiffness", "free_length", "tension"});
      require(n, object, {"between"});
      auto [a, b] = two_points(n["between"], object);
      model::Spring s{name, a, b, 0, 0, std::nullopt};
      if (n["stiffness"]) s.stiffness = expression(n["stiffness"], object);
      if (n["free_length"]) s.free_length = expression(n["free_length"], object);
      if (n["tension"]) s.tension_law = expression_with_stretch(n["tension"], object);
      if (!n["stiffness"] && !n["tension"]) fail(n, object, "needs a stiffness or a tension law");
      guarded(n, [&] { system_.add_spring(s); });
    });
    each("dampers", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "damper");
      only_keys(n, object, {"name", "between", "coefficient"});
      require(n, object, {"between", "coefficient"});
      auto [a, b] = two_points(n["between"], object);
      guarded(n, [&] { system_.add_damper({name, a, b, expression(n["coefficient"], object)}); });
    });
    each("potentials", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "potential");
      only_keys(n, object, {"name", "energy"});
      require(n, object, {"energy"});
      guarded(n, [&] { system_.add_potential({name, expression(n["energy"], object)}); });
    });
    each("dissipation", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "dissipation function");
      only_keys(n, object, {"name", "function"});
      require(n, object, {"function"});
      guarded(n, [&] { system_.add_dissipation({name, expression(n["function"], object)}); });
    });
    each("generalized_forces", [this](const YAML::Node& n) {
      auto [name, object] = named(n, "generalized force");
      only_keys(n, object, {"name", "coordinate", "value"});
      require(n, object, {"coordinate", "value"});
      auto q = expression(n["coordinate"], object);
      if (!GiNaC::is_a<GiNaC::symbol>(q)) fail(n["coordinate"], object, "must name a coordinate");
      guarded(n, [&] {
        system_.add_generalized_force({name, GiNaC::ex_to<GiNaC::symbol>(q), expression(n["value"], object)});
      });
    });
  }

  std::pair<std::string, std::string> named(const YAML::Node& node, const std::string& kind) const {
    if (!node.IsMap() || !node["name"]) fail(node, kind, "each " + kind + " needs a name");
    auto name = text(node["name"], kind);
    return {name, kind + " '" + name + "'"};
  }

  void require(const YAML::Node& node, const std::string& object, std::initializer_list<const char*> keys) const {
    for (const char* k : keys)
      if (!node[k]) fail(node, object, std::string("needs '") + k + "'");
  }

  std::pair<kin::Point, kin::Point> two_points(const YAML::Node& node, const std::string& object) const {
    if (!node.IsSequence() || node.size() != 2) fail(node, object, "'between' takes two points");
    return {point_named(node[0], object), point_named(node[1], object)};
  }

  // A spring law may use the symbol `stretch` (the elongation δ = ℓ − ℓ0).
  ex expression_with_stretch(const YAML::Node& node, const std::string& object) const {
    auto table = system_.symbol_table();
    table["stretch"] = model::Spring::stretch_symbol();
    GiNaC::parser parse(table, true);
    std::string s = text(node, object);
    try {
      return parse(s);
    } catch (const std::exception& e) {
      fail(node, object, "cannot parse expression '" + s + "': " + e.what());
    }
  }

  // Runs f, turning a ModelError into a ModelFileError at `node`.
  template <class F>
  void guarded(const YAML::Node& node, F f) const {
    try {
      f();
    } catch (const ModelFileError&) {
      throw;
    } catch (const ModelError& e) {
      fail(node, e.object(), std::string(e.what()).substr(e.object().size() + 2));
    }
  }

  std::string source_;
  model::System& system_;
};

}  // namespace

ModelDocument read_model_document_text(const std::string& yaml_text, const std::string& source) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::ParserException& e) {
    throw ModelFileError(source, e.mark.line + 1, "model", "not valid YAML: " + e.msg);
  }
  if (!root.IsMap()) throw ModelFileError(source, 1, "model", "the file must be a YAML mapping");
  std::string name = root["name"] ? root["name"].as<std::string>() : "system";
  std::string inertial = root["inertial_frame"] ? root["inertial_frame"].as<std::string>() : "N";
  std::string origin = root["origin"] ? root["origin"].as<std::string>() : "O";
  ModelDocument doc{model::System(name, inertial, origin), {}};
  Reader reader(source, doc.system);
  reader.read(root);
  if (root["initial"]) reader.read_initial(root["initial"], doc.setup);
  if (root["simulation"]) reader.read_simulation(root["simulation"], doc.setup);
  return doc;
}

model::System read_model(const std::string& yaml_text, const std::string& source) {
  return read_model_document_text(yaml_text, source).system;
}

ModelDocument read_model_document(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ModelFileError(path, 0, "model file", "cannot be opened");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return read_model_document_text(buffer.str(), path);
}

model::System read_model_file(const std::string& path) { return read_model_document(path).system; }

}  // namespace adyn::io
