// GameSession: one game in progress. It owns the active world, the tick driver state (pause,
// stepping), the derived per-tick scratch, and the presentation-owned state the world must not
// hold: the message log and the death effects. The terminal game, `cairn sim`, `cairn bot`, the
// console and replays all drive a world through this one class, so they run the same ticks.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "game/level.h"
#include "game/tick.h"
#include "game/tick_scratch.h"

namespace cairn {

struct SessionConfig {
  std::uint64_t seed = 1;
  WorldLimits limits = WorldLimits::Uniform(4096);
  std::shared_ptr<const LevelDefinition> level;         // required
  std::shared_ptr<const DefinitionSet> definitions;     // required
};

struct Message {
  std::int64_t tick = 0;
  std::string text;
};

// What a death leaves on screen for a while. A plain value: it borrows nothing from the world and
// outlives the dead entity's slot being reused.
struct DeathEffect {
  Position where{};
  std::uint32_t glyph = '%';
  char ascii = '%';
  Colour colour = Colour::Red;
  std::int32_t remaining = 0;  // ticks left
};

enum class SessionState : std::uint8_t { Playing, Dead, Faulted };

// Told about every tick a session runs (recorders, the bot, tests).
class TickListener {
 public:
  virtual ~TickListener() = default;
  virtual void AfterTick(const GameWorld& world, const TickInput& input) = 0;
};

class GameSession {
 public:
  static constexpr std::size_t kMessageHistory = 1000;
  static constexpr std::size_t kMaxEffects = 64;
  static constexpr std::int32_t kEffectTicks = 40;

  [[nodiscard]] static Status TryCreate(const SessionConfig& config,
                                        std::unique_ptr<GameSession>& out);
  ~GameSession();
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  [[nodiscard]] GameWorld& World() noexcept { return *world_; }
  [[nodiscard]] const GameWorld& World() const noexcept { return *world_; }
  [[nodiscard]] TickScratch& Scratch() noexcept { return *scratch_; }
  [[nodiscard]] const TickScratch& Scratch() const noexcept { return *scratch_; }
  [[nodiscard]] const SessionConfig& Config() const noexcept { return config_; }
  [[nodiscard]] const LevelDefinition& Level() const noexcept { return *level_; }
  [[nodiscard]] SessionState State() const noexcept;

  // --- the session operations the debug keys and the console share ---------------------------
  [[nodiscard]] bool Paused() const noexcept { return paused_; }
  void SetPaused(bool paused) noexcept { paused_ = paused; }
  // Exactly one tick, with `input` (empty: nobody at the keyboard acts).
  [[nodiscard]] Status StepTick(const TickInput& input = {});
  // `count` ticks with no input; stops early at a fault or when the player dies.
  [[nodiscard]] Status RunTicks(std::uint64_t count);
  // A new world (new world identity) from the same level and seed: every old handle is rejected.
  // On failure the running world is unchanged.
  [[nodiscard]] Status Restart();
  // A new world from another level: a candidate world is built with all capacity reserved and
  // replaces the running one only if every step succeeded.
  [[nodiscard]] Status ReplaceLevel(std::shared_ptr<const LevelDefinition> level);

  // --- turns ---------------------------------------------------------------------------------
  // Whether the player may act in the next tick.
  [[nodiscard]] bool PlayerReady() const noexcept;
  // Plays one player command: a command that cannot be carried out (a wall, nothing to pick up)
  // is refused with `refusal` set and costs no time; otherwise its tick runs, then ticks run
  // until the player may act again (or dies, or a fault stops the simulation).
  [[nodiscard]] Status Submit(const PlayerCommand& command, std::string* refusal = nullptr);
  // Whether Submit would refuse `command` now, and why (no time passes, nothing changes).
  [[nodiscard]] bool WouldRefuse(const PlayerCommand& command, std::string& why) const {
    return Refuse(command, why);
  }

  // --- presentation-owned state --------------------------------------------------------------
  [[nodiscard]] const std::deque<Message>& Messages() const noexcept { return messages_; }
  // The components of `id` whose type this build does not know, kept from the level as written
  // (the inspector shows them as "not loaded"); null when there are none or `id` is not alive.
  [[nodiscard]] const std::vector<PreservedComponent>* Preserved(EntityId id) const noexcept;
  void Say(std::string text);
  [[nodiscard]] const std::vector<DeathEffect>& Effects() const noexcept { return effects_; }
  [[nodiscard]] const PhaseTimings& LastTimings() const noexcept { return timings_; }
  [[nodiscard]] std::uint64_t Restarts() const noexcept { return restarts_; }

  void SetTickListener(TickListener* listener) noexcept { listener_ = listener; }

 private:
  class Narrator;
  GameSession() = default;
  struct PreservedEntry {
    EntityId entity;
    const std::vector<PreservedComponent>* components;  // owned by the level
  };
  [[nodiscard]] Status BuildFresh(std::unique_ptr<GameWorld>& world,
                                  std::unique_ptr<TickScratch>& scratch,
                                  std::vector<PreservedEntry>& preserved) const;
  [[nodiscard]] bool Refuse(const PlayerCommand& command, std::string& why) const;
  void AfterTick(const TickInput& input);

  SessionConfig config_;
  std::shared_ptr<const LevelDefinition> level_;
  std::unique_ptr<GameWorld> world_;
  std::unique_ptr<TickScratch> scratch_;
  std::unique_ptr<Narrator> narrator_;
  std::deque<Message> messages_;
  std::vector<PreservedEntry> preserved_;
  std::vector<DeathEffect> effects_;
  PhaseTimings timings_{};
  TickListener* listener_ = nullptr;
  std::uint64_t restarts_ = 0;
  bool paused_ = false;
};

}  // namespace cairn
