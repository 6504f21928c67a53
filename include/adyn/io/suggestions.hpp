#pragma once
// "Did you mean ...?" for misspelled keys and names in model files.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adyn::io {

/// Damerau–Levenshtein distance (optimal string alignment): the number of insertions, deletions,
/// substitutions and transpositions of adjacent characters that turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate `word` is most likely a misspelling of: the closest one, ignoring case, if at
/// most 2 edits away and at most a third of its length (so that "x" does not suggest "y").
std::optional<std::string> closest_match(const std::string& word, const std::vector<std::string>& candidates);

/// " (did you mean 'xxx'?)" for the closest match, or "" when nothing is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace adyn::io
