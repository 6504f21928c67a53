#pragma once
// Names as messages list them: "'a', 'b'".
#include <string>
#include <vector>

namespace adyn {

inline std::string quoted_names(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  return list;
}

}  // namespace adyn
