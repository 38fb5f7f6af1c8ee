#include "sim/narrator.h"

#include "game/article.h"
#include "game/items.h"
#include "game/rules.h"
#include "sim/why.h"

namespace cairn {
namespace {

// How many links of the chain that killed the player the morgue keeps (the death screen shows
// what fits of them); both say how many older links were left out.
constexpr std::size_t kDeathWhyLinks = 24;

std::string Name(const GameWorld& world, EntityId id) {
  const Named* named = world.Names().Find(id);
  return named != nullptr && !named->name.View().empty() ? std::string(named->name.View())
                                                         : std::string("something");
}

std::string Capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

const MonsterDefinition* MonsterOf(const GameWorld& world, EntityId id) {
  const EnemyAi* ai = world.Ais().Find(id);
  return ai != nullptr && ai->kind < world.Definitions().monsters.size()
             ? &world.Definitions().monsters[ai->kind]
             : nullptr;
}

// One of a stack, as the player knows it: "a potion of healing", not "3 potions of healing".
std::string One(const GameWorld& world, EntityId id) {
  const Item* item = world.Items().Find(id);
  if (item == nullptr) return "something";
  Item one = *item;
  one.quantity = 1;
  return ItemDisplayName(world, one, world.Players().Find(world.PlayerEntity()));
}

// What was used, as it looked, with the sentence's end; when the use taught the kind (value 1):
// "a bubbling potion. It is a potion of healing!" (the kind is known by the time the log is
// written, so the look comes from the definition).
std::string Used(const GameWorld& world, const NoticeEvent& n) {
  const Item* item = world.Items().Find(n.object);
  if (item == nullptr || n.value == 0 || item->kind >= world.Definitions().items.size())
    return One(world, n.object) + ".";
  const ItemDefinition& kind = world.Definitions().items[item->kind];
  return WithArticle(kind.unidentified) + ". It is " + WithArticle(kind.name) + "!";
}

// A note of the player's story (message.h: Note), at the player's turn and depth.
void NoteForPlayer(const GameWorld& world, RunLog& log, std::string text) {
  const Player* p = world.Players().Find(world.PlayerEntity());
  log.AddNote(p != nullptr ? p->turns : 0, p != nullptr ? p->depth : 1, std::move(text));
}

// "Drank a murky potion: it was a potion of haste.": an item learned by using it.
void NoteLearnedByUse(const GameWorld& world, const NoticeEvent& n, std::string_view verb,
                      RunLog& log) {
  const Item* item = world.Items().Find(n.object);
  if (item == nullptr || n.value == 0 || item->kind >= world.Definitions().items.size()) return;
  const ItemDefinition& kind = world.Definitions().items[item->kind];
  NoteForPlayer(world, log,
                std::string(verb) + " " + WithArticle(kind.unidentified) + ": it was " +
                    WithArticle(kind.name) + ".");
}

std::string Amount(const AttackEvent& a) {
  return " (" + std::to_string(a.damage) + ")";
}

// "the dart", "the lightning bolt": what struck, for thrown items and wands.
std::string Missile(const GameWorld& world, const AttackEvent& a) {
  if (a.kind == AttackKind::Wand) return "the bolt";
  const Item* item = world.Items().Find(a.item);
  if (item == nullptr) return "the missile";
  Item one = *item;
  one.quantity = 1;
  one.equipped = 0;
  return "the " + ItemDisplayName(world, one, world.Players().Find(world.PlayerEntity()), false);
}

}  // namespace

Feeling FloorFeeling(const GameWorld& world, std::int32_t depth) {
  const auto& monsters = world.Definitions().monsters;
  for (const EnemyAi& ai : world.Ais().Values())
    if (ai.kind < monsters.size() && monsters[ai.kind].min_depth > depth)
      return {"You feel a sense of dread: something here belongs deeper down.",
              MessageTone::Warning};
  const auto& items = world.Definitions().items;
  for (const Item& item : world.Items().Values())
    if (item.holder.IsNull() && item.kind < items.size() &&
        items[item.kind].category == ItemCategory::Artifact)
      return {"You feel the pull of something precious on this floor.", MessageTone::Good};
  return {};
}

// "the goblin", or "your goblin" for a freed ally: a fight between two of a kind reads plainly.
std::string TheName(const GameWorld& world, EntityId id) {
  const Ally* ally = world.Allies().Size() != 0 ? world.Allies().Find(id) : nullptr;
  return (ally != nullptr && ally->shackled == 0 ? "your " : "the ") + Name(world, id);
}

void FillSummary(const GameWorld& world, RunSummary& summary) {
  const EntityId id = world.PlayerEntity();
  const EntityId player = id.IsNull() ? EntityId{} : id;
  EntityId found = player;
  if (found.IsNull()) {
    // The player is pending destroy this tick: find it among the Player pool's owners.
    for (EntityId owner : world.Players().Owners()) found = owner;
  }
  if (const Player* p = world.Players().Find(found)) {
    summary.depth = p->depth;
    summary.deepest = p->deepest;
    summary.turns = p->turns;
    summary.kills = p->kills;
    summary.level = p->level;
    summary.discoveries.clear();
    for (std::size_t k = 0; k < world.Definitions().items.size(); ++k) {
      const ItemDefinition& kind = world.Definitions().items[k];
      if (!kind.unidentified.empty() && KindKnown(*p, static_cast<std::uint16_t>(k)))
        summary.discoveries.push_back(kind.name + " (" + kind.unidentified + ")");
    }
  }
  if (const Health* h = world.Healths().Find(found)) {
    summary.health = h->current;
    summary.max_health = h->max;
  }
  summary.tick = world.Tick();
  summary.items.clear();
  std::vector<EntityId> carried;
  CarriedItems(world, found, carried);
  for (EntityId item : carried)
    summary.items.push_back(std::string(1, world.Items().Find(item)->letter) + " - " +
                            ItemDisplayName(world, *world.Items().Find(item), nullptr));
}

RunSummary DeathSummary(const GameWorld& world, const DeathEvent& death, std::int32_t depth) {
  std::string cause;
  if (death.cause == DeathCause::Starvation) {
    cause = "starved to death";
  } else if (death.cause == DeathCause::Trap) {
    cause = "killed by caustic gas";
  } else {
    const MonsterDefinition* kind = MonsterOf(world, death.killer);
    const std::string killer = kind != nullptr ? kind->name : Name(world, death.killer);
    const bool breath = kind != nullptr && kind->profile == AiProfile::Breather;
    cause = (death.blow != AttackKind::Spell ? "killed by "
             : breath                        ? "burned by the breath of "
                                             : "slain by the magic of ") +
            WithArticle(killer);
  }
  RunSummary summary;
  FillSummary(world, summary);
  summary.ended = true;
  summary.how = cause;
  summary.starved = death.cause == DeathCause::Starvation;
  summary.cause = cause + " on depth " + std::to_string(depth);
  const WhyAnswer why = AskWhy(world, death.entity, kDeathWhyLinks);
  for (const TraceEntry& link : why.chain)
    summary.why.push_back(WhyLink(link, world.Definitions()));
  summary.why_left_out = why.left_out;
  return summary;
}

namespace {

// DCSS's low hit point warning: once, as this tick's blows take the player's health from above a
// third of its most to a third or less (stateless: read from the tick's own attacks).
void WarnOfLowHealth(const GameWorld& world, RunLog& log) {
  const EntityId player = world.PlayerEntity();
  const Health* health = world.Healths().Find(player);
  if (health == nullptr || health->current <= 0) return;
  std::int64_t taken = 0;
  for (const AttackEvent& attack : world.Attacks().Events())
    if (attack.target == player && attack.hit) taken += attack.damage;
  const std::int64_t line = health->max / 3;
  if (taken > 0 && health->current <= line && health->current + taken > line)
    log.Say("Your health is low! (" + std::to_string(health->current) + " of " +
                std::to_string(health->max) + ")",
            MessageTone::Danger);
}

// The player's death is told once, as the run's end; a monster's is told by the blow that killed
// it. Returns whether it was the player's.
bool TellDeath(const GameWorld& world, const DeathEvent& death, bool run_ended, RunLog& log) {
  if (!world.Players().Contains(death.entity) && death.cause == DeathCause::Trap) {
    log.Say("The " + std::string(death.name.View().empty() ? "something" : death.name.View()) +
            " is killed by the trap.");
    return false;
  }
  if (!world.Players().Contains(death.entity) || run_ended) return false;
  if (death.cause == DeathCause::Starvation) log.Say("You starve to death...", MessageTone::Danger);
  return true;
}

void TellAttack(const GameWorld& world, const AttackEvent& a, RunLog& log) {
  const bool by_player = world.Players().Contains(a.attacker);
  const bool on_player = world.Players().Contains(a.target);
  const std::string target = TheName(world, a.target);  // "the goblin", "your jackal"
  const std::string attacker = Capitalised(TheName(world, a.attacker));
  std::string text;
  switch (a.kind) {
    case AttackKind::Melee:
      if (by_player)
        text = a.hit ? "You hit " + target + Amount(a) + "." : "You miss " + target + ".";
      else if (on_player)
        text = a.hit ? attacker + " hits you" + Amount(a) + "." : attacker + " misses you.";
      else
        text = attacker + (a.hit ? " hits " : " misses ") + target + ".";
      break;
    case AttackKind::Thrown:
    case AttackKind::Wand:
      text = Capitalised(Missile(world, a)) + (a.hit ? " hits " : " misses ") +
             (on_player ? std::string("you") : target) + (a.hit ? Amount(a) : "") + ".";
      break;
    case AttackKind::Missile:
    case AttackKind::Spell: {
      const MonsterDefinition* kind = MonsterOf(world, a.attacker);
      // A breath was told as it was breathed (Breathed): each one on its line is told apart.
      if (kind != nullptr && kind->profile == AiProfile::Breather) {
        text = std::string("The blast ") + (a.hit ? "hits " : "misses ") +
               (on_player ? std::string("you") : target) + (a.hit ? Amount(a) : "") + ".";
        break;
      }
      const std::string verb =
          kind != nullptr && !kind->ranged_verb.empty() ? kind->ranged_verb : "shoots at";
      text = attacker + " " + verb + " " + (on_player ? std::string("you") : target) +
             (a.hit ? " and hits" + Amount(a) + "." : " and misses.");
      break;
    }
  }
  if (a.killed) text += on_player ? " You die..." : " " + Capitalised(target) + " dies.";
  log.Say(std::move(text), a.killed && on_player ? MessageTone::Danger : MessageTone::Plain);
}

// What the player did with the pack, the stairs or the quiver: told only when the player did it.
void TellOwnAction(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  const auto say = [&](std::string text) { log.Say(std::move(text)); };
  switch (n.kind) {
    case NoticeKind::PickedUp: {
      const Item* carried = world.Items().Find(n.object);
      const char letter = carried != nullptr ? carried->letter : '?';
      say(std::string(1, letter) + " - " + DescribeItem(world, n.object) + ".");
      if (carried != nullptr && carried->kind < world.Definitions().items.size() &&
          world.Definitions().items[carried->kind].id == "cairnstone")
        NoteForPlayer(world, log, "Found the Cairnstone.");
      break;
    }
    case NoticeKind::InventoryFull: say("Your pack is full."); break;
    case NoticeKind::NothingHere: say("There is nothing here to pick up."); break;
    case NoticeKind::NoStairs: say("There are no stairs here."); break;
    case NoticeKind::Dropped: say("You drop " + DescribeItem(world, n.object) + "."); break;
    case NoticeKind::Equipped:
    case NoticeKind::Unequipped: {
      const Item* it = world.Items().Find(n.object);
      const bool weapon =
          it != nullptr && world.Definitions().items[it->kind].category == ItemCategory::Weapon;
      Item plain = it != nullptr ? *it : Item{};
      plain.equipped = 0;
      const std::string name = ItemDisplayName(world, plain, world.Players().Find(n.subject));
      if (n.kind == NoticeKind::Unequipped)
        say(std::string(weapon ? "You put away " : "You take off ") + name + ".");
      else
        say(std::string(weapon ? "You are now wielding " : "You are now wearing ") + name + "." +
            (it != nullptr && world.Definitions().items[it->kind].noise > 0
                 ? " It clanks with every step."
                 : ""));
      break;
    }
    case NoticeKind::Landed:
      say(Capitalised(
              Missile(world, AttackEvent{n.subject, {}, 0, 0, 0, AttackKind::Thrown, n.object})) +
          " lands.");
      break;
    case NoticeKind::Quivered:
      // value: 0 chosen (or the quiver was empty), -1 chosen again, else 1 + the kind no longer
      // carried.
      if (const Item* missile = world.Items().Find(n.object); missile != nullptr && n.value < 0)
        say("Your quiver already holds " + KindPlural(world, missile->kind) + ".");
      else if (missile != nullptr)
        say((n.value > 0
                 ? "You have no " + KindPlural(world, static_cast<std::uint16_t>(n.value - 1)) +
                       " left, so you fill your quiver with "
                 : std::string("You fill your quiver with ")) +
            KindPlural(world, missile->kind) + ".");
      break;
    case NoticeKind::AutoPickupToggled:
      say(n.value != 0 ? "Autopickup is now on." : "Autopickup is now off.");
      break;
    default: break;  // TellNotice sends only the kinds above
  }
}

// What using an item did: drinking, reading, eating, zapping and their effects.
void TellItemUse(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  const auto say = [&](std::string text, MessageTone tone = MessageTone::Plain) {
    log.Say(std::move(text), tone);
  };
  switch (n.kind) {
    case NoticeKind::Drank:
      say("You drink " + Used(world, n));
      NoteLearnedByUse(world, n, "Drank", log);
      break;
    case NoticeKind::Read:
      say("You read " + Used(world, n));
      NoteLearnedByUse(world, n, "Read", log);
      break;
    case NoticeKind::Ate: say("You eat " + One(world, n.object) + ". That hit the spot."); break;
    case NoticeKind::Zapped:
      say("You zap " + Used(world, n));
      NoteLearnedByUse(world, n, "Zapped", log);
      break;
    case NoticeKind::Healed: say("You feel better."); break;
    case NoticeKind::Invigorated:
      say("You feel vigorous! (+" + std::to_string(n.value) + " max hit points)",
          MessageTone::Good);
      break;
    case NoticeKind::Hasted: say("You feel yourself speed up."); break;
    case NoticeKind::HasteEnded: say("You feel yourself slow down."); break;
    case NoticeKind::Slowed: say(Capitalised(TheName(world, n.subject)) + " slows down."); break;
    case NoticeKind::Teleported: say("You feel yourself yanked elsewhere!"); break;
    case NoticeKind::Mapped: say("A map of this floor forms in your mind."); break;
    case NoticeKind::Enchanted: {
      Item plain = *world.Items().Find(n.object);
      plain.equipped = 0;  // "your +2 dagger glows", not "your +2 dagger (wielded) glows"
      say("Your " + ItemDisplayName(world, plain, world.Players().Find(n.subject), false) +
          " glows blue for a moment.");
      break;
    }
    case NoticeKind::NothingToEnchant: say("Your hands tingle, then the feeling fades."); break;
    case NoticeKind::Identified:
      say(n.value > 0 ? "You know more about what you carry." : "You learn nothing new.");
      break;
    case NoticeKind::NoCharges: say("Nothing happens: the wand is spent."); break;
    default: break;  // TellNotice sends only the kinds above
  }
}

// What a monster did that is not a blow: noticing, fleeing, stealing, splitting.
void TellMonsterDeed(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  switch (n.kind) {
    case NoticeKind::Woke:
      if (const MonsterDefinition* kind = MonsterOf(world, n.subject);
          kind != nullptr && kind->profile == AiProfile::Lurker)
        log.Say(Capitalised(WithArticle(Name(world, n.subject))) + " springs from hiding!",
                MessageTone::Warning);
      else if (world.Registry().IsActive(n.subject))
        log.Say("The " + Name(world, n.subject) + " notices you!");
      break;
    case NoticeKind::Fled: log.Say("The " + Name(world, n.subject) + " flees!"); break;
    case NoticeKind::Stole:
      log.Say("The " + Name(world, n.subject) + " snatches " + DescribeItem(world, n.object) +
                  " and runs!",
              MessageTone::Warning);
      break;
    case NoticeKind::Split: log.Say("The " + Name(world, n.subject) + " splits in two!"); break;
    case NoticeKind::Missed:
      if (world.Ais().Contains(n.subject))
        log.Say("The " + Name(world, n.subject) + " grabs at your pack and misses.",
                MessageTone::Warning);
      else
        log.Say("The bolt flies wide.");
      break;
    default: break;  // TellNotice sends only the kinds above
  }
}

// How the character's body fares: hunger and experience.
void TellCondition(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  switch (n.kind) {
    case NoticeKind::Hungry: log.Say("You are getting hungry.", MessageTone::Warning); break;
    case NoticeKind::Weak: log.Say("You are weak with hunger!", MessageTone::Warning); break;
    case NoticeKind::Starving:
      log.Say("You are starving! Eat something, now.", MessageTone::Danger);
      break;
    case NoticeKind::LevelUp:
      log.Say("Welcome to experience level " + std::to_string(n.value) + "! You feel more able.",
              MessageTone::Good);
      NoteForPlayer(world, log, "Reached experience level " + std::to_string(n.value) + ".");
      break;
    default: break;  // TellNotice sends only the kinds above
  }
}

// What the player's allies do at the player's word.
void TellAllies(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  if (n.kind == NoticeKind::Freed) {
    log.Say(
        "You strike off the " + Name(world, n.object) + "'s shackles. It will fight at your side.",
        MessageTone::Good);
    NoteForPlayer(world, log, "Freed " + WithArticle(Name(world, n.object)) + ".");
    return;
  }
  std::size_t allies = 0;
  for (const Ally& ally : world.Allies().Values()) allies += ally.shackled == 0 ? 1 : 0;
  const std::string whom = allies == 1 ? "your ally" : "your allies";
  log.Say(n.value != 0 ? "You tell " + whom + " to wait here."
                       : "You tell " + whom + " to follow you.");
}

// A machine part set off (game/machines.h): by the player, or by anyone the player sees.
void TellMachine(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  const bool by_player = world.Players().Contains(n.subject);
  const std::string who = by_player ? "you" : "the " + Name(world, n.subject);
  if (n.kind == NoticeKind::Caged) {
    if (by_player) log.Say("A cage has closed over " + DescribeItem(world, n.object) + ".");
    return;
  }
  // The story keeps what the player set off (a spent lever sets off nothing).
  using M = MachineOutcome;
  const auto outcome = static_cast<MachineOutcome>(n.value);
  static constexpr std::pair<M, const char*> kStory[] = {
      {M::GateRaised, "a lever raised a portcullis."},
      {M::GateLowered, "a lever lowered a portcullis."},
      {M::TrapGas, "a plate vented caustic gas."},
      {M::TrapNet, "a plate dropped a net."},
      {M::TrapAlarm, "a plate rang an alarm."},
      {M::TrapCollapse, "a plate brought a bridge down."},
      {M::TrapSummon, "a circle summoned monsters."},
      {M::VaultClosed, "taking a treasure caged the rest."},
      {M::SecretFound, "a secret door, found by searching."}};
  if (by_player)
    for (const auto& [value, words] : kStory)
      if (value == outcome) NoteForPlayer(world, log, std::string(kMachineNote) + words);
  switch (outcome) {  // every outcome named: a new one without words is a warning (-Wswitch)
    case M::LeverSpent: log.Say("The lever will not move."); break;
    case M::GateRaised:
      log.Say("You pull the lever. With a grinding of chains, the portcullis rises.");
      break;
    case M::GateLowered: log.Say("You pull the lever. The portcullis slams down."); break;
    case M::GateHeld:
      log.Say("You pull the lever, but something stands under the portcullis.");
      break;
    case M::TrapGas: log.Say("Click! Caustic gas bursts from a vent!", MessageTone::Warning); break;
    case M::TrapNet:
      log.Say(Capitalised(who) + " stepped on a plate: a net drops over " +
                  (by_player ? std::string("you") : "it") + "!",
              MessageTone::Warning);
      break;
    case M::TrapAlarm:
      log.Say("Click! An alarm bell clangs through the floor. Everything here is awake now.",
              MessageTone::Warning);
      break;
    case M::TrapCollapse:
      log.Say("Click! With a roar, the bridge behind you falls into the chasm.",
              MessageTone::Warning);
      break;
    case M::TrapSummon:
      log.Say("Click! The runes of a circle flare, and something answers their call!",
              MessageTone::Warning);
      break;
    case M::VaultClosed:
      log.Say("As you lift it, cages slam shut over the other treasures.");
      break;
    case M::SecretFound: log.Say("You find a secret door!", MessageTone::Good); break;
  }
}

// What the deep edition's wands, scrolls and staffs did.
void TellMagic(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  const auto say = [&](std::string text, MessageTone tone = MessageTone::Plain) {
    log.Say(std::move(text), tone);
  };
  switch (n.kind) {
    case NoticeKind::Banished: say("The " + Name(world, n.subject) + " vanishes!"); break;
    case NoticeKind::Dominated:
      if (n.value != 0)
        say("The " + Name(world, n.subject) + " bows to your will: it fights at your side now.",
            MessageTone::Good);
      else
        say("The " + Name(world, n.subject) + " resists your will.");
      break;
    case NoticeKind::Recharged:
      say(n.value > 0 ? "Your wands and staffs hum with power."
                      : "You feel a faint hum, and it passes.");
      break;
    case NoticeKind::Aggravated:
      say("A piercing shriek echoes through the floor!", MessageTone::Warning);
      break;
    case NoticeKind::Charged:
      if (world.Players().Contains(n.subject))
        say("Your " + One(world, n.object).substr(One(world, n.object).find(' ') + 1) +
            " hums: a charge has come back.");
      break;
    default: break;  // TellNotice sends only the kinds above
  }
}

// What a monster did with its special: a call, a breath, a blink.
void TellMonsterSpecial(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  switch (n.kind) {
    case NoticeKind::Summoned: {
      if (world.Players().Contains(n.subject)) {
        log.Say(n.value > 0 ? "Monsters appear around you!" : "You hear a distant howl.",
                n.value > 0 ? MessageTone::Warning : MessageTone::Plain);
        break;
      }
      const MonsterDefinition* kind = MonsterOf(world, n.subject);
      const MonsterDefinition* called =
          kind != nullptr && kind->summons_index < world.Definitions().monsters.size()
              ? &world.Definitions().monsters[kind->summons_index]
              : nullptr;
      log.Say("The " + Name(world, n.subject) + " calls " +
                  (called == nullptr ? std::string("for help")
                   : n.value == 1    ? WithArticle(called->name)
                                     : std::to_string(n.value) + " " + called->name + "s") +
                  "!",
              MessageTone::Warning);
      break;
    }
    case NoticeKind::Breathed: {
      const MonsterDefinition* kind = MonsterOf(world, n.subject);
      log.Say(
          Capitalised(TheName(world, n.subject)) + " " +
              (kind != nullptr && !kind->ranged_verb.empty() ? kind->ranged_verb : "breathes at") +
              " " +
              (world.Players().Contains(n.object) ? std::string("you") : TheName(world, n.object)) +
              "!",
          MessageTone::Warning);
      break;
    }
    case NoticeKind::Blinked:
      log.Say("The " + Name(world, n.subject) + " blinks " +
              (world.Players().Contains(n.object) ? std::string("to your side!")
                                                  : "beside the " + Name(world, n.object) + "!"));
      break;
    default: break;  // TellNotice sends only the kinds above
  }
}

// Every kind is named here, so a new kind without words is a compiler warning (-Wswitch).
void TellNotice(const GameWorld& world, const NoticeEvent& n, RunLog& log) {
  switch (n.kind) {
    case NoticeKind::PickedUp:
    case NoticeKind::InventoryFull:
    case NoticeKind::NothingHere:
    case NoticeKind::NoStairs:
    case NoticeKind::Dropped:
    case NoticeKind::Equipped:
    case NoticeKind::Unequipped:
    case NoticeKind::Landed:
    case NoticeKind::Quivered:
    case NoticeKind::AutoPickupToggled:
      if (world.Players().Contains(n.subject)) TellOwnAction(world, n, log);
      break;
    case NoticeKind::Drank:
    case NoticeKind::Read:
    case NoticeKind::Ate:
    case NoticeKind::Zapped:
    case NoticeKind::Healed:
    case NoticeKind::Invigorated:
    case NoticeKind::Hasted:
    case NoticeKind::HasteEnded:
    case NoticeKind::Slowed:
    case NoticeKind::Teleported:
    case NoticeKind::Mapped:
    case NoticeKind::Enchanted:
    case NoticeKind::NothingToEnchant:
    case NoticeKind::Identified:
    case NoticeKind::NoCharges: TellItemUse(world, n, log); break;
    case NoticeKind::Woke:
    case NoticeKind::Fled:
    case NoticeKind::Stole:
    case NoticeKind::Split:
    case NoticeKind::Missed: TellMonsterDeed(world, n, log); break;
    case NoticeKind::Hungry:
    case NoticeKind::Weak:
    case NoticeKind::Starving:
    case NoticeKind::LevelUp: TellCondition(world, n, log); break;
    case NoticeKind::Descended:
    case NoticeKind::Ascended: break;  // the session tells of the floor reached
    case NoticeKind::Blocked: break;
    case NoticeKind::Freed:
    case NoticeKind::Ordered: TellAllies(world, n, log); break;
    case NoticeKind::Caged:
    case NoticeKind::Triggered: TellMachine(world, n, log); break;
    case NoticeKind::Banished:
    case NoticeKind::Dominated:
    case NoticeKind::Recharged:
    case NoticeKind::Aggravated:
    case NoticeKind::Charged: TellMagic(world, n, log); break;
    case NoticeKind::Summoned:
    case NoticeKind::Breathed:
    case NoticeKind::Blinked: TellMonsterSpecial(world, n, log); break;
  }
}

}  // namespace

void TellWhatLiesHere(const GameWorld& world, Position at, RunLog& log) {
  const Player* player = world.Players().Find(world.PlayerEntity());
  std::vector<std::string> names;
  // By the items (fewer than the things that have a place), oldest kept first.
  const std::span<const Item> items = world.Items().Values();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Position* where = world.Positions().Find(world.Items().Owners()[i]);
    if (where != nullptr && where->x == at.x && where->y == at.y)
      names.push_back(ItemDisplayName(world, items[i], player));
  }
  if (names.empty()) return;
  std::string text = "You see here ";
  if (names.size() > 1) text += std::to_string(names.size()) + " items: ";
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  log.Mention(text + ".");
}

void Narrate(const GameWorld& world, bool run_ended, RunLog& log) {
  // Causes before effects: the three queues are told as one, in the order Emit numbered them.
  const auto attacks = world.Attacks().Events();
  const auto notices = world.Notices().Events();
  const auto deaths = world.Deaths().Events();
  std::size_t a = 0, n = 0, d = 0;
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  while (a < attacks.size() || n < notices.size() || d < deaths.size()) {
    const std::uint32_t next_attack = a < attacks.size() ? attacks[a].order : kNone;
    const std::uint32_t next_notice = n < notices.size() ? notices[n].order : kNone;
    const std::uint32_t next_death = d < deaths.size() ? deaths[d].order : kNone;
    if (next_attack <= next_notice && next_attack <= next_death)
      TellAttack(world, attacks[a++], log);
    else if (next_notice <= next_death)
      TellNotice(world, notices[n++], log);
    else
      run_ended = TellDeath(world, deaths[d++], run_ended, log) || run_ended;
  }
  WarnOfLowHealth(world, log);
}

}  // namespace cairn
