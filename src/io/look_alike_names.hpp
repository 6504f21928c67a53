#pragma once
// Names that look alike: the reader refuses two names of one kind (two frames, two points, ...)
// that are drawn the same in common fonts but differ in their characters — a Cyrillic 'а' or a
// Greek 'ο' for a Latin 'a' or 'o' — since a reader of the file, a message or a listing takes them
// for one. A skeleton in the manner of Unicode's UTS #39 (confusable detection), restricted to the
// Greek, Cyrillic and fullwidth letters drawn like Latin ones: Latin letters and digits are their
// own skeleton (l1 and I1 stay two names), and other letters (θ, ω, é) are not changed.
#include <string>
#include <string_view>

namespace adyn::io {

/// The Latin letter or digit that `c` is drawn like (Cyrillic 'а' → 'a', Greek 'Ν' → 'N',
/// fullwidth 'Ａ' → 'A'), or 0 when `c` has no such twin.
char32_t latin_look_alike(char32_t c);

/// `name` with each letter replaced by its Latin twin: names with the same skeleton look alike.
std::string skeleton(std::string_view name);

/// Where two names that look alike differ, e.g. "Cyrillic 'а' (U+0430) in place of Latin 'a'";
/// empty when they are equal.
std::string look_alike_difference(std::string_view a, std::string_view b);

}  // namespace adyn::io
