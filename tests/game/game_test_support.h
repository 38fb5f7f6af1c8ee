// Helpers for the simulation tests: small worlds from ASCII maps.
#pragma once

#include <catch2/catch.hpp>
#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "game/items.h"
#include "game/level.h"
#include "game/player_commands.h"
#include "game/recipes.h"
#include "game/systems.h"
#include "game/tick.h"
#include "support/test_content.h"

namespace cairn::test {

inline LevelDefinition Level(std::initializer_list<std::string_view> rows, bool sleepers = false) {
  const std::vector<std::string_view> list(rows);
  return LevelFromAscii("test", list, *Definitions(), sleepers);
}

// Adds an item of kind `id` to `level`: lying at (x, y), or carried by the player under
// `letter` when letter is not 0. Returns its index among the level's entities.
inline std::size_t AddItem(LevelDefinition& level, std::string_view id, Position at,
                           char letter = 0, std::int16_t quantity = 1) {
  const DefinitionSet& definitions = *Definitions();
  const ItemDefinition* kind = definitions.FindItem(id);
  REQUIRE(kind != nullptr);
  ComponentBundle bundle = ItemRecipe(definitions, *kind, at);
  bundle.item.quantity = quantity;
  bundle.item.charges = static_cast<std::int16_t>(kind->max_charges);
  if (letter != 0) {
    std::size_t player = level.entities.size();
    for (std::size_t i = 0; i < level.entities.size(); ++i)
      if (level.entities[i].components.Has<Player>()) player = i;
    REQUIRE(player < level.entities.size());
    bundle.mask &= ~KindBit(ComponentKind::Position);
    bundle.item.holder = LevelReference(static_cast<std::uint32_t>(player));
    bundle.item.letter = letter;
    ++level.entities[player].components.inventory.count;
  }
  level.entities.push_back(LevelEntity{std::string(id), bundle, {}, {}});
  return level.entities.size() - 1;
}

// A command on the item under `letter` (use, drop, equip, throw...).
inline PlayerCommand ItemCommand(PlayerCommandKind kind, char letter) {
  PlayerCommand command;
  command.kind = kind;
  command.letter = letter;
  return command;
}

struct TestWorld {
  std::unique_ptr<GameWorld> world;
  TickScratch scratch;

  explicit TestWorld(const LevelDefinition& level, WorldLimits limits = WorldLimits::Uniform(64),
                     std::uint64_t seed = 1) {
    REQUIRE(BuildWorld(level, limits, Definitions(), seed, world) == Status::Ok);
    REQUIRE(scratch.Initialize(level.width, level.height, limits.entities) == Status::Ok);
    UpdatePlayerView(*world, scratch);
  }
  GameWorld& operator*() { return *world; }
  GameWorld* operator->() { return world.get(); }
  Status Tick(PlayerCommand command = {}) { return RunTick(*world, scratch, TickInput{command}); }

  // Plays one player command in the tick the player may next act in (waiting ticks first), then
  // lets ticks pass until the player may act again. False if the command was refused.
  bool Act(PlayerCommand command) {
    const EntityId player = world->PlayerEntity();
    std::string why;
    Intent intent;
    if (player.IsNull() ||
        !TranslatePlayerCommand(*world, scratch.player_view, command, intent, why)) {
      refusal = why;
      return false;
    }
    while (world->Tick() + 1 < world->Players().Find(player)->next_tick)
      REQUIRE(Tick() == Status::Ok);
    REQUIRE(Tick(command) == Status::Ok);
    return true;
  }
  // The item the player carries under `letter`.
  const Item* Carried(char letter) const {
    return world->Items().Find(CarriedItem(*world, world->PlayerEntity(), letter));
  }
  std::string refusal;

  // The first entity of the given monster kind (by creation order), or null.
  EntityId Monster(std::string_view kind) const {
    EntityId found{};
    std::uint64_t best = 0;
    const auto owners = world->Ais().Owners();
    const auto values = world->Ais().Values();
    for (std::size_t i = 0; i < owners.size(); ++i) {
      if (world->Definitions().monsters[values[i].kind].id != kind) continue;
      const std::uint64_t sequence = world->Registry().CreationSequenceOf(owners[i]);
      if (found.IsNull() || sequence < best) {
        found = owners[i];
        best = sequence;
      }
    }
    return found;
  }
};

}  // namespace cairn::test
