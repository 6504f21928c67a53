#pragma once
// What the tables of choices share (formulations/method_registry.hpp,
// numeric/integrator_registry.hpp, numeric/backend_registry.hpp): rows with a `key`, the name a
// user gives on the command line, in a model file or in Python; found by it and listed by it.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "adyn/error.hpp"

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

/// The row of that key; throws adyn::ModelError "WHAT 'KEY': not one of a, b, c" (`what`: the
/// choice as a user names it, e.g. "integrator").
template <class Row>
const Row& choice_named(const std::vector<Row>& rows, std::string_view key, std::string_view what) {
  if (const auto* row = find_choice(rows, key)) return *row;
  throw ModelError(std::string(what) + " '" + std::string(key) + "'", "not one of " + listed(choice_keys(rows)));
}

/// The row whose `member` is `value` (e.g. &IntegratorChoice::integrator); a value without a row is
/// a defect of the table: adyn::Error.
template <class Row, class Value>
const Row& choice_with(const std::vector<Row>& rows, Value Row::*member, Value value, std::string_view what) {
  const auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& row) { return row.*member == value; });
  if (it != rows.end()) return *it;
  throw Error(std::string(what) + " " + std::to_string(static_cast<long>(value)) + " has no row in the table of " +
              std::string(what) + "s");
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
