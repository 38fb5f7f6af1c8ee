// CommandBuffer: the structural changes a tick asks for (spawn, destroy, set or remove a
// component), held as plain values until the world's commit publishes them, in the order they
// were recorded.
//
// It keeps the queue and its numbers: each command's sequence (the world's count of commands ever
// recorded, what the trace names a command by) and each spawn's request id (what a system holds
// instead of a handle until the commit makes the entity). What a command may ask, and how it is
// checked and published, is the owning world's: the buffer knows no component. `Payload` is the
// world's value of one entity's components (a spawn's recipe, a component's new value);
// `ComponentId` names one component type. No allocation after Initialize.
#pragma once

#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "identity/handle.h"

namespace cairn {

using SpawnRequestId = std::uint32_t;  // 0 is "no request"
inline constexpr SpawnRequestId kMaxSpawnRequest = 0xFFFFFFFFu;

template <class Payload, class ComponentId>
class CommandBuffer {
 public:
  struct Command {
    enum class Kind : std::uint8_t { Spawn, Destroy, SetComponent, RemoveComponent };
    Kind kind = Kind::Spawn;
    ComponentId component{};     // SetComponent, RemoveComponent
    SpawnRequestId request = 0;  // Spawn
    EntityId target{};           // Destroy, SetComponent, RemoveComponent
    std::uint64_t sequence = 0;  // the count of commands recorded, this one included
  };

  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept {
    FixedArray<Command> commands;
    FixedArray<Payload> payloads;
    if (Status s = commands.Allocate(capacity); s != Status::Ok) return s;
    if (Status s = payloads.Allocate(capacity); s != Status::Ok) return s;
    commands_.swap(commands);
    payloads_.swap(payloads);
    capacity_ = capacity;
    count_ = 0;
    return Status::Ok;
  }

  [[nodiscard]] bool Full() const noexcept { return count_ == capacity_; }
  // Whether no request id is left for a spawn (after 2^32 - 1 of them in one world).
  [[nodiscard]] bool RequestsExhausted() const noexcept {
    return last_request_ == kMaxSpawnRequest;
  }

  // Each Push needs room (!Full()) and records one command; a spawn needs a request id left too
  // (!RequestsExhausted()). The world checks both first, to refuse in its own words.
  SpawnRequestId PushSpawn(const Payload& recipe) noexcept {
    const SpawnRequestId request = ++last_request_;
    Push(Command{Command::Kind::Spawn, ComponentId{}, request, {}, ++sequence_}, &recipe);
    return request;
  }
  void PushDestroy(EntityId id) noexcept {
    Push(Command{Command::Kind::Destroy, ComponentId{}, 0, id, ++sequence_}, nullptr);
  }
  void PushComponent(EntityId id, const Payload& value, ComponentId component,
                     bool remove) noexcept {
    const auto kind = remove ? Command::Kind::RemoveComponent : Command::Kind::SetComponent;
    Push(Command{kind, component, 0, id, ++sequence_}, &value);
  }

  // Drops the queued spawn of `request`: later commands keep their order, and the batch publishes
  // as if it was never queued. False when no queued spawn has that request.
  [[nodiscard]] bool Revoke(SpawnRequestId request) noexcept {
    for (std::uint32_t i = 0; request != 0 && i < count_; ++i) {
      if (commands_[i].kind != Command::Kind::Spawn || commands_[i].request != request) continue;
      for (std::uint32_t k = i + 1; k < count_; ++k) {
        commands_[k - 1] = commands_[k];
        payloads_[k - 1] = payloads_[k];
      }
      --count_;
      return true;
    }
    return false;
  }

  // The commands recorded and not yet published, oldest first, and each one's payload.
  [[nodiscard]] std::span<const Command> Commands() const noexcept {
    return {commands_.data(), count_};
  }
  [[nodiscard]] const Payload& PayloadOf(std::size_t index) const noexcept {
    return payloads_[index];
  }
  [[nodiscard]] std::uint32_t Count() const noexcept { return count_; }
  // Empties the queue once the commit has published it; the numbers go on.
  void Clear() noexcept { count_ = 0; }

  [[nodiscard]] std::uint64_t Sequence() const noexcept { return sequence_; }
  [[nodiscard]] SpawnRequestId LastRequest() const noexcept { return last_request_; }
  // Sets the numbers as a save or a snapshot kept them (between ticks: the queue is empty).
  void RestoreNumbers(std::uint64_t sequence, SpawnRequestId last_request) noexcept {
    sequence_ = sequence;
    last_request_ = last_request;
  }
  void RestoreLastRequest(SpawnRequestId last_request) noexcept { last_request_ = last_request; }

 private:
  void Push(const Command& command, const Payload* payload) noexcept {
    commands_[count_] = command;
    if (payload != nullptr) payloads_[count_] = *payload;
    ++count_;
  }

  FixedArray<Command> commands_;
  FixedArray<Payload> payloads_;  // one per command, index for index (unset for a destroy)
  std::uint32_t capacity_ = 0;
  std::uint32_t count_ = 0;
  std::uint64_t sequence_ = 0;
  SpawnRequestId last_request_ = 0;
};

}  // namespace cairn
