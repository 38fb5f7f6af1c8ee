// The caps a save holds, checked over a whole SessionImage (session_image.h).
#include "sim/session_image.h"

#include "game/state_limits.h"

namespace cairn {
namespace {

bool Within(std::int64_t value, std::int64_t min, std::int64_t max) noexcept {
  return value >= min && value <= max;
}

template <class Int>
std::string Outside(const std::string& what, Int value, std::int64_t min, std::int64_t max) {
  return what + " is " + std::to_string(value) + ", outside " + std::to_string(min) + ".." +
         std::to_string(max);
}

bool FloorWithinLimits(const FloorImage& floor, std::string& why) {
  const std::string what = "floor " + std::to_string(floor.depth);
  if (!Within(floor.tick, 0, kMaxTick)) {
    why = Outside(what + " tick", floor.tick, 0, kMaxTick);
    return false;
  }
  for (std::size_t p = 0; p < kRandomPurposeCount; ++p) {
    const std::uint64_t draws = floor.random.streams[p].Draws();
    if (draws > kMaxRandomDraws) {
      why = Outside(what + " random " + RandomPurposeName(static_cast<RandomPurpose>(p)) + " draws",
                    draws, 0, static_cast<std::int64_t>(kMaxRandomDraws));
      return false;
    }
  }
  for (const FloorImage::Outcome& outcome : floor.outcomes)
    if (outcome.request == 0) {
      why = what + ": a spawn outcome of request 0 (requests count from 1)";
      return false;
    }
  for (const FloorImage::Noise& noise : floor.noises)
    if (!Within(noise.radius, 0, kMaxNoiseRadius) || !Within(noise.x, 0, floor.level.width - 1) ||
        !Within(noise.y, 0, floor.level.height - 1)) {
      why = what + ": a noise at (" + std::to_string(noise.x) + "," + std::to_string(noise.y) +
            ") of radius " + std::to_string(noise.radius) + " (on the map, radius 0.." +
            std::to_string(kMaxNoiseRadius) + ")";
      return false;
    }
  for (const LevelEntity& entity : floor.level.entities) {
    const std::string who = what + " entity " + UuidText(entity.source);
    if (const LimitBreach breach = FindLimitBreach(entity.components)) {
      why = who + ": " + DescribeBreach(breach);
      return false;
    }
    // The reader refuses a player who may not act for longer than any action takes.
    if (entity.components.Has<Player>() &&
        entity.components.player.next_tick > floor.tick + kLongestWait) {
      why = who + ": player.next_tick is " + std::to_string(entity.components.player.next_tick) +
            ", more than " + std::to_string(kLongestWait) + " ticks after the floor's tick " +
            std::to_string(floor.tick);
      return false;
    }
  }
  return true;
}

}  // namespace

bool ImageWithinLimits(const SessionImage& image, std::string& why) {
  if (!Within(image.floor_count, 1, kMaxDepth) || !Within(image.depth, 1, image.floor_count)) {
    why = "depth " + std::to_string(image.depth) + " of " + std::to_string(image.floor_count) +
          " floors (at most " + std::to_string(kMaxDepth) + ")";
    return false;
  }
  if (image.messages_said > kMaxMessagesSaid) {
    why = Outside("messages_said", image.messages_said, 0,
                  static_cast<std::int64_t>(kMaxMessagesSaid));
    return false;
  }
  if (image.messages.size() > kSavedMessages) {
    why = "more than " + std::to_string(kSavedMessages) + " messages";
    return false;
  }
  for (const Message& message : image.messages)
    if (!Within(message.tick, 0, kMaxTick)) {
      why = Outside("a message's tick", message.tick, 0, kMaxTick);
      return false;
    }
  for (const FloorImage& floor : image.floors)
    if (!FloorWithinLimits(floor, why)) return false;
  return true;
}

}  // namespace cairn
