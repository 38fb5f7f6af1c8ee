// Deterministic randomness: one seeded generator per purpose, distributions written here.
//
// The same seed must give the same game on every build and standard library, so nothing here
// uses <random>'s distributions (their output differs between libraries). The generator is
// xoshiro256** (Blackman and Vigna), seeded through splitmix64; the distributions use only
// integer arithmetic with rejection where bias would otherwise creep in. Purposes are kept apart
// (map, ai, combat, loot) so that, say, a new AI roll does not reshuffle the dungeon.
#pragma once

#include <array>
#include <cstdint>

#include "base/mix64.h"
namespace cairn {

class Rng {
 public:
  Rng() noexcept = default;
  explicit Rng(std::uint64_t seed) noexcept { Seed(seed); }

  void Seed(std::uint64_t seed) noexcept;
  [[nodiscard]] std::uint64_t Next() noexcept;

  // Uniform in [0, bound); bound 0 gives 0. Lemire's multiply-shift with rejection: unbiased.
  [[nodiscard]] std::uint32_t Below(std::uint32_t bound) noexcept;
  // Uniform in [low, high] (inclusive); low > high gives low.
  [[nodiscard]] std::int32_t Range(std::int32_t low, std::int32_t high) noexcept;
  // True with probability percent/100.
  [[nodiscard]] bool Percent(std::uint32_t percent) noexcept { return Below(100) < percent; }
  // The sum of `count` rolls of a `sides`-sided die (NdS); 0 when either is 0.
  [[nodiscard]] std::int32_t Dice(std::uint32_t count, std::uint32_t sides) noexcept;

  [[nodiscard]] const std::array<std::uint64_t, 4>& State() const noexcept { return state_; }
  void SetState(const std::array<std::uint64_t, 4>& state) noexcept { state_ = state; }
  [[nodiscard]] std::uint64_t Draws() const noexcept { return draws_; }
  void SetDraws(std::uint64_t draws) noexcept { draws_ = draws; }

  friend bool operator==(const Rng&, const Rng&) noexcept = default;

 private:
  std::array<std::uint64_t, 4> state_{};
  std::uint64_t draws_ = 0;  // how many values were drawn: for inspection and traces
};

enum class RandomPurpose : std::uint8_t { Map, Ai, Combat, Loot };
inline constexpr std::size_t kRandomPurposeCount = 4;
[[nodiscard]] const char* RandomPurposeName(RandomPurpose purpose) noexcept;

// The per-purpose streams of one session, all derived from the session seed.
struct RandomStreams {
  std::array<Rng, kRandomPurposeCount> streams;

  void Seed(std::uint64_t session_seed) noexcept;
  [[nodiscard]] Rng& operator[](RandomPurpose purpose) noexcept {
    return streams[static_cast<std::size_t>(purpose)];
  }
  [[nodiscard]] const Rng& operator[](RandomPurpose purpose) const noexcept {
    return streams[static_cast<std::size_t>(purpose)];
  }
};

}  // namespace cairn
