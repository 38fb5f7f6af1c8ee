// RunLog: what a run shows of itself that the worlds must not hold and that no rule reads: the
// message log (repeats collapsed, the last kMessageHistory kept, every saying counted) and the
// death effects still on screen (with how many a full screen pushed out). The session owns one
// (GameSession::Log()) and the narrator (sim/narrator.h) writes it from each tick's events; it
// knows nothing of sessions or worlds beyond the clock it is given, so it is testable alone.
//
// Only the message count is the run's state in any sense: saves hold it and a run stops before
// it passes what a save holds (game/state_limits.h). The effects never reach the state hash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "base/unique_number.h"
#include "game/events.h"
#include "sim/message.h"
#include "sim/run_outcome.h"

namespace cairn {

class RewindBuffer;

class RunLog {
 public:
  static constexpr std::size_t kMessageHistory = 1000;
  static constexpr std::int32_t kEffectTicks = 40;  // how long a death's remains show
  // The tick a message is said at: the run's clock, read at the moment of saying.
  using Clock = std::function<std::int64_t()>;

  // `max_effects`: death effects shown at once (a death past it pushes out the oldest).
  RunLog(Clock now, std::size_t max_effects) : now_(std::move(now)), max_effects_(max_effects) {}

  // --- messages ----------------------------------------------------------------------------------
  // Adds to the log; the same text and tone as the newest message counts it again instead
  // ("... x6", as DCSS and Brogue collapse repeats).
  void Say(std::string text, MessageTone tone = MessageTone::Plain);
  // Says what only informs (what lies where you step): a message like any other, which a run of
  // turns (explore, travel) does not stop for.
  void Mention(std::string text);
  [[nodiscard]] const std::deque<Message>& Messages() const noexcept { return messages_; }
  // How many messages were ever said (the log keeps the last kMessageHistory).
  [[nodiscard]] std::uint64_t MessageCount() const noexcept { return messages_said_; }
  // Changes with each message but a mention: what a run of turns stops for.
  [[nodiscard]] std::uint64_t NewsCount() const noexcept { return messages_said_ - mentions_; }
  // Continues a saved log: `saved` (oldest first; only the last kMessageHistory are kept) after
  // what is already here, and the count of messages ever said.
  void Resume(std::span<const Message> saved, std::uint64_t said);

  // --- notes -------------------------------------------------------------------------------------
  // Adds a note (message.h: Note); past kMaxNotes, nothing.
  void AddNote(std::int32_t turn, std::int32_t depth, std::string text);
  [[nodiscard]] const std::vector<Note>& Notes() const noexcept { return notes_; }
  // A resumed run's notes, in place of any.
  void ResumeNotes(std::span<const Note> saved);

  // --- death effects -----------------------------------------------------------------------------
  [[nodiscard]] const std::vector<DeathEffect>& Effects() const noexcept { return effects_; }
  // Death effects pushed out early because max_effects were showing (clearing them is not
  // counted): the pane's "effects dropped".
  [[nodiscard]] std::uint64_t EffectsDropped() const noexcept { return effects_dropped_; }
  // After a tick: the effects shown age by one tick, then each of `deaths` shows its remains.
  void ShowDeaths(std::span<const DeathEvent> deaths);
  // A change of floor: the effects shown belong to the floor left.
  void ClearEffects() noexcept { effects_.clear(); }
  // A new run: no effects, none dropped. The messages go on (the log reads across restarts).
  void NewRun() noexcept {
    effects_.clear();
    effects_dropped_ = 0;
  }

 private:
  // Takes and restores moments of the run (sim/rewind.h): every member below but the clock.
  friend class RewindBuffer;

  Clock now_;
  std::size_t max_effects_ = 64;
  std::deque<Message> messages_;
  std::uint64_t messages_said_ = 0;
  std::uint64_t mentions_ = 0;  // of messages_said_, those that only inform (Mention)
  // Messages ever added to the back of messages_ (a repeat adds none): the newest is the
  // pushed_-th. A moment keeps only the messages added since the last one (sim/rewind.h).
  std::uint64_t pushed_ = 0;
  // Changes whenever messages_ is replaced rather than added to (a resume, a step back): a moment
  // shares an earlier one's messages only within one history. Drawn from the process's unique
  // numbers, like the trace ring's, so that no two logs, nor one log before and after, share one.
  std::uint64_t lineage_ = NextUniqueNumber();
  std::vector<DeathEffect> effects_;
  std::uint64_t effects_dropped_ = 0;
  std::vector<Note> notes_;
};

}  // namespace cairn
