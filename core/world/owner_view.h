// OwnerView: the owners of a pool's dense entries, read as full EntityIds.
//
// A pool stores each owner as its slot only (4 bytes): the world is the pool's, and the
// generation is the registry's live generation of that slot, since a pool holds components of
// live entities only (the registry refuses to release an entity while a pool holds one of its
// components). The view rebuilds the id on each read, so it hands out values, not references.
// Borrowed like the pool's spans: valid until the next structural change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include "identity/handle.h"

namespace cairn {

class OwnerView {
 public:
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using iterator_concept = std::forward_iterator_tag;
    using value_type = EntityId;
    using difference_type = std::ptrdiff_t;
    using reference = EntityId;
    using pointer = void;

    Iterator() noexcept = default;
    Iterator(std::uint64_t world, const std::uint32_t* slot,
             const std::uint32_t* live_generation) noexcept
        : world_(world), slot_(slot), live_generation_(live_generation) {}
    [[nodiscard]] EntityId operator*() const noexcept {
      return EntityId{world_, *slot_, live_generation_[*slot_]};
    }
    Iterator& operator++() noexcept {
      ++slot_;
      return *this;
    }
    Iterator operator++(int) noexcept {
      Iterator before = *this;
      ++slot_;
      return before;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
      return a.slot_ == b.slot_;
    }

   private:
    std::uint64_t world_ = 0;
    const std::uint32_t* slot_ = nullptr;
    const std::uint32_t* live_generation_ = nullptr;
  };

  OwnerView() noexcept = default;
  OwnerView(std::uint64_t world, const std::uint32_t* slots, std::size_t size,
            const std::uint32_t* live_generation) noexcept
      : world_(world), slots_(slots), live_generation_(live_generation), size_(size) {}

  [[nodiscard]] EntityId operator[](std::size_t i) const noexcept {
    const std::uint32_t slot = slots_[i];
    return EntityId{world_, slot, live_generation_[slot]};
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] Iterator begin() const noexcept {
    return Iterator(world_, slots_, live_generation_);
  }
  [[nodiscard]] Iterator end() const noexcept {
    return Iterator(world_, slots_ + size_, live_generation_);
  }

 private:
  std::uint64_t world_ = 0;
  const std::uint32_t* slots_ = nullptr;
  const std::uint32_t* live_generation_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace cairn
