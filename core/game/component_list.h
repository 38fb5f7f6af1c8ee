// The one list of the game's components. Everything that must do one thing per component type is
// derived from it: the ComponentKind enum and its count (component_kind.h), the bundle's members
// (component_bundle.h), GameWorld's named pools, their accessors, Pool<T>, ForEachPool and
// DestroyEntity (game_world.h), the canonical names, the schema's access switch and the hash's
// pool order. Adding a component is three edits (docs/ARCHITECTURE.md, "Adding a component"):
//   1. its struct in components.h, with its Fields() (what the hash feeds and ForEachReference
//      visits);
//   2. its line here;
//   3. its schema row and fields in core/schema/component_types.cpp.
// The order of the lines is the order of ComponentKind (bitmasks, counters, the console's
// listings). Files and the state hash name each component instead (decision 0037), so a new line
// moves no hash and no save. Add new components at the end all the same: saves before version 7
// hashed the pools by their place in this list, and those places must stay.
//
// X(Type, member, Accessor, "name", since):
//   Type      the component struct;
//   member    its member in ComponentBundle (bundle.member) and, with a trailing underscore and
//             "pool", GameWorld's pool member;
//   Accessor  GameWorld's named pool accessor (world.Accessor());
//   "name"    the canonical lower-case name files, the console and the state hash use;
//   since     the save format version it arrived in (kSaveVersion, core/save/save_codec.h, when
//             it is added). A save or recording from before the state hash named its parts
//             covers the components that had arrived by its version (state_hash.h: DigestForm).
#pragma once

#define CAIRN_FOR_EACH_COMPONENT(X)                               \
  X(Position, position, Positions, "position", 1)                 \
  X(Intent, intent, Intents, "intent", 1)                         \
  X(Blocker, blocker, Blockers, "blocker", 1)                     \
  X(Appearance, appearance, Appearances, "appearance", 1)         \
  X(Player, player, Players, "player", 1)                         \
  X(EnemyAi, ai, Ais, "enemy_ai", 1)                              \
  X(Stairs, stairs, StairsPool, "stairs", 1)                      \
  X(Health, health, Healths, "health", 1)                         \
  X(Combat, combat, Combats, "combat", 1)                         \
  X(Named, named, Names, "named", 1)                              \
  X(Item, item, Items, "item", 1)                                 \
  X(Inventory, inventory, Inventories, "inventory", 1)            \
  X(Loot, loot, Loots, "loot", 1)                                 \
  X(Condition, condition, Conditions, "condition", 1)             \
  X(Quiver, quiver, Quivers, "quiver", 2)                         \
  X(AutoPickup, autopickup, AutoPickups, "autopickup", 3)         \
  X(SlotHistory, slot_history, SlotHistories, "slot_history", 10) \
  X(Ally, ally, Allies, "ally", 10)                               \
  X(Trigger, trigger, Triggers, "trigger", 10)                    \
  X(Gate, gate, Gates, "gate", 10)                                \
  X(Trap, trap, Traps, "trap", 10)                                \
  X(Vault, vault, Vaults, "vault", 10)                            \
  X(Secret, secret, Secrets, "secret", 10)                        \
  X(Recharging, recharging, Rechargings, "recharging", 10)
