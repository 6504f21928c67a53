#include "adyn/numeric/backend_registry.hpp"

#include "adyn/choice_table.hpp"
#include "adyn/error.hpp"

namespace adyn::numeric {

const std::vector<BackendChoice>& backends() {
  static const std::vector<BackendChoice> table = {
      {.key = "tape", .backend = Backend::Tape, .help = ""},
      {.key = "native", .backend = Backend::Native, .help = "generated C compiled at run time"},
  };
  return table;
}

std::vector<std::string> backend_names() { return choice_keys(backends()); }

const BackendChoice& backend_named(std::string_view key) {
  if (const auto* row = find_choice(backends(), key)) return *row;
  throw ModelError("backend '" + std::string(key) + "'", "not one of " + listed(backend_names()));
}

const BackendChoice& backend_choice(Backend backend) {
  for (const auto& row : backends())
    if (row.backend == backend) return row;
  throw Error("backend " + std::to_string(static_cast<int>(backend)) + " has no row in the table of backends");
}

}  // namespace adyn::numeric
