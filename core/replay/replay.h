// Recording a session and replaying a recording, tick by tick, naming the first difference.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/level.h"
#include "replay/recording.h"
#include "sim/session.h"

namespace cairn {

// Listens to a session and records every tick it runs. Attach it before the first tick.
class Recorder final : public TickListener {
 public:
  Recorder(const GameSession& session, std::string build, std::string level_name);
  void AfterTick(const GameWorld& world, const TickInput& input) override;
  [[nodiscard]] const Recording& Result() const noexcept { return recording_; }
  [[nodiscard]] const TickRecord* Last() const noexcept {
    return recording_.ticks.empty() ? nullptr : &recording_.ticks.back();
  }

 private:
  void Snapshot(const GameWorld& world, TickRecord* record);

  Recording recording_;
  std::array<std::uint64_t, kStatePartCount> parts_{};
  // Per component kind, per slot: the generation and digest last seen.
  std::array<std::vector<std::pair<std::uint32_t, std::uint64_t>>, kComponentKindCount> entities_;
};

struct Divergence {
  std::int64_t tick = 0;           // the first tick whose state differs (0: before any tick)
  std::string part;                // the first part that differs ("registry", "position", ...)
  std::uint64_t recorded = 0;      // that part's hash in the recording
  std::uint64_t replayed = 0;      // and in the replay
  bool has_entity = false;         // whether an entity could be named
  EntityDigest recorded_entity{};  // the first entity component that differs, as recorded
  EntityDigest replayed_entity{};  // and as replayed
};

enum class ReplayOutcome : std::uint8_t { Matched, Diverged, ContentMismatch, Faulted };

struct ReplayResult {
  ReplayOutcome outcome = ReplayOutcome::Matched;
  Divergence divergence;
  std::int64_t final_tick = 0;
  std::uint64_t final_state = 0;
  std::string detail;  // for ContentMismatch and Faulted
};

// Replays `recording` on the content in `content` (its level, definitions and dungeon; the seed
// comes from the recording), which must be the content it was recorded on. With `verify`, stops
// at the first tick whose state differs and says where; without, plays every input.
[[nodiscard]] ReplayResult Replay(const Recording& recording, const SessionConfig& content,
                                  bool verify);

// One line for people: "diverged at tick 12: pool position differs first (recorded ..., replayed
// ...); first entity: position 3:1 (recorded ..., replayed ...)".
[[nodiscard]] std::string DescribeDivergence(const Divergence& divergence);

}  // namespace cairn
