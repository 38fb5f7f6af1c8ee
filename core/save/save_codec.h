// The save file (`cairn-save` version 7, docs/formats/save.md): a SessionImage as TOML.
//
// Writing is plain text generation; reading goes text -> TOML tree -> every member checked, with
// every problem reported at its line and column -> SessionImage. Entities are named by their
// source UUID and references are written as the target's UUID, so nothing runtime (world ids,
// slots, generations, addresses) is ever written or read. Turning the image into worlds is
// RestoreSession's job (sim/session_persist.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "game/world_limits.h"
#include "sim/session_image.h"
#include "toml/table_reader.h"

namespace cairn {

inline constexpr std::string_view kSaveFormat = "cairn-save";
// 2: the state hash covers the seed and the quiver. 3: the player's autopickup rule
// (components.h: AutoPickup). A version-2 save still reads: its player has no rule (the default
// applies) and its state hash is checked over the components version 2 knew. 4: an authored
// level's entities are keyed by their placement's instance (identity/placement.h), not by the
// level document's uuid; a version-2 or 3 entity whose instance is its floor's `level_uuid` is
// read as that placement's (docs/decisions/0015). 5: the same image, written shorter: what is at
// its default is left out, and a single component is a member of its entity (docs/decisions/0018);
// versions 2 to 4 read as before. 6: a monster's or an item's field that is what its kind gives
// is left out too (kind_bases.h, docs/decisions/0021); a version-5 save reads as before.
// 7: the state hash names its parts, and `parts` lists the parts the state covers with their
// hashes (game/state_hash.h, decision 0037): a component added later moves no hash and needs no
// new version. Versions 2 to 6 are checked in the positional form of their day, over the
// components that had arrived by their version (component_list.h). 8: a floor may list
// `seen_items`, the items the player remembers seeing lie there (game/seen_items.h); a version-7
// save reads as before, remembering none. 9: `dungeon_rules` names the rules the run's floors are
// made under (dungeon_plan.h; a save before it was made under rules 1), and a remembered cell
// may be 4 to 7: mapped by magic, not yet seen. 10: an entity may list `slots_used = { loot = N }`,
// a Many component's slot history above its highest entry, so a removed slot is never handed out
// again (design 002); a version-9 save reads as before, its history its highest slot + 1.
inline constexpr std::int64_t kSaveVersion = 10;
inline constexpr std::int64_t kFirstSaveWithRules = 9;
inline constexpr std::int64_t kOldestSaveVersion = 2;  // the oldest this build still resumes
static_assert(kSaveVersion > kLastPositionalSaveVersion, "saves name their state's parts");

// The whole save text. `build` names the program that wrote it (informational). `version` is
// kSaveVersion, or, for tests of older saves, 6 or 5 for what such a build wrote (6: no `parts`;
// 5: no field left out for being its kind's either). For those the caller gives `image` the
// state hash of that version's form (its hash_form's): the writer writes it as it is.
[[nodiscard]] std::string WriteSaveText(const SessionImage& image, const DefinitionSet& definitions,
                                        std::string_view build,
                                        std::int64_t version = kSaveVersion);

// The dungeon rules a save names (kOldestDungeonRules when it names none, as every save before
// version 9): which edition of the built-in content to read it with (content/default_content.h).
// A text that does not parse gives the newest rules; reading it then says what is wrong.
[[nodiscard]] std::int32_t SaveDungeonRules(std::string_view text);

// Reads a save. True only when there were no problems (then `out` is set; otherwise unchanged).
[[nodiscard]] bool ReadSaveText(std::string_view text, const DefinitionSet& definitions,
                                const WorldLimits& limits, SessionImage& out,
                                std::vector<TextProblem>& problems);

}  // namespace cairn
