#include "sim/session.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "dungeon/floor_generator.h"
#include "game/items.h"
#include "game/pathing.h"
#include "game/player_commands.h"
#include "game/state_hash.h"
#include "game/state_limits.h"
#include "identity/placement.h"
#include "sim/narrator.h"
#include "sim/rewind.h"

namespace cairn {

const char* SessionStateName(SessionState state) noexcept {
  switch (state) {
    case SessionState::Playing: return "playing";
    case SessionState::Dead: return "dead";
    case SessionState::Won: return "won";
    case SessionState::Faulted: return "faulted";
  }
  return "unknown";
}

std::string BuildFailureText(Status status) {
  std::string text = "cannot build the world: ";
  if (status == Status::AllocationFailed)
    return text + "not enough memory for the floor's grids and pools (" + StatusName(status) + ")";
  return text + StatusName(status);
}

GameSession::GameSession(const SessionConfig& config)
    : config_(config),
      // The log's clock is the active floor's (none while the first floor is being built).
      log_(
          [this]() -> std::int64_t {
            return floors_.empty() || !Active().world ? 0 : World().Tick();
          },
          config.max_effects) {}

GameSession::~GameSession() = default;

Status GameSession::Prepare(const SessionConfig& config, std::unique_ptr<GameSession>& out) {
  if (!config.definitions || (!config.level && !config.dungeon)) return Status::InvalidArgument;
  if (config.definitions->items.size() > static_cast<std::size_t>(kMaxItemKinds))
    return Status::InvalidArgument;
  if (config.dungeon &&
      (config.dungeon->floors < 1 || config.dungeon->floors > DungeonPlan::kMaxFloors))
    return Status::InvalidArgument;
  std::unique_ptr<GameSession> session(new (std::nothrow) GameSession(config));
  if (!session) return Status::AllocationFailed;
  session->rewind_.reset(new (std::nothrow) RewindBuffer(*session, config.rewind));
  if (!session->rewind_) return Status::AllocationFailed;
  session->definitions_ =
      std::make_shared<const DefinitionSet>(ShuffledAppearances(*config.definitions, config.seed));
  session->content_digest_ = DigestContent(config);
  out = std::move(session);
  return Status::Ok;
}

std::uint64_t GameSession::DigestContent(const SessionConfig& config) {
  Hasher content(0x436F6E74656E7401ull);  // "Content" 1
  content.Add(config.level ? config.level->digest : 0);
  content.Add(DigestDefinitions(*config.definitions));
  if (config.dungeon) {
    content.AddSigned(config.dungeon->floors);
    content.AddSigned(config.dungeon->width);
    content.AddSigned(config.dungeon->height);
    for (const SetPiece& piece : config.dungeon->set_pieces) {
      content.Add(piece.level ? piece.level->digest : 0);
      content.AddSigned(piece.min_depth);
      content.AddSigned(piece.max_depth);
      content.AddSigned(piece.chance);
    }
    // Machine templates make floors only under dungeon rules 3 on: a run made under older rules
    // (an older save or recording) digests as it always did, and still resumes and verifies.
    if (config.dungeon_rules >= 3)
      for (const SetPiece& machine : config.dungeon->machines) {
        content.Add(machine.level ? machine.level->digest : 0);
        content.AddSigned(machine.min_depth);
        content.AddSigned(machine.max_depth);
        content.AddSigned(machine.chance);
      }
  }
  return content.Value();
}

Status GameSession::Create(const SessionConfig& config, std::unique_ptr<GameSession>& out) {
  std::unique_ptr<GameSession> session;
  if (Status s = Prepare(config, session); s != Status::Ok) return s;
  std::vector<Floor> floors;
  if (Status s = session->BuildRun(config.level, floors); s != Status::Ok) return s;
  session->Publish(std::move(floors));
  if (session->FloorCount() > 1)
    session->log_.Say("Welcome to cairn. Bring the Cairnstone up from depth " +
                      std::to_string(session->FloorCount()) + ". (? for help)");
  else
    session->log_.Say("Welcome to cairn. (? for help)");
  out = std::move(session);
  return Status::Ok;
}

Status GameSession::BuildFloor(std::int32_t depth, std::shared_ptr<const LevelDefinition> level,
                               Floor& out) const {
  if (!level) {
    if (!config_.dungeon) return Status::InvalidArgument;
    auto generated = std::make_shared<LevelDefinition>();
    if (Status s = GenerateFloor(*config_.dungeon, *definitions_, config_.seed, depth, *generated,
                                 config_.dungeon_rules);
        s != Status::Ok)
      return s;
    level = std::move(generated);
  }
  std::unique_ptr<GameWorld> world;
  std::vector<EntityId> created;
  // An authored level's entities are scoped by this placement of it, not by its document.
  if (Status s = BuildWorld(*level, config_.limits.For(level->entities.size()), definitions_,
                            FloorWorldSeed(depth), world, &created,
                            PlacementInstance(config_.seed, depth, kFloorLevelPlacement));
      s != Status::Ok)
    return s;
  return FinishFloor(std::move(level), std::move(world), created, out);
}

std::uint64_t GameSession::FloorWorldSeed(std::int32_t depth) const noexcept {
  return depth == 1 ? config_.seed : FloorSeed(config_.seed, depth);
}

Status GameSession::FinishFloor(std::shared_ptr<const LevelDefinition> level,
                                std::unique_ptr<GameWorld> world,
                                const std::vector<EntityId>& created, Floor& out) const {
  std::vector<PreservedEntry> kept;
  for (std::size_t i = 0; i < created.size(); ++i)
    if (!level->entities[i].preserved.empty())
      kept.push_back(PreservedEntry{created[i], &level->entities[i].preserved});
  auto scratch = std::make_unique<TickScratch>();
  if (Status s = scratch->Initialize(world->Map().Width(), world->Map().Height(),
                                     world->Limits().entities);
      s != Status::Ok)
    return s;
  UpdatePlayerView(*world, *scratch);
  out.level = std::move(level);
  out.world = std::move(world);
  out.scratch = std::move(scratch);
  out.preserved = std::move(kept);
  return Status::Ok;
}

Status GameSession::BuildRun(std::shared_ptr<const LevelDefinition> first,
                             std::vector<Floor>& out) const {
  const std::size_t count = config_.dungeon ? static_cast<std::size_t>(config_.dungeon->floors) : 1;
  std::vector<Floor> floors(count);
  if (Status s = BuildFloor(1, std::move(first), floors[0]); s != Status::Ok) return s;
  // The new player's autopickup rule is the run's (a level's own player may lack the component).
  GameWorld& world = *floors[0].world;
  const EntityId player = world.PlayerEntity();
  if (AutoPickup* rule = world.MutableAutoPickups().Find(player)) {
    *rule = config_.autopickup;
  } else if (!player.IsNull()) {
    std::optional<StructuralScope> scope;
    if (Status s = world.OpenStructural(WorldPhase::Construction, scope); s != Status::Ok) return s;
    if (Status s = world.AddComponent(*scope, player, config_.autopickup); s != Status::Ok)
      return s;
  }
  UpdatePlayerView(world, *floors[0].scratch);  // what is remembered as wanted follows the rule
  out = std::move(floors);
  return Status::Ok;
}

void GameSession::Publish(std::vector<Floor> floors) {
  phased_.reset();  // a tick under way goes with the world it ran in
  floors_ = std::move(floors);
  for (Floor& floor : floors_)
    if (floor.world) floor.world->SetTraceCapture(trace_capture_);
  active_ = 0;
  log_.NewRun();
  summary_ = RunSummary{};
  remains_ = Remains{};
  rewind_->Reset();  // a new run: nothing of the old one can be stepped back to
}

const GameWorld* GameSession::FloorWorld(std::int32_t depth) const noexcept {
  if (depth < 1 || depth > FloorCount()) return nullptr;
  return floors_[static_cast<std::size_t>(depth - 1)].world.get();
}

StateDigest GameSession::Digest(DigestForm form) const {
  // One floor: exactly its world's digest, so a one-floor game hashes as its world does.
  if (floors_.size() == 1) return DigestState(World(), form);
  Hasher total(0x52756E0000000001ull);  // "Run" 1
  total.AddSigned(active_);
  Hasher registry(PartKey("registry")), map(PartKey("map")), random(PartKey("random"));
  std::array<Hasher, kComponentKindCount> pools;
  std::array<bool, kComponentKindCount> present{};
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    pools[k] = Hasher(PartKey(kComponentKindNames[k]));
  for (const Floor& floor : floors_) {
    if (!floor.world) {
      total.Add(0);
      for (Hasher* h : {&registry, &map, &random}) h->Add(0);
      for (Hasher& h : pools) h.Add(0);
      continue;
    }
    const StateDigest d = DigestState(*floor.world, form);
    total.Add(d.total);
    registry.Add(d.registry);
    map.Add(d.map);
    random.Add(d.random);
    for (std::size_t k = 0; k < kComponentKindCount; ++k) {
      pools[k].Add(d.pools[k]);
      present[k] = present[k] || d.pools[k] != 0;
    }
  }
  StateDigest run;
  run.total = total.Value();
  run.registry = registry.Value();
  run.map = map.Value();
  run.random = random.Value();
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    run.pools[k] = present[k] || !form.IsNamed() ? pools[k].Value() : 0;
  return run;
}

const std::vector<PreservedComponent>* GameSession::Preserved(EntityId id) const noexcept {
  if (!World().Registry().IsAlive(id)) return nullptr;
  for (const PreservedEntry& entry : Active().preserved)
    if (entry.entity == id) return entry.components;
  return nullptr;
}

SessionState GameSession::State() const noexcept {
  if (World().Fault().Active()) return SessionState::Faulted;
  if (summary_.won) return SessionState::Won;
  if (World().PlayerEntity().IsNull()) return SessionState::Dead;
  return SessionState::Playing;
}

void GameSession::EndRun(bool won, std::string cause) {
  RunSummary summary;
  FillSummary(World(), summary);
  summary.ended = true;
  summary.won = won;
  summary.cause = std::move(cause);
  if (won) log_.AddNote(summary.turns, summary.depth, "Escaped the dungeon with the Cairnstone.");
  summary_ = std::move(summary);
}

void GameSession::AfterTick(const TickInput& input) {
  log_.ShowDeaths(World().Deaths().Events());
  // The log's count is saved too (game/state_limits.h); it cannot wrap, but it can pass what a
  // save holds, and then the run stops as at any other cap.
  if (log_.MessageCount() > kMaxMessagesSaid)
    World().SetFault(Status::CapacityExceeded,
                     "the message count reached the largest a save can hold");
  if (World().Fault().Active()) {
    const SimulationFault& fault = World().Fault();
    log_.Say(std::string("Simulation fault at tick ") + std::to_string(fault.tick) + " (" +
             TickPhaseName(fault.phase) + "): " + fault.what + ". Press R to restart.");
  } else {
    FollowStairs();
    if (input.command.kind != PlayerCommandKind::None)
      TellArrivalPlace();  // only the player moves it
  }
  // A step back re-runs ticks the listener was told about already.
  if (listener_ != nullptr && !rewind_->Replaying()) listener_->AfterTick(World(), input);
}

void GameSession::TellArrivalPlace() {
  // Read through the const world: writable access to a pool between ticks marks what is derived
  // from it stale (the occupancy grid, rebuilt whole before the next tick).
  const GameWorld& world = World();
  const Position* at = world.Positions().Find(world.PlayerEntity());
  if (at == nullptr || State() != SessionState::Playing) return;
  if (at->x == last_place_.x && at->y == last_place_.y && Depth() == last_place_depth_) return;
  last_place_ = *at;
  last_place_depth_ = Depth();
  TellWhatLiesHere(world, *at, log_);
}

void GameSession::BeforeCommit(const GameWorld& world) {
  const bool ended = summary_.ended;  // a won run's player may still die under debug steps
  Narrate(world, ended, log_);
  if (ended) return;
  for (const DeathEvent& death : world.Deaths().Events()) {
    if (!world.Players().Contains(death.entity)) continue;
    summary_ = DeathSummary(world, death, Depth());
    if (!summary_.how.empty()) {
      std::string note = summary_.how + ".";
      note[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(note[0])));
      log_.AddNote(summary_.turns, Depth(), std::move(note));
    }
    remains_ = Remains{death.entity, world.CaptureEntity(death.entity)};
    return;
  }
}

