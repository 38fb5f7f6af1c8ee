// RewindBuffer: stepping a run back in time, exactly (console `BACK N`, the game's step-back keys).
//
// Every `interval` ticks (more on a floor whose moments would outgrow the options' memory budget:
// Interval()) the buffer takes a moment of the whole run: a WorldSnapshot of each floor that
// changed since the last moment (the others share the earlier one; a changed one shares its
// unchanged blocks, decision 0033), and the session's own
// state (which floor is active, the message log, death effects and how many were dropped, the
// run's summary). It records the input of every tick. Stepping back to tick T restores the latest
// moment at or before T and runs the recorded inputs again up to T: the simulation is
// deterministic, so the result is the state the run had at T, handles and free lists included, not
// merely one that hashes alike.
//
// Re-running recorded inputs is only right while nothing but ticks changed the run, so anything
// else starts a moment before the next tick: an edit between ticks (the console's SPAWN, SET, DUP;
// GameSession::NoteEdit), a save that minted keys, and a change of floor (a first visit builds a
// world, which a re-run would build again under another world id). A step back therefore never
// re-runs across any of them. A restart, a replaced level or a restored save starts a new window:
// nothing before it can be reached.
//
// "The state at tick T" is the state in which tick T+1 began (or the present, for the last tick):
// between-tick edits made at T are part of it. Messages said between ticks (a refused command) in
// the re-run stretch are not said again; the pause flag is left as it is.
//
// After a step back the inputs of the ticks undone are kept as a redo list: a tick run with the
// same input as the one recorded next keeps the rest of the list (the game's forward step replays
// it, as a debugger's redo); any other input, or an edit, drops it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "game/systems.h"
#include "game/world_snapshot.h"
#include "identity/uuid.h"
#include "sim/run_outcome.h"
#include "sim/session.h"
#include "sim/session_image.h"

namespace cairn {

class RewindBuffer {
 public:
  explicit RewindBuffer(GameSession& session, RewindOptions options = {}) noexcept
      : session_(session), options_(options) {}
  RewindBuffer(const RewindBuffer&) = delete;
  RewindBuffer& operator=(const RewindBuffer&) = delete;

  // --- what the session reports ------------------------------------------------------------------
  // Before and after every tick the session runs (not the ticks a step back re-runs).
  void BeforeTick(const TickInput& input) noexcept;
  void AfterTick() noexcept;
  // The run changed between ticks other than by a tick (the console's edits).
  void NoteEdit() noexcept;
  // A new run: nothing before now can be reached.
  void Reset() noexcept;

  // --- asking
  // ---------------------------------------------------------------------------------------
  [[nodiscard]] const RewindOptions& Options() const noexcept { return options_; }
  // The earliest tick a step back reaches now (the present when nothing can be reached).
  [[nodiscard]] std::int64_t EarliestTick() const noexcept;
  // True while a step back re-runs ticks (the session tells no listener about them).
  [[nodiscard]] bool Replaying() const noexcept { return replaying_; }
  // After a step back: the input the next tick had the first time; false when there is none.
  [[nodiscard]] bool NextRecorded(TickInput& out) const noexcept;
  [[nodiscard]] std::size_t MomentCount() const noexcept { return moments_.size(); }
  // The memory the moments and the inputs hold (what moments share counts once).
  [[nodiscard]] std::size_t Bytes() const noexcept;
  // Ticks between moments now: the options' interval, or more where moments that often would
  // hold more than the budget over the window.
  [[nodiscard]] std::uint64_t Interval() const noexcept { return interval_; }

  // --- stepping back
  // -------------------------------------------------------------------------------- Rewinds the
  // run `ticks` ticks. InvalidArgument for 0; InvalidOperation past the window (`why` says how far
  // it reaches) or when the re-run did not arrive where it should; InvalidPhase mid-tick. On
  // failure nothing changed.
  [[nodiscard]] Status StepBack(std::uint64_t ticks, std::string& why) noexcept;
  // Rewinds to just before the player's last command: the moment they chose it. InvalidOperation
  // when no command lies inside the window.
  [[nodiscard]] Status StepBackTurn(std::string& why) noexcept;

