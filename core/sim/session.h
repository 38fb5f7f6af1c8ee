// GameSession: one run of the game. It owns the dungeon's floors (one GameWorld each, built the
// first time the player reaches them and kept while the run lasts), the tick driver (submit,
// step, run, pause, restart, step back), the run's end (its summary, the character as it died)
// and one RunLog (sim/run_log.h): the message log and death effects the worlds must not hold.
// The terminal game, `cairn sim`, `cairn bot`, the console and replays all drive the game
// through this one class, so they run the same ticks.
//
// Saving, restoring and duplicating are free functions over the session (sim/session_persist.h,
// sim/session_duplicate.h); they reach its floors through SessionAccess (sim/session_access.h),
// not through this interface.
//
// Only the floor the player is on runs; the others wait, frozen, and catch up to the run's clock
// when the player arrives (their monsters' timers have simply expired). Moving between floors
// is an explicit boundary: after the tick in which the player took the stairs, the player and
// everything carried leave one world and are created in the other, with new handles.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "dungeon/dungeon_plan.h"
#include "game/level.h"
#include "game/player_commands.h"
#include "game/state_hash.h"
#include "game/tick.h"
#include "game/tick_scratch.h"
#include "identity/uuid.h"
#include "sim/run_log.h"
#include "sim/run_outcome.h"
#include "sim/session_image.h"

namespace cairn {

class RewindBuffer;
struct SessionAccess;

// How far back a run can be stepped (sim/rewind.h, docs/decisions/0011-rewind.md).
struct RewindOptions {
  std::uint64_t window = 1000;  // how many ticks back a step can reach
  std::uint64_t interval = 50;  // ticks between moments: a step back re-runs fewer than this
  // The memory the moments after the window's first aim to stay within (docs/decisions/0033;
  // the first is a whole copy, on top). Where moments `interval` apart would hold more (a floor
  // of 100,000 monsters), they are taken further apart: a step back re-runs more ticks, and still
  // reaches the whole window. Moments an edit forced cannot be spaced out: past four times the
  // budget the oldest are dropped, and the window is shorter than `window` until they would have
  // left it anyway.
  std::size_t budget = std::size_t{256} << 20;
};

struct SessionConfig {
  std::uint64_t seed = 1;
  WorldLimits limits = WorldLimits::Uniform(4096);
  // The first floor as authored; null to generate it from the seed like the rest.
  std::shared_ptr<const LevelDefinition> level;
  std::shared_ptr<const DefinitionSet> definitions;  // required
  // The floors below the first; null for a one-floor game (the first floor must then be given).
  std::shared_ptr<const DungeonPlan> dungeon;
  RewindOptions rewind;
  // Death effects shown at once: a death past it pushes out the oldest (counted as dropped).
  // Presentation only: the run's state and hash never depend on it.
  std::size_t max_effects = 64;
  // The autopickup rule a new run's player starts with (the player's autopickup.toml, or the
  // default). It is the run's state from then on (saved, hashed, toggled by a command), so a
  // recording names it and a replay starts from it; a resumed run keeps its own.
  AutoPickup autopickup = kNewRunAutoPickup;
  // The rules that make floors from the seed (dungeon_plan.h): a new run's are the newest; a
  // resumed or replayed run keeps those it was made under.
  std::int32_t dungeon_rules = kDungeonRules;
};

// Told about every tick a session runs (recorders, the bot, tests).
class TickListener {
 public:
  virtual ~TickListener() = default;
  virtual void AfterTick(const GameWorld& world, const TickInput& input) = 0;
};

// Why GameSession::Create failed, as every command says it: "cannot build the world: not enough
// memory for the floor's grids and pools (allocation-failed)" (the status's name last, for logs
// and bug reports).
[[nodiscard]] std::string BuildFailureText(Status status);

// The run's tick observer is the session itself (privately): before each commit it has the
// narrator tell the tick's events and notes the player's death as the run's end.
class GameSession final : private TickObserver {
 public:
  [[nodiscard]] static Status Create(const SessionConfig& config,
                                     std::unique_ptr<GameSession>& out);
  ~GameSession() override;
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  // --- the floor the player is on ------------------------------------------------------------
  [[nodiscard]] GameWorld& World() noexcept { return *Active().world; }
  [[nodiscard]] const GameWorld& World() const noexcept { return *Active().world; }
  [[nodiscard]] TickScratch& Scratch() noexcept { return *Active().scratch; }
  [[nodiscard]] const TickScratch& Scratch() const noexcept { return *Active().scratch; }
  [[nodiscard]] const LevelDefinition& Level() const noexcept { return *Active().level; }
  [[nodiscard]] std::int32_t Depth() const noexcept { return active_ + 1; }

