// Typed, bounded event queues: the facts one tick produced, for the next phases and for the
// presentation (message log, effects). A queue is cleared at the start of every tick.
//
// A required queue that is full is a simulation fault (a rule's consequence must never be lost);
// an optional one drops the event and counts it.
#pragma once

#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/components.h"
#include "identity/handle.h"

namespace cairn {

// How a blow was struck: in melee, by a thrown item, a monster's missile or spell, or a wand.
enum class AttackKind : std::uint8_t { Melee, Thrown, Missile, Spell, Wand };

struct AttackEvent {
  EntityId attacker{};
  EntityId target{};
  std::int32_t damage = 0;
  std::uint8_t hit = 0;
  std::uint8_t killed = 0;
  AttackKind kind = AttackKind::Melee;
  EntityId item{};          // the thrown item or the wand
  std::uint32_t order = 0;  // when in the tick it happened: GameWorld::Emit numbers every event
};

enum class DeathCause : std::uint8_t { Attack, Starvation, Trap };

struct DeathEvent {
  EntityId entity{};
  EntityId killer{};
  Position where{};
  Appearance appearance{};
  FixedString<31> name{};
  DeathCause cause = DeathCause::Attack;
  AttackKind blow = AttackKind::Melee;
  std::uint32_t order = 0;  // when in the tick it happened: GameWorld::Emit numbers every event
};

// Something made a sound at (x, y) that monsters within `radius` cells may hear.
struct NoiseEvent {
  EntityId source{};
  Position where{};
  std::int32_t radius = 0;
};

// Something happened to an entity that the message log should tell (picked up, descended...).
// `object` is the other entity involved (the item picked up, the stairs taken); `value` a number
// the message needs (hit points healed, the new enchantment).
enum class NoticeKind : std::uint8_t {
  PickedUp,
  NothingHere,
  InventoryFull,
  Descended,
  Ascended,
  NoStairs,
  Woke,
  Fled,
  Blocked,
  Dropped,
  Equipped,
  Unequipped,
  Drank,
  Read,
  Ate,
  Zapped,
  Healed,
  Invigorated,
  Hasted,
  HasteEnded,
  Slowed,
  Teleported,
  Mapped,
  Enchanted,
  NothingToEnchant,
  Identified,
  NoCharges,
  Stole,
  Split,
  Hungry,
  Weak,
  Starving,
  Missed,
  Landed,
  LevelUp,
  Quivered,           // the player's quiver now holds the object's kind (value: see the narrator)
  AutoPickupToggled,  // value: 1 on, 0 off
  Freed,              // the player freed the captive `object`
  Ordered,            // the player's allies were told: value 0 follow, 1 wait; object: one of them
  Caged,              // subject tried to take object, caged in a closed vault
  Triggered,   // subject set off a machine part whose target is object: value a MachineOutcome
  Summoned,    // subject called value monsters to its side (a summoner, or the player's scroll)
  Blinked,     // subject blinked beside object
  Banished,    // subject was sent far away by object's bolt
  Dominated,   // subject, struck by object's bolt, became an ally (value 1) or resisted (0)
  Recharged,   // subject's value wands and staffs were filled
  Aggravated,  // subject's scroll woke the floor
  Breathed,    // subject breathed along the line to object (each one struck is an attack)
  Charged,     // subject's staff object won back a charge
};
// What setting off a machine part did: a Triggered notice's value.
enum class MachineOutcome : std::int32_t {
  LeverSpent = -1,  // a one-shot lever already pulled: nothing moves
  GateRaised = 0,
  GateLowered = 1,
  GateHeld = 2,  // something stands under the portcullis: it cannot come down
  TrapGas = 10,  // 10 + TrapKind: a trap sprang
  TrapNet = 11,
  TrapAlarm = 12,
  TrapCollapse = 13,
  TrapSummon = 14,
  VaultClosed = 20,
  SecretFound = 30,
};
[[nodiscard]] constexpr MachineOutcome TrapSprang(TrapKind kind) noexcept {
  return static_cast<MachineOutcome>(static_cast<std::int32_t>(MachineOutcome::TrapGas) +
                                     static_cast<std::int32_t>(kind));
}
static_assert(TrapSprang(TrapKind::Summon) == MachineOutcome::TrapSummon);

struct NoticeEvent {
  NoticeKind kind = NoticeKind::NothingHere;
  EntityId subject{};
  EntityId object{};
  std::int32_t value = 0;
  std::uint32_t order = 0;  // when in the tick it happened: GameWorld::Emit numbers every event
};

struct RewindAccess;

template <class T>
class EventQueue {
 public:
  [[nodiscard]] Status Initialize(std::uint32_t capacity, bool required) noexcept {
    FixedArray<T> storage;
    if (Status s = storage.Allocate(capacity); s != Status::Ok) return s;
    storage_.swap(storage);
    capacity_ = capacity;
    required_ = required;
    return Status::Ok;
  }
  // Ok, or CapacityExceeded for a full required queue; a full optional queue drops and counts.
  [[nodiscard]] Status Push(const T& event) noexcept {
    if (size_ == capacity_) {
      if (required_) return Status::CapacityExceeded;
      ++dropped_;
      return Status::Ok;
    }
    storage_[size_++] = event;
    if (size_ > high_water_) high_water_ = size_;
    return Status::Ok;
  }
  void Clear() noexcept { size_ = 0; }
  [[nodiscard]] std::span<const T> Events() const noexcept { return {storage_.data(), size_}; }
  [[nodiscard]] std::uint32_t Size() const noexcept { return size_; }
  [[nodiscard]] std::uint32_t Capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::uint32_t HighWaterMark() const noexcept { return high_water_; }
  [[nodiscard]] std::uint64_t Dropped() const noexcept { return dropped_; }
  [[nodiscard]] bool Required() const noexcept { return required_; }

 private:
  // Copies every member below for rewinding (game/world_snapshot.cpp): a new one goes there too.
  friend struct RewindAccess;
  FixedArray<T> storage_;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
  std::uint32_t high_water_ = 0;
  std::uint64_t dropped_ = 0;
  bool required_ = true;
};

}  // namespace cairn
