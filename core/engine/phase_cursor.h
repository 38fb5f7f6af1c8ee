// PhaseCursor: a tick as a fixed sequence of a game's own phases, run whole or one phase at a
// time (a debugger's "step one phase"), always in the same order.
//
// `Phase` is the game's enumeration of its phases, numbered 0 to kCount - 1 in the order they
// run. The cursor only keeps the place: what a phase does, and what is checked or traced around
// it, is the game's `run`. Run whole, each phase is handed to `run` as a compile-time constant,
// so a game's dispatch on it folds to that phase's call and a whole tick costs what a plain
// sequence of calls does.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace cairn {

template <class Phase, std::size_t kCount>
class PhaseCursor {
 public:
  static_assert(kCount > 0, "a tick has at least one phase");

  // Back to before the first phase (a tick begins).
  void Restart() noexcept { next_ = 0; }
  [[nodiscard]] bool Finished() const noexcept { return next_ >= kCount; }
  // The phase the next RunNext runs (the last one once finished: the last that ran).
  [[nodiscard]] Phase Next() const noexcept {
    return static_cast<Phase>(next_ < kCount ? next_ : kCount - 1);
  }
  // Runs the next phase: run(phase). Not when finished.
  template <class Run>
  void RunNext(Run&& run) {
    run(static_cast<Phase>(next_++));
  }
  // Runs every phase left, in order: run(std::integral_constant<Phase, P>{}) for each.
  template <class Run>
  void RunRest(Run&& run) {
    const std::size_t from = next_;
    next_ = kCount;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((I >= from ? run(std::integral_constant<Phase, static_cast<Phase>(I)>{}) : void()), ...);
    }
    (std::make_index_sequence<kCount>{});
  }

 private:
  std::size_t next_ = kCount;  // finished until a tick begins
};

}  // namespace cairn
