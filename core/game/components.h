// The game's components: plain values, one struct per capability (a Many type's entries aside).
//
// A component holds one entity's changing state only. Shared, immutable configuration (a monster
// kind's name and stats at birth, an item kind's effect) lives in definitions referred to by id
// (definitions.h). Each struct lists its fields once in Fields(), with the cap of each that its
// C++ type would let grow past what a save holds: the state hash feeds them, ForEachReference
// visits the entity references among them, and the limit checks (state_limits.h) read the caps.
// Every component here has a line in component_list.h and a schema entry in core/schema;
// tests/schema checks they agree.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "base/inline_vector.h"
#include "game/field_caps.h"
#include "identity/handle.h"

namespace cairn {

// A fixed-capacity string that is a plain value (components must be trivially copyable).
template <std::size_t Capacity>
struct FixedString {
  char chars[Capacity + 1] = {};

  [[nodiscard]] std::string_view View() const noexcept { return std::string_view(chars); }
  // Copies at most Capacity characters; false when `text` did not fit (then it is cut).
  bool Assign(std::string_view text) noexcept {
    const std::size_t n = text.size() < Capacity ? text.size() : Capacity;
    std::memcpy(chars, text.data(), n);
    chars[n] = '\0';
    return n == text.size();
  }
  friend bool operator==(const FixedString& a, const FixedString& b) noexcept {
    return a.View() == b.View();
  }
};

// Where an entity stands on the map, in cells.
struct Position {
  std::int32_t x = 0;
  std::int32_t y = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.x, FieldCap{"x", -kMaxCoordinate, kMaxCoordinate});
    visit(self.y, FieldCap{"y", -kMaxCoordinate, kMaxCoordinate});
  }
};

// What an actor means to do when it next acts. PlayerIntent and AI write it; Movement and
// ResolveGameplay carry it out and set it back to None.
// Shoot is a monster's ranged attack or spell; Steal a thief's grab.
enum class ActionKind : std::uint8_t {
  None,
  Wait,
  Move,
  Attack,
  PickUp,
  Descend,
  Ascend,
  Drop,
  Use,
  Throw,
  Equip,
  Unequip,
  Shoot,
  Steal,
  Free,     // the player frees the captive `target`
  Order,    // the player tells the allies on the floor to wait, or to follow
  Operate,  // the player pulls the lever `target` (a bump trigger: game/machines.h)
  Summon,   // a summoner calls its kin to fight `target`
  Blink,    // a blinker leaps to a free cell beside `target`
  Breathe,  // a breather breathes along the line to `target`
};
inline constexpr int kActionKindCount = 20;
// "move", "pickup": the names files, the console and the trace use.
[[nodiscard]] const char* ActionKindName(ActionKind kind) noexcept;
struct Intent {
  ActionKind kind = ActionKind::None;
  std::int8_t dx = 0;  // Move: one step, each of dx, dy in -1..1
  std::int8_t dy = 0;
  std::uint32_t revision = 0;  // the AI action revision it was issued under (0 for the player)
  EntityId target{};           // Attack, Throw, Shoot, Steal, and Use of a wand: at whom
  EntityId item{};             // Drop, Use, Throw, Equip, Unequip: which carried item

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.kind, FieldCap{"kind", 0, kActionKindCount - 1});
    visit(self.dx, FieldCap{"dx", -1, 1});
    visit(self.dy, FieldCap{"dy", -1, 1});
    visit(self.revision);
    visit(self.target);
    visit(self.item);
  }
};

// Occupies its cell: nothing else that blocks may enter it.
struct Blocker {
  std::uint8_t solid = 1;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.solid, FieldCap{"solid", 0, 1});
  }
};

// Palette entries; the terminal maps them to real colours (and to a colour-blind-safe set).
enum class Colour : std::uint8_t {
  Default,
  White,
  Grey,
  Red,
  Green,
  Yellow,
  Blue,
  Magenta,
  Cyan,
  Orange,
  Brown,
  Purple
};
inline constexpr int kColourCount = 12;

