#pragma once
// Characters that are not shown as themselves, in text that must be one line of what it says:
// names, units and other display text of a model, file names handed to other programs (gnuplot),
// user text quoted in messages.
// - Control characters: a line break ends a command line of a script, a tab or an escape changes
//   what a terminal shows.
// - Invisible characters (Unicode's Default_Ignorable_Code_Point set: zero-width spaces and
//   joiners, the bidirectional controls U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C,
//   the byte-order mark, ...): nothing is drawn for them, or they reorder the text around them —
//   "a\u202ecba" is shown as "aabc" — so that one name can look like another.
#include <cstddef>
#include <string>
#include <string_view>

namespace adyn {

/// The code point of the UTF-8 sequence at text[i] and its length in bytes; length 0 for a byte
/// that starts no well-formed sequence (a stray continuation byte, a truncated or overlong one).
struct CodePoint {
  char32_t code = 0;
  std::size_t length = 0;
};

inline CodePoint code_point_at(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  const unsigned lead = byte(i);
  if (lead < 0x80) return {lead, 1};
  const std::size_t length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3
                             : lead >= 0xf0 && lead <= 0xf4                                  ? 4
                                                                                             : 0;
  if (length == 0) return {};
  char32_t code = lead & (0x7fu >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0u) != 0x80u) return {};
    code = (code << 6) | (byte(i + k) & 0x3fu);
  }
  static constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < smallest[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return {};
  return {code, length};
}

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

/// Whether `c` is a Default_Ignorable_Code_Point (Unicode 15, DerivedCoreProperties.txt): drawn
/// as nothing, or acting on the characters around it (the bidirectional controls).
constexpr bool is_invisible(char32_t c) {
  constexpr char32_t ranges[][2] = {{0x00ad, 0x00ad},   {0x034f, 0x034f},   {0x061c, 0x061c},   {0x115f, 0x1160},
                                    {0x17b4, 0x17b5},   {0x180b, 0x180f},   {0x200b, 0x200f},   {0x202a, 0x202e},
                                    {0x2060, 0x206f},   {0x3164, 0x3164},   {0xfe00, 0xfe0f},   {0xfeff, 0xfeff},
                                    {0xffa0, 0xffa0},   {0xfff0, 0xfff8},   {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a},
                                    {0xe0000, 0xe0fff}};
  for (const auto& [first, last] : ranges)
    if (c >= first && c <= last) return true;
  return false;
}

/// The invisible character at text[i] (is_invisible), or {0, 0}.
inline CodePoint invisible_character_at(std::string_view text, std::size_t i) {
  const CodePoint c = code_point_at(text, i);
  return c.length > 1 && is_invisible(c.code) ? c : CodePoint{};
}

/// The first invisible character of `text`, or {0, 0}.
inline CodePoint first_invisible_character(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (const CodePoint c = invisible_character_at(text, i); c.length) return c;
  return {};
}

/// "U+202E" for a code point.
inline std::string code_point_name(char32_t code) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string digits;
  for (; code || digits.size() < 4; code >>= 4) digits.insert(digits.begin(), hex[code & 15]);
  return "U+" + digits;
}

/// `text` with its control and invisible characters written as escapes — \xNN for C0 and DEL,
/// \u00NN for C1, \uNNNN (\U00NNNNNN beyond U+FFFF) for invisible ones — keeping line breaks and
/// tabs when `keep_line_breaks`.
inline std::string escaped_hidden_characters(std::string_view text, bool keep_line_breaks) {
  static constexpr char hex[] = "0123456789abcdef";
  auto append_hex = [&](std::string& out, char32_t code, int digits) {
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out.push_back(hex[(code >> shift) & 15]);
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t control = control_character_at(text, i);
    const CodePoint invisible = control ? CodePoint{} : invisible_character_at(text, i);
    const bool kept = keep_line_breaks && (text[i] == '\n' || text[i] == '\t');
    if ((!control && !invisible.length) || kept) {
      out.push_back(text[i]);
    } else if (control == 1) {
      out.append("\\x");
      append_hex(out, static_cast<unsigned char>(text[i]), 2);
    } else if (control == 2) {  // C1: its second byte is its code
      out.append("\\u00");
      append_hex(out, static_cast<unsigned char>(text[i + 1]), 2);
      ++i;
    } else {
      out.append(invisible.code > 0xffff ? "\\U00" : "\\u");
      append_hex(out, invisible.code, invisible.code > 0xffff ? 6 : 4);
      i += invisible.length - 1;
    }
  }
  return out;
}

/// `text` on one line of visible characters: each control character written \xNN (C1 \u00NN), a
/// line break as \x0a, each invisible character \uNNNN.
inline std::string escaped_control_characters(std::string_view text) { return escaped_hidden_characters(text, false); }

}  // namespace adyn
