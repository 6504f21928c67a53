#include "adyn/application/dependent_speeds.hpp"

#include "adyn/error.hpp"

namespace adyn::application {

void set_dependent_speeds(model::System& system, const std::vector<std::string>& names) {
  if (names.empty()) return;
  const auto table = system.symbol_table();
  std::vector<GiNaC::symbol> speeds;
  for (const auto& name : names) {
    auto it = table.find(name);
    if (it == table.end() || !GiNaC::is_a<GiNaC::symbol>(it->second))
      throw ModelError("--dependent '" + name + "'", "is not a speed of the model");
    speeds.push_back(GiNaC::ex_to<GiNaC::symbol>(it->second));
  }
  system.set_dependent_speeds(speeds);
}

}  // namespace adyn::application
