// Item rules that more than one phase needs: what a carried item is called, which letter it has,
// what the player knows, and how equipment turns into fighting numbers.
//
// An item kind is known (identified) per kind, for the whole run, through Player::known_items;
// a weapon's or armour's enchantment is known per item (Item::identified) once it has been worn.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_world.h"

namespace cairn {

// Fighting numbers the player has with nothing wielded or worn: fists, no armour, and one
// point of accuracy for every experience level past the first.
[[nodiscard]] Combat PlayerBaseCombat(std::int32_t level = 1) noexcept;

// The items `holder` carries, ordered by inventory letter.
void CarriedItems(const GameWorld& world, EntityId holder, std::vector<EntityId>& out);
// The item `holder` carries under `letter`, or null.
[[nodiscard]] EntityId CarriedItem(const GameWorld& world, EntityId holder, char letter) noexcept;
// The first letter (a-z, then A-Z) none of `holder`'s items uses, or 0 when all are taken.
[[nodiscard]] char FreeLetter(const GameWorld& world, EntityId holder) noexcept;
// The item `holder` has equipped in the slot of `category` (weapon or armour), or null.
[[nodiscard]] EntityId EquippedIn(const GameWorld& world, EntityId holder,
                                  ItemCategory category) noexcept;
// Whether the player wants `item` where it lies: a live item not one the player put down (explore
// leaves those, as in DCSS) that the player's autopickup rule takes (AutoPickupWants; whether
// autopickup is on is not asked). What the map remembers as lying somewhere, and explore goes for
// while autopickup is on.
[[nodiscard]] bool WantedItem(const GameWorld& world, EntityId item) noexcept;

// --- autopickup (components.h: AutoPickup) -------------------------------------------------------
// The bit of an item class in AutoPickup's masks.
[[nodiscard]] constexpr std::uint16_t CategoryBit(ItemCategory category) noexcept {
  return static_cast<std::uint16_t>(1u << static_cast<unsigned>(category));
}
// `holder`'s rule: its AutoPickup, or the default when it has none (a level's own player, a save
// from before the rule was kept).
[[nodiscard]] AutoPickup AutoPickupOf(const GameWorld& world, EntityId holder) noexcept;
// One class's rule as files write it (autopickup.toml, a recording's header): "never",
// "always", or "new" (only a kind not carried yet).
enum class PickupRule : std::uint8_t { Never, Always, New };
inline constexpr std::string_view kPickupRuleNames[] = {"never", "always", "new"};
[[nodiscard]] PickupRule RuleOf(const AutoPickup& rule, ItemCategory category) noexcept;
void SetRule(AutoPickup& rule, ItemCategory category, PickupRule value) noexcept;
// Whether autopickup is on for `holder`.
[[nodiscard]] bool AutoPickupOn(const GameWorld& world, EntityId holder) noexcept;
// Whether `holder`'s rule takes an item of this kind: its class is always picked up, or is picked
// up as a new kind and `holder` carries none of `kind`.
[[nodiscard]] bool AutoPickupWants(const GameWorld& world, EntityId holder,
                                   std::uint16_t kind) noexcept;
// Whether `holder` carries an item of `kind`.
[[nodiscard]] bool CarriesKind(const GameWorld& world, EntityId holder,
                               std::uint16_t kind) noexcept;

// --- the quiver (components.h: Quiver) -----------------------------------------------------------
// What `f` fires: of the quivered kind, the stack with the first letter; with nothing of it
// carried (or nothing quivered), the first missile (category thrown) by letter, as DCSS fills an
// empty quiver; null when `holder` carries no missile.
[[nodiscard]] EntityId FireChoice(const GameWorld& world, EntityId holder) noexcept;
// Whether `holder`'s quiver holds `kind` (filled, of that kind).
[[nodiscard]] bool Quivered(const GameWorld& world, EntityId holder, std::uint16_t kind) noexcept;
// "darts", "javelins": an item kind named in the plural, as the player knows it.
[[nodiscard]] std::string KindPlural(const GameWorld& world, std::uint16_t kind);
// Whether `holder` carries an item of category artifact.
[[nodiscard]] bool CarriesArtifact(const GameWorld& world, EntityId holder) noexcept;

// Knowledge of item kinds (bits of Player::known_items).
[[nodiscard]] bool KindKnown(const Player& player, std::uint16_t kind) noexcept;
void LearnKind(Player& player, std::uint16_t kind) noexcept;
// An item kind with no unidentified name is always known.
[[nodiscard]] bool ItemKnown(const GameWorld& world, const Item& item) noexcept;

// What the player would call this item: "3 darts", "a murky potion", "a +1 sword (wielded)".
// `knower` is the player whose knowledge applies (null: everything is known).
[[nodiscard]] std::string ItemDisplayName(const GameWorld& world, const Item& item,
                                          const Player* knower, bool with_article = true);
// The same for an item entity, or "something" when it is not an item.
[[nodiscard]] std::string DescribeItem(const GameWorld& world, EntityId item);

// Whether two item stacks merge when one is picked up or made beside the other.
// Whether an item of `category` is zapped at a monster: a wand, or a staff.
[[nodiscard]] constexpr bool Zapped(ItemCategory category) noexcept {
  return category == ItemCategory::Wand || category == ItemCategory::Staff;
}
// How many charges a staff holds when full: its kind's most, more for each enchantment.
[[nodiscard]] inline std::int32_t StaffCapacity(const ItemDefinition& kind,
                                                const Item& item) noexcept {
  return kind.max_charges + (item.enchantment > 0 ? item.enchantment : 0);
}
[[nodiscard]] bool Stackable(const GameWorld& world, const Item& a, const Item& b) noexcept;

// `base` with a weapon and a suit of armour (either may be null) applied: the weapon's dice and
// accuracy, the armour's defense, each plus its enchantment.
[[nodiscard]] Combat EquippedCombat(Combat base, const ItemDefinition* weapon,
                                    std::int32_t weapon_enchantment, const ItemDefinition* armour,
                                    std::int32_t armour_enchantment) noexcept;
// The player's Combat from the base numbers and whatever is wielded and worn.
[[nodiscard]] Combat CombatWithEquipment(const GameWorld& world, EntityId holder) noexcept;
// Writes CombatWithEquipment into the player's Combat (after equipping, removing, enchanting).
void RefreshCombat(GameWorld& world, EntityId holder) noexcept;

}  // namespace cairn
