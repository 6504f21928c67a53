#include "adyn/application/initial_state_report.hpp"

#include <nlohmann/json.hpp>

namespace adyn::application {

nlohmann::json initial_state_json(const model::System& system, const analysis::InitialState& x) {
  using nlohmann::json;
  json j = {{"q", json::object()}, {"u", json::object()}, {"completed", json::array()}, {"branches", json::array()}};
  const auto q = system.coordinates(), u = system.speeds();
  for (std::size_t i = 0; i < q.size(); ++i) j["q"][q[i].get_name()] = x.state.q(static_cast<Eigen::Index>(i));
  for (std::size_t i = 0; i < u.size(); ++i) j["u"][u[i].get_name()] = x.state.u(static_cast<Eigen::Index>(i));
  for (const auto& c : x.completed)
    j["completed"].push_back(
        {{"name", c.name}, {"given", c.given}, {"before", c.before}, {"after", c.after}, {"constraints", c.constraints}});
  for (const auto& b : x.branches)
    j["branches"].push_back({{"names", b.names}, {"taken", b.taken}, {"other", b.other}, {"constraints", b.constraints}});
  j["messages"] = x.messages();
  return j;
}

}  // namespace adyn::application
