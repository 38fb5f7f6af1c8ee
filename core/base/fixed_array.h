// FixedArray<T>: a buffer whose size is chosen once, allocated fallibly, and never grows.
//
// The core reserves everything at initialization and never allocates on a hot path, so storage
// is a fixed array rather than a growing vector: there is no push_back that could reallocate and
// no exception to catch. Every allocation in the core goes through Allocate, which is also the
// one place the allocation-failure test seam (fault_injection.h) intercepts.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <span>
#include <type_traits>

#include "base/assert.h"
#include "base/fault_injection.h"
#include "base/status.h"

namespace cairn {

// A type that owns memory says so with `static constexpr bool kOwnsMemory = true;`: copying one
// allocates. Only a Many component (its entries) and what holds one do (docs/decisions/0014);
// everything else in the core's fixed storage stays a plain value.
template <class T>
concept OwnsMemory = T::kOwnsMemory;

template <class T>
class FixedArray {
  static_assert((std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>) ||
                    (OwnsMemory<T> && std::is_nothrow_default_constructible_v<T>),
                "FixedArray holds plain values, or values that declare they own memory");

 public:
  FixedArray() noexcept = default;

  // Allocates `count` zeroed elements (at least one, so index 0 is always readable).
  // On failure the array is unchanged.
  [[nodiscard]] Status Allocate(std::size_t count) noexcept {
    if (count > max_count()) return Status::AllocationFailed;
    if (ShouldFailAllocation()) return Status::AllocationFailed;
    std::unique_ptr<T[]> fresh(new (std::nothrow) T[count == 0 ? 1 : count]());
    if (!fresh) return Status::AllocationFailed;
    data_ = std::move(fresh);
    size_ = count;
    return Status::Ok;
  }

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] T* data() noexcept { return data_.get(); }
  [[nodiscard]] const T* data() const noexcept { return data_.get(); }
  T& operator[](std::size_t i) noexcept {
    CAIRN_ASSERT(i < size_ || (i == 0 && data_), "FixedArray index past its size");
    return data_[i];
  }
  const T& operator[](std::size_t i) const noexcept {
    CAIRN_ASSERT(i < size_ || (i == 0 && data_), "FixedArray index past its size");
    return data_[i];
  }
  [[nodiscard]] std::span<T> span() noexcept { return {data_.get(), size_}; }
  [[nodiscard]] std::span<const T> span() const noexcept { return {data_.get(), size_}; }
  [[nodiscard]] std::size_t bytes() const noexcept { return size_ * sizeof(T); }

  void swap(FixedArray& other) noexcept {
    data_.swap(other.data_);
    std::swap(size_, other.size_);
  }

 private:
  static constexpr std::size_t max_count() noexcept {
    return static_cast<std::size_t>(-1) / sizeof(T) / 2;  // checked size arithmetic: no overflow
  }
  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0;
};

}  // namespace cairn
