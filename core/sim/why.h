// "Why": what decided an entity's present state or its end, as the chain of traced events that
// name it, newest first (SPEC, "The trace, rewinding and asking why"). The console's `WHY H`,
// the debug pane's why view, the death screen and the morgue file all say it in the same words,
// made here.
//
// The answer is read from the world's story (GameWorld::Story: the trace's deciding entries, kept
// longer than the busy trace), so it outlives the entity: a dead entity's handle, or one whose
// slot now holds another entity, is still answered with its death and what led to it. Only an
// entity the story no longer mentions is unknown (`stale`).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "game/game_world.h"
#include "game/trace.h"

namespace cairn {

enum class WhyState : std::uint8_t {
  Alive,      // the handle names a live entity
  Dead,       // the story holds its death
  Gone,       // no longer alive, removed without dying (picked up, used, despawned)
  Forgotten,  // not alive and nothing about it is remembered
};

struct WhyAnswer {
  EntityId subject{};
  EntityKind kind{};
  WhyState state = WhyState::Forgotten;
  std::int64_t since = 0;         // the tick it died (Dead) or was last mentioned (Gone)
  std::vector<TraceEntry> chain;  // newest first
  std::size_t left_out = 0;       // older links the story holds beyond the `links` asked for
};

// As many links as the story can hold: the whole chain (the console's `WHY H ALL`).
inline constexpr std::size_t kEveryWhyLink = ~std::size_t{0};

// What the story says about `id`, at most `links` entries. Never fails: an unknown entity is a
// Forgotten answer with an empty chain.
[[nodiscard]] WhyAnswer AskWhy(const GameWorld& world, EntityId id, std::size_t links = 8);

// "the goblin 5:1", "the player 0:1", "entity 9:2" (an entity of no kind).
[[nodiscard]] std::string WhoText(EntityId id, const EntityKind& kind,
                                  const DefinitionSet& definitions);

// The first line: "the goblin 5:1 is dead since tick 230", "the rat 3:1 at 7,2 is alive, health 4
// of 4, in approach aiming at the player 0:1".
[[nodiscard]] std::string WhyHeadline(const WhyAnswer& answer, const GameWorld& world);

// One link in words: "tick 230: the player 0:1 hit the goblin 5:1 for 4 (melee), leaving it at -1
// health and killing it".
[[nodiscard]] std::string WhyLink(const TraceEntry& entry, const DefinitionSet& definitions);

// The headline and every link, one per line: the pane's why view, the death screen, the morgue;
// when links were left out, a last line says how many and where the whole chain is.
[[nodiscard]] std::vector<std::string> WhyLines(const WhyAnswer& answer, const GameWorld& world);

// The console's reply: "why HEADLINE: LINK | LINK | ...", ending "| N earlier links left out (WHY H
// ALL gives the whole chain)" when cut, or "stale" when nothing is remembered.
[[nodiscard]] std::string WhyReply(const WhyAnswer& answer, const GameWorld& world);

}  // namespace cairn
