// The model summary is built once as JSON (model_summary_json); the text report is a view of it.
#include "adyn/cli/model_summary.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

#include "adyn/application/equations_report.hpp"
#include "adyn/application/initial_state.hpp"
#include "adyn/application/initial_state_report.hpp"
#include "adyn/error.hpp"
#include "adyn/formulations/evaluator_choice.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"

namespace adyn::cli {
namespace {

using application::expression_string;
using application::initial_state_json;
using nlohmann::json;

json names(const std::vector<GiNaC::symbol>& symbols) {
  auto out = json::array();
  for (const auto& s : symbols) out.push_back(s.get_name());
  return out;
}

json parameters(const model::System& s) {
  auto out = json::array();
  for (const auto& p : s.parameters()) {
    json j = {{"name", p.symbol.get_name()}, {"unit", p.unit}};
    j["value"] = p.value ? json(*p.value) : json(nullptr);
    out.push_back(j);
  }
  return out;
}

json inputs(const model::System& s) {
  auto out = json::array();
  for (const auto& i : s.inputs()) out.push_back({{"name", i.symbol.get_name()}, {"unit", i.unit}, {"value", i.value}});
  return out;
}

// q̇ = N(q,t) u + n(q,t) for each coordinate, when the speeds are declared (else empty: u = q̇).
json coordinate_rates(const model::System& s) {
  auto out = json::object();
  for (const auto& q : s.coordinates()) {
    auto it = s.coordinate_rates().find(sym::derivative_of(q));
    if (it != s.coordinate_rates().end()) out[sym::derivative_of(q).get_name()] = expression_string(it->second);
  }
  return out;
}

json frames(const model::System& s) {
  auto out = json::array();
  for (const auto& F : s.frames()) {
    json j = {{"name", F.name()}};
    if (auto parent = F.parent()) {
      j["parent"] = parent->name();
      j["orientation"] = F.orientation().description();
    }
    out.push_back(j);
  }
  return out;
}

json points(const model::System& s) {
  auto out = json::array();
  for (const auto& P : s.points()) out.push_back(P.name());
  return out;
}

json masses(const model::System& s) {
  json out = {{"particles", json::array()}, {"bodies", json::array()}};
  for (const auto& p : s.particles())
    out["particles"].push_back({{"name", p.name()}, {"point", p.point().name()}, {"mass", expression_string(p.mass())}});
  for (const auto& b : s.bodies())
    out["bodies"].push_back({{"name", b.name()},
                             {"mass_center", b.mass_center().name()},
                             {"frame", b.frame().name()},
                             {"mass", expression_string(b.mass())}});
  return out;
}

template <class Loads>
void add_loads(json& out, const char* kind, const Loads& loads) {
  for (const auto& l : loads) out.push_back({{"kind", kind}, {"name", l.name}});
}

json loads(const model::System& s) {
  auto out = json::array();
  if (s.gravity()) out.push_back({{"kind", "gravity"}, {"name", "gravity"}});
  add_loads(out, "force", s.forces());
  add_loads(out, "torque", s.torques());
  add_loads(out, "spring", s.springs());
  add_loads(out, "damper", s.dampers());
  add_loads(out, "potential", s.potentials());
  add_loads(out, "dissipation", s.dissipations());
  add_loads(out, "generalized force", s.generalized_forces());
  return out;
}

json events(const model::System& s) {
  auto out = json::array();
  for (const auto& e : s.events()) {
    json j = {{"name", e.name}, {"kind", e.restitution ? "impact" : "stop"}, {"gap", expression_string(e.gap)}};
    if (e.restitution) j["restitution"] = expression_string(*e.restitution);
    out.push_back(j);
  }
  return out;
}

// The simulation settings the model file gives, in the order of the format's reference.
std::vector<std::pair<std::string, json>> settings(const io::SimulationSetup& setup) {
  std::vector<std::pair<std::string, json>> out;
  auto set = [&](const char* key, const auto& value) {
    if (value) out.emplace_back(key, *value);
  };
  set("method", setup.method);
  set("integrator", setup.integrator);
  set("t_end", setup.t_end);
  set("output_step", setup.output_step);
  set("rtol", setup.rtol);
  set("atol", setup.atol);
  set("projection", setup.projection);
  set("baumgarte", setup.baumgarte);
  return out;
}

const char* level_name(model::ConstraintLevel level) {
  switch (level) {
    case model::ConstraintLevel::Configuration: return "configuration";
    case model::ConstraintLevel::Velocity: return "velocity";
    case model::ConstraintLevel::General: return "general";
  }
  return "unknown";
}

json constraint_json(const analysis::ConstraintReport& r) {
  json j = {{"name", r.name},
            {"level", level_name(r.level)},
            {"linear_in_velocities", r.linear_in_velocities},
            {"holonomic", r.holonomic},
            {"exact", r.exact},
            {"integrable", r.integrable},
            {"rheonomic", r.rheonomic},
            {"catastatic", r.catastatic},
            {"conservative", r.conservative},
            {"redundant", r.redundant},
            {"inconsistent", r.inconsistent}};
  j["integral"] = r.integral ? json(expression_string(*r.integral)) : json(nullptr);
  j["integrating_factor"] = r.integrating_factor ? json(expression_string(*r.integrating_factor)) : json(nullptr);
  j["homogeneity_degree"] = r.homogeneity_degree ? json(*r.homogeneity_degree) : json(nullptr);
  return j;
}

// ---- the text view ---------------------------------------------------------------------------

std::string number(const json& value) {
  std::ostringstream os;
  os << value.get<double>();
  return os.str();
}

// "Heading (k): a, b, c" or "Heading: none", each item rendered by `item`.
template <class Item>
void write_list(std::ostream& out, const std::string& heading, const json& items, Item item) {
  out << heading;
  if (items.empty()) {
    out << ": none\n";
    return;
  }
  out << " (" << items.size() << "): ";
  bool first = true;
  for (const auto& i : items) {
    out << (first ? "" : ", ") << item(i);
    first = false;
  }
  out << "\n";
}

std::string parameter_text(const json& p) {
  std::string s = p["name"].get<std::string>() + " = " + (p["value"].is_null() ? "(no value)" : number(p["value"]));
  return p["unit"].get<std::string>().empty() ? s : s + " " + p["unit"].get<std::string>();
}

void write_frames(std::ostream& out, const json& frames) {
  out << "Frames (" << frames.size() << "):\n";
  for (const auto& f : frames) {
    out << "  " << f["name"].get<std::string>();
    if (f.contains("parent"))
      out << ": " << f["orientation"].get<std::string>() << " relative to " << f["parent"].get<std::string>() << "\n";
    else
      out << " (inertial)\n";
  }
}

void write_masses(std::ostream& out, const json& masses) {
  write_list(out, "Particles", masses["particles"], [](const json& p) {
    return p["name"].get<std::string>() + " at " + p["point"].get<std::string>() + " (mass " + p["mass"].get<std::string>() + ")";
  });
  write_list(out, "Rigid bodies", masses["bodies"], [](const json& b) {
    return b["name"].get<std::string>() + " in " + b["frame"].get<std::string>() + ", centre " +
           b["mass_center"].get<std::string>() + " (mass " + b["mass"].get<std::string>() + ")";
  });
}

std::string setting_text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  return value.is_number() ? number(value) : value.dump();
}

// The initial state the given values complete to; null when it needs parameter values the model
// does not give, or fails (the file gives no initial conditions and the constraints are
// inconsistent: the classification says so).
json completed_initial_state(const io::ModelDocument& doc) {
  try {
    return initial_state_json(doc.system, application::initial_state_of(doc));
  } catch (const Error&) {
    return nullptr;
  }
}

void write_setup(std::ostream& out, const io::SimulationSetup& setup, const json& completion) {
  std::string initial;
  for (const auto& [name, value] : setup.initial)
    initial += (initial.empty() ? "" : ", ") + name + " = " + number(json(value));
  const bool completed = completion.is_object() && !completion["messages"].empty();
  if (!initial.empty() || completed) out << "Initial conditions: " << (initial.empty() ? "none given" : initial) << " (others 0)\n";
  if (completed)
    for (const auto& m : completion["messages"]) out << "  " << m.get<std::string>() << "\n";
  std::string simulation;
  for (const auto& [key, value] : settings(setup))
    simulation += (simulation.empty() ? "" : ", ") + key + " = " + setting_text(value);
  if (!simulation.empty()) out << "Simulation: " << simulation << "\n";
}

// The classification report's constraint paragraphs (its last line, the DOF count, is written
// separately), indented.
std::string constraint_paragraphs(const analysis::ConstraintClassification& c) {
  std::istringstream in(analysis::to_string(c));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::string out;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) out += "  " + lines[i] + "\n";
  return out;
}

