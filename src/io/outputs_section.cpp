#include "outputs_section.hpp"

#include "model_values.hpp"

namespace adyn::io {
namespace {

class OutputsReader : public ModelValues {
 public:
  using ModelValues::ModelValues;

  void read(const YAML::Node& section) {
    for (const auto& e : entries(section, "outputs", "a mapping name: expression or name: {position | velocity | "
                                                     "expression | constraint_force, ...}")) {
      const std::string object = "output '" + escaped_control_characters(e.name) + "'";
      model::Output output{.name = line_text(e.key, object, "a name")};
      if (e.value.IsMap()) read_fields(e.value, object, output);
      else output.expression = expression(e.value, object);
      guarded(e.key, object, [&] { system_.add_output(output); });
    }
  }

 private:
  void read_fields(const YAML::Node& node, const std::string& object, model::Output& output) const {
    const auto f = fields(node, object, {"expression", "position", "velocity", "constraint_force", "component", "unit"});
    const char* kind = nullptr;
    for (const char* key : {"expression", "position", "velocity", "constraint_force"})
      if (f.has(key)) {
        if (kind) fail(f.key(key), object, std::string("has both '") + kind + "' and '" + key + "': give one");
        kind = key;
      }
    if (!kind) fail(node, object, "needs one of expression, position, velocity or constraint_force");
    const std::string what = kind;
    if (f.has("component") != (what == "position" || what == "velocity"))
      fail(f.has("component") ? f.key("component") : node, object,
           f.has("component") ? "'component' goes with position or velocity (a point's vector), not " + what
                              : "a point's " + what + " needs 'component: [FRAME, x|y|z]'");
    if (f.has("unit")) output.unit = line_text(f["unit"], object, "the unit");
    if (what == "expression") output.expression = expression(f["expression"], object);
    if (what == "constraint_force") output.constraint = line_text(f["constraint_force"], object, "a constraint name");
    if (what == "position" || what == "velocity") {
      const auto point = point_named(f[kind], object);
      const auto axis = component(f["component"], object);
      output.expression = guarded(f[kind], object, [&] {
        const auto v = what == "position" ? point.position_from(system_.origin()) : point.velocity_in(system_.inertial_frame());
        return v.dot(axis);
      });
    }
  }

  // [FRAME, x|y|z]: the frame's basis vector.
  kin::Vector component(const YAML::Node& node, const std::string& object) const {
    if (!node.IsSequence() || node.size() != 2)
      fail(node, object, "'component' is [FRAME, x|y|z], got " + describe(node));
    const auto frame = frame_named(node[0], object);
    const auto axis = one_of(node[1], object, "axis", {"x", "y", "z"});
    return kin::Vector(frame, axis == "x" ? 1 : 0, axis == "y" ? 1 : 0, axis == "z" ? 1 : 0);
  }
};

}  // namespace

void read_outputs(const YAML::Node& section, const std::string& source, model::System& system) {
  OutputsReader(source, system).read(section);
}

}  // namespace adyn::io
