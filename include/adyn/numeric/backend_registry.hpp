#pragma once
// The backends of compiled code as one table: each one's key (on the command line and in Python)
// and its Backend. Adding a backend is one row of the table (src/numeric/backend_registry.cpp) and
// its evaluation (compiled_function.cpp).
#include <string>
#include <string_view>
#include <vector>

#include "adyn/numeric/compiled_function.hpp"

namespace adyn::numeric {

struct BackendChoice {
  std::string_view key;  // "tape"
  Backend backend;
  std::string_view help;  // what --backend's help says of it
};

/// Every backend, in the order the options list them.
const std::vector<BackendChoice>& backends();

/// The keys, in the table's order.
std::vector<std::string> backend_names();

/// The backend of that key; throws adyn::ModelError "backend 'KEY': not one of tape, native".
const BackendChoice& backend_named(std::string_view key);

/// The row of a Backend.
const BackendChoice& backend_choice(Backend backend);

}  // namespace adyn::numeric