void write_constraints(std::ostream& out, const analysis::ConstraintClassification& c) {
  if (c.constraints.empty()) out << "Constraints: none\n";
  else out << "Constraints (" << c.constraints.size() << "):\n" << constraint_paragraphs(c);
  out << "Degrees of freedom: configuration " << c.configuration_dof << ", velocity " << c.velocity_dof << " ("
      << c.coordinates << " coordinates, " << c.integrals << " independent holonomic relations"
      << (c.holonomic_system ? "" : ", nonholonomic system") << ")\n";
}

}  // namespace

json classification_json(const analysis::ConstraintClassification& c) {
  json out = {{"constraints", json::array()}};
  for (const auto& r : c.constraints) out["constraints"].push_back(constraint_json(r));
  out["dof"] = {{"coordinates", c.coordinates},         {"integrals", c.integrals},
                {"velocity_rank", c.velocity_rank},     {"configuration", c.configuration_dof},
                {"velocity", c.velocity_dof},           {"holonomic_system", c.holonomic_system}};
  return out;
}

namespace {

json joint_json(const io::RobotJoint& r) {
  json j = {{"name", r.name}, {"type", r.type}, {"parent", r.parent}, {"child", r.child}};
  auto optional = [](const std::optional<double>& x) { return x ? json(*x) : json(nullptr); };
  if (!r.coordinate.empty()) j["coordinate"] = r.coordinate;
  if (!r.input.empty()) j["input"] = r.input;
  if (!r.coordinates.empty()) j["coordinates"] = r.coordinates;
  if (!r.inputs.empty()) j["inputs"] = r.inputs;
  if (r.type != "fixed")
    j["limits"] = {{"lower", optional(r.lower)}, {"upper", optional(r.upper)}, {"effort", optional(r.effort)},
                   {"velocity", optional(r.velocity)}};
  if (r.damping != 0 || r.friction != 0) j["damping"] = r.damping, j["friction"] = r.friction;
  if (!r.mimics.empty()) j["mimic"] = {{"joint", r.mimics}, {"multiplier", r.multiplier}, {"offset", r.offset}};
  return j;
}

// ", key a, b" for a list of names.
std::string names_text(const std::string& key, const json& names) {
  std::string s = ", " + key + " ";
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i].get<std::string>();
  return s;
}

