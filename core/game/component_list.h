// The one list of the game's components. Everything that must do one thing per component type is
// derived from it: the ComponentKind enum and its count (component_kind.h), the bundle's members
// (component_bundle.h), GameWorld's named pools, their accessors, Pool<T>, ForEachPool and
// DestroyEntity (game_world.h), the canonical names, the schema's access switch and the hash's
// pool order. Adding a component is three edits (docs/ARCHITECTURE.md, "Adding a component"):
//   1. its struct in components.h, with its Fields() (what the hash feeds and ForEachReference
//      visits);
//   2. its line here;
//   3. its schema row and fields in core/schema/component_types.cpp.
// The order of the lines is the order of ComponentKind, which saves, hashes and the console use:
// add new components at the end.
//
// X(Type, member, Accessor, "name"):
//   Type      the component struct;
//   member    its member in ComponentBundle (bundle.member) and, with a trailing underscore and
//             "pool", GameWorld's pool member;
//   Accessor  GameWorld's named pool accessor (world.Accessor());
//   "name"    the canonical lower-case name files and the console use.
#pragma once

#define CAIRN_FOR_EACH_COMPONENT(X)                    \
  X(Position, position, Positions, "position")         \
  X(Intent, intent, Intents, "intent")                 \
  X(Blocker, blocker, Blockers, "blocker")             \
  X(Appearance, appearance, Appearances, "appearance") \
  X(Player, player, Players, "player")                 \
  X(EnemyAi, ai, Ais, "enemy_ai")                      \
  X(Stairs, stairs, StairsPool, "stairs")              \
  X(Health, health, Healths, "health")                 \
  X(Combat, combat, Combats, "combat")                 \
  X(Named, named, Names, "named")                      \
  X(Item, item, Items, "item")                         \
  X(Inventory, inventory, Inventories, "inventory")    \
  X(Loot, loot, Loots, "loot")                         \
  X(Condition, condition, Conditions, "condition")     \
  X(Quiver, quiver, Quivers, "quiver")                 \
  X(AutoPickup, autopickup, AutoPickups, "autopickup")
