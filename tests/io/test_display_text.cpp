// Text shown to the user as it is: control and invisible characters (bidirectional controls,
// zero-width characters) escaped in messages (adyn::printable, escaped_control_characters), and
// names that look alike (look_alike_names.hpp) told apart. The files the reader refuses are in
// tests/io/malformed/ (name_right_to_left_override, name_look_alike_cyrillic, ...).
#include <gtest/gtest.h>

#include "adyn/control_characters.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

#include "io/look_alike_names.hpp"

namespace {

TEST(DisplayText, PrintableEscapesInvisibleAndC1CharactersAndKeepsLineBreaks) {
  EXPECT_EQ(adyn::printable("frame 'A\u202eCB':\n\tx"), "frame 'A\\u202eCB':\n\tx");
  EXPECT_EQ(adyn::printable("P\u200b P\u2060 \ufeffq \u061c \u2066x\u2069"), "P\\u200b P\\u2060 \\ufeffq \\u061c \\u2066x\\u2069");
  EXPECT_EQ(adyn::printable("\x1b[2J \u0085 \u009b"), "\\x1b[2J \\u0085 \\u009b");
  EXPECT_EQ(adyn::printable("tag \U000E0041"), "tag \\U000e0041");
  EXPECT_EQ(adyn::printable("θ ω é Ν а"), "θ ω é Ν а");  // visible letters stay as they are
  EXPECT_EQ(adyn::printable("\xc0\x80 \xed\xa0\x80 \xe2\x80"), "\xc0\x80 \xed\xa0\x80 \xe2\x80");  // malformed: kept
}

TEST(DisplayText, OneLineEscapesEveryControlAndInvisibleCharacter) {
  EXPECT_EQ(adyn::escaped_control_characters("a\nb\tc\u202ed\u200de"), "a\\x0ab\\x09c\\u202ed\\u200de");
  EXPECT_EQ(adyn::first_invisible_character("ab\u2067c").code, U'\u2067');
  EXPECT_EQ(adyn::first_invisible_character("θ é").length, 0u);
  EXPECT_EQ(adyn::code_point_name(0x202e), "U+202E");
  EXPECT_EQ(adyn::code_point_name(0xe0041), "U+E0041");
}

TEST(DisplayText, CodePointsOfUtf8) {
  EXPECT_EQ(adyn::code_point_at("\u03b8", 0).code, U'\u03b8');
  EXPECT_EQ(adyn::code_point_at("\u03b8", 0).length, 2u);
  EXPECT_EQ(adyn::code_point_at("\U0001F600", 0).length, 4u);
  EXPECT_EQ(adyn::code_point_at("\xc0\x80", 0).length, 0u);      // overlong
  EXPECT_EQ(adyn::code_point_at("\xed\xa0\x80", 0).length, 0u);  // a surrogate
  EXPECT_EQ(adyn::code_point_at("\xe2\x80", 0).length, 0u);      // truncated
}

TEST(LookAlikeNames, GreekCyrillicAndFullwidthTwinsShareTheLatinSkeleton) {
  using adyn::io::skeleton;
  EXPECT_EQ(skeleton("\u0430rm"), "arm");             // Cyrillic а
  EXPECT_EQ(skeleton("\u039d"), "N");                 // Greek capital nu
  EXPECT_EQ(skeleton("\u0420\u043e\u0441"), "Poc");   // Cyrillic Р, о, с
  EXPECT_EQ(skeleton("\uff21\uff11"), "A1");          // fullwidth
  EXPECT_EQ(skeleton("\u03b8"), "\u03b8");            // θ has no twin
  EXPECT_EQ(skeleton("\u03c9 \u00e9"), "\u03c9 \u00e9");
  EXPECT_NE(skeleton("l1"), skeleton("I1"));          // Latin letters are their own skeleton
  EXPECT_EQ(adyn::io::look_alike_difference("\u0430rm", "arm"), "Cyrillic '\u0430' (U+0430) in place of Latin 'a'");
  EXPECT_EQ(adyn::io::look_alike_difference("arm", "arm"), "");
}

TEST(LookAlikeNames, LettersWithoutATwinAreNames) {
  const auto system = adyn::io::read_model(R"(
name: Greek names
coordinates: [q]
frames:
  - {name: θ, parent: N, axis: z, angle: q}
  - {name: Θ, parent: N, axis: x, angle: q}
  - {name: α, parent: N, axis: y, angle: q}
  - {name: a, parent: N, axis: y, angle: 2*q}
points:
  - {name: P, from: O, position: {θ: [1, 0, 0]}}
  - {name: Pʹ, from: O, position: {Θ: [1, 0, 0]}}
)");
  std::vector<std::string> frames;
  for (const auto& f : system.frames()) frames.push_back(f.name());
  EXPECT_EQ(frames, (std::vector<std::string>{"N", "θ", "Θ", "α", "a"}));
}

TEST(LookAlikeNames, NamesOfDifferentKindsMayLookAlike) {
  // a body and its frame share a name as a rule; a point and a frame are never confused
  EXPECT_NO_THROW(adyn::io::read_model(R"(
name: pendulum
coordinates: [q]
frames:
  - {name: A, parent: N, axis: z, angle: q}
points:
  - {name: А, from: O, position: {A: [1, 0, 0]}}
)"));
}

}  // namespace
