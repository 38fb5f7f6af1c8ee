// SessionImage: a run as plain data, with no runtime identity in it. It is what a save file
// holds (core/save writes and reads it as TOML) and what a restore rebuilds a run from.
//
// Each built floor is a LevelDefinition (its map as it is now, every live entity in creation
// order with all its components, references written as LevelReference(index) into that list or
// kGoneReference, each entity's durable key as (instance, source)) plus what the world keeps
// besides: the remembered map, the clock, the random streams, the spawn-request counter and the
// outcomes the next tick will see. Nothing in it is a world id, a slot, a generation or an
// address.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dungeon/dungeon_plan.h"
#include "game/level.h"
#include "game/random.h"
#include "game/seen_items.h"
#include "game/state_hash.h"
#include "identity/uuid.h"
#include "sim/message.h"

namespace cairn {

struct FloorImage {
  std::int32_t depth = 1;
  LevelDefinition level;                 // map now, entities now (see above); digest: as built
  std::vector<std::uint8_t> remembered;  // one per cell, 1: the player has seen it
  // Remembered cells whose terrain was another when last seen (a door closed out of view).
  struct RememberedTerrain {
    std::int32_t x = 0, y = 0;
    Terrain terrain = Terrain::Wall;
  };
  std::vector<RememberedTerrain> remembered_terrain;
  std::int64_t tick = 0;
  RandomStreams random;
  std::uint32_t last_request = 0;
  struct Outcome {
    std::uint32_t request = 0;
    EntityId entity{};  // LevelReference(index), kGoneReference, or null
  };
  std::vector<Outcome> outcomes;  // of the last tick's commit: the next tick sees them
  struct Noise {
    EntityId source{};  // as Outcome::entity
    std::int32_t x = 0, y = 0, radius = 0;
  };
  std::vector<Noise> noises;  // made in the last tick: the next tick's AI hears them
  // The items the player remembers seeing lie here (seen_items.h), by cell; `item` is null.
  std::vector<SeenItem> seen_items;
};

// How many messages a save keeps (the end of the log; the count of all said is kept besides).
inline constexpr std::size_t kSavedMessages = 200;

struct SessionImage {
  std::uint64_t seed = 0;
  std::uint64_t content = 0;  // GameSession::ContentDigest: what the run was built from
  std::int32_t depth = 1;     // the floor the player is on
  std::int32_t floor_count = 1;
  std::int32_t dungeon_rules = kDungeonRules;  // what made its floors (dungeon_plan.h)
  Uuid run_instance{};             // the scope of keys minted for this run's unauthored entities
  std::vector<FloorImage> floors;  // the built floors, by depth
  std::vector<Message> messages;   // the end of the message log, oldest first
  std::uint64_t messages_said = 0;
  std::vector<Note> notes;       // the run's notes, oldest first (message.h)
  std::uint64_t state_hash = 0;  // GameSession::StateHash when captured: a restore must match it
  // The form `state_hash` was made in: named when captured (save version 7 on); positional over
  // the components it knew for a save of version 2 to 6, which a restore checks as it was made.
  DigestForm hash_form{};
  // The parts the state covers (registry, map, random and each pool that is not empty), each with
  // its hash (GameSession::Digest): a restore checks them one by one and names the first that
  // differs. Empty for a save from before named parts.
  std::vector<PartHash> state_parts;
};

// Whether every counter of `image` is within the caps a save holds (game/state_limits.h): the
// run's clock and each floor's, message counts and ticks, random draws, spawn requests, and every
// component field. The writer checks before it writes (so it never writes what the reader
// refuses) and a restore checks what it is given; `why` names the first value past its cap.
[[nodiscard]] bool ImageWithinLimits(const SessionImage& image, std::string& why);

}  // namespace cairn
