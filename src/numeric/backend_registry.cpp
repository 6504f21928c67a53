#include "adyn/numeric/backend_registry.hpp"

#include "adyn/choice_table.hpp"

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
  return choice_named(backends(), key, "backend");
}

const BackendChoice& backend_choice(Backend backend) {
  return choice_with(backends(), &BackendChoice::backend, backend, "backend");
}

}  // namespace adyn::numeric