Status GameSession::StepTick(const TickInput& input) {
  if (phased_.has_value()) return FinishTick();  // the tick under way is this one
  if (World().Fault().Active()) return World().Fault().status;
  if (Status s = BeginTick(input); s != Status::Ok || !phased_.has_value()) return s;
  return FinishTick();
}

Status GameSession::StepPhase(const TickInput& input, TickPhase& ran) {
  if (!phased_.has_value()) {
    if (World().Fault().Active()) return World().Fault().status;
    if (Status s = BeginTick(input); s != Status::Ok || !phased_.has_value()) return s;
  }
  ran = phased_->Next();
  const Status status = phased_->RunNext();
  return phased_->Finished() ? EndTick(status) : status;
}

Status GameSession::FinishTick() {
  if (!phased_.has_value()) return Status::Ok;
  return EndTick(phased_->Finished() ? Status::Ok : phased_->RunRest());
}

void GameSession::SetTraceCapture(bool on) noexcept {
  trace_capture_ = on;
  for (Floor& floor : floors_)
    if (floor.world) floor.world->SetTraceCapture(on);
}

Status GameSession::BeginTick(const TickInput& input) {
  World().SetTraceCapture(trace_capture_);  // a floor built since the setting changed
  rewind_->BeforeTick(input);
  if (!timings_shown_) timings_ = PhaseTimings{};
  phased_input_ = input;
  phased_.emplace(World(), Scratch(), phased_input_, timings_shown_ ? &timings_ : nullptr,
                  static_cast<TickObserver*>(this));
  if (Status s = phased_->Start(); s != Status::Ok) return EndTick(s);
  return Status::Ok;
}

