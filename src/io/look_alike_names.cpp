#include "look_alike_names.hpp"

#include <utility>

#include "adyn/control_characters.hpp"

namespace adyn::io {
namespace {

// Letters drawn like a Latin letter or digit, from UTS #39's confusables.txt (Unicode 15): the
// Greek and Cyrillic capitals and small letters whose glyphs match the Latin ones in common fonts.
constexpr std::pair<char32_t, char> twins[] = {
    // Greek
    {0x0391, 'A'}, {0x0392, 'B'}, {0x0395, 'E'}, {0x0396, 'Z'}, {0x0397, 'H'}, {0x0399, 'I'}, {0x039a, 'K'},
    {0x039c, 'M'}, {0x039d, 'N'}, {0x039f, 'O'}, {0x03a1, 'P'}, {0x03a4, 'T'}, {0x03a5, 'Y'}, {0x03a7, 'X'},
    {0x03bd, 'v'}, {0x03bf, 'o'}, {0x03c1, 'p'}, {0x03f2, 'c'}, {0x03f3, 'j'}, {0x03f9, 'C'}, {0x037f, 'J'},
    // Cyrillic
    {0x0405, 'S'}, {0x0406, 'I'}, {0x0408, 'J'}, {0x0410, 'A'}, {0x0412, 'B'}, {0x0415, 'E'}, {0x0417, '3'},
    {0x041a, 'K'}, {0x041c, 'M'}, {0x041d, 'H'}, {0x041e, 'O'}, {0x0420, 'P'}, {0x0421, 'C'}, {0x0422, 'T'},
    {0x0423, 'Y'}, {0x0425, 'X'}, {0x0430, 'a'}, {0x0435, 'e'}, {0x043e, 'o'}, {0x0440, 'p'}, {0x0441, 'c'},
    {0x0443, 'y'}, {0x0445, 'x'}, {0x0455, 's'}, {0x0456, 'i'}, {0x0458, 'j'}, {0x04ae, 'Y'}, {0x04bb, 'h'},
    {0x04c0, 'I'}, {0x04cf, 'l'}, {0x0501, 'd'}, {0x051a, 'Q'}, {0x051b, 'q'}, {0x051c, 'W'}, {0x051d, 'w'},
};

std::string utf8(char32_t c) {
  std::string out;
  if (c < 0x80) return out.append(1, static_cast<char>(c));
  const int length = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  static constexpr unsigned char lead[] = {0, 0, 0xc0, 0xe0, 0xf0};
  out.push_back(static_cast<char>(lead[length] | (c >> (6 * (length - 1)))));
  for (int k = length - 2; k >= 0; --k) out.push_back(static_cast<char>(0x80 | ((c >> (6 * k)) & 0x3f)));
  return out;
}

std::string script_of(char32_t c) {
  if (c < 0x80) return "Latin";
  if (c >= 0x0370 && c <= 0x03ff) return "Greek";
  if (c >= 0x0400 && c <= 0x052f) return "Cyrillic";
  if (c >= 0xff01 && c <= 0xff5e) return "fullwidth";
  return "";
}

// The code points of a name; a byte of malformed UTF-8 stands for itself.
std::u32string code_points(std::string_view text) {
  std::u32string out;
  for (std::size_t i = 0; i < text.size();) {
    const CodePoint c = code_point_at(text, i);
    out.push_back(c.length ? c.code : static_cast<unsigned char>(text[i]));
    i += c.length ? c.length : 1;
  }
  return out;
}

char32_t twin_or_self(char32_t c) {
  const char32_t twin = latin_look_alike(c);
  return twin ? twin : c;
}

std::string described(char32_t c) {
  const std::string script = script_of(c);
  return (script.empty() ? "" : script + " ") + "'" + utf8(c) + "'" + (c < 0x80 ? "" : " (" + code_point_name(c) + ")");
}

}  // namespace

char32_t latin_look_alike(char32_t c) {
  if (c >= 0xff01 && c <= 0xff5e) return c - 0xff01 + 0x21;  // fullwidth ASCII
  for (const auto& [letter, latin] : twins)
    if (letter == c) return static_cast<char32_t>(latin);
  return 0;
}

std::string skeleton(std::string_view name) {
  std::string out;
  for (char32_t c : code_points(name)) out += utf8(twin_or_self(c));
  return out;
}

std::string look_alike_difference(std::string_view a, std::string_view b) {
  const std::u32string x = code_points(a), y = code_points(b);
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
    if (x[i] != y[i]) return described(x[i]) + " in place of " + described(y[i]);
  return "";
}

}  // namespace adyn::io
