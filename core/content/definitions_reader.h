// Reading monster and item definitions from `cairn-definitions` TOML files.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "toml/table_reader.h"

namespace cairn {

// Where each definition read so far was defined, so that a duplicate id names both places:
// `file` is the file being read now ("" when only one is), `first` each id's file and place.
struct DefinitionPlaces {
  struct Place {
    std::string file;
    TextPosition at;
  };
  std::string file;
  std::map<std::string, Place, std::less<>> first;
};

// Reads one definitions file, appending its monsters and items to `into`. Every problem is
// reported (format, unknown members, kinds, ranges, duplicate ids across everything read so far,
// each with where the id was first defined when `places` knows it); returns true only when there
// were none, and then `into` is extended, otherwise unchanged. `places` (optional) is extended
// with this file's definitions either way. A monster's loot names an item kind of `into` or of
// this file; `known_items`, when given, is where else a name may be found (`cairn check` of a
// monsters file on its own checks the names against the built-in items; such an entry's index is
// then not resolved, so that set is for checking only).
[[nodiscard]] bool ReadDefinitions(std::string_view text, DefinitionSet& into,
                                   std::vector<TextProblem>& problems,
                                   DefinitionPlaces* places = nullptr,
                                   const DefinitionSet* known_items = nullptr);

// "1d6", "2d4+1", "1d3-1" into dice; false when `text` is not dice.
[[nodiscard]] bool ParseDice(std::string_view text, Dice& out) noexcept;

// The definitions compiled in from data/monsters.toml and data/items.toml, read once. Null if
// they do not read (tests keep that from ever shipping); `problems` then says why. With `rules`:
// those of the built-in edition a run under those dungeon rules is made with (default_content.h).
// Both live in default_content.cpp.
[[nodiscard]] std::shared_ptr<const DefinitionSet> DefaultDefinitions(
    std::vector<TextProblem>* problems = nullptr);
[[nodiscard]] std::shared_ptr<const DefinitionSet> DefaultDefinitions(
    std::int32_t rules, std::vector<TextProblem>* problems = nullptr);

}  // namespace cairn
