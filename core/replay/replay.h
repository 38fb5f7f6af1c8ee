// Recording a session and replaying a recording, tick by tick, naming the first difference.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "game/level.h"
#include "replay/recording.h"
#include "sim/session.h"

namespace cairn {

// Listens to a session and records every tick it runs. Attach it before the first tick.
// `version` is the recording format it writes: the current one, or (to replay and check an old
// recording) version 3, whose entity lines name runtime slots.
class Recorder final : public TickListener {
 public:
  Recorder(const GameSession& session, std::string build, std::string level_name,
           std::int64_t version = kReplayVersion);
  void AfterTick(const GameWorld& world, const TickInput& input) override;
  [[nodiscard]] const Recording& Result() const noexcept { return recording_; }
  [[nodiscard]] const TickRecord* Last() const noexcept {
    return recording_.ticks.empty() ? nullptr : &recording_.ticks.back();
  }

 private:
  // One entity as last recorded: its incarnation (to tell a reused slot), its creation sequence
  // (its place in creation order once it is gone) and each component's digest (0: none).
  struct SeenEntity {
    std::uint32_t generation = 0;  // 0: no entity in this slot
    std::uint64_t creation = 0;
    std::array<std::uint64_t, kComponentKindCount> digests{};
  };
  void Snapshot(const GameWorld& world, TickRecord* record);
  void SnapshotByHandle(const GameWorld& world, TickRecord* record);

  Recording recording_;
  std::array<std::uint64_t, kStatePartCount> parts_{};
  // Version 4: per world (by its runtime id, never written), per slot, what was last recorded.
  // Each floor is compared with itself as it was when last recorded.
  std::map<std::uint64_t, std::vector<SeenEntity>> seen_;
  // Version 3: per component kind, per slot: the generation and digest last seen, whatever world.
  std::array<std::vector<std::pair<std::uint32_t, std::uint64_t>>, kComponentKindCount> entities_;
};

// What differs first at the diverging tick.
enum class DivergenceKind : std::uint8_t {
  Part,      // a part's hash (and usually the state with it): `part`, `recorded`, `replayed`
  State,     // the state line alone, every part agreeing: `recorded`, `replayed` are the states
  Entities,  // the parts agree, but the entity digests recorded are not the replay's
};

struct Divergence {
  std::int64_t version = kReplayVersion;  // the recording's: how its entities are named
  DivergenceKind kind = DivergenceKind::Part;
  std::int64_t tick = 0;           // the first tick that differs (0: before any tick)
  TextPosition position{};         // where that tick was read, when the recording came from text
  std::string part;                // the part ("registry", "position", ...), or "state"
  std::uint64_t recorded = 0;      // its hash in the recording
  std::uint64_t replayed = 0;      // and in the replay
  bool has_entity = false;         // whether an entity could be named
  EntityDigest recorded_entity{};  // the first entity component that differs, as recorded
  EntityDigest replayed_entity{};  // and as replayed
  bool recorded_entity_listed = true;  // false: the recording lists no such entity line
  bool replayed_entity_listed = true;  // false: the replay made none
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
// comes from the recording), which must be the content it was recorded on. With `verify`, checks
// everything each tick recorded (the state, the list of changed parts, the list of changed entity
// digests, and before the first tick every part), stops at the first difference and says where;
// without, plays every input.
[[nodiscard]] ReplayResult Replay(const Recording& recording, const SessionConfig& content,
                                  bool verify);

// One line for people, naming real values: "diverged at tick 12: position differs first (recorded
// ..., replayed ...); first entity: position of #3 (recorded #3 ..., replayed #3 ...)" (an entity
// by its place; in a version-3 recording by SLOT:GEN).
[[nodiscard]] std::string DescribeDivergence(const Divergence& divergence);

}  // namespace cairn