  // --- the run -----------------------------------------------------------------------------------
  [[nodiscard]] const SessionConfig& Config() const noexcept { return config_; }
  // The definitions every floor of this run shares: the configured ones with the unidentified
  // appearances shuffled by the seed (a murky potion is healing in one run, haste in another).
  [[nodiscard]] const DefinitionSet& Definitions() const noexcept { return *definitions_; }
  [[nodiscard]] std::int32_t FloorCount() const noexcept {
    return static_cast<std::int32_t>(floors_.size());
  }
  // The world of floor `depth` if it has been built, else null.
  [[nodiscard]] const GameWorld* FloorWorld(std::int32_t depth) const noexcept;
  [[nodiscard]] SessionState State() const noexcept;
  [[nodiscard]] const RunSummary& Summary() const noexcept { return summary_; }
  // The character as it died, kept for the map after death (its own components, captured just
  // before the commit removed it; what it carried still lies in the world, held by `id`).
  struct Remains {
    EntityId id{};
    ComponentBundle parts{};
  };
  // Null while the character lives (or the run was won).
  [[nodiscard]] const Remains* DeadCharacter() const noexcept {
    return State() == SessionState::Dead && !remains_.id.IsNull() ? &remains_ : nullptr;
  }
  // One digest of the whole run's authoritative state: every built floor, and which is active.
  // `form` as DigestState's: positional only to check a save from before named parts.
  [[nodiscard]] std::uint64_t StateHash(DigestForm form = DigestForm::Named()) const {
    return Digest(form).total;
  }
  // The run's digest part by part. One floor: exactly its world's. Several: each part digests
  // that part of every built floor (present when any floor has it), and the total is the run's.
  [[nodiscard]] StateDigest Digest(DigestForm form = DigestForm::Named()) const;
  // What the run was built from (the first floor if authored, the dungeon plan, the seed's
  // shuffle of appearances): replays refuse content that differs.
  [[nodiscard]] std::uint64_t ContentDigest() const noexcept { return content_digest_; }
  // The scope of keys minted for this run's unauthored entities (nil until the first save).
  [[nodiscard]] const Uuid& RunInstance() const noexcept { return run_instance_; }

  // --- the session operations the debug keys and the console share ---------------------------
  [[nodiscard]] bool Paused() const noexcept { return paused_; }
  void SetPaused(bool paused) noexcept { paused_ = paused; }
  // Exactly one tick, with `input` (empty: nobody at the keyboard acts). Inside a tick stepped
  // phase by phase, what is left of that tick instead (it counts as the one; `input` is unused).
  [[nodiscard]] Status StepTick(const TickInput& input = {});
  // The next phase of the tick under way, beginning one with `input` when none is (SPEC
  // `PHASE`); `ran` is the phase it ran. After the tick's last phase the tick is over, exactly as
  // StepTick would have left it: the same hash, listeners told, the stairs followed.
  [[nodiscard]] Status StepPhase(const TickInput& input, TickPhase& ran);
  // Trace capture for every floor, now and built later (GameWorld::SetTraceCapture): off, the
  // trace and the story record nothing and the run hashes the same.
  void SetTraceCapture(bool on) noexcept;
  [[nodiscard]] bool TraceCapture() const noexcept { return trace_capture_; }
  // Whether a tick is under way, stepped phase by phase (the world is then inside it).
  [[nodiscard]] bool InsideTick() const noexcept { return phased_.has_value(); }
  // Runs what is left of the tick under way; Ok when there is none.
  [[nodiscard]] Status FinishTick();
  // `count` ticks with no input; stops early at a fault or when the run ends.
  [[nodiscard]] Status RunTicks(std::uint64_t count);
  // A new run (new world identities) from the same content and seed: every old handle is
  // rejected. On failure the running game is unchanged.
  [[nodiscard]] Status Restart();
  // A new run whose first floor is `level`: a candidate world is built with all capacity
  // reserved and replaces the running game only if every step succeeded.
  [[nodiscard]] Status ReplaceLevel(std::shared_ptr<const LevelDefinition> level);

