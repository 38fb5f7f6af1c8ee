// InlineVector<T, N>: up to N values held in place, in the order they were put, with the part of
// std::vector's interface a component needs. It never allocates, so a component that lists a few
// things (a monster's loot) stays a plain value: copied by a memcpy, reserved untouched, restored
// by a snapshot without a fallible step. A value past N is refused (push_back and insert say so),
// never dropped in silence.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "base/assert.h"

namespace cairn {

template <class T, std::size_t N>
class InlineVector {
  static_assert(std::is_trivially_copyable_v<T>, "an InlineVector holds plain values");
  static_assert(N > 0 && N <= 255, "its size is counted in one byte");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  [[nodiscard]] static constexpr std::size_t capacity() noexcept { return N; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] bool full() const noexcept { return size_ == N; }
  [[nodiscard]] T* data() noexcept { return items_.data(); }
  [[nodiscard]] const T* data() const noexcept { return items_.data(); }
  [[nodiscard]] iterator begin() noexcept { return items_.data(); }
  [[nodiscard]] iterator end() noexcept { return items_.data() + size_; }
  [[nodiscard]] const_iterator begin() const noexcept { return items_.data(); }
  [[nodiscard]] const_iterator end() const noexcept { return items_.data() + size_; }
  T& operator[](std::size_t i) noexcept {
    CAIRN_ASSERT(i < size_, "InlineVector index past its size");
    return items_[i];
  }
  const T& operator[](std::size_t i) const noexcept {
    CAIRN_ASSERT(i < size_, "InlineVector index past its size");
    return items_[i];
  }
  // False, and nothing changed, when it is full.
  [[nodiscard]] bool push_back(const T& value) noexcept {
    if (full()) return false;
    items_[size_++] = value;
    return true;
  }
  // Puts `value` before `at`; end() (nothing changed) when it is full.
  iterator insert(const_iterator at, const T& value) noexcept {
    if (full()) return end();
    const auto index = static_cast<std::size_t>(at - begin());
    for (std::size_t i = size_; i > index; --i) items_[i] = items_[i - 1];
    items_[index] = value;
    ++size_;
    return begin() + index;
  }
  iterator erase(const_iterator at) noexcept {
    const auto index = static_cast<std::size_t>(at - begin());
    for (std::size_t i = index + 1; i < size_; ++i) items_[i - 1] = items_[i];
    --size_;
    items_[size_] = T{};  // what is past the size stays default, so equal contents compare equal
    return begin() + index;
  }
  void clear() noexcept { *this = InlineVector{}; }
  // Sets the size (to at most N): for a reader that fills data() itself, as a snapshot does.
  void resize(std::size_t count) noexcept {
    CAIRN_ASSERT(count <= N, "InlineVector resized past its capacity");
    for (std::size_t i = count; i < size_; ++i) items_[i] = T{};
    size_ = static_cast<std::uint8_t>(count <= N ? count : N);
  }

  friend bool operator==(const InlineVector& a, const InlineVector& b) noexcept {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
      if (!(a.items_[i] == b.items_[i])) return false;
    return true;
  }

 private:
  std::array<T, N> items_{};
  std::uint8_t size_ = 0;
};

}  // namespace cairn
