// The indefinite article, chosen once for every sentence that names a monster or an item
// ("You see an ogre.", "killed by an orc", "a murky potion"): the log, the summary and the
// autopilot's reasons all compose names with it, so they cannot disagree.
#pragma once

#include <string>
#include <string_view>

namespace cairn {

// "an " or "a " for `name` by the sound of its first letter (a vowel letter: "an"), or "" when
// the name needs none: it starts with "the " (an artifact, a named one) or with a count
// ("3 darts", already plural).
[[nodiscard]] inline std::string_view IndefiniteArticle(std::string_view name) noexcept {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return "";
  if (name.substr(0, 4) == "the " || name.substr(0, 4) == "The ") return "";
  return std::string_view("aeiouAEIOU").find(name[0]) != std::string_view::npos ? "an " : "a ";
}

// `name` with its article: "an ogre", "a kobold", "an old kobold archer", "3 darts".
[[nodiscard]] inline std::string WithArticle(std::string_view name) {
  return std::string(IndefiniteArticle(name)) + std::string(name);
}

}  // namespace cairn
