#include "base/closest_name.h"

#include <algorithm>
#include <vector>

namespace cairn {

std::size_t EditDistance(std::string_view a, std::string_view b, std::size_t limit) noexcept {
  const std::size_t over = limit + 1;
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit) return over;
  // Three rows of the Wagner-Fischer table (the swap looks two rows back), and a stop as soon as
  // a whole row is past the limit: a long word is given up after a few rows. The lengths were
  // compared first, so a row is never much longer than the typed word.
  std::vector<std::size_t> rows(3 * (b.size() + 1));
  std::size_t* before = rows.data();
  std::size_t* previous = before + (b.size() + 1);
  std::size_t* current = previous + (b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    std::size_t row_best = current[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      std::size_t d = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d = std::min(d, before[j - 2] + 1);
      current[j] = d;
      row_best = std::min(row_best, d);
    }
    if (row_best > limit) return over;  // every path through this row is already too long
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return std::min(previous[b.size()], over);
}

ClosestName::ClosestName(std::string_view typed) noexcept
    : typed_(typed),
      // Fewer edits than half the word: a one-letter word gets no suggestion, "expl" at most 1.
      limit_(std::min(kMaxSuggestionDistance, typed.empty() ? 0 : (typed.size() - 1) / 2)),
      best_distance_(limit_ + 1) {}

void ClosestName::Consider(std::string_view candidate) {
  if (limit_ == 0 || candidate == typed_) return;
  const std::size_t d = EditDistance(typed_, candidate, limit_);
  if (d > limit_) return;
  // Of two equally close names, the one that starts as the word does ("pgdown": pgdn, not
  // down); then the first considered.
  const auto common = [this](std::string_view name) {
    std::size_t n = 0;
    while (n < name.size() && n < typed_.size() && name[n] == typed_[n]) ++n;
    return n;
  };
  if (d < best_distance_ || (d == best_distance_ && common(candidate) > common(best_))) {
    best_distance_ = d;
    best_ = std::string(candidate);
  }
}

std::string DidYouMean(std::string_view typed, std::span<const std::string_view> names) {
  ClosestName closest(typed);
  for (std::string_view name : names) closest.Consider(name);
  return DidYouMeanText(closest.Best());
}

std::string DidYouMeanText(std::string_view suggestion) {
  return suggestion.empty() ? std::string() : " (did you mean " + std::string(suggestion) + "?)";
}

}  // namespace cairn