// How an entity is drawn: a Unicode glyph, its ASCII fallback, a colour and a draw layer
// (higher draws on top: features 0, items 1, monsters 2, the player 3).
struct Appearance {
  std::uint32_t glyph = '?';
  char ascii = '?';
  Colour colour = Colour::Default;
  std::uint8_t layer = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.glyph, FieldCap{"glyph", 0x20, 0x10FFFF});
    visit(self.ascii, FieldCap{"ascii", 0x20, 0x7E});
    visit(self.colour, FieldCap{"colour", 0, kColourCount - 1});
    visit(self.layer, FieldCap{"layer", 0, 9});
  }
};

// The one entity the person at the keyboard controls.
// Identification is per kind, as in NetHack: once one potion of healing is known, all are.
// `known_items` has bit k set when item kind k is known (so there are at most 63 item kinds).
struct Player {
  std::int64_t next_tick = 0;  // the first tick at which the player may act again
  std::int32_t kills = 0;
  std::int32_t depth = 1;      // the floor the player is on
  std::int32_t deepest = 1;    // the deepest floor reached
  std::int32_t turns = 0;      // actions taken
  std::int32_t nutrition = 0;  // falls by one every normal turn; at zero the player starves
  std::int64_t known_items = 0;
  std::int32_t experience = 0;  // earned by kills: each is worth the victim's hit points
  std::int32_t level = 1;       // experience level (rules.h: ExperienceForLevel)

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.next_tick, FieldCap{"next_tick", 0, kMaxTickField});
    visit(self.kills, FieldCap{"kills", 0, kMaxKills});
    visit(self.depth, FieldCap{"depth", 1, kMaxDepth});
    visit(self.deepest, FieldCap{"deepest", 1, kMaxDepth});
    visit(self.turns, FieldCap{"turns", 0, kMaxTurns});
    visit(self.nutrition, FieldCap{"nutrition", 0, kMaxNutritionField});
    visit(self.known_items, FieldCap{"known_items", 0, std::numeric_limits<std::int64_t>::max()});
    visit(self.experience, FieldCap{"experience", 0, kMaxExperience});
    visit(self.level, FieldCap{"level", 1, kMaxLevel});
  }
};
inline constexpr std::int32_t kMaxItemKinds = 63;

