// The closest name to a misspelt one, for "did you mean explore?" in every reader's messages.
//
// One measure for every reader: the Damerau-Levenshtein distance (optimal string alignment:
// insertions, deletions, substitutions and swaps of two neighbouring characters each cost 1),
// computed only up to a bound, so a long name costs no more than a short one. A name is offered
// only when it is close: at most kMaxSuggestionDistance edits away and fewer edits than half the
// typed word's length ("explor" -> "explore", "pgdown" -> "pgdn"; "x" suggests nothing). Of
// equally close names the one sharing the longest start with the word wins ("pgdown" is two
// edits from both pgdn and down), then the one considered first: a suggestion depends on nothing
// but the names and their order.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace cairn {

inline constexpr std::size_t kMaxSuggestionDistance = 2;

// The edit distance between `a` and `b`, or `limit + 1` when it is more than `limit`.
[[nodiscard]] std::size_t EditDistance(std::string_view a, std::string_view b,
                                       std::size_t limit) noexcept;

// Collects candidates one at a time and keeps the closest that is close enough to `typed`.
class ClosestName {
 public:
  explicit ClosestName(std::string_view typed) noexcept;
  // Considers one candidate (one equal to `typed` is never offered: it would not be a typo).
  void Consider(std::string_view candidate);
  // The best candidate so far ("" when none is close enough).
  [[nodiscard]] const std::string& Best() const noexcept { return best_; }

 private:
  std::string_view typed_;
  std::size_t limit_;  // the largest distance still offered
  std::size_t best_distance_;
  std::string best_;
};

// " (did you mean NAME?)" for the closest of `names` to `typed`, or "" when none is close.
[[nodiscard]] std::string DidYouMean(std::string_view typed,
                                     std::span<const std::string_view> names);
// The same for a chosen suggestion: " (did you mean NAME?)", or "" for an empty one.
[[nodiscard]] std::string DidYouMeanText(std::string_view suggestion);

}  // namespace cairn