// "panda_joint1: revolute panda_link0 -> panda_link1, coordinate panda_joint1, limits [-2.9, 2.9], ..."
std::string joint_text(const json& j) {
  std::string s = j["name"].get<std::string>() + ": " + j["type"].get<std::string>() + " " + j["parent"].get<std::string>() +
                  " -> " + j["child"].get<std::string>();
  if (j.contains("coordinate")) s += ", coordinate " + j["coordinate"].get<std::string>();
  if (j.contains("input")) s += ", input " + j["input"].get<std::string>();
  if (j.contains("coordinates")) s += names_text("coordinates", j["coordinates"]);
  if (j.contains("inputs")) s += names_text("inputs", j["inputs"]);
  if (j.contains("limits") && !j["limits"]["lower"].is_null())
    s += ", limits [" + number(j["limits"]["lower"]) + ", " + number(j["limits"]["upper"]) + "]";
  if (j.contains("damping")) s += ", damping " + number(j["damping"]) + ", friction " + number(j["friction"]);
  if (j.contains("mimic")) s += ", mimics " + j["mimic"]["joint"].get<std::string>();
  return s;
}

// "Heading (k):" and one item a line.
template <class Item>
void write_lines(std::ostream& out, const std::string& heading, const json& items, Item item) {
  out << heading << " (" << items.size() << "):\n";
  for (const auto& i : items) out << "  " << item(i) << "\n";
}

}  // namespace

