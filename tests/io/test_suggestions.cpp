#include <gtest/gtest.h>

#include "adyn/io/suggestions.hpp"

using adyn::io::closest_match;
using adyn::io::did_you_mean;
using adyn::io::edit_distance;

TEST(Suggestions, EditDistanceCountsInsertionsDeletionsSubstitutionsAndTranspositions) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("mass", "mass"), 0u);
  EXPECT_EQ(edit_distance("mas", "mass"), 1u);             // insertion
  EXPECT_EQ(edit_distance("frames", "frams"), 1u);         // deletion
  EXPECT_EQ(edit_distance("angle", "angla"), 1u);          // substitution
  EXPECT_EQ(edit_distance("particels", "particles"), 1u);  // transposition
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

TEST(Suggestions, ClosestMatchIgnoresCaseAndRejectsFarOrShortGuesses) {
  const std::vector<std::string> keys = {"name", "point", "mass"};
  EXPECT_EQ(closest_match("mas", keys), "mass");
  EXPECT_EQ(closest_match("Name", keys), "name");
  EXPECT_EQ(closest_match("colour", keys), std::nullopt);
  EXPECT_EQ(closest_match("k", {"m", "l"}), std::nullopt);  // one letter off a one-letter name is no typo
  EXPECT_EQ(closest_match("iyy", {"Ixx", "Iyy", "Izz"}), "Iyy");
  EXPECT_EQ(closest_match("tend", {"t_end", "rtol", "atol"}), "t_end");
}

TEST(Suggestions, DidYouMeanPhrase) {
  EXPECT_EQ(did_you_mean("partcles", {"particles", "bodies"}), " (did you mean 'particles'?)");
  EXPECT_EQ(did_you_mean("zzz", {"particles", "bodies"}), "");
}
