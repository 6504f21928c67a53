#include "adyn/io/suggestions.hpp"

#include <algorithm>
#include <cctype>

namespace adyn::io {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::optional<std::string> closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  constexpr std::size_t max_edits = 2;
  if (word.size() > 64) return std::nullopt;  // not a typo; and the distance is quadratic
  const std::string w = lower(word);
  std::optional<std::string> best;
  std::size_t best_distance = max_edits + 1;
  for (const auto& c : candidates) {
    if (c == word || c.size() > 64) continue;
    const std::size_t d = edit_distance(w, lower(c));
    const bool plausible = 3 * d <= std::max(word.size(), c.size());
    if (plausible && d < best_distance) best = c, best_distance = d;
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  auto match = closest_match(word, candidates);
  return match ? std::string(" (did you mean '") + *match + "'?)" : std::string();
}

}  // namespace adyn::io