  // --- rewinding (sim/rewind.h) ----------------------------------------------------------------
  // Back `ticks` ticks, exactly: afterwards the run is what it was then (the state hash, every
  // handle, the message log). InvalidArgument for 0, InvalidOperation past the window (`why`
  // says how far back it reaches). On failure nothing changed.
  [[nodiscard]] Status StepBack(std::uint64_t ticks, std::string& why);
  // Back to just before the player's last command (InvalidOperation when none is in the window).
  [[nodiscard]] Status StepBackTurn(std::string& why);
  // Refuses every step back, by the keys or the console's BACK, saying `why` (a recording that
  // holds each tick once, in order, is being made); "" allows them again.
  void SetStepBackOff(std::string why) { step_back_off_ = std::move(why); }
  // How far back it reaches, and what a forward step would replay after a step back.
  [[nodiscard]] const RewindBuffer& Rewind() const noexcept { return *rewind_; }
  // Tells the session that something other than a tick changed the active floor (the console's
  // SET of a value): the next tick starts from a fresh moment, so a step back never re-runs
  // ticks across the change.
  void NoteEdit() noexcept;

  // --- turns ---------------------------------------------------------------------------------
  // Whether the player may act in the next tick.
  [[nodiscard]] bool PlayerReady() const noexcept;
  // Plays one player command: a command that cannot be carried out (a wall, nothing to pick up)
  // is refused (InvalidOperation), said in the message log, and costs no time; otherwise its
  // tick runs, then ticks run until the player may act again (or the run ends, or a fault stops
  // the simulation).
  [[nodiscard]] Status Submit(const PlayerCommand& command);
  // Submit, but a refusal is handed to the caller in `refused` and not said (the controller turns
  // "no stairs here" into travel to them): the command is judged once. `refused` is kind None
  // when the command was played.
  [[nodiscard]] Status SubmitWithRefusal(const PlayerCommand& command, Refusal& refused);
  // Whether Submit would refuse `command` now, and why (no time passes, nothing changes).
  [[nodiscard]] bool WouldRefuse(const PlayerCommand& command, Refusal& why) const {
    return Refuse(command, why);
  }
  [[nodiscard]] bool WouldRefuse(const PlayerCommand& command, std::string& why) const {
    Refusal refusal;
    const bool refused = Refuse(command, refusal);
    if (refused) why = std::move(refusal.words);
    return refused;
  }

  // --- what the run shows of itself (sim/run_log.h) -------------------------------------------
  // The message log and the death effects: `session.Log().Say(...)`, `.Messages()`, `.Effects()`.
  [[nodiscard]] RunLog& Log() noexcept { return log_; }
  [[nodiscard]] const RunLog& Log() const noexcept { return log_; }
  // The components of `id` whose type this build does not know, kept from the level as written
  // (the inspector shows them as "not loaded"); null when there are none or `id` is not alive.
  [[nodiscard]] const std::vector<PreservedComponent>* Preserved(EntityId id) const noexcept;
  // How long the last render-frame extraction took (view/extract.cpp measures each one and reports
  // the one before it). A measurement of the presentation, not of the run: a step back or a
  // restart leaves it alone. Set through a const session because extraction only reads the run.
  [[nodiscard]] std::int64_t LastExtractionNanoseconds() const noexcept { return extraction_ns_; }
  void NoteExtraction(std::int64_t nanoseconds) const noexcept { extraction_ns_ = nanoseconds; }
  // How long each phase of the last tick took: measured only while something shows it (the debug
  // pane: view/extract.cpp says each frame whether it does), since timing the phases reads the
  // clock eight times a tick, which costs more than a small floor's whole tick. Zeros for a tick
  // that nothing was showing the timings of. Set through a const session as NoteExtraction is.
  [[nodiscard]] const PhaseTimings& LastTimings() const noexcept { return timings_; }
  void ShowTimings(bool shown) const noexcept { timings_shown_ = shown; }
  [[nodiscard]] std::uint64_t Restarts() const noexcept { return restarts_; }

  void SetTickListener(TickListener* listener) noexcept { listener_ = listener; }