Status GameSession::EndTick(Status status) {
  phased_.reset();
  AfterTick(phased_input_);
  rewind_->AfterTick();
  // (AfterTick may stop the run too: a cap of the session's own)
  return status == Status::Ok && World().Fault().Active() ? World().Fault().status : status;
}

Status GameSession::RunTicks(std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) {
    if (State() != SessionState::Playing) break;
    if (Status s = StepTick(); s != Status::Ok) return s;
  }
  return World().Fault().Active() ? World().Fault().status : Status::Ok;
}

Status GameSession::Restart() {
  std::vector<Floor> floors;
  if (Status s = BuildRun(config_.level, floors); s != Status::Ok) return s;
  Publish(std::move(floors));
  ++restarts_;
  // The player hears of a new run; the new world's id is the debug pane's (its registry line).
  log_.Say("A new run begins (seed " + std::to_string(config_.seed) + ").");
  return Status::Ok;
}

Status GameSession::ReplaceLevel(std::shared_ptr<const LevelDefinition> level) {
  if (!level) return Status::InvalidArgument;
  std::vector<Floor> floors;
  if (Status s = BuildRun(level, floors); s != Status::Ok) return s;  // the running game stays
  config_.level = std::move(level);
  Publish(std::move(floors));
  return Status::Ok;
}

