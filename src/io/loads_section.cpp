// gravity: and the loads of a model file (docs/model-format.md, "Loads").
#include "sections.hpp"

namespace adyn::io {
namespace {

// {name, ...fields}: the fields of a load that requires `required`, its name claimed.
Fields load(ModelValues& in, const YAML::Node& node, const std::string& kind, const std::vector<std::string>& allowed,
            std::initializer_list<const char*> required, std::string& name, std::string& object) {
  auto f = in.named(node, kind, allowed, name, object);
  in.yaml.require(f, object, required);
  in.claim("load", name, f["name"], object);
  return f;
}

std::pair<kin::Point, kin::Point> two_points(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  if (!node.IsSequence() || node.size() != 2)
    in.yaml.fail(node, object, "'between' takes a list of two points, got " + describe(node));
  return {in.point_named(node[0], object), in.point_named(node[1], object)};
}

void read_force(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "force", {"name", "point", "force"}, {"point", "force"}, name, object);
  auto point = in.point_named(f["point"], object);
  auto force = in.vector(f["force"], object);
  in.yaml.guarded(f["name"], object, [&] { in.system.add_force({name, point, force}); });
}

void read_torque(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "torque", {"name", "frame", "torque", "reaction_on"}, {"frame", "torque"}, name, object);
  model::BodyTorque t{name, in.frame_named(f["frame"], object), in.vector(f["torque"], object), std::nullopt};
  if (f.has("reaction_on")) t.reaction_on = in.frame_named(f["reaction_on"], object);
  in.yaml.guarded(f["name"], object, [&] { in.system.add_torque(t); });
}

void read_spring(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "spring", {"name", "between", "stiffness", "free_length", "tension"}, {"between"}, name, object);
  const auto ends = two_points(in, f["between"], object);
  model::Spring s{name, ends.first, ends.second, 0, 0, std::nullopt};
  if (f.has("stiffness") && f.has("tension"))
    in.yaml.fail(f.key("tension"), object, "give a stiffness (linear spring) or a tension law, not both");
  if (!f.has("stiffness") && !f.has("tension")) in.yaml.fail(f.node(), object, "needs a stiffness or a tension law");
  if (f.has("stiffness")) s.stiffness = in.expression(f["stiffness"], object);
  if (f.has("free_length")) s.free_length = in.expression(f["free_length"], object);
  if (f.has("tension"))
    s.tension_law = in.expression(f["tension"], object, {{"stretch", model::Spring::stretch_symbol()}});
  in.yaml.guarded(f["between"], object, [&] { in.system.add_spring(s); });
}

void read_damper(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "damper", {"name", "between", "coefficient"}, {"between", "coefficient"}, name, object);
  const auto ends = two_points(in, f["between"], object);
  auto c = in.expression(f["coefficient"], object);
  in.yaml.guarded(f["between"], object, [&] { in.system.add_damper({name, ends.first, ends.second, c}); });
}

void read_potential(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "potential", {"name", "energy"}, {"energy"}, name, object);
  auto V = in.expression(f["energy"], object);
  in.yaml.guarded(f["energy"], object, [&] { in.system.add_potential({name, V}); });
}

void read_dissipation(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "dissipation function", {"name", "function"}, {"function"}, name, object);
  auto D = in.expression(f["function"], object);
  in.yaml.guarded(f["function"], object, [&] { in.system.add_dissipation({name, D}); });
}

void read_generalized_force(ModelValues& in, const YAML::Node& n) {
  std::string name, object;
  auto f = load(in, n, "generalized force", {"name", "coordinate", "value"}, {"coordinate", "value"}, name, object);
  auto q = in.expression(f["coordinate"], object);
  if (!GiNaC::is_a<GiNaC::symbol>(q)) in.yaml.fail(f["coordinate"], object, "must name a coordinate");
  auto Q = in.expression(f["value"], object);
  in.yaml.guarded(f["coordinate"], object, [&] {
    in.system.add_generalized_force({name, GiNaC::ex_to<GiNaC::symbol>(q), Q});
  });
}

}  // namespace

void read_loads(ModelValues& in, const Fields& top) {
  if (top.has("gravity")) {
    auto g = in.vector(top["gravity"], "gravity");
    in.system.set_gravity(g);
  }
  struct Kind {
    const char *key, *name;
    void (*read)(ModelValues&, const YAML::Node&);
  };
  for (const Kind& k :
       {Kind{"forces", "force", read_force}, Kind{"torques", "torque", read_torque},
        Kind{"springs", "spring", read_spring}, Kind{"dampers", "damper", read_damper},
        Kind{"potentials", "potential", read_potential}, Kind{"dissipation", "dissipation function", read_dissipation},
        Kind{"generalized_forces", "generalized force", read_generalized_force}})
    in.each(top, k.key, k.name, [&](const YAML::Node& item) { k.read(in, item); });
}

}  // namespace adyn::io
