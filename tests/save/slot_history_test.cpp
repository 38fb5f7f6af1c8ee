// A Many component's slots are never handed out twice in an entity's life, across a save too
// (design 002): removing the top loot entry and saving keeps its slot history (save version 10,
// `slots_used`), and the next entry after the resume takes the slot past it. When the last entry
// goes with the component, the entity's slot_history keeps that history.
#include <catch2/catch.hpp>

#include "save_test_support.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/component_types.h"

namespace slot_history_test {

using namespace cairn;
using namespace cairn::test;

namespace {

// The first monster's loot slots, after adding one entry with the next slot: what it took.
std::uint32_t AddLoot(GameSession& session, EntityId monster) {
  GameWorld& world = session.World();
  std::optional<StructuralScope> scope;
  REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  DefaultFields(*FindComponentType("loot"), fields);
  std::uint32_t slot = 0;
  std::string why;
  REQUIRE(AddEntry(world, *scope, monster, ComponentKind::Loot, fields, kNextSlot, slot, why) ==
          Status::Ok);
  return slot;
}

// A corridor with the player and one rat: the rat's loot is what these tests change.
SessionConfig OneRatConfig() {
  const std::string_view rows[] = {"#######", "#@..r.#", "#######"};
  SessionConfig config = Config();
  config.level =
      std::make_shared<LevelDefinition>(LevelFromAscii("loot", rows, *Definitions(), false));
  return config;
}

void RemoveLoot(GameSession& session, EntityId monster, std::uint32_t slot) {
  std::optional<StructuralScope> scope;
  REQUIRE(session.World().OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  std::string why;
  REQUIRE(RemoveEntry(session.World(), *scope, monster, ComponentKind::Loot, slot, why) ==
          Status::Ok);
}

}  // namespace

TEST_CASE("a removed top slot stays used across a save, and a version-9 save reads as before",
          "[save][membership]") {
  const SessionConfig config = OneRatConfig();
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  const EntityId monster = session->World().Ais().Owners()[0];
  for (int n = 0; n < 3; ++n) (void)AddLoot(*session, monster);
  const std::uint32_t top = AddLoot(*session, monster);
  RemoveLoot(*session, monster, top);
  const std::string text = SaveText(*session);
  CHECK(text.find("slots_used = { loot = " + std::to_string(top + 1) + " }") != std::string::npos);

  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, config, resumed) == "");
  const EntityId again = resumed->World().Ais().Owners()[0];
  CHECK(AddLoot(*resumed, again) == top + 1);  // not `top`: a holder of it binds to nothing new

  // Written by version 9, the history is the highest slot + 1: `top` is free again there.
  std::string old = text;
  const std::size_t at = old.find(VersionLine());
  REQUIRE(at != std::string::npos);
  old.replace(at, VersionLine().size(), VersionLine(9));
  const std::size_t line = old.find("slots_used = ");
  old.erase(line, old.find('\n', line) + 1 - line);
  std::unique_ptr<GameSession> from_nine;
  REQUIRE(Resume(old, config, from_nine) == "");
  CHECK(AddLoot(*from_nine, from_nine->World().Ais().Owners()[0]) == top);

  // A history below what the entries imply is refused where it is written.
  std::string low = text;
  low.replace(low.find("slots_used = { loot = "), std::string("slots_used = { loot = ").size() + 1,
              "slots_used = { loot = 1");
  std::unique_ptr<GameSession> refused;
  CHECK(Resume(low, config, refused).find("slots_used.loot must be a whole number from") !=
        std::string::npos);
}

TEST_CASE("the last entry's removal keeps the slot history past the component, saved with it",
          "[save][membership]") {
  const SessionConfig config = OneRatConfig();
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  const EntityId monster = session->World().Ais().Owners()[0];
  std::vector<std::uint32_t> slots;
  for (int n = 0; n < 3; ++n) slots.push_back(AddLoot(*session, monster));
  for (std::uint32_t slot : slots) RemoveLoot(*session, monster, slot);
  const std::uint32_t past = slots.back() + 1;
  REQUIRE_FALSE(session->World().Loots().Contains(monster));
  const SlotHistory* kept = session->World().SlotHistories().Find(monster);
  REQUIRE(kept != nullptr);
  CHECK(kept->loot == past);

  // Saved as the entity's slot_history; the first entry after the resume takes the slot past it.
  const std::string text = SaveText(*session);
  CHECK(text.find("slot_history = { loot = " + std::to_string(past) + " }") != std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, config, resumed) == "");
  const EntityId again = resumed->World().Ais().Owners()[0];
  CHECK(AddLoot(*resumed, again) == past);  // not 0: a holder of slot 0 binds to nothing new
  // Emptied a second time, the history is the higher one; an undo may still restore slot 0.
  RemoveLoot(*resumed, again, past);
  CHECK(resumed->World().SlotHistories().Find(again)->loot == past + 1);
  {
    std::optional<StructuralScope> scope;
    REQUIRE(resumed->World().OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    std::array<FieldValue, kMaxFieldsPerComponent> fields{};
    DefaultFields(*FindComponentType("loot"), fields);
    std::uint32_t slot = 0;
    std::string why;
    CHECK(AddEntry(resumed->World(), *scope, again, ComponentKind::Loot, fields, 0, slot, why) ==
          Status::Ok);
    CHECK(slot == 0);
  }
  CHECK(AddLoot(*resumed, again) == past + 1);
}

}  // namespace slot_history_test
