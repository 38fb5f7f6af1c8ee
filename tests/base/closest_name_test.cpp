#include "base/closest_name.h"

#include <array>
#include <catch2/catch.hpp>
#include <string_view>

namespace closest_name_test {

using namespace cairn;

TEST_CASE("the edit distance counts insertions, deletions, substitutions and swaps", "[base]") {
  CHECK(EditDistance("explore", "explore", 2) == 0);
  CHECK(EditDistance("explor", "explore", 2) == 1);    // a letter left out
  CHECK(EditDistance("explorre", "explore", 2) == 1);  // one too many
  CHECK(EditDistance("exqlore", "explore", 2) == 1);   // one wrong
  CHECK(EditDistance("exlpore", "explore", 2) == 1);   // two swapped: one edit, not two
  CHECK(EditDistance("pgdown", "pgdn", 2) == 2);
  CHECK(EditDistance("", "abc", 5) == 3);
  CHECK(EditDistance("abc", "", 5) == 3);
}

TEST_CASE("the edit distance stops at its limit and answers one past it", "[base]") {
  CHECK(EditDistance("kitten", "sitting", 3) == 3);
  CHECK(EditDistance("kitten", "sitting", 2) == 3);
  CHECK(EditDistance("a", "abcdefgh", 2) == 3);  // the lengths alone are too far apart
  CHECK(EditDistance("abcdefgh", "zyxwvuts", 1) == 2);
  const std::string long_word(10000, 'x');
  CHECK(EditDistance(long_word, long_word + "y", 2) == 1);
  CHECK(EditDistance(long_word, "explore", 2) == 3);
}

TEST_CASE("a name is suggested only when it is close to what was typed", "[base]") {
  constexpr std::array<std::string_view, 4> names = {"explore", "rest", "pgdn", "pgup"};
  CHECK(DidYouMean("explor", names) == " (did you mean explore?)");
  CHECK(DidYouMean("pgdown", names) == " (did you mean pgdn?)");
  CHECK(DidYouMean("Rest", names) == " (did you mean rest?)");
  // At most two edits, and fewer than half the word's length.
  CHECK(DidYouMean("exp", names).empty());
  CHECK(DidYouMean("rst", names) == " (did you mean rest?)");  // 1 edit in 3 letters
  CHECK(DidYouMean("re", names).empty());                      // 2 letters: nothing is close
  CHECK(DidYouMean("r", names).empty());
  CHECK(DidYouMean("exzzzlore", names).empty());  // three edits: p to z, two z added
  CHECK(DidYouMean("fly", names).empty());
  CHECK(DidYouMean("", names).empty());
  // The exact name is no typo; and with no names there is nothing to say.
  CHECK(DidYouMean("rest", names).empty());
  CHECK(DidYouMean("explor", std::span<const std::string_view>{}).empty());
}

TEST_CASE("of equally close names the one starting as the word does, then the first, is suggested",
          "[base]") {
  ClosestName prefix("pgdown");  // two edits from down and from pgdn
  prefix.Consider("down");
  prefix.Consider("pgdn");
  CHECK(prefix.Best() == "pgdn");
  ClosestName closest("pgxx");  // two from pgdn and pgup alike: too far for 4 letters
  closest.Consider("pgdn");
  CHECK(closest.Best().empty());
  ClosestName tie("abcx");  // one from each, and starting as both do
  tie.Consider("abcd");
  tie.Consider("abce");
  CHECK(tie.Best() == "abcd");
  ClosestName better("pgdx");
  better.Consider("pgup");  // two: too far for 4 letters
  better.Consider("pgdn");  // one
  CHECK(better.Best() == "pgdn");
}

}  // namespace closest_name_test
