#pragma once
// Control characters in text that must be one line: names, units and other display text of a
// model, file names handed to other programs (gnuplot). A line break there ends a command line of
// a script, a tab or an escape changes what a terminal shows.
#include <cstddef>
#include <string>
#include <string_view>

namespace adyn {

/// The length in bytes of the control character at text[i]: 1 for C0 (line breaks and tabs too)
/// and DEL, 2 for C1 (U+0080 to U+009F) in UTF-8, 0 for any other character.
inline std::size_t control_character_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x20 || c == 0x7f) return 1;
  const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0u;
  return c == 0xc2 && next >= 0x80 && next <= 0x9f ? 2 : 0;
}

inline bool has_control_character(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (control_character_at(text, i)) return true;
  return false;
}

/// `text` on one line of printable characters: each control character written \xNN (C1 \u00NN),
/// a line break as \x0a.
inline std::string escaped_control_characters(std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t length = control_character_at(text, i);
    if (length == 0) {
      out.push_back(text[i]);
      continue;
    }
    const auto c = static_cast<unsigned char>(text[i + length - 1]);  // C1: its second byte
    out.append(length == 1 ? "\\x" : "\\u00").append(1, hex[c >> 4]).append(1, hex[c & 15]);
    i += length - 1;
  }
  return out;
}

}  // namespace adyn