 private:
  // Takes and restores moments of the run: every member below that a tick or an edit changes.
  friend class RewindBuffer;
  // Saving, restoring and duplicating: the few members they reach (sim/session_access.h).
  friend struct SessionAccess;
  struct PreservedEntry {
    EntityId entity;
    const std::vector<PreservedComponent>* components;  // owned by the floor's level
  };
  struct Floor {
    std::shared_ptr<const LevelDefinition> level;  // null until generated
    std::unique_ptr<GameWorld> world;              // null until the player first arrives
    std::unique_ptr<TickScratch> scratch;
    std::vector<PreservedEntry> preserved;
    // Unknown components of entities made at run time (duplicates): owned here.
    std::vector<std::unique_ptr<const std::vector<PreservedComponent>>> owned_preserved;
  };

  explicit GameSession(const SessionConfig& config);
  [[nodiscard]] Floor& Active() noexcept { return floors_[static_cast<std::size_t>(active_)]; }
  [[nodiscard]] const Floor& Active() const noexcept {
    return floors_[static_cast<std::size_t>(active_)];
  }
  // Builds floor `depth`'s world from its level (generating the level first if needed).
  [[nodiscard]] Status BuildFloor(std::int32_t depth, std::shared_ptr<const LevelDefinition> level,
                                  Floor& out) const;
  // The seed floor `depth`'s world starts its random streams from.
  [[nodiscard]] std::uint64_t FloorWorldSeed(std::int32_t depth) const noexcept;
  // The rest of building a floor once its world exists: the kept unknown components, the scratch.
  [[nodiscard]] Status FinishFloor(std::shared_ptr<const LevelDefinition> level,
                                   std::unique_ptr<GameWorld> world,
                                   const std::vector<EntityId>& created, Floor& out) const;
  // A fresh first floor and an empty list for the rest: what Restart and ReplaceLevel publish.
  [[nodiscard]] Status BuildRun(std::shared_ptr<const LevelDefinition> first,
                                std::vector<Floor>& out) const;
  void Publish(std::vector<Floor> floors);
  // After a tick in which the player took the stairs: moves the player to the next floor, or
  // ends the run when the way out was taken with the artifact.
  void FollowStairs();
  // Tells what lies where the player stands, when that is a new place (sim/narrator.h).
  void TellArrivalPlace();
  [[nodiscard]] Status ChangeFloor(std::int32_t direction);
  [[nodiscard]] bool Refuse(const PlayerCommand& command, Refusal& why) const;
  void AfterTick(const TickInput& input);
  // Begins the tick StepTick and StepPhase run (the rewind told, the runner started); on a
  // refusal to start it is over at once, as a tick that refused to run always was.
  [[nodiscard]] Status BeginTick(const TickInput& input);
  // Ends the tick under way, whose last phase ran with `status`.
  [[nodiscard]] Status EndTick(Status status);
  // The tick's observer: the narrator's words, then the player's death as the run's end (before
  // the commit removes the body, so the summary and the remains can still read it).
  void BeforeCommit(const GameWorld& world) override;
  // What the run is built from: the first floor if authored, the plan, the definitions.
  [[nodiscard]] static std::uint64_t DigestContent(const SessionConfig& config);
  // The shared part of Create and Restore: checks the config, shuffles appearances.
  [[nodiscard]] static Status Prepare(const SessionConfig& config,
                                      std::unique_ptr<GameSession>& out);
  void EndRun(bool won, std::string cause);

  SessionConfig config_;
  std::shared_ptr<const DefinitionSet> definitions_;
  std::vector<Floor> floors_;
  std::int32_t active_ = 0;
  RunLog log_;
  RunSummary summary_;
  Remains remains_{};
  // Where the player stood after the last tick (and on which floor), to tell what lies at a new
  // place once: the message log's, not the run's state.
  Position last_place_{-1, -1};
  std::int32_t last_place_depth_ = 0;
  PhaseTimings timings_{};
  mutable bool timings_shown_ = false;
  TickListener* listener_ = nullptr;
  std::unique_ptr<RewindBuffer> rewind_;
  // The tick under way, stepped phase by phase, and its input (empty between ticks).
  std::optional<TickRunner> phased_;
  TickInput phased_input_{};
  std::uint64_t restarts_ = 0;
  mutable std::int64_t extraction_ns_ = 0;
  std::uint64_t content_digest_ = 0;
  Uuid run_instance_{};
  bool paused_ = false;
  bool trace_capture_ = true;
  std::string step_back_off_;
};

}  // namespace cairn
