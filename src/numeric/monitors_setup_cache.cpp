// The simulation's monitors kept in the set-up cache (simulation_monitors.hpp, setup_cache.hpp).
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "adyn/error.hpp"
#include "adyn/numeric/compiled_function.hpp"
#include "adyn/symbolic/matrix.hpp"
#include "adyn/symbolic/value_fingerprint.hpp"
#include "setup_cache.hpp"
#include "simulation_monitors.hpp"

namespace adyn::numeric {
namespace {

// What the monitors depend on besides the model's source: the equations' method, their state (the
// coordinates, the speeds, the speeds they eliminate), their rows and whether their speeds are
// defined in q̇, and the kinematic substitutions the monitors are written through (q̇ = N u + n and
// the dependent speeds' values) by their value fingerprint. None where those have no fingerprint.
std::optional<std::string> equations_description(const model::System& system, const formulations::EquationsOfMotion& eom) {
  std::string description = eom.method + "\n";
  for (const auto* symbols : {&eom.coordinates, &eom.speeds, &eom.dependent_speeds}) {
    for (const auto& s : *symbols) description += s.get_name() + " ";
    description += "\n";
  }
  description += std::to_string(eom.constraint_matrix.rows()) + " rows, " + std::to_string(eom.speed_definitions.rows()) +
                 " speed definitions\n";
  std::vector<GiNaC::ex> substitutions = sym::entries(eom.coordinate_rates);
  for (const auto& value : sym::entries(eom.dependent_speed_values)) substitutions.push_back(value);
  const auto fingerprint =
      sym::value_fingerprint(state_inputs(eom.coordinates, eom.speeds, system.parameter_values()), substitutions);
  if (!fingerprint) return std::nullopt;
  return description + *fingerprint;
}

// The optional programs, in the entry's order after the projection, the rate and the residuals.
std::array<std::optional<StraightLineProgram>*, 5> optional_programs(MonitorPrograms& programs) {
  return {&programs.constraint_power, &programs.dependent_speeds, &programs.eliminated_block, &programs.events,
          &programs.orientations};
}

// The entry: the two facts and which optional programs there are as its sizes; the projection as
// its program, then the rate, the residuals and the optional programs there are.
KeptProgram entry_of(MonitorPrograms programs) {
  KeptProgram entry;
  entry.program = std::move(programs.projection);
  entry.more = {std::move(programs.rate), std::move(programs.residuals)};
  entry.sizes = {programs.energy, programs.constraints_do_work};
  for (auto* program : optional_programs(programs)) {
    entry.sizes.push_back(program->has_value());
    if (*program) entry.more.push_back(std::move(**program));
  }
  return entry;
}

std::optional<MonitorPrograms> programs_of(KeptProgram entry) {
  MonitorPrograms programs;
  const auto optional = optional_programs(programs);
  if (entry.sizes.size() != 2 + optional.size() || entry.more.size() < 2) return std::nullopt;
  for (const auto n : entry.sizes)
    if (n > 1) return std::nullopt;
  programs.energy = entry.sizes[0] == 1;
  programs.constraints_do_work = entry.sizes[1] == 1;
  programs.projection = std::move(entry.program);
  programs.rate = std::move(entry.more[0]);
  programs.residuals = std::move(entry.more[1]);
  std::size_t next = 2;
  for (std::size_t k = 0; k < optional.size(); ++k)
    if (entry.sizes[2 + k] == 1) {
      if (next == entry.more.size()) return std::nullopt;
      *optional[k] = std::move(entry.more[next++]);
    }
  if (next != entry.more.size()) return std::nullopt;
  return programs;
}

}  // namespace

Monitors monitors_with_setup_cache(const model::System& system, const formulations::EquationsOfMotion& eom) {
  std::optional<std::string> key;
  if (system.source())
    if (const auto description = equations_description(system, eom))
      key = setup_key(system, "simulation monitors\n" + *description);
  if (auto entry = key ? find_kept_program(*key) : std::nullopt)
    if (const auto programs = programs_of(std::move(*entry)))
      if (auto monitors = assemble_monitors(system, eom, *programs)) {
        monitors->from_setup_cache = true;
        return std::move(*monitors);
      }
  auto programs = derive_monitor_programs(system, eom);
  auto monitors = assemble_monitors(system, eom, programs);
  if (!monitors) throw Error(eom.method + " equations: the simulation's monitors do not fit them");  // derived for them
  auto entry = entry_of(std::move(programs));
  keep_compiled(key, entry, false, "");
  return std::move(*monitors);
}

}  // namespace adyn::numeric