 private:
  struct FloorMoment {
    bool built = false;
    std::shared_ptr<const WorldSnapshot> world;  // shared by moments while the floor is unchanged
    std::vector<GameSession::PreservedEntry> preserved;  // entities' unknown components
    std::int32_t view_x = -1;  // where the player's view was computed from (-1: never)
    std::int32_t view_y = -1;
    std::int32_t view_radius = 0;
  };
  // Messages of the log, consecutive by the log's count of messages added (RunLog::pushed_), the
  // first of them the `first`-th: shared by every later moment whose log still holds them.
  struct MessageRun {
    std::uint64_t first = 0;
    std::vector<Message> messages;
    std::size_t bytes = 0;  // the memory the messages hold, counted once when the run is made
  };
  struct Moment {
    std::int64_t tick = 0;
    std::uint64_t version = 0;  // change_count_ when it was taken
    std::int32_t active = 0;
    std::vector<FloorMoment> floors;
    // The log's last `message_count` messages, the newest the `messages_pushed`-th added, held
    // by runs (oldest first; where two hold a message, the later run's copy is the moment's): the
    // runs of the moment before that the log still held, and the messages added since. So a
    // moment copies tens of messages, not the thousand the log keeps.
    std::vector<std::shared_ptr<const MessageRun>> message_runs;
    std::uint64_t messages_pushed = 0;
    std::size_t message_count = 0;
    std::uint64_t message_lineage = 0;
    std::uint64_t messages_said = 0;
    std::vector<DeathEffect> effects;
    std::uint64_t effects_dropped = 0;
    std::vector<Note> notes;
    RunSummary summary;
    Uuid run_instance{};
  };
  // What changes when the run changes between ticks by structure: compared before each tick with
  // what it was after the last, so a change the session made itself (a floor change, keys minted
  // by a save, a duplicate) is noticed without anyone reporting it.
  struct Fingerprint {
    std::int32_t active = 0;
    std::uint64_t world = 0;
    std::uint64_t structure = 0;
    std::uint64_t bindings = 0;
    std::size_t built = 0;
    friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
  };

  [[nodiscard]] Fingerprint Current() const noexcept;
  // The log's messages into `moment`, sharing what `previous` holds of them.
  void CaptureMessages(const Moment* previous, Moment& moment) const;
  // The log's messages as `moment` holds them.
  [[nodiscard]] static std::deque<Message> MessagesOf(const Moment& moment);
  [[nodiscard]] Status Capture(Moment& out) noexcept;
  // Puts back every floor that changed since `moment` and the session's state; floors built since
  // stay until DropUnbuilt, so a failed re-run can still return to the present.
  [[nodiscard]] Status Restore(const Moment& moment) noexcept;
  void DropUnbuilt(const Moment& moment) noexcept;
  [[nodiscard]] Status RewindTo(std::int64_t target, std::string& why) noexcept;
  void MarkChanged(std::size_t floor) noexcept;
  void MarkAllChanged() noexcept;
  void Evict(std::int64_t now) noexcept;
  // The memory the moments hold, counted afresh (`held_` keeps it as moments come and go).
  [[nodiscard]] std::size_t MomentBytes() const noexcept;
  // The memory `moment` holds that `previous` (the moment before it, or null) does not share.
  [[nodiscard]] static std::size_t BytesBeyond(const Moment& moment,
                                               const Moment* previous) noexcept;
  // After a moment `added` bytes large joined the others: the interval for the next ones.
  void Pace(std::size_t added) noexcept;
  void DropOldest() noexcept;
  [[nodiscard]] const TickInput& InputOf(std::int64_t tick) const noexcept {
    return inputs_[static_cast<std::size_t>(tick - moments_.front().tick - 1)];
  }

  GameSession& session_;
  RewindOptions options_;
  std::deque<Moment> moments_;              // oldest first
  std::deque<TickInput> inputs_;            // the inputs of the ticks after the oldest moment
  std::deque<TickInput> redo_;              // after a step back: the inputs of the ticks undone
  std::vector<std::uint64_t> last_change_;  // per floor: change_count_ when it last changed
  std::uint64_t change_count_ = 0;
  std::uint64_t interval_ = options_.interval;
  std::size_t held_ = 0;  // MomentBytes() as of the last change to the moments
  // After a step back: the earliest tick the window reached before it (it reaches no further).
  std::int64_t reach_floor_ = std::numeric_limits<std::int64_t>::min();
  Fingerprint after_tick_{};
  std::int32_t active_before_ = 0;
  bool edited_ = false;
  bool replaying_ = false;
};

}  // namespace cairn
