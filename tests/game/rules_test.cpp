// The rules that run by themselves: hunger and starvation, regeneration, experience, and the
// monster specials (missiles, packs that surround, thieves, breeders).
#include "game/rules.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "game/actions.h"
#include "game/ai.h"
#include "game_test_support.h"

namespace rules_test {

using namespace cairn;
using namespace cairn::test;

namespace {

// The player hits `victim` for `damage`, in one tick's phases.
void Strike(TestWorld& w, EntityId victim, std::int32_t damage) {
  BeginTickPhase(*w);
  StrikeBlow(*w, w.scratch, AttackEvent{w->PlayerEntity(), victim, 0, 0, 0, AttackKind::Melee, {}},
             true, damage);
  REQUIRE(CommitPhase(*w) == Status::Ok);
  EndTickPhase(*w, w.scratch);
}

// The player strikes `victim` down where it stands.
void KillWithABlow(TestWorld& w, EntityId victim) {
  w->MutableHealths().Find(victim)->current = 1;
  Strike(w, victim, 5);
}

}  // namespace

TEST_CASE("hunger falls a turn at a time; a starving player loses health and dies of it",
          "[rules]") {
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  const EntityId player = w->PlayerEntity();
  Player& state = *w->MutablePlayers().Find(player);
  const std::int32_t start = state.nutrition;
  REQUIRE(start == kStartingNutrition);
  for (int i = 0; i < 10 * kNormalActionTicks; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(w->Players().Find(player)->nutrition == start - 10);
  w->MutablePlayers().Find(player)->nutrition = 0;
  w->MutableHealths().Find(player)->current = 3;
  bool starved = false;
  for (int i = 0; i < 5 * kNormalActionTicks && !starved; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    for (const DeathEvent& d : w->Deaths().Events())
      starved = starved || (d.entity == player && d.cause == DeathCause::Starvation);
  }
  CHECK(starved);
  CHECK(w->PlayerEntity().IsNull());
}

TEST_CASE("a fed player regains a hit point every RegenerationTicks", "[rules]") {
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  const EntityId player = w->PlayerEntity();
  Health& health = *w->MutableHealths().Find(player);
  health.current = 10;
  const std::int32_t every = RegenerationTicks(health.max);
  for (int i = 0; i < 3 * every; ++i) REQUIRE(w.Tick() == Status::Ok);
  const std::int32_t gained = w->Healths().Find(player)->current - 10;
  CHECK(gained >= 2);
  CHECK(gained <= 3);
  w->MutablePlayers().Find(player)->nutrition =
      0;  // starving: no healing (and a point a turn lost)
  const std::int32_t before = w->Healths().Find(player)->current;
  for (int i = 0; i < every; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(w->Healths().Find(player)->current < before);
}

TEST_CASE("kills give experience; a new level brings hit points and accuracy", "[rules]") {
  TestWorld w(Level({"#####", "#@r.#", "#####"}));
  const EntityId player = w->PlayerEntity();
  w->MutableHealths().Find(w.Monster("rat"))->current = 1;
  w->MutableHealths().Find(w.Monster("rat"))->max = ExperienceForLevel(2);  // worth exactly a level
  const Combat before = *w->Combats().Find(player);
  const std::int32_t max_before = w->Healths().Find(player)->max;
  for (int attempt = 0; attempt < 40 && !w.Monster("rat").IsNull(); ++attempt)
    if (!w.Act({PlayerCommandKind::Move, 1, 0})) break;
  REQUIRE(w.Monster("rat").IsNull());
  const Player& state = *w->Players().Find(player);
  CHECK(state.kills == 1);
  CHECK(state.experience == ExperienceForLevel(2));
  CHECK(state.level == 2);
  CHECK(w->Healths().Find(player)->max == max_before + kHealthPerLevel);
  CHECK(w->Combats().Find(player)->accuracy == before.accuracy + 1);
}

TEST_CASE("an archer in range with a clear line shoots instead of closing in", "[rules]") {
  TestWorld w(Level({"##########", "#@...k...#", "##########"}));
  const EntityId archer = w.Monster("kobold-archer");
  EnemyAi& ai = *w->MutableAis().Find(archer);
  ai.action = AiAction::Hunt;
  ai.phase = AiPhase::SelectTarget;
  ai.alertness = 2 * kAlertnessToHunt;
  bool shot = false;
  for (int i = 0; i < 5 && !shot; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    for (const AttackEvent& a : w->Attacks().Events())
      shot = shot || (a.attacker == archer && a.kind == AttackKind::Missile);
  }
  CHECK(shot);
  CHECK(w->Positions().Find(archer)->x == 5);  // it stood its ground
  // Behind a wall it cannot shoot: it must come round.
  TestWorld walled(Level({"##########", "#@..#k...#", "#.......##", "##########"}));
  const EntityId hidden = walled.Monster("kobold-archer");
  EnemyAi& hai = *walled->MutableAis().Find(hidden);
  hai.action = AiAction::Hunt;
  hai.phase = AiPhase::SelectTarget;
  hai.alertness = 2 * kAlertnessToHunt;
  for (int i = 0; i < 3; ++i) {
    REQUIRE(walled.Tick() == Status::Ok);
    for (const AttackEvent& a : walled->Attacks().Events()) CHECK(a.kind != AttackKind::Missile);
  }
}

TEST_CASE("a pack spreads around its prey instead of queueing", "[rules]") {
  TestWorld w(
      Level({"#########", "#.......#", "#...@...#", "#.......#", "#jj.....#", "#########"}));
  for (EntityId id : w->Ais().Owners()) {
    EnemyAi& ai = *w->MutableAis().Find(id);
    ai.action = AiAction::Hunt;
    ai.phase = AiPhase::SelectTarget;
    ai.alertness = 2 * kAlertnessToHunt;
  }
  for (int i = 0; i < 40; ++i)
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  // Both jackals ended beside the player, on different sides.
  const Position player = *w->Positions().Find(w->PlayerEntity());
  std::vector<Position> around;
  for (EntityId id : w->Ais().Owners())
    if (const Position* p = w->Positions().Find(id);
        p != nullptr && ChebyshevDistance(*p, player) == 1)
      around.push_back(*p);
  REQUIRE(around.size() == 2);
  CHECK((around[0].x != around[1].x || around[0].y != around[1].y));
}

TEST_CASE("a thief takes something not in use and runs; killed, it drops it", "[rules]") {
  LevelDefinition level = Level({"#########", "#@m.....#", "#########"});
  AddItem(level, "sword", {0, 0}, 'a');
  level.entities.back().components.item.equipped = 1;
  AddItem(level, "ration", {0, 0}, 'b');
  TestWorld w(level);
  const EntityId monkey = w.Monster("monkey");
  REQUIRE(w->Inventories().Contains(monkey));
  EnemyAi& ai = *w->MutableAis().Find(monkey);
  ai.action = AiAction::Hunt;
  ai.phase = AiPhase::SelectTarget;
  ai.alertness = 2 * kAlertnessToHunt;
  for (int i = 0; i < 200 && w.Carried('b') != nullptr; ++i)
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  REQUIRE(w.Carried('b') == nullptr);  // the ration went
  CHECK(w.Carried('a') != nullptr);    // the wielded sword did not
  CHECK(w->Ais().Find(monkey)->action == AiAction::Flee);
  CHECK(w->Inventories().Find(monkey)->count == 1);
  // Kill it where it stands: what it carried lies there.
  const Position at = *w->Positions().Find(monkey);
  KillWithABlow(w, monkey);
  bool dropped = false;
  for (EntityId id : w->Items().Owners()) {
    const Position* p = w->Positions().Find(id);
    dropped = dropped || (p != nullptr && p->x == at.x && p->y == at.y &&
                          w->Definitions().items[w->Items().Find(id)->kind].id == "ration");
  }
  CHECK(dropped);
}

TEST_CASE("a breeder splits when hit, and the two share what was left", "[rules]") {
  TestWorld w(Level({"#######", "#@J...#", "#######"}));
  // The pink jelly's letter in LevelFromAscii is its ASCII glyph.
  EntityId jelly = w.Monster("pink-jelly");
  REQUIRE_FALSE(jelly.IsNull());
  w->MutableHealths().Find(jelly)->current = 30;
  Strike(w, jelly, 10);
  std::int32_t jellies = 0, total = 0;
  for (EntityId id : w->Ais().Owners()) {
    ++jellies;
    total += w->Healths().Find(id)->current;
  }
  CHECK(jellies == 2);
  CHECK(total == 20);  // 30 - 10, shared between the two
}

TEST_CASE("a monster with loot dies and every entry at chance 100 lies on its cell", "[rules]") {
  LevelDefinition level = Level({"#######", "#@r...#", "#######"});
  const DefinitionSet& definitions = *Definitions();
  const std::vector<std::string> drops = {"potion-healing", "ration",          "darts",
                                          "dagger",         "scroll-identify", "sword"};
  Loot loot;  // six entries: past the four the component once held
  for (const std::string& id : drops)
    REQUIRE(loot.entries.push_back(LootEntry{definitions.ItemIndex(*definitions.FindItem(id)), 100,
                                             static_cast<std::uint32_t>(loot.entries.size())}));
  loot.slots_used = static_cast<std::uint32_t>(loot.entries.size());
  for (LevelEntity& e : level.entities)
    if (e.components.Has<EnemyAi>()) e.components.Set(loot);
  TestWorld w(level);
  const EntityId rat = w.Monster("rat");
  REQUIRE(w->Loots().Find(rat) != nullptr);
  REQUIRE(w->Loots().Find(rat)->entries.size() == drops.size());
  const Position at = *w->Positions().Find(rat);
  CHECK(w->Items().Size() == 0);
  KillWithABlow(w, rat);
  REQUIRE_FALSE(w->Registry().IsAlive(rat));
  std::multiset<std::string> lying;
  for (EntityId id : w->Items().Owners()) {
    const Position* p = w->Positions().Find(id);
    if (p != nullptr && p->x == at.x && p->y == at.y)
      lying.insert(definitions.items[w->Items().Find(id)->kind].id);
  }
  CHECK(lying == std::multiset<std::string>(drops.begin(), drops.end()));
}

TEST_CASE("a generated monster carries its kind's loot from the definitions", "[rules]") {
  const DefinitionSet& definitions = *Definitions();
  const MonsterDefinition* ogre = definitions.FindMonster("ogre");
  REQUIRE(ogre != nullptr);
  REQUIRE(ogre->loot.size() == 2);
  const ComponentBundle b = MonsterRecipe(definitions, *ogre, {1, 1}, false);
  REQUIRE(b.Has<Loot>());
  REQUIRE(b.loot.entries.size() == 2);
  CHECK(definitions.items[b.loot.entries[0].item].id == "ration");
  CHECK(b.loot.entries[0].chance == 50);
  CHECK(b.loot.entries[0].slot == 0);
  CHECK(definitions.items[b.loot.entries[1].item].id == "potion-healing");
  CHECK(b.loot.entries[1].chance == 25);
  CHECK(b.loot.entries[1].slot == 1);
  CHECK(b.loot.slots_used == 2);
  const MonsterDefinition* rat = definitions.FindMonster("rat");
  REQUIRE(rat != nullptr);
  CHECK_FALSE(MonsterRecipe(definitions, *rat, {1, 1}, false).Has<Loot>());
}

}  // namespace rules_test
