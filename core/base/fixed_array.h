// FixedArray<T>: a buffer whose size is chosen once, allocated fallibly, and never grows.
//
// The core reserves everything at initialization and never allocates on a hot path, so storage
// is a fixed array rather than a growing vector: there is no push_back that could reallocate and
// no exception to catch. (The two arrays that grow, the path finder's open list and its heap, do
// so rarely, by taking a larger FixedArray, and fail without changing anything: decision 0036.)
// Every allocation in the core goes through Allocate or AllocateUninitialized, which share the one
// place the allocation-failure test seam (fault_injection.h) intercepts.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
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
  //
  // A large array of plain values whose zero is their default comes from std::calloc: memory
  // fresh from the system is zero already, so calloc does not write it, and its pages become
  // resident only when first written. The per-cell grids of a 4096 x 4096 floor are 17-134 MB
  // each, and most stay zero on most floors (the occupancy of an empty floor, the crowd's region
  // labels, the pathfinder's node grid before the first search). Small arrays keep new[]: glibc
  // hands them out from its heap, where calloc zeroes as new[] does (decision 0034).
  static constexpr std::size_t kZeroedBySystemBytes = std::size_t{1} << 20;
  //
  // The same holds for a plain aggregate whose default member initializers give all zero bytes
  // (`std::uint32_t slot = 0;`, `EntityId id{}`): calloc's memory begins such values' lifetimes
  // (an aggregate of plain members is an implicit-lifetime type) already default, so the binding
  // table and creation order of a world reserved for 16 million entities stay unwritten too.
  [[nodiscard]] Status Allocate(std::size_t count) noexcept {
    if constexpr ((std::is_trivially_default_constructible_v<T> ||
                   (std::is_aggregate_v<T> && std::is_trivially_copyable_v<T>)) &&
                  std::is_trivially_destructible_v<T>) {
      if (count <= max_count() && count * sizeof(T) >= kZeroedBySystemBytes && DefaultIsZero())
        return Take(count, true, [](std::size_t n) {
          static_assert(alignof(T) <= alignof(std::max_align_t), "calloc aligns to max_align_t");
          return static_cast<T*>(std::calloc(n, sizeof(T)));
        });
    }
    return Take(count, false, [](std::size_t n) { return new (std::nothrow) T[n](); });
  }

  // Allocates `count` elements left unwritten, for storage whose every reader writes an element
  // before reading it (scratch, a pool past its size). A zeroed array is written in full at once;
  // this one costs resident memory only as its pages are first written (a search's scratch holds
  // what it visits, a pool's room past its size waits for inserts). Where assertions are on (Debug,
  // sanitizer and fuzz builds) it is filled with 0xA5 bytes instead, so that a read before a write
  // changes a result the tests compare rather than passing on zeroes. The storage comes from
  // std::malloc, which begins the lifetime of plain values (trivially copyable types are
  // implicit-lifetime) without running their default member initializers. Failure as Allocate.
  [[nodiscard]] Status AllocateUninitialized(std::size_t count) noexcept {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "only plain values may be left unwritten");
    return Take(count, true, Unwritten);
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
  // Gives the storage back the way it was taken: new[], or std::malloc and std::calloc.
  struct Release {
    bool from_malloc = false;
    void operator()(T* p) const noexcept {
      if (from_malloc)
        std::free(static_cast<void*>(p));
      else
        delete[] p;
    }
  };
  // The one allocation both forms share: the size check, the failure seam, then `make(n)`.
  template <class Make>
  [[nodiscard]] Status Take(std::size_t count, bool from_malloc, Make make) noexcept {
    if (count > max_count()) return Status::AllocationFailed;
    if (ShouldFailAllocation()) return Status::AllocationFailed;
    std::unique_ptr<T[], Release> fresh(make(count == 0 ? 1 : count), Release{from_malloc});
    if (!fresh) return Status::AllocationFailed;
    data_ = std::move(fresh);
    size_ = count;
    return Status::Ok;
  }
  // Elements left unwritten; filled with 0xA5 where assertions are on (see AllocateUninitialized).
  static T* Unwritten(std::size_t n) noexcept {
    static_assert(alignof(T) <= alignof(std::max_align_t), "std::malloc aligns to max_align_t");
    void* fresh = std::malloc(n * sizeof(T));
#ifdef CAIRN_ASSERTIONS
    if (fresh != nullptr) std::memset(fresh, 0xA5, n * sizeof(T));
#endif
    return static_cast<T*>(fresh);
  }
  // Whether a default T is all zero bytes (checked once per type, on a value made over non-zero
  // bytes: value-initialization zeroes a class's padding before its member initializers run).
  static bool DefaultIsZero() noexcept {
    if constexpr (std::is_trivially_default_constructible_v<T>) {
      return true;
    } else {
      static const bool zero = [] {
        alignas(T) unsigned char bytes[sizeof(T)];
        std::memset(bytes, 0xA5, sizeof bytes);
        ::new (static_cast<void*>(bytes)) T();
        for (unsigned char b : bytes)
          if (b != 0) return false;
        return true;
      }();
      return zero;
    }
  }
  static constexpr std::size_t max_count() noexcept {
    return static_cast<std::size_t>(-1) / sizeof(T) / 2;  // checked size arithmetic: no overflow
  }
  std::unique_ptr<T[], Release> data_;
  std::size_t size_ = 0;
};

}  // namespace cairn
