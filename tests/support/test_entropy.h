// Entropy sources for tests: deterministic, failing, or stuck on one value.
#pragma once

#include <cstdint>
#include <span>

#include "game/random.h"
#include "identity/uuid.h"

namespace cairn::test {

// A counter run through a mixer: a different, repeatable UUID every draw.
class CountingEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    for (std::uint8_t& b : bytes) b = static_cast<std::uint8_t>(Mix64(++counter_) >> 24);
    ++fills_;
    return Status::Ok;
  }
  std::uint64_t counter_ = 0;
  int fills_ = 0;
};

// Never has any.
class NoEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t>) noexcept override { return Status::EntropyUnavailable; }
};

// The same bytes every time: every candidate after the first collides.
class StuckEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    for (std::uint8_t& b : bytes) b = 0x5A;
    return Status::Ok;
  }
};

}  // namespace cairn::test