// A monster's AI: a small named state machine (game/ai.h). Nothing in it points into the world:
// the target is a full handle, revalidated at every resumption.
// Follow is an ally's: keeping to the player's side (its phases Follow and Return).
enum class AiAction : std::uint8_t { Idle, Wander, Hunt, Flee, Follow };
inline constexpr int kAiActionCount = 5;
// Follow and Return are an ally's (game/ai.h); the rest are every monster's.
enum class AiPhase : std::uint8_t {
  Asleep,
  Wander,
  SelectTarget,
  Approach,
  Attack,
  Recover,
  Flee,
  Follow,
  Return
};
inline constexpr int kAiPhaseCount = 9;
enum class AiProfile : std::uint8_t {
  Melee,
  Coward,
  Pack,
  Ranged,
  Caster,
  Thief,
  Breeder,
  Summoner,  // calls monsters of its `summons` kind to its side, and keeps its distance
  Blinker,   // blinks to its prey's side from afar
  Lurker,    // hides, unseen and unhearing, until its prey comes within its sight
  Breather,  // breathes along a line: everyone on it is struck
  Erratic    // flits: every third step goes anywhere
};
inline constexpr int kAiProfileCount = 12;
enum class CancelReason : std::uint8_t {
  None,
  TargetGone,
  TargetUnseen,
  Hurt,
  Blocked,
  LostTrail,
  Recovered
};
inline constexpr int kCancelReasonCount = 7;
// The members are laid out for the AI step, not in Fields() order (which files, hashes and the
// console use): what every step reads or writes (the phase, the kind, the alertness, the pending
// request, the wake tick, then the wander goal and the action revision) comes first, and the
// struct has no padding to speak of (80 bytes, not 88), so a monster's step touches fewer cache
// lines (decision 0028).
struct EnemyAi {
  AiAction action = AiAction::Idle;
  AiPhase phase = AiPhase::Asleep;
  AiProfile profile = AiProfile::Melee;
  CancelReason last_cancel = CancelReason::None;
  std::uint16_t kind = 0;      // monster definition
  std::uint8_t searching = 0;  // 1: Recover is a search of where the target was last seen
  std::int32_t alertness = 0;  // noticing builds this up; at 100 the monster hunts
  std::int32_t goal_x = -1;    // where a wandering monster is heading
  std::int32_t goal_y = -1;
  std::uint32_t pending_request = 0;  // a SpawnRequestId it waits on, or 0
  std::int64_t wake_tick = 0;         // the AI does nothing before this tick
  std::uint32_t action_revision = 0;  // advances whenever the action changes or is cancelled
  std::int32_t last_seen_x = -1;      // where the target was last seen
  std::int32_t last_seen_y = -1;
  EntityId target{};
  std::int64_t special_tick = 0;   // a ranged attack, spell or split is ready from this tick
  std::int64_t recover_until = 0;  // Recover lasts until this tick (game/ai.h)

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.action, FieldCap{"action", 0, kAiActionCount - 1});
    visit(self.phase, FieldCap{"phase", 0, kAiPhaseCount - 1});
    visit(self.profile, FieldCap{"profile", 0, kAiProfileCount - 1});
    visit(self.last_cancel, FieldCap{"last_cancel", 0, kCancelReasonCount - 1});
    visit(self.target);
    visit(self.wake_tick, FieldCap{"wake_tick", 0, kMaxTickField});
    visit(self.pending_request);
    visit(self.action_revision);
    visit(self.last_seen_x, FieldCap{"last_seen_x", -1, kMaxCoordinate});
    visit(self.last_seen_y, FieldCap{"last_seen_y", -1, kMaxCoordinate});
    visit(self.alertness, FieldCap{"alertness", 0, kMaxAlertness});
    visit(self.goal_x, FieldCap{"goal_x", -1, kMaxCoordinate});
    visit(self.goal_y, FieldCap{"goal_y", -1, kMaxCoordinate});
    visit(self.kind);
    visit(self.special_tick, FieldCap{"special_tick", 0, kMaxTickField});
    visit(self.recover_until, FieldCap{"recover_until", 0, kMaxTickField});
    visit(self.searching, FieldCap{"searching", 0, 1});
  }
};

// Timed states: hasted (acts in half the time) or slowed (in double) until the given tick.
struct Condition {
  std::int64_t haste_until = 0;
  std::int64_t slow_until = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.haste_until, FieldCap{"haste_until", 0, kMaxTickField});
    visit(self.slow_until, FieldCap{"slow_until", 0, kMaxTickField});
  }
};

// Stairs: walking onto them and pressing > (down) or < (up) changes floor.
struct Stairs {
  std::int8_t direction = 1;  // +1 down, -1 up

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.direction, FieldCap{"direction", -1, 1});
  }
};

// Hit points. An entity whose current health reaches zero dies in ResolveGameplay.
struct Health {
  std::int32_t current = 0;
  std::int32_t max = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.current, FieldCap{"current", -kMaxHitPoints, kMaxHitPoints});
    visit(self.max, FieldCap{"max", 1, kMaxHitPoints});
  }
};

// Fighting numbers, copied from the definition at birth and changed by equipment and effects.
// Speed is in ticks per normal action: 10 is normal, 5 twice as fast, 20 half as fast.
struct Combat {
  std::int32_t accuracy = 0;
  std::int32_t defense = 0;
  std::int32_t damage_dice = 1;
  std::int32_t damage_sides = 2;
  std::int32_t damage_bonus = 0;
  std::int32_t speed = 10;
  std::int32_t move_speed = 0;  // ticks per step when it differs from speed (0: the same), as
                                // a jackal runs fast but bites no faster than anyone

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.accuracy, FieldCap{"accuracy", -kMaxStat, kMaxStat});
    visit(self.defense, FieldCap{"defense", -kMaxStat, kMaxStat});
    visit(self.damage_dice, FieldCap{"damage_dice", 0, 100});
    visit(self.damage_sides, FieldCap{"damage_sides", 0, 1000});
    visit(self.damage_bonus, FieldCap{"damage_bonus", -kMaxStat, kMaxStat});
    visit(self.speed, FieldCap{"speed", 1, kMaxActionTicks});
    visit(self.move_speed, FieldCap{"move_speed", 0, kMaxActionTicks});
  }
};