Status GameSession::StepBack(std::uint64_t ticks, std::string& why) {
  if (!step_back_off_.empty()) {
    why = "stepping back is off: " + step_back_off_;
    return Status::InvalidOperation;
  }
  // From inside a tick, the tick under way counts as one: it is finished, then stepped over.
  if (ticks > 0) (void)FinishTick();
  return rewind_->StepBack(ticks, why);
}

Status GameSession::StepBackTurn(std::string& why) {
  if (!step_back_off_.empty()) {
    why = "stepping back is off: " + step_back_off_;
    return Status::InvalidOperation;
  }
  (void)FinishTick();
  return rewind_->StepBackTurn(why);
}

void GameSession::NoteEdit() noexcept {
  rewind_->NoteEdit();
}

bool GameSession::PlayerReady() const noexcept {
  const Player* player = World().Players().Find(World().PlayerEntity());
  return player != nullptr && World().Tick() + 1 >= player->next_tick;
}

bool GameSession::Refuse(const PlayerCommand& command, Refusal& why) const {
  if (State() == SessionState::Won) {
    why = Refusal{RefusalKind::AlreadyEscaped, "You have already escaped."};
    return true;
  }
  Intent intent;
  if (!TranslatePlayerCommand(World(), Scratch().player_view, command, intent, why)) return true;
  if (command.kind == PlayerCommandKind::Descend && Depth() >= FloorCount()) {
    why = Refusal{RefusalKind::NoDeeper,
                  "The stairs are choked with rubble: this dungeon goes no deeper."};
    return true;
  }
  return false;
}

Status GameSession::Submit(const PlayerCommand& command) {
  Refusal refused;
  const Status status = SubmitWithRefusal(command, refused);
  if (refused.kind != RefusalKind::None) log_.Say(refused.words);
  return status;
}

Status GameSession::SubmitWithRefusal(const PlayerCommand& command, Refusal& refused) {
  refused = Refusal{};
  if (World().Fault().Active()) return World().Fault().status;
  // A command while a tick is stepped phase by phase: that tick ends first, as it would have.
  if (Status s = FinishTick(); s != Status::Ok) return s;
  if (State() != SessionState::Playing) return Status::InvalidOperation;
  if (Refuse(command, refused)) return Status::InvalidOperation;
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
