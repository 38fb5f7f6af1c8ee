#include "schema/component_types.h"

#include <array>
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "game/component_bundle.h"
#include "game/game_world.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "support/test_content.h"

namespace component_types_test {

using namespace cairn;

TEST_CASE("the type registry is indexed by id and names are canonical and unique", "[schema]") {
  std::set<std::string_view> names;
  std::size_t index = 0;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    INFO(type.name);
    CHECK(static_cast<std::size_t>(type.id) == index++);
    CHECK(&TypeInfoOf(type.id) == &type);
    CHECK(FindComponentType(type.name) == &type);
    CHECK(names.insert(type.name).second);
    for (char c : type.name) CHECK(((c >= 'a' && c <= 'z') || c == '_'));
    CHECK(type.fields.size() <= kMaxFieldsPerComponent);
    CHECK(type.version >= 1);
    if (type.multiplicity == Multiplicity::One) CHECK(type.max_slots == 1);
  }
  CHECK(FindComponentType("Position") == nullptr);
  CHECK(FindComponentType("") == nullptr);
}

namespace {
// A value for field `field` that differs for each `salt`, within the field's range.
FieldValue Distinct(const FieldInfo& field, std::int64_t salt) {
  FieldValue v;
  switch (field.kind) {
    case FieldKind::Entity: v.entity = EntityId{0, static_cast<std::uint32_t>(salt), 1}; break;
    case FieldKind::Text: v.text = "t" + std::to_string(salt); break;
    default: {
      // In unsigned arithmetic: a field may span the whole of int64 (a bit set).
      const std::uint64_t span =
          static_cast<std::uint64_t>(field.max) - static_cast<std::uint64_t>(field.min) + 1;
      const std::uint64_t offset =
          span == 0 ? static_cast<std::uint64_t>(salt) : static_cast<std::uint64_t>(salt) % span;
      v.integer = static_cast<std::int64_t>(static_cast<std::uint64_t>(field.min) + offset);
      break;
    }
  }
  return v;
}
bool Same(const FieldInfo& field, const FieldValue& a, const FieldValue& b) {
  switch (field.kind) {
    case FieldKind::Entity: return a.entity == b.entity;
    case FieldKind::Text: return a.text == b.text;
    default: return a.integer == b.integer;
  }
}
}  // namespace

TEST_CASE("every field's get and set reach their own member and no other", "[schema]") {
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    for (std::size_t i = 0; i < type.fields.size(); ++i) {
      const FieldInfo& field = type.fields[i];
      INFO(type.name << "." << field.name);
      if (field.kind != FieldKind::Entity && field.kind != FieldKind::Text) {
        CHECK(field.min <= field.default_value);
        CHECK(field.default_value <= field.max);
      }
      if (field.kind == FieldKind::Enum)
        CHECK(field.names.size() == static_cast<std::size_t>(field.max + 1));
      alignas(16) std::array<unsigned char, 512> storage{};
      for (std::size_t j = 0; j < type.fields.size(); ++j)
        type.fields[j].set(storage.data(),
                           Distinct(type.fields[j], static_cast<std::int64_t>(j) + 1));
      CHECK(Same(field, field.get(storage.data()),
                 Distinct(field, static_cast<std::int64_t>(i) + 1)));
      field.set(storage.data(), Distinct(field, 40));
      CHECK(Same(field, field.get(storage.data()), Distinct(field, 40)));
      for (std::size_t j = 0; j < type.fields.size(); ++j)
        if (j != i)
          CHECK(Same(type.fields[j], type.fields[j].get(storage.data()),
                     Distinct(type.fields[j], static_cast<std::int64_t>(j) + 1)));
    }
  }
}

TEST_CASE("requires and rejects name registered types, never the type itself", "[schema]") {
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    for (ComponentTypeId r : type.requires_types) CHECK(r != type.id);
    for (ComponentTypeId r : type.rejects_types) CHECK(r != type.id);
  }
  CHECK(FindComponentType("blocker")->requires_types.size() == 1);
}