// Authored identity and a display name. The id is the level's label for the entity (1 to 64 of
// letters, digits, _ - . :); runtime spawns have an empty id.
struct Named {
  FixedString<64> id;
  FixedString<31> name;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.id);
    visit(self.name);
  }
};

// An item: its kind (an item definition) and its own changing state.
struct Item {
  std::uint16_t kind = 0;
  std::int16_t quantity = 1;
  std::int16_t charges = 0;
  std::int16_t enchantment = 0;
  std::uint8_t identified = 0;
  std::uint8_t equipped = 0;
  char letter = 0;           // its inventory letter while carried (a-z, A-Z), kept across floors
  std::uint8_t dropped = 0;  // 1: the player put it down here (explore leaves it, as in DCSS)
  EntityId holder{};         // who carries it (then it has no Position), or null when on the floor

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.kind);
    visit(self.quantity, FieldCap{"quantity", 0, kMaxStack});
    visit(self.charges);
    visit(self.enchantment, FieldCap{"enchantment", -kMaxEnchantment, kMaxEnchantment});
    visit(self.identified, FieldCap{"identified", 0, 1});
    visit(self.equipped, FieldCap{"equipped", 0, 1});
    visit(self.letter, FieldCap{"letter", 0, 'z'});
    visit(self.dropped, FieldCap{"dropped", 0, 1});
    visit(self.holder);
  }
};

// Something that can carry items.
struct Inventory {
  std::int32_t capacity = 26;
  std::int32_t count = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.capacity, FieldCap{"capacity", 0, kMaxPack});
    visit(self.count, FieldCap{"count", 0, kMaxPack});
  }
};

// What the player fires with `f`, as DCSS's quiver remembers it: the kind of missile last thrown
// (or chosen with `v`). With none of it carried, `f` takes the first missile (items.h: FireChoice).
struct Quiver {
  std::uint16_t kind = 0;   // an item definition
  std::uint8_t filled = 0;  // 1 once something was thrown (until then `kind` means nothing)

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.kind);
    visit(self.filled, FieldCap{"filled", 0, 1});
  }
};

// What the player picks up by walking onto it, as DCSS's autopickup: a rule per item class, one
// bit per ItemCategory (bit 1 << category: potion 0, scroll 1, weapon 2, armour 3, food 4, wand 5,
// thrown 6, artifact 7). `always`: every item of the class; `new_kinds`: only an item of a kind the
// player carries none of (a second dagger stays where it lies); a class in neither is left.
// `enabled` 0 turns it off for the run (the toggle key). A run starts with the rule of the
// player's autopickup.toml (data/autopickup.toml is the default, and these initial values are
// that default); it is state like any other: saved, hashed, and written into recordings.
// potion scroll food wand thrown artifact: the rule a player has with no file to say otherwise
// (data/autopickup.toml, the file a new run starts from, adds staffs). Fixed: a save leaves out
// a rule at this default, so changing it would change what older saves resume to.
inline constexpr std::uint16_t kAutoPickupAlways = 0xF3;
inline constexpr std::uint16_t kAutoPickupNewKinds = 0x0C;  // weapon armour
inline constexpr std::int64_t kAutoPickupClasses = 0x1FF;   // a bit for each of the 9 classes
struct AutoPickup {
  std::uint8_t enabled = 1;
  std::uint16_t always = kAutoPickupAlways;
  std::uint16_t new_kinds = kAutoPickupNewKinds;
  friend bool operator==(const AutoPickup&, const AutoPickup&) = default;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.enabled, FieldCap{"enabled", 0, 1});
    visit(self.always, FieldCap{"always", 0, kAutoPickupClasses});
    visit(self.new_kinds, FieldCap{"new_kinds", 0, kAutoPickupClasses});
  }
};
// The rule a new run's player starts with when no file says otherwise: the fixed default and
// staffs, the class added since (bit 1 << 8; data/autopickup.toml writes this rule out).
inline constexpr AutoPickup kNewRunAutoPickup{1, kAutoPickupAlways | 0x100, kAutoPickupNewKinds};

