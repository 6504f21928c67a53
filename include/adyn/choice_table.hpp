#pragma once
// What the tables of choices share (formulations/method_registry.hpp,
// numeric/integrator_registry.hpp, numeric/backend_registry.hpp): rows with a `key`, the name a
// user gives on the command line, in a model file or in Python; found by it and listed by it.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace adyn {

/// The row of that key, or nullptr.
template <class Row>
const Row* find_choice(const std::vector<Row>& rows, std::string_view key) {
  const auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& row) { return row.key == key; });
  return it == rows.end() ? nullptr : &*it;
}

/// The keys of the rows, in the table's order.
template <class Row>
std::vector<std::string> choice_keys(const std::vector<Row>& rows) {
  std::vector<std::string> keys;
  for (const auto& row : rows) keys.emplace_back(row.key);
  return keys;
}

/// Texts as a sentence lists them: "a, b, c" (last = ", "), "a, b or c" (last = " or ").
inline std::string listed(const std::vector<std::string>& texts, std::string_view last = ", ") {
  std::string out;
  for (std::size_t i = 0; i < texts.size(); ++i)
    out.append(i == 0 ? "" : i + 1 == texts.size() ? last : ", ").append(texts[i]);
  return out;
}

/// The keys of the rows that `keep` keeps, as `listed` lists them.
template <class Row, class Keep>
std::string keys_where(const std::vector<Row>& rows, Keep keep, std::string_view last) {
  std::vector<std::string> keys;
  for (const auto& row : rows)
    if (keep(row)) keys.emplace_back(row.key);
  return listed(keys, last);
}

}  // namespace adyn
