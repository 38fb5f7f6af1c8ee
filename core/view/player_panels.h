// The player's own panels, extracted from the session for the presenter: what is carried, the
// character sheet, the status line's extras (level, hunger, haste), and how the run ended.
#pragma once

#include <string>
#include <vector>

#include "sim/session.h"
#include "view/render_frame.h"

namespace cairn {

// The player's own components as the panels show them: the world's while the character lives;
// after its death, the remains the session kept, so the map after death shows the dead
// character as it was (its pack still lies in the world, held by `id`). Any may be null.
struct PlayerParts {
  EntityId id{};
  const Player* player = nullptr;
  const Health* health = nullptr;
  const Combat* combat = nullptr;
  const Condition* condition = nullptr;
  const Inventory* pack = nullptr;
  const Position* at = nullptr;
};
[[nodiscard]] PlayerParts PartsOfPlayer(const GameSession& session) noexcept;

void ExtractPlayerPanels(const GameSession& session, RenderFrame& frame);

// The character sheet, line by line: numbers, equipment, conditions, discoveries.
[[nodiscard]] std::vector<std::string> CharacterSheet(const GameSession& session);

// How a monster looks to the player: "asleep", "wandering", "hunting you", "fleeing", and how
// hurt it is ("unhurt", "lightly wounded", ...).
[[nodiscard]] std::string MonsterState(const GameWorld& world, EntityId monster);

// Player turns from `now` until the tick `until`, rounded up: a condition that lasts into the
// next turn never reads "0 turns".
[[nodiscard]] std::int64_t TurnsUntil(std::int64_t until, std::int64_t now) noexcept;

// A monster's AI phase (core/game/ai.cpp's machine) in the player's words, as look mode and the
// sidebar say it: asleep; wandering; "noticed you" (choosing its target); "hunting you"
// (approaching, attacking, recovering from a blow); "searching" (it lost the trail and looks
// where it last saw you); fleeing.
[[nodiscard]] const char* MonsterStateWord(const EnemyAi& ai) noexcept;
// The same for a monster in the world, which may be a captive ("shackled") or the player's ally
// ("ally, following you").
[[nodiscard]] std::string MonsterStateWords(const GameWorld& world, EntityId monster);

}  // namespace cairn