// What a monster may drop when it dies: a Many component of at most kMaxLootEntries entries, each
// in its own slot. Slots are assigned when an entry is added (one more than the highest present)
// and are never renumbered, so an editor or a level can address "loot slot 2" and mean the same
// entry.
struct LootEntry {
  std::uint16_t item = 0;     // item definition
  std::uint8_t chance = 100;  // percent
  std::uint32_t slot = 0;
  friend bool operator==(const LootEntry&, const LootEntry&) = default;
};
inline constexpr std::size_t kMaxLootEntries = 16;
// Its entries are held in place (InlineVector), so Loot is a plain value as every component is:
// inserting, copying into a command and restoring a snapshot never allocate, and a pool reserved
// for millions of monsters stays unwritten until they have loot (docs/decisions/0014).
struct Loot {
  InlineVector<LootEntry, kMaxLootEntries> entries;  // ascending by slot
  // One more than the highest slot this component has held: an absent slot below it was removed,
  // and only such a slot may be asked for again (an undo restoring its entry). Saved as
  // `slots_used` where it is above the highest entry + 1; not hashed (no rule reads it). When the
  // last entry goes, SlotHistory keeps it.
  std::uint32_t slots_used = 0;

  [[nodiscard]] const LootEntry* Slot(std::uint32_t slot) const noexcept {
    for (const LootEntry& entry : entries)
      if (entry.slot == slot) return &entry;
    return nullptr;
  }
  [[nodiscard]] LootEntry* Slot(std::uint32_t slot) noexcept {
    return const_cast<LootEntry*>(static_cast<const Loot*>(this)->Slot(slot));
  }

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h). The count is
  // a copy: it is fed to the hash, never written back.
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    std::uint32_t count = static_cast<std::uint32_t>(self.entries.size());
    visit(count);
    for (auto& entry : self.entries) {
      visit(entry.item);
      visit(entry.chance, FieldCap{"chance", 1, 100});
      visit(entry.slot);
    }
  }
};

// SlotHistory: a Many component's slot history that outlives the component. When the last entry
// of an entity's loot goes, the component goes, and this keeps one more than the highest slot it
// held, so the next entry takes the slot past it: a slot is never handed out twice in an
// entity's life (design 002). It is state like any other (saved, rewound, hashed by name, gone
// with the entity); no entity has it until a Many component loses its last entry.
struct SlotHistory {
  std::uint32_t loot = 0;  // Loot's slots_used when its last entry went

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.loot);
  }
};

// What an ally was last told (the command-allies key): keep to the player, or hold its post.
enum class AllyOrder : std::uint8_t { Follow, Wait };
inline constexpr int kAllyOrderCount = 2;
// Ally: a monster on the player's side. Shackled, it is a captive: it neither acts nor is fought,
// and walking into it frees it. Freed, its EnemyAi runs the ally machine (game/ai.h: Follow ->
// SelectTarget -> Approach -> Attack -> Recover, and Return when too far), it fights the
// player's enemies and they fight it, and it follows the player across stairs. Read by the AI
// phase, Hostile (systems.h), movement (the player swaps places with it) and the views.
struct Ally {
  std::uint8_t shackled = 0;  // 1: a captive, not yet freed
  AllyOrder order = AllyOrder::Follow;
  std::int32_t post_x = 0;  // where it was told to wait
  std::int32_t post_y = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.shackled, FieldCap{"shackled", 0, 1});
    visit(self.order, FieldCap{"order", 0, kAllyOrderCount - 1});
    visit(self.post_x, FieldCap{"post_x", -kMaxCoordinate, kMaxCoordinate});
    visit(self.post_y, FieldCap{"post_y", -kMaxCoordinate, kMaxCoordinate});
  }
};

