// A save names the dungeon rules its floors were made under, and a resumed run keeps them: the
// floors still to come are made as its first were, and an older save (made under the first
// rules) resumes with its floors below as they were promised.
#include <catch2/catch.hpp>

#include "save/save_codec.h"
#include "save/save_test_support.h"
#include "sim/session_persist.h"

namespace dungeon_rules_test {

using namespace cairn;
using namespace cairn::test;

namespace {

std::string Repeat(std::string_view unit, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += unit;
  return out;
}

// A run of the store-room dungeon under `rules`, played down to floor 2.
std::unique_ptr<GameSession> OnFloorTwo(std::int32_t rules) {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(StoreRoomRun(rules), session) == Status::Ok);
  PlayKeys(*session, Repeat("oF", 150) + ">>");
  REQUIRE(session->Depth() == 2);
  return session;
}

}  // namespace

TEST_CASE("a save before dungeon rules resumes under the first rules", "[save][rules]") {
  auto session = OnFloorTwo(kOldestDungeonRules);
  CHECK(session->Level().name.find("The Store Room") != std::string::npos);
  const std::string text = SaveText(*session, kFirstSaveWithRules - 1);
  CHECK(text.find("dungeon_rules") == std::string::npos);
  std::unique_ptr<GameSession> resumed;
  // The save's run keeps its rules (and, a plan of the first edition's, that edition's content).
  REQUIRE(Resume(text, StoreRoomRun(kOldestDungeonRules), resumed) == "");
  CHECK(resumed->Config().dungeon_rules == kOldestDungeonRules);
  CHECK(resumed->StateHash() == session->StateHash());
  // Saved again, it names the rules it keeps.
  CHECK(SaveText(*resumed).find(RulesLine(kOldestDungeonRules)) != std::string::npos);
}

TEST_CASE("a save names its dungeon rules; ones this build lacks are refused", "[save][rules]") {
  auto session = OnFloorTwo(kDungeonRules);
  CHECK(session->Level().name.find("The Store Room") == std::string::npos);  // once a run
  const std::string text = SaveText(*session);
  REQUIRE(text.find(RulesLine()) != std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, StoreRoomRun(kDungeonRules), resumed) == "");
  CHECK(resumed->Config().dungeon_rules == kDungeonRules);
  // Told it was made under the first rules, it is refused: those rules make other floors (and,
  // with no machine templates, from other content; the first edition has no spears either).
  const std::string older = Replace(text, RulesLine(), RulesLine(kOldestDungeonRules));
  const std::string why = Resume(older, StoreRoomRun(kDungeonRules), resumed);
  CHECK((why.find("was not made from seed") != std::string::npos ||
         why.find("made with other content") != std::string::npos ||
         why.find("there is no item kind") != std::string::npos));
  const std::string newer = Replace(text, RulesLine(), RulesLine(kDungeonRules + 1));
  CHECK(Resume(newer, StoreRoomRun(kDungeonRules), resumed).find("'dungeon_rules'") !=
        std::string::npos);
  const std::string missing = Replace(text, RulesLine(), "\n");
  CHECK(Resume(missing, StoreRoomRun(kDungeonRules), resumed).find("dungeon_rules") !=
        std::string::npos);
}

}  // namespace dungeon_rules_test
