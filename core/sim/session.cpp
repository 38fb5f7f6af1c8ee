#include "sim/session.h"

#include <algorithm>

#include "game/pathing.h"

namespace cairn {

// Writes the message log from the tick's events, before the commit removes the dead.
class GameSession::Narrator final : public TickObserver {
 public:
  explicit Narrator(GameSession& session) : session_(session) {}

  void BeforeCommit(const GameWorld& world) override {
    for (const AttackEvent& attack : world.Attacks().Events()) {
      const bool by_player = world.Players().Contains(attack.attacker);
      const bool on_player = world.Players().Contains(attack.target);
      const std::string attacker = Name(world, attack.attacker);
      const std::string target = Name(world, attack.target);
      std::string text;
      if (by_player) {
        text = attack.hit ? "You hit the " + target + " (" + std::to_string(attack.damage) + ")."
                          : "You miss the " + target + ".";
        if (attack.killed) text += " The " + target + " dies.";
      } else if (on_player) {
        text = attack.hit ? "The " + attacker + " hits you (" + std::to_string(attack.damage) + ")."
                          : "The " + attacker + " misses you.";
        if (attack.killed) text += " You die...";
      } else {
        text = "The " + attacker + (attack.hit ? " hits the " : " misses the ") + target + ".";
      }
      session_.Say(std::move(text));
    }
    for (const NoticeEvent& notice : world.Notices().Events()) {
      const bool player = world.Players().Contains(notice.subject);
      switch (notice.kind) {
        case NoticeKind::PickedUp:
          session_.Say("You pick up the " + Name(world, notice.object) + ".");
          break;
        case NoticeKind::InventoryFull:
          if (player) session_.Say("Your pack is full.");
          break;
        case NoticeKind::NothingHere:
          if (player) session_.Say("There is nothing here to pick up.");
          break;
        case NoticeKind::Descended: session_.Say("You descend the stairs."); break;
        case NoticeKind::Ascended: session_.Say("You climb the stairs."); break;
        case NoticeKind::NoStairs:
          if (player) session_.Say("There are no stairs here.");
          break;
        case NoticeKind::Woke:
          if (world.Registry().IsActive(notice.subject))
            session_.Say("The " + Name(world, notice.subject) + " notices you!");
          break;
        case NoticeKind::Fled:
          session_.Say("The " + Name(world, notice.subject) + " flees!");
          break;
        case NoticeKind::Blocked: break;
      }
    }
  }

 private:
  static std::string Name(const GameWorld& world, EntityId id) {
    const Named* named = world.Names().Find(id);
    return named != nullptr && !named->name.View().empty() ? std::string(named->name.View())
                                                            : std::string("something");
  }
  GameSession& session_;
};

GameSession::~GameSession() = default;

Status GameSession::TryCreate(const SessionConfig& config, std::unique_ptr<GameSession>& out) {
  std::unique_ptr<GameSession> session(new (std::nothrow) GameSession());
  if (!session) return Status::AllocationFailed;
  if (!config.level || !config.definitions) return Status::InvalidArgument;
  session->config_ = config;
  session->level_ = config.level;
  if (Status s = session->BuildFresh(session->world_, session->scratch_, session->preserved_);
      s != Status::Ok)
    return s;
  session->narrator_ = std::make_unique<Narrator>(*session);
  session->Say("Welcome to cairn. Find the stairs down (>).");
  out = std::move(session);
  return Status::Ok;
}

Status GameSession::BuildFresh(std::unique_ptr<GameWorld>& world,
                               std::unique_ptr<TickScratch>& scratch,
                               std::vector<PreservedEntry>& preserved) const {
  std::unique_ptr<GameWorld> fresh;
  std::vector<EntityId> created;
  if (Status s = BuildWorld(*level_, config_.limits, config_.definitions, config_.seed, fresh,
                            &created);
      s != Status::Ok)
    return s;
  std::vector<PreservedEntry> kept;
  for (std::size_t i = 0; i < created.size(); ++i)
    if (!level_->entities[i].preserved.empty())
      kept.push_back(PreservedEntry{created[i], &level_->entities[i].preserved});
  auto fresh_scratch = std::make_unique<TickScratch>();
  if (Status s = fresh_scratch->TryInitialize(fresh->Map().Width(), fresh->Map().Height(),
                                              config_.limits.entities);
      s != Status::Ok)
    return s;
  UpdatePlayerView(*fresh, *fresh_scratch);
  world = std::move(fresh);
  scratch = std::move(fresh_scratch);
  preserved = std::move(kept);
  return Status::Ok;
}

const std::vector<PreservedComponent>* GameSession::Preserved(EntityId id) const noexcept {
  if (!world_->Registry().IsAlive(id)) return nullptr;
  for (const PreservedEntry& entry : preserved_)
    if (entry.entity == id) return entry.components;
  return nullptr;
}

SessionState GameSession::State() const noexcept {
  if (world_->Fault().Active()) return SessionState::Faulted;
  if (world_->PlayerEntity().IsNull()) return SessionState::Dead;
  return SessionState::Playing;
}

void GameSession::Say(std::string text) {
  messages_.push_back(Message{world_ ? world_->Tick() : 0, std::move(text)});
  while (messages_.size() > kMessageHistory) messages_.pop_front();
}

void GameSession::AfterTick(const TickInput& input) {
  // Effects: age the old, then add this tick's deaths (captured as plain values).
  for (DeathEffect& effect : effects_) --effect.remaining;
  effects_.erase(std::remove_if(effects_.begin(), effects_.end(),
                                [](const DeathEffect& e) { return e.remaining <= 0; }),
                 effects_.end());
  for (const DeathEvent& death : world_->Deaths().Events()) {
    if (effects_.size() == kMaxEffects) effects_.erase(effects_.begin());
    effects_.push_back(DeathEffect{death.where, '%', '%', death.appearance.colour, kEffectTicks});
  }
  if (world_->Fault().Active()) {
    const SimulationFault& fault = world_->Fault();
    Say(std::string("Simulation fault at tick ") + std::to_string(fault.tick) + " (" +
        TickPhaseName(fault.phase) + "): " + fault.what + ". Press R to restart.");
  }
  if (listener_ != nullptr) listener_->AfterTick(*world_, input);
}

Status GameSession::StepTick(const TickInput& input) {
  if (world_->Fault().Active()) return world_->Fault().status;
  const Status status = RunTick(*world_, *scratch_, input, &timings_, narrator_.get());
  AfterTick(input);
  return status;
}

Status GameSession::RunTicks(std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) {
    if (State() != SessionState::Playing) break;
    if (Status s = StepTick(); s != Status::Ok) return s;
  }
  return world_->Fault().Active() ? world_->Fault().status : Status::Ok;
}

