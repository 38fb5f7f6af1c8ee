// The controller's item prompts ("Drink what?") and aiming (throws and wands), as in NetHack and
// Brogue: an item key asks for a letter from a list of what fits, and a throw or zap then asks
// for a target with a cursor that starts on the nearest monster.
#include <algorithm>

#include "controller_modes.h"
#include "game/items.h"
#include "game/pathing.h"
#include "game/player_commands.h"
#include "view/describe.h"
#include "view/extract.h"

namespace cairn {
namespace {

struct PromptInfo {
  Action action;
  PlayerCommandKind kind;
  const char* question;
  const char* none;
};

constexpr PromptInfo kPrompts[] = {
    {Action::Drop, PlayerCommandKind::Drop, "Drop what?", "You carry nothing."},
    {Action::Use, PlayerCommandKind::Use, "Use what?", "You have nothing to use."},
    {Action::Quaff, PlayerCommandKind::Use, "Drink what?", "You have nothing to drink."},
    {Action::Read, PlayerCommandKind::Use, "Read what?", "You have nothing to read."},
    {Action::Eat, PlayerCommandKind::Use, "Eat what?", "You have nothing to eat."},
    {Action::Zap, PlayerCommandKind::Use, "Zap what?", "You have no wand."},
    {Action::Throw, PlayerCommandKind::Throw, "Throw what?", "You have nothing to throw."},
    {Action::Equip, PlayerCommandKind::Equip, "Wield or wear what?",
     "You have nothing to wield or wear."},
    {Action::Unequip, PlayerCommandKind::Unequip, "Take off what?",
     "You are not wearing anything."},
    {Action::Quiver, PlayerCommandKind::Quiver, "Fire what from now on?",
     "You have nothing to fire."},
};

const PromptInfo* InfoFor(Action action) {
  for (const PromptInfo& info : kPrompts)
    if (info.action == action) return &info;
  return nullptr;
}

bool Fits(Action action, ItemCategory category, bool equipped) {
  const bool gear = category == ItemCategory::Weapon || category == ItemCategory::Armour;
  switch (action) {
    case Action::Drop: return true;
    case Action::Use: return Usable(category) || gear;
    case Action::Quaff: return category == ItemCategory::Potion;
    case Action::Read: return category == ItemCategory::Scroll;
    case Action::Eat: return category == ItemCategory::Food;
    case Action::Zap: return Zapped(category);
    case Action::Throw: return !equipped;
    case Action::Equip: return gear && !equipped;
    case Action::Unequip: return equipped && category == ItemCategory::Armour;  // what is worn
    case Action::Quiver: return category == ItemCategory::Thrown && !equipped;
    default: return false;
  }
}

}  // namespace

void GameController::BeginItemPrompt(Action action) {
  const PromptInfo* info = InfoFor(action);
  if (info == nullptr || session_.State() != SessionState::Playing) return;
  RenderFrame frame;
  Extract(session_, ScreenExtraction(), frame);
  state_.choices.clear();
  for (const FrameItem& item : frame.inventory)
    if (Fits(action, item.category, item.equipped)) state_.choices.push_back(item.letter);
  if (state_.choices.empty()) {
    session_.Log().Say(info->none);
    return;
  }
  std::string letters;
  for (char c : state_.choices) letters += c;
  state_.prompt = std::string(info->question) + " [" + letters + "] (Escape cancels)";
  Push(std::make_unique<ItemPromptMode>(action));
}

void GameController::ItemPromptMode::Key(GameController& game, const std::string& key, Action) {
  const PromptInfo* info = InfoFor(action_);
  PresenterState& state = game.state_;
  if (key == "escape" || info == nullptr) return game.Pop();
  if (key.size() != 1 ||
      std::find(state.choices.begin(), state.choices.end(), key[0]) == state.choices.end()) {
    state.prompt = std::string(info->question) + " Choose one of the letters listed, or Escape.";
    return;
  }
  game.Pop();
  PlayerCommand command;
  command.kind = info->kind;
  command.letter = key[0];
  const GameWorld& world = game.session_.World();
  const Item* item = world.Items().Find(CarriedItem(world, world.PlayerEntity(), key[0]));
  const bool wand = item != nullptr && item->kind < world.Definitions().items.size() &&
                    Zapped(world.Definitions().items[item->kind].category);
  if (command.kind == PlayerCommandKind::Throw || (command.kind == PlayerCommandKind::Use && wand))
    return game.BeginTarget(command);
  game.Play(command);
}

void GameController::BeginTarget(const PlayerCommand& command) {
  const std::vector<Position> targets = ThingsInView(session_, false);
  if (targets.empty()) {
    session_.Log().Say("There is nothing in view to aim at.");
    return;
  }
  state_.target_x = targets.front().x;
  state_.target_y = targets.front().y;
  std::string verb = command.kind == PlayerCommandKind::Throw ? "throw" : "zap";
  std::string what = "";
  if (command.kind == PlayerCommandKind::Fire) {
    // DCSS: f aims at the nearest, and f again (or Enter) lets fly.
    const GameWorld& world = session_.World();
    const Item* missile = world.Items().Find(FireChoice(world, world.PlayerEntity()));
    verb = "fire";
    what = missile != nullptr ? " " + KindPlural(world, missile->kind) : "";
  }
  std::string prompt = verb;
  prompt[0] = static_cast<char>(prompt[0] - 'a' + 'A');
  // Short enough for 80 columns with any missile's name: the keys, not a sentence about them.
  state_.prompt = prompt + what + " at what? Tab: next monster, Enter" +
                  (command.kind == PlayerCommandKind::Fire ? " or f" : "") + ": " + verb +
                  ", Esc: cancel.";
  Push(std::make_unique<TargetMode>(command));
  UpdateTargetText();
}

void GameController::BeginFire() {
  if (session_.State() != SessionState::Playing) return;
  const GameWorld& world = session_.World();
  if (FireChoice(world, world.PlayerEntity()).IsNull()) {
    session_.Log().Say("You have nothing to fire.");  // no turn passes
    return;
  }
  BeginTarget(PlayerCommand{PlayerCommandKind::Fire});
}

void GameController::UpdateTargetText() {
  state_.target_text = CellWords(state_.target_x, state_.target_y);
}

void GameController::TargetMode::Key(GameController& game, const std::string& key, Action action) {
  PresenterState& state = game.state_;
  const PlayerCommand move = CommandForAction(action);
  if (key == "escape") return game.Pop();
  if (move.kind == PlayerCommandKind::Move) {
    const TileMap& map = game.session_.World().Map();
    state.target_x = std::clamp(state.target_x + move.dx, 0, map.Width() - 1);
    state.target_y = std::clamp(state.target_y + move.dy, 0, map.Height() - 1);
  } else if (key == "tab") {
    const std::vector<Position> targets = ThingsInView(game.session_, false);
    std::size_t next = 0;
    for (std::size_t i = 0; i < targets.size(); ++i)
      if (targets[i].x == state.target_x && targets[i].y == state.target_y)
        next = (i + 1) % targets.size();
    if (!targets.empty()) {
      state.target_x = targets[next].x;
      state.target_y = targets[next].y;
    }
  } else if (key == "enter" || key == "." || action == Action::Throw || action == Action::Zap ||
             action == Action::Fire) {
    return LetFly(game);
  }
  game.UpdateTargetText();
}

// A click moves the aim there; a second click on the same cell lets fly, as Enter does.
void GameController::TargetMode::Click(GameController& game, std::int32_t x, std::int32_t y, bool) {
  PresenterState& state = game.state_;
  if (state.target_x == x && state.target_y == y) return LetFly(game);
  state.target_x = x;
  state.target_y = y;
  game.UpdateTargetText();
}

void GameController::TargetMode::LetFly(GameController& game) {
  PlayerCommand command = aiming_;
  command.aimed = 1;
  command.tx = game.state_.target_x;
  command.ty = game.state_.target_y;
  game.Pop();  // `this` lives until the next key
  game.Play(command);
}

}  // namespace cairn
