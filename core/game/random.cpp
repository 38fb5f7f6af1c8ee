#include "game/random.h"

namespace cairn {
namespace {
constexpr std::uint64_t Rotl(std::uint64_t x, int k) noexcept {
  return (x << k) | (x >> (64 - k));
}
}  // namespace

void Rng::Seed(std::uint64_t seed) noexcept {
  std::uint64_t s = seed;
  for (std::uint64_t& word : state_) {
    s += 0x9E3779B97F4A7C15ull;
    word = Mix64(s);
  }
  if ((state_[0] | state_[1] | state_[2] | state_[3]) == 0) state_[0] = 1;  // never all zero
  draws_ = 0;
}

std::uint64_t Rng::Next() noexcept {
  const std::uint64_t result = Rotl(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = Rotl(state_[3], 45);
  ++draws_;
  return result;
}

std::uint32_t Rng::Below(std::uint32_t bound) noexcept {
  if (bound == 0) return 0;
  std::uint64_t product = (Next() >> 32) * bound;
  auto low = static_cast<std::uint32_t>(product);
  if (low < bound) {
    const std::uint32_t threshold = (0u - bound) % bound;
    while (low < threshold) {
      product = (Next() >> 32) * bound;
      low = static_cast<std::uint32_t>(product);
    }
  }
  return static_cast<std::uint32_t>(product >> 32);
}

std::int32_t Rng::Range(std::int32_t low, std::int32_t high) noexcept {
  if (low >= high) return low;
  const auto span = static_cast<std::uint32_t>(static_cast<std::int64_t>(high) - low + 1);
  return static_cast<std::int32_t>(static_cast<std::int64_t>(low) + Below(span));
}

std::int32_t Rng::Dice(std::uint32_t count, std::uint32_t sides) noexcept {
  std::int32_t total = 0;
  for (std::uint32_t i = 0; i < count && sides > 0; ++i)
    total += static_cast<std::int32_t>(Below(sides)) + 1;
  return total;
}

const char* RandomPurposeName(RandomPurpose purpose) noexcept {
  switch (purpose) {
    case RandomPurpose::Map: return "map";
    case RandomPurpose::Ai: return "ai";
    case RandomPurpose::Combat: return "combat";
    case RandomPurpose::Loot: return "loot";
  }
  return "unknown";
}

void RandomStreams::Seed(std::uint64_t session_seed) noexcept {
  // Each purpose gets its own seed derived from the session seed and the purpose, so streams are
  // independent and adding a purpose does not change the others.
  for (std::size_t i = 0; i < streams.size(); ++i)
    streams[i].Seed(Mix64(session_seed ^ Mix64(0xC0FFEE00ull + i)));
}

}  // namespace cairn
