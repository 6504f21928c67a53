#include "outputs_section.hpp"

namespace adyn::io {
namespace {

// [FRAME, x|y|z]: the frame's basis vector.
kin::Vector component(const ModelValues& in, const YAML::Node& node, const std::string& object) {
  if (!node.IsSequence() || node.size() != 2)
    in.yaml.fail(node, object, "'component' is [FRAME, x|y|z], got " + describe(node));
  const auto frame = in.frame_named(node[0], object);
  const auto axis = in.one_of(node[1], object, "axis", {"x", "y", "z"});
  return kin::Vector(frame, axis == "x" ? 1 : 0, axis == "y" ? 1 : 0, axis == "z" ? 1 : 0);
}

void read_fields(const ModelValues& in, const YAML::Node& node, const std::string& object, model::Output& output) {
  const auto& yaml = in.yaml;
  const auto f =
      yaml.fields(node, object, {"expression", "position", "velocity", "constraint_force", "component", "unit"});
  const char* kind = nullptr;
  for (const char* key : {"expression", "position", "velocity", "constraint_force"})
    if (f.has(key)) {
      if (kind) yaml.fail(f.key(key), object, std::string("has both '") + kind + "' and '" + key + "': give one");
      kind = key;
    }
  if (!kind) yaml.fail(node, object, "needs one of expression, position, velocity or constraint_force");
  const std::string what = kind;
  if (f.has("component") != (what == "position" || what == "velocity"))
    yaml.fail(f.has("component") ? f.key("component") : node, object,
              f.has("component") ? "'component' goes with position or velocity (a point's vector), not " + what
                                 : "a point's " + what + " needs 'component: [FRAME, x|y|z]'");
  if (f.has("unit")) output.unit = yaml.line_text(f["unit"], object, "the unit");
  if (what == "expression") output.expression = in.expression(f["expression"], object);
  if (what == "constraint_force")
    output.constraint = yaml.line_text(f["constraint_force"], object, "a constraint name");
  if (what == "position" || what == "velocity") {
    const auto point = in.point_named(f[kind], object);
    const auto axis = component(in, f["component"], object);
    output.expression = yaml.guarded(f[kind], object, [&] {
      const auto v =
          what == "position" ? point.position_from(in.system.origin()) : point.velocity_in(in.system.inertial_frame());
      return v.dot(axis);
    });
  }
}

}  // namespace

void read_outputs(ModelValues& in, const YAML::Node& section) {
  for (const auto& e : in.yaml.entries(section, "outputs",
                                       "a mapping name: expression or name: {position | velocity | "
                                       "expression | constraint_force, ...}")) {
    const std::string object = "output '" + escaped_control_characters(e.name) + "'";
    model::Output output{.name = in.yaml.line_text(e.key, object, "a name")};
    if (e.value.IsMap())
      read_fields(in, e.value, object, output);
    else
      output.expression = in.expression(e.value, object);
    in.yaml.guarded(e.key, object, [&] { in.system.add_output(output); });
  }
}

}  // namespace adyn::io
