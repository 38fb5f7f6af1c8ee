// The autopickup file (`cairn-autopickup`, version 1; data/autopickup.toml is the default and
// documents it): which item classes walking onto an item picks up, as DCSS's `autopickup` option.
//
//   format = "cairn-autopickup"
//   version = 1
//   enabled = true          # on when a run starts (the toggle key turns it off and on)
//   [classes]
//   potion = "always"       # every item of the class
//   weapon = "new"          # only a kind the player carries none of
//   armour = "never"        # never
//
// The classes are the item categories of data/items.toml (potion, scroll, weapon, armour, food,
// wand, thrown, artifact). A file lays its rules over the default: a class it does not name
// keeps the default's rule. Every problem is reported with its line and column; nothing here
// asserts on the contents of a file.
#pragma once

#include <string_view>
#include <vector>

#include "game/components.h"
#include "toml/table_reader.h"

namespace cairn {

inline constexpr std::string_view kAutoPickupFormat = "cairn-autopickup";
inline constexpr std::int64_t kAutoPickupVersion = 1;

// Reads an autopickup file on top of `rule` (the default, usually). True when it had no
// problems; then `rule` holds the result. On any problem `rule` is unchanged.
[[nodiscard]] bool ReadAutoPickup(std::string_view text, AutoPickup& rule,
                                  std::vector<TextProblem>& problems);

}  // namespace cairn