Status GameSession::Restart() {
  std::unique_ptr<GameWorld> world;
  std::unique_ptr<TickScratch> scratch;
  std::vector<PreservedEntry> preserved;
  if (Status s = BuildFresh(world, scratch, preserved); s != Status::Ok) return s;
  world_ = std::move(world);
  scratch_ = std::move(scratch);
  preserved_ = std::move(preserved);
  effects_.clear();
  ++restarts_;
  Say("The world is rebuilt (world " + std::to_string(world_->WorldId()) + ").");
  return Status::Ok;
}

Status GameSession::ReplaceLevel(std::shared_ptr<const LevelDefinition> level) {
  if (!level) return Status::InvalidArgument;
  std::shared_ptr<const LevelDefinition> previous = std::move(level_);
  level_ = level;
  std::unique_ptr<GameWorld> world;
  std::unique_ptr<TickScratch> scratch;
  std::vector<PreservedEntry> preserved;
  if (Status s = BuildFresh(world, scratch, preserved); s != Status::Ok) {
    level_ = std::move(previous);  // the running world and its level stay as they were
    return s;
  }
  world_ = std::move(world);
  scratch_ = std::move(scratch);
  preserved_ = std::move(preserved);
  effects_.clear();
  return Status::Ok;
}

bool GameSession::PlayerReady() const noexcept {
  const Player* player = world_->Players().Find(world_->PlayerEntity());
  return player != nullptr && world_->Tick() + 1 >= player->next_tick;
}

bool GameSession::Refuse(const PlayerCommand& command, std::string& why) const {
  const GameWorld& world = *world_;
  const EntityId player = world.PlayerEntity();
  const Position* at = world.Positions().Find(player);
  if (at == nullptr) {
    why = "You are dead.";
    return true;
  }
  switch (command.kind) {
    case PlayerCommandKind::Move: {
      const std::int32_t x = at->x + command.dx;
      const std::int32_t y = at->y + command.dy;
      if ((command.dx == 0 && command.dy == 0) || command.dx < -1 || command.dx > 1 ||
          command.dy < -1 || command.dy > 1) {
        why = "That is not a direction.";
        return true;
      }
      if (!world.Map().Passable(x, y)) {
        why = std::string("There is a ") + TerrainName(world.Map().At(x, y)) + " in the way.";
        return true;
      }
      return false;
    }
    case PlayerCommandKind::PickUp: {
      for (EntityId item : world.Items().Owners()) {
        const Position* p = world.Positions().Find(item);
        if (p != nullptr && p->x == at->x && p->y == at->y) return false;
      }
      why = "There is nothing here to pick up.";
      return true;
    }
    case PlayerCommandKind::Descend:
    case PlayerCommandKind::Ascend: {
      const std::int8_t wanted = command.kind == PlayerCommandKind::Descend ? 1 : -1;
      const auto owners = world.StairsPool().Owners();
      const auto stairs = world.StairsPool().Values();
      for (std::size_t i = 0; i < owners.size(); ++i) {
        const Position* p = world.Positions().Find(owners[i]);
        if (p != nullptr && p->x == at->x && p->y == at->y && stairs[i].direction == wanted)
          return false;
      }
      why = wanted > 0 ? "There are no stairs down here." : "There are no stairs up here.";
      return true;
    }
    case PlayerCommandKind::Wait: return false;
    case PlayerCommandKind::None:
      why = "Nothing to do.";
      return true;
  }
  return false;
}

Status GameSession::Submit(const PlayerCommand& command, std::string* refusal) {
  if (world_->Fault().Active()) return world_->Fault().status;
  if (State() != SessionState::Playing) return Status::InvalidOperation;
  std::string why;
  if (Refuse(command, why)) {
    Say(why);
    if (refusal != nullptr) *refusal = why;
    return Status::InvalidOperation;
  }
  // Let time pass until the player may act (a debug step may have left the player mid-action).
  while (!PlayerReady() && State() == SessionState::Playing)
    if (Status s = StepTick(); s != Status::Ok) return s;
  if (State() != SessionState::Playing) return Status::Ok;
  if (Status s = StepTick(TickInput{command}); s != Status::Ok) return s;
  while (!PlayerReady() && State() == SessionState::Playing)
    if (Status s = StepTick(); s != Status::Ok) return s;
  return Status::Ok;
}

}  // namespace cairn