TEST_CASE("Many slots: add three, remove the middle, add takes max+1; a gone slot is NotFound",
          "[schema][membership]") {
  std::unique_ptr<GameWorld> world;
  REQUIRE(GameWorld::Create(WorldLimits::Uniform(8), cairn::test::Definitions(), 4, 4, 1, world) ==
          Status::Ok);
  std::optional<StructuralScope> scope;
  REQUIRE(world->OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  EntityId id;
  REQUIRE(world->CreateEntity(*scope, id) == Status::Ok);
  std::string why;
  std::uint32_t slot = 0;
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  DefaultFields(*FindComponentType("loot"), fields);
  CHECK(AddEntry(*world, *scope, id, ComponentKind::Loot, fields, kNextSlot, slot, why) ==
        Status::InvalidOperation);
  CHECK(why == "loot requires enemy_ai first");
  for (const char* needed : {"position", "intent", "health"}) {
    DefaultFields(*FindComponentType(needed), fields);
    REQUIRE(AddEntry(*world, *scope, id, FindComponentType(needed)->id, fields, kNextSlot, slot,
                     why) == Status::Ok);
  }
  DefaultFields(*FindComponentType("enemy_ai"), fields);
  REQUIRE(AddEntry(*world, *scope, id, ComponentKind::EnemyAi, fields, kNextSlot, slot, why) ==
          Status::Ok);
  CHECK(AddEntry(*world, *scope, id, ComponentKind::EnemyAi, fields, kNextSlot, slot, why) ==
        Status::InvalidOperation);
  CHECK(why == "the entity already has enemy_ai (a single component)");
  CHECK(AddEntry(*world, *scope, id, ComponentKind::Position, fields, 1, slot, why) ==
        Status::InvalidOperation);
  DefaultFields(*FindComponentType("loot"), fields);
  for (std::uint32_t expected : {0u, 1u, 2u}) {
    REQUIRE(AddEntry(*world, *scope, id, ComponentKind::Loot, fields, kNextSlot, slot, why) ==
            Status::Ok);
    CHECK(slot == expected);
  }
  REQUIRE(RemoveEntry(*world, *scope, id, ComponentKind::Loot, 1, why) == Status::Ok);
  CHECK(SlotsOf(*world, id, ComponentKind::Loot) ==
        std::vector<std::uint32_t>{0, 2});  // no renumbering
  CHECK(RemoveEntry(*world, *scope, id, ComponentKind::Loot, 1, why) == Status::NotFound);
  CHECK(ReadSlot(*world, id, ComponentKind::Loot, 1, fields) == false);
  REQUIRE(AddEntry(*world, *scope, id, ComponentKind::Loot, fields, kNextSlot, slot, why) ==
          Status::Ok);
  CHECK(slot == 3);  // max + 1, not the hole
  REQUIRE(AddEntry(*world, *scope, id, ComponentKind::Loot, fields, 1, slot, why) == Status::Ok);
  CHECK(slot == 1);  // undo of the removal restores its slot
  CHECK(SlotsOf(*world, id, ComponentKind::Loot) == std::vector<std::uint32_t>{0, 1, 2, 3});
  // No cap: a fifth entry and more take max + 1.
  REQUIRE(AddEntry(*world, *scope, id, ComponentKind::Loot, fields, kNextSlot, slot, why) ==
          Status::Ok);
  CHECK(slot == 4);
  // The last entry of a component another requires cannot go; removing the rest can.
  CHECK(RemoveEntry(*world, *scope, id, ComponentKind::EnemyAi, 0, why) ==
        Status::InvalidOperation);
  CHECK(why == "cannot remove enemy_ai: loot requires it");
}

TEST_CASE("ForEachReference visits exactly the schema's entity fields, both ways",
          "[schema][references]") {
  // Through the schema, give every entity field of one component a handle of its own; then
  // ForEachReference over a bundle holding only that component must visit each of those handles
  // once and nothing else. A reference field the schema lists but Fields() misses is never
  // visited (build, commit, save and duplication would skip it); one Fields() lists but the
  // schema does not is visited still null (levels and saves could never set it).
  std::size_t references_seen = 0;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    INFO(type.name);
    ComponentBundle bundle;
    bundle.mask = KindBit(type.id);
    void* component = ComponentIn(bundle, type.id);
    REQUIRE(component != nullptr);
    void* target = component;
    if (type.multiplicity == Multiplicity::Many) {
      REQUIRE(type.slots != nullptr);
      target = type.slots->insert(component, 0);
      REQUIRE(target != nullptr);
    }
    std::multiset<std::uint32_t> expected;
    std::uint32_t next = 100 * (static_cast<std::uint32_t>(type.id) + 1);
    for (const FieldInfo& field : type.fields) {
      if (field.kind != FieldKind::Entity) continue;
      FieldValue v;
      v.entity = EntityId{7, ++next, 3};
      field.set(target, v);
      expected.insert(next);
    }
    std::multiset<std::uint32_t> visited;
    ForEachReference(bundle, [&](EntityId& id) {
      CHECK(id.Owner == 7);  // never a reference left null: every visited field is the schema's
      visited.insert(id.Slot);
    });
    CHECK(visited == expected);
    references_seen += visited.size();
    // The const walk sees the same.
    const ComponentBundle& read_only = bundle;
    std::size_t const_visits = 0;
    ForEachReference(read_only, [&](const EntityId&) { ++const_visits; });
    CHECK(const_visits == expected.size());
  }
  CHECK(references_seen >= 4);  // intent.target, intent.item, enemy_ai.target, item.holder at least
}

