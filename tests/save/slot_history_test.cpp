// A Many component's slots are never handed out twice in an entity's life, across a save too
// (design 002): removing the top loot entry and saving keeps its slot history (save version 10,
// `slots_used`), and the next entry after the resume takes the slot past it.
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

}  // namespace

TEST_CASE("a removed top slot stays used across a save, and a version-9 save reads as before",
          "[save][membership]") {
  const std::string_view rows[] = {"#######", "#@..r.#", "#######"};
  SessionConfig config = Config();
  config.level =
      std::make_shared<LevelDefinition>(LevelFromAscii("loot", rows, *Definitions(), false));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  const EntityId monster = session->World().Ais().Owners()[0];
  for (int n = 0; n < 3; ++n) (void)AddLoot(*session, monster);
  const std::uint32_t top = AddLoot(*session, monster);
  {
    std::optional<StructuralScope> scope;
    REQUIRE(session->World().OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    std::string why;
    REQUIRE(RemoveEntry(session->World(), *scope, monster, ComponentKind::Loot, top, why) ==
            Status::Ok);
  }
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

}  // namespace slot_history_test
