// events: (docs/model-format.md, "Events and impacts").
#include "sections.hpp"

namespace adyn::io {
namespace {

// {name, gap: g(q, t), restitution: e} (an impact) or without restitution (stop the run)
void read_event(ModelValues& in, const YAML::Node& node) {
  std::string name, object;
  auto f = in.named(node, "event", {"name", "gap", "restitution"}, name, object);
  in.yaml.require(f, object, {"gap"});
  in.claim("event", name, f["name"], object);
  model::Event e{name, in.expression(f["gap"], object), std::nullopt};
  if (f.has("restitution")) {
    e.restitution = in.expression(f["restitution"], object);
    auto value = in.value_of(f["restitution"], *e.restitution, object);
    if (value && !(*value >= 0 && *value <= 1))
      in.yaml.fail(f["restitution"], object,
                   "the coefficient of restitution must be in [0, 1], got " + std::to_string(*value));
  }
  in.yaml.guarded(f["gap"], object, [&] { in.system.add_event(e); });
}

}  // namespace

void read_events(ModelValues& in, const Fields& top) {
  in.each(top, "events", "event", [&](const YAML::Node& item) { read_event(in, item); });
}

}  // namespace adyn::io