namespace {

// A monster-like entity with the components loot requires, in an open scope.
struct LootOwner {
  std::unique_ptr<GameWorld> world;
  std::optional<StructuralScope> scope;
  EntityId id;
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::string why;

  LootOwner() {
    REQUIRE(GameWorld::Create(WorldLimits::Uniform(8), cairn::test::Definitions(), 4, 4, 1,
                              world) == Status::Ok);
    REQUIRE(world->OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    REQUIRE(world->CreateEntity(*scope, id) == Status::Ok);
    for (const char* needed : {"position", "intent", "health", "enemy_ai"}) {
      DefaultFields(*FindComponentType(needed), fields);
      std::uint32_t slot = 0;
      REQUIRE(AddEntry(*world, *scope, id, FindComponentType(needed)->id, fields, kNextSlot, slot,
                       why) == Status::Ok);
    }
    DefaultFields(*FindComponentType("loot"), fields);
  }
  Status Add(std::uint32_t wanted, std::uint32_t& slot) {
    return AddEntry(*world, *scope, id, ComponentKind::Loot, fields, wanted, slot, why);
  }
  Status Remove(std::uint32_t slot) {
    return RemoveEntry(*world, *scope, id, ComponentKind::Loot, slot, why);
  }
  std::vector<std::uint32_t> Slots() const { return SlotsOf(*world, id, ComponentKind::Loot); }
};

}  // namespace

TEST_CASE("a Many type holds ten entries and more, each added at max + 1", "[schema][membership]") {
  LootOwner owner;
  std::uint32_t slot = 99;
  for (std::uint32_t expected = 0; expected < 10; ++expected) {
    owner.fields[1].integer = 10 + expected;  // each entry its own chance, to read back
    REQUIRE(owner.Add(kNextSlot, slot) == Status::Ok);
    CHECK(slot == expected);
  }
  CHECK(owner.Slots().size() == 10);
  std::array<FieldValue, kMaxFieldsPerComponent> read{};
  REQUIRE(ReadSlot(*owner.world, owner.id, ComponentKind::Loot, 9, read));
  CHECK(read[1].integer == 19);
  // Removing the highest and one in the middle: the others keep their slots, and the next add
  // takes the slot after every slot ever held: the removed top slot 9 is not handed out again,
  // so a holder of "loot slot 9" never binds to a new entry (design 002).
  REQUIRE(owner.Remove(9) == Status::Ok);
  REQUIRE(owner.Remove(4) == Status::Ok);
  REQUIRE(ReadSlot(*owner.world, owner.id, ComponentKind::Loot, 5, read));
  CHECK(read[1].integer == 15);  // slot 5 keeps its entry (the sixth added): no renumbering
  REQUIRE(owner.Add(kNextSlot, slot) == Status::Ok);
  CHECK(slot == 10);
  REQUIRE(owner.Add(kNextSlot, slot) == Status::Ok);
  CHECK(slot == 11);
  CHECK(owner.Slots() == std::vector<std::uint32_t>{0, 1, 2, 3, 5, 6, 7, 8, 10, 11});
  // A stale slot is NotFound: removing it again, replacing it, reading it.
  CHECK(owner.Remove(4) == Status::NotFound);
  CHECK(owner.why == "loot slot 4 does not exist");
  CHECK(ReplaceEntry(*owner.world, owner.id, ComponentKind::Loot, 4, owner.fields, owner.why) ==
        Status::NotFound);
  CHECK_FALSE(ReadSlot(*owner.world, owner.id, ComponentKind::Loot, 4, read));
}

// Loot holds its entries in place (no allocation in an insert, a copy or a restore): at most
// kMaxLootEntries, and the one past them is refused with why, the component unchanged.
TEST_CASE("loot holds at most its declared entries; one more is refused", "[schema][membership]") {
  LootOwner owner;
  std::uint32_t slot = 0;
  CHECK(FindComponentType("loot")->max_slots == kMaxLootEntries);
  for (std::size_t n = 0; n < kMaxLootEntries; ++n)
    REQUIRE(owner.Add(kNextSlot, slot) == Status::Ok);
  const std::vector<std::uint32_t> full = owner.Slots();
  CHECK(full.size() == kMaxLootEntries);
  CHECK(owner.Add(kNextSlot, slot) == Status::CapacityExceeded);
  CHECK(owner.why == "loot holds at most " + std::to_string(kMaxLootEntries) + " entries");
  CHECK(owner.Slots() == full);
  static_assert(std::is_trivially_copyable_v<Loot>, "loot is a plain value");
}

TEST_CASE("an explicit slot is only an undo: a removed slot comes back, a new one is refused",
          "[schema][membership]") {
  LootOwner owner;
  std::uint32_t slot = 0;
  for (int i = 0; i < 3; ++i) REQUIRE(owner.Add(kNextSlot, slot) == Status::Ok);
  // Slot 7 was never held: new entries take max + 1.
  slot = 99;
  CHECK(owner.Add(7, slot) == Status::InvalidOperation);
  CHECK(owner.why ==
        "loot slot 7 was never removed: a new entry takes the next slot (3); only a removed slot "
        "may be restored");
  CHECK(slot == 99);
  CHECK(owner.Slots() == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(owner.Add(1, slot) == Status::InvalidOperation);  // present: taken
  CHECK(owner.why == "loot slot 1 is taken");
  // Remove 1 and then 2 (the highest); undo in reverse: 2 comes back above the max, then 1.
  REQUIRE(owner.Remove(1) == Status::Ok);
  REQUIRE(owner.Remove(2) == Status::Ok);
  REQUIRE(owner.Add(2, slot) == Status::Ok);
  CHECK(slot == 2);
  REQUIRE(owner.Add(1, slot) == Status::Ok);
  CHECK(slot == 1);
  CHECK(owner.Slots() == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(owner.Add(4, slot) == Status::InvalidOperation);  // 3 would be next; 4 never was
}

TEST_CASE("a One type has only slot 0", "[schema][membership]") {
  LootOwner owner;
  std::uint32_t slot = 0;
  DefaultFields(*FindComponentType("health"), owner.fields);
  CHECK(ReplaceEntry(*owner.world, owner.id, ComponentKind::Health, 1, owner.fields, owner.why) ==
        Status::InvalidOperation);
  CHECK(owner.why == "health is a single component: it has only slot 0");
  CHECK(RemoveEntry(*owner.world, *owner.scope, owner.id, ComponentKind::Health, 1, owner.why) ==
        Status::InvalidOperation);
  CHECK(AddEntry(*owner.world, *owner.scope, owner.id, ComponentKind::Combat, owner.fields, 1, slot,
                 owner.why) == Status::InvalidOperation);
  CHECK(HasComponent(*owner.world, owner.id, ComponentKind::Health));
  CHECK_FALSE(HasComponent(*owner.world, owner.id, ComponentKind::Combat));
}

}  // namespace component_types_test
