// The map remembers items: an item seen stays drawn where it was last seen, dimmed, once out of
// view, until the cell is seen again without it or the item is seen elsewhere; the memory is
// saved and resumed, and rewound, and no state hash covers it.
#include <catch2/catch.hpp>

#include "game/recipes.h"
#include "save_test_support.h"
#include "view/describe.h"
#include "view/extract.h"

namespace seen_items_test {

using namespace cairn;
using namespace cairn::test;

namespace {

// Two rooms a wall apart: the player in the west one with a potion, the east one sealed.
std::shared_ptr<LevelDefinition> TwoRooms() {
  const std::string_view rows[] = {"###########", "#@..!#....#", "#....#....#", "###########"};
  auto level =
      std::make_shared<LevelDefinition>(LevelFromAscii("two rooms", rows, *Definitions(), false));
  const ItemDefinition* potion = Definitions()->FindItem("potion-healing");
  REQUIRE(potion != nullptr);
  level->entities.push_back(
      {"potion", ItemRecipe(*Definitions(), *potion, Position{4, 1}), {}, {}});
  level->digest = DigestLevel(*level);
  return level;
}

// The cell (4, 1) as drawn: whether it shows a remembered item, and its glyph.
FrameCell CellAt(const GameSession& session, std::int32_t x, std::int32_t y) {
  RenderFrame frame;
  Extract(session, ExtractOptions{}, frame);
  return frame.Cell(x, y);
}

void MovePlayer(GameSession& session, std::int32_t x, std::int32_t y) {
  GameWorld& world = session.World();
  world.MutablePositions().Find(world.PlayerEntity())->x = x;
  world.MutablePositions().Find(world.PlayerEntity())->y = y;
  session.NoteEdit();  // an edit between ticks, as the console's SET is (a step back keeps it)
  REQUIRE(session.StepTick(TickInput{}) == Status::Ok);  // the view follows at the tick's end
}

}  // namespace

TEST_CASE("an item seen stays drawn where it was seen, out of view, until seen gone",
          "[save][seen]") {
  const SessionConfig config = Config(1, TwoRooms());
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  REQUIRE(session->StepTick(TickInput{}) == Status::Ok);
  const FrameCell seen = CellAt(*session, 4, 1);
  CHECK(seen.knowledge == CellKnowledge::Visible);
  CHECK_FALSE(seen.remembered_item);  // in view, the item itself is drawn, not the memory

  MovePlayer(*session, 7, 1);  // the east room: the potion's cell is out of view
  FrameCell remembered = CellAt(*session, 4, 1);
  CHECK(remembered.knowledge == CellKnowledge::Remembered);
  CHECK(remembered.remembered_item);
  CHECK(remembered.ascii == '!');
  const std::uint64_t hash = session->StateHash();

  // Saved and resumed: still remembered, and the state hash is the same (memory is not state).
  std::unique_ptr<GameSession> resumed;
  const std::string text = SaveText(*session);
  CHECK(text.find("seen_items = [\n  { x = 4, y = 1, glyph = ") != std::string::npos);
  REQUIRE(Resume(text, config, resumed).empty());
  CHECK(resumed->StateHash() == hash);
  CHECK(CellAt(*resumed, 4, 1).remembered_item);
  CHECK(CellAt(*resumed, 4, 1).ascii == '!');

  // Taken away unseen: the player still remembers it.
  GameWorld& world = session->World();
  const EntityId potion = world.Items().Owners()[0];
  world.MutablePositions().Find(potion)->x = 3;
  session->NoteEdit();
  CHECK(CellAt(*session, 4, 1).remembered_item);
  // Seen again: the old cell is forgotten, and the item is in view where it lies now.
  MovePlayer(*session, 2, 2);
  CHECK_FALSE(CellAt(*session, 4, 1).remembered_item);
  MovePlayer(*session, 7, 1);
  CHECK_FALSE(CellAt(*session, 4, 1).remembered_item);
  CHECK(CellAt(*session, 3, 1).remembered_item);

  // A step back to before it was seen again brings back what was remembered then.
  std::string why;
  REQUIRE(session->StepBack(2, why) == Status::Ok);
  INFO(why);
  CHECK(CellAt(*session, 4, 1).remembered_item);
  CHECK_FALSE(CellAt(*session, 3, 1).remembered_item);
}

TEST_CASE("a save's seen items are checked", "[save][seen]") {
  // A run of the first edition, so that the same run may also pass for a version-7 save (which
  // names no dungeon rules: the first).
  SessionConfig config = Config(1, TwoRooms());
  config.definitions = Definitions(kOldestDungeonRules);
  config.dungeon_rules = kOldestDungeonRules;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  MovePlayer(*session, 7, 1);
  const std::string text = SaveText(*session);
  const std::size_t at = text.find("{ x = 4, y = 1, glyph = ");
  REQUIRE(at != std::string::npos);
  std::unique_ptr<GameSession> out;
  std::string bad = text;
  bad.replace(at, 14, "{ x = 99, y = 1");
  CHECK(Resume(bad, config, out).find("seen item") != std::string::npos);
  bad = text;
  bad.replace(bad.find(", layer = ", at), 10, ", flavour = 3, layer = ");
  CHECK(Resume(bad, config, out).find("flavour") != std::string::npos);
  // A version-7 save, which had no seen items, resumes remembering none.
  bad = text;
  bad.replace(bad.find("seen_items = ["), 0, "");
  const std::size_t begin = bad.find("seen_items = [");
  bad.erase(begin, bad.find("]\n", begin) + 2 - begin);
  bad.replace(bad.find(VersionLine()), VersionLine().size(), VersionLine(7));
  bad.replace(bad.find(RulesLine(kOldestDungeonRules)), RulesLine(kOldestDungeonRules).size(),
              "\n");
  REQUIRE(Resume(bad, config, out).empty());
  CHECK_FALSE(CellAt(*out, 4, 1).remembered_item);
}

TEST_CASE("terrain a map showed, not yet seen, is saved so, and moves no hash", "[save][seen]") {
  const SessionConfig config = Config(1, TwoRooms());
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  TileMap& map = session->World().Map();
  REQUIRE_FALSE(map.Remembered(7, 1));  // the sealed room
  const std::uint64_t remembered_only = [&] {
    std::unique_ptr<GameSession> other;
    REQUIRE(GameSession::Create(config, other) == Status::Ok);
    other->World().Map().Remember(7, 1);
    return other->StateHash();
  }();
  map.RememberMapped(7, 1);
  CHECK(map.Remembered(7, 1));
  CHECK_FALSE(map.Seen(7, 1));
  CHECK(session->StateHash() == remembered_only);  // remembered is hashed, "not seen" is not
  std::unique_ptr<GameSession> out;
  REQUIRE(Resume(SaveText(*session), config, out).empty());
  CHECK(out->World().Map().Remembered(7, 1));
  CHECK_FALSE(out->World().Map().Seen(7, 1));
  // Seen at last, it is remembered as any other cell.
  MovePlayer(*out, 7, 2);
  REQUIRE(out->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  CHECK(out->World().Map().Seen(7, 1));
}

TEST_CASE("terrain out of view is drawn as it was last seen, saved and resumed", "[save][seen]") {
  const std::string_view rows[] = {"###########", "#@..'#....#", "#....#....#", "###########"};
  const SessionConfig config = Config(
      1, std::make_shared<LevelDefinition>(LevelFromAscii("a door", rows, *Definitions(), false)));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  REQUIRE(CellAt(*session, 4, 1).ascii == '\'');  // seen open
  MovePlayer(*session, 7, 1);                     // the sealed east room: the door out of view
  session->World().Map().Set(4, 1, Terrain::DoorClosed);  // closed behind your back
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  CHECK(CellAt(*session, 4, 1).ascii == '\'');
  CHECK(CellAt(*session, 4, 1).knowledge == CellKnowledge::Remembered);
  CHECK(LookText(*session, 4, 1) == "You remember an open door here.");
  // A save keeps the memory where it differs from the map, and a resume draws it so.
  const std::string text = SaveText(*session);
  CHECK(text.find("remembered_terrain = [\n  { x = 4, y = 1, terrain = \"'\" },\n]") !=
        std::string::npos);
  std::unique_ptr<GameSession> out;
  REQUIRE(Resume(text, config, out).empty());
  CHECK(CellAt(*out, 4, 1).ascii == '\'');
  // Seen again, it is what it is now.
  MovePlayer(*out, 2, 1);
  REQUIRE(out->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  CHECK(CellAt(*out, 4, 1).ascii == '+');
  // Memory of the terrain of a cell not remembered is refused: (4, 1) forgotten in `remembered`.
  std::string bad = text;
  const std::size_t row = bad.find("\n", bad.find("remembered = [\n") + 16) + 1;  // y = 1
  REQUIRE(bad.substr(row, 3) == "  \"");
  bad[row + 3 + 4] = '0';
  CHECK(Resume(bad, config, out).find("a cell not remembered") != std::string::npos);
}

}  // namespace seen_items_test