json model_summary_json(const io::ModelDocument& doc, const analysis::ConstraintClassification& classification) {
  const auto& s = doc.system;
  json j = classification_json(classification);
  j["system"] = s.name();
  j["parameters"] = parameters(s);
  j["inputs"] = inputs(s);
  j["coordinates"] = names(s.coordinates());
  j["speeds"] = names(s.speeds());
  j["coordinate_rates"] = coordinate_rates(s);
  j["frames"] = frames(s);
  j["points"] = points(s);
  const auto m = masses(s);
  j["particles"] = m["particles"];
  j["bodies"] = m["bodies"];
  j["loads"] = loads(s);
  j["events"] = events(s);
  j["outputs"] = json::array();
  for (const auto& o : s.outputs())
    j["outputs"].push_back({{"name", o.name}, {"kind", o.is_constraint_force() ? "constraint force" : "expression"},
                            {"constraint", o.constraint}, {"unit", o.unit}});
  j["initial"] = io::initial_conditions(doc);
  j["initial_state"] = completed_initial_state(doc);
  j["simulation"] = json::object();
  for (const auto& [key, value] : settings(doc.setup)) j["simulation"][key] = value;
  j["evaluator"] = formulations::describe_evaluator(s);
  // A robot description's joints as it states them, else the model's (a model file's joints:).
  const auto joints = doc.joints.empty() ? io::model_joints(s) : doc.joints;
  if (!joints.empty()) {
    j["joints"] = json::array();
    for (const auto& r : joints) j["joints"].push_back(joint_json(r));
  }
  if (!doc.notes.empty()) j["notes"] = doc.notes;
  return j;
}

void write_model_summary(const io::ModelDocument& doc, const analysis::ConstraintClassification& classification,
                         std::ostream& out) {
  const auto j = model_summary_json(doc, classification);
  auto plain = [](const json& x) { return x.get<std::string>(); };
  out << "System: " << doc.system.name() << "\n";
  write_list(out, "Parameters", j["parameters"], parameter_text);
  if (!j["inputs"].empty()) write_list(out, "Inputs", j["inputs"], parameter_text);
  write_list(out, "Coordinates q", j["coordinates"], plain);
  write_list(out, j["coordinate_rates"].empty() ? "Generalized speeds u = q'" : "Generalized speeds u", j["speeds"], plain);
  for (const auto& [rate, value] : j["coordinate_rates"].items())
    out << "  kinematic equation " << rate << " = " << value.get<std::string>() << "\n";
  write_frames(out, j["frames"]);
  write_list(out, "Points", j["points"], plain);
  write_masses(out, j);
  write_list(out, "Loads", j["loads"], [](const json& l) {
    return l["kind"] == "gravity" ? std::string("gravity") : l["kind"].get<std::string>() + " '" + l["name"].get<std::string>() + "'";
  });
  write_list(out, "Events", j["events"], [](const json& e) {
    return e["name"].get<std::string>() + (e["kind"] == "impact" ? " (impact, e = " + e["restitution"].get<std::string>() + ")" : " (stops the run)");
  });
  if (!j["outputs"].empty())
    write_list(out, "Outputs", j["outputs"], [](const json& o) {
      return o["name"].get<std::string>() +
             (o["kind"] == "constraint force" ? " (force of constraint '" + o["constraint"].get<std::string>() + "')" : "");
    });
  if (j.contains("joints")) write_lines(out, "Joints", j["joints"], joint_text);
  write_constraints(out, classification);
  out << "Evaluator: " << j["evaluator"].get<std::string>() << "\n";
  if (j.contains("notes")) write_lines(out, "Notes", j["notes"], plain);
  write_setup(out, doc.setup, j["initial_state"]);
}

}  // namespace adyn::cli