// Machines (docs/GAME.md, "Machines"): parts of a level that act on each other, wired by entity
// references a level file writes as authored ids. A trigger sets off its target when the player
// bumps it (a lever), when anyone steps on it (a pressure plate) or when the item it is on is
// taken (an altar's treasure); what happens is the target's: a gate opens or closes, a trap
// fires, a vault closes its cages. Set off by ResolveGameplay (game/machines.cpp), traced as
// `triggered` with both ends.
enum class TriggerHow : std::uint8_t { Bump, Step, Take };
inline constexpr int kTriggerHowCount = 3;
struct Trigger {
  EntityId target{};  // a gate, a trap or a vault
  TriggerHow how = TriggerHow::Bump;
  std::uint8_t once = 0;  // 1: it works once (a plate that has clicked stays down)
  std::uint8_t used = 0;  // 1: it has been set off

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.target);
    visit(self.how, FieldCap{"how", 0, kTriggerHowCount - 1});
    visit(self.once, FieldCap{"once", 0, 1});
    visit(self.used, FieldCap{"used", 0, 1});
  }
};

// A portcullis: closed, it blocks its cell (with a blocker); a lever wired to it opens it (the
// blocker goes) and closes it again.
struct Gate {
  std::uint8_t open = 0;

  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.open, FieldCap{"open", 0, 1});
  }
};

// What a trap does when its trigger is set off: gas hurts every creature within `radius` of the
// trap for `power`; a net holds the one who stepped on the plate for `power` turns; an alarm
// wakes every monster of the floor and sets it hunting.
// A collapse turns the ground within `radius` that has a chasm beside it into chasm: a bridge
// falls, and whatever stands on it but the player falls with it. A summoning circle calls
// `power` monsters of kind `monster` onto the free cells around the trap, awake and hunting.
enum class TrapKind : std::uint8_t { Gas, Net, Alarm, Collapse, Summon };
inline constexpr int kTrapKindCount = 5;
struct Trap {
  TrapKind kind = TrapKind::Gas;
  std::uint8_t power = 4;
  std::uint8_t radius = 2;
  std::uint16_t monster = 0;  // Summon: the monster definition called

  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.kind, FieldCap{"kind", 0, kTrapKindCount - 1});
    visit(self.power);
    visit(self.radius, FieldCap{"radius", 0, 20});
    visit(self.monster);
  }
};

// An altar vault: each treasure on its altars has a take trigger wired to it. Taking one closes
// the vault, and the cages close over the rest: they can no longer be picked up.
struct Vault {
  std::uint8_t closed = 0;

  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.closed, FieldCap{"closed", 0, 1});
  }
};

// A secret door: until found, its cell is a wall on the map (and to every search and view).
// Waiting beside it searches: the third turn of searching finds it, and the wall becomes a closed
// door (game/machines.h: Search).
inline constexpr std::uint8_t kSearchTurns = 3;
struct Secret {
  std::uint8_t found = 0;
  std::uint8_t searched = 0;  // turns the player has searched beside it

  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.found, FieldCap{"found", 0, 1});
    visit(self.searched, FieldCap{"searched", 0, kSearchTurns});
  }
};

// A staff winning back a charge: `turns` more turns until it does. Zapping a full staff starts the
// count (actions_items.cpp); each turn Upkeep counts it down, and at zero the staff gains a
// charge and counts its kind's `recharge` turns again, or, full, loses the component.
struct Recharging {
  std::uint16_t turns = 0;

  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).
  template <class Self, class Visit>
  static void Fields(Self& self, Visit&& visit) {
    visit(self.turns);
  }
};

}  // namespace cairn
