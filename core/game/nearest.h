// The nearest of the entities offered, ties to the oldest (the smaller creation sequence): the
// one rule every "nearest monster" search keeps, so that which one is chosen never depends on
// pool order.
#pragma once

#include <cstdint>

#include "game/game_world.h"

namespace cairn {

class NearestOldest {
 public:
  explicit NearestOldest(const GameWorld& world) noexcept : world_(world) {}
  void Offer(EntityId id, std::int32_t distance) noexcept {
    const std::uint64_t sequence = world_.Registry().CreationSequenceOf(id);
    if (best_.IsNull() || distance < distance_ || (distance == distance_ && sequence < sequence_)) {
      best_ = id;
      distance_ = distance;
      sequence_ = sequence;
    }
  }
  [[nodiscard]] EntityId Best() const noexcept { return best_; }

 private:
  const GameWorld& world_;
  EntityId best_{};
  std::int32_t distance_ = 0;
  std::uint64_t sequence_ = 0;
};

}  // namespace cairn
