// RewindBuffer (rewind.h): moments, the input log, and stepping back by restoring a moment and
// re-running the recorded inputs.
#include "sim/rewind.h"

#include <algorithm>
#include <limits>
#include <new>
#include <utility>

#include "base/assert.h"
#include "base/unique_number.h"
#include "game/game_world.h"

namespace cairn {

// --- what the session reports
// ---------------------------------------------------------------------

RewindBuffer::Fingerprint RewindBuffer::Current() const noexcept {
  Fingerprint print;
  print.active = session_.active_;
  const GameWorld& world = session_.World();
  print.world = world.WorldId();
  print.structure = world.Registry().StructuralRevision();
  print.bindings = world.Bindings().Revision();
  for (const GameSession::Floor& floor : session_.floors_) print.built += floor.world != nullptr;
  return print;
}

void RewindBuffer::MarkChanged(std::size_t floor) noexcept {
  if (last_change_.size() < session_.floors_.size())
    last_change_.resize(session_.floors_.size(), 0);
  last_change_[floor] = ++change_count_;
}

void RewindBuffer::MarkAllChanged() noexcept {
  last_change_.assign(session_.floors_.size(), ++change_count_);
}

void RewindBuffer::BeforeTick(const TickInput& input) noexcept {
  if (replaying_) return;
  const std::int64_t now = session_.World().Tick();
  // Something other than a tick changed the run since the last one (a floor change, keys minted
  // by a save, a duplicate): the ticks from here on must not be re-run from an older moment.
  if (!(Current() == after_tick_)) {
    edited_ = true;
    MarkAllChanged();
  }
  try {
    if (moments_.empty() || edited_ ||
        static_cast<std::uint64_t>(now - moments_.back().tick) >= interval_) {
      Moment moment;
      if (Capture(moment) != Status::Ok) {
        Reset();  // nothing reachable rather than something wrong
        return;
      }
      if (!moments_.empty() && moments_.back().tick == now) {
        moments_.back() = std::move(moment);
        held_ = MomentBytes();
      } else {
        moments_.push_back(std::move(moment));
        const Moment* previous = moments_.size() >= 2 ? &moments_[moments_.size() - 2] : nullptr;
        const std::size_t added = BytesBeyond(moments_.back(), previous);
        held_ += added;
        // The first moment of a window copies everything, and one an edit forced a tick or two
        // after the last holds little that changed: the pace follows the moments on schedule.
        if (previous != nullptr && !edited_) Pace(added);
      }
      edited_ = false;
    }
    inputs_.push_back(input);
  } catch (const std::bad_alloc&) {
    Reset();
    return;
  }
  // The redo list lasts while ticks run with the inputs it recorded.
  if (!redo_.empty()) {
    if (redo_.front().command == input.command)
      redo_.pop_front();
    else
      redo_.clear();
  }
  MarkChanged(static_cast<std::size_t>(session_.active_));
  active_before_ = session_.active_;
  Evict(now + 1);
}

void RewindBuffer::AfterTick() noexcept {
  if (replaying_) return;
  // The stairs, inside the tick: both floors changed, and a re-run must not cross it (a first
  // visit would build the floor again under another world id).
  if (session_.active_ != active_before_) {
    edited_ = true;
    MarkAllChanged();
  }
  after_tick_ = Current();
}

void RewindBuffer::NoteEdit() noexcept {
  edited_ = true;
  redo_.clear();
  MarkAllChanged();
}

void RewindBuffer::Reset() noexcept {
  moments_.clear();
  inputs_.clear();
  redo_.clear();
  held_ = 0;
  interval_ = options_.interval;
  reach_floor_ = std::numeric_limits<std::int64_t>::min();
  edited_ = false;
  MarkAllChanged();
}

void RewindBuffer::Evict(std::int64_t now) noexcept {
  // Keep the newest moment at or before the window's far end; older ones serve no step back.
  const std::int64_t horizon = now - static_cast<std::int64_t>(options_.window);
  while (moments_.size() >= 2 && moments_[1].tick <= horizon) DropOldest();
  // Moments an edit forced, each a tick apart, cannot be spaced out: past four budgets the
  // oldest go rather than the process running out of memory.
  while (moments_.size() >= 2 && held_ / 4 > options_.budget) DropOldest();
}

void RewindBuffer::DropOldest() noexcept {
  // What the second moment shared with the first, it now holds alone.
  const std::size_t gone = BytesBeyond(moments_[0], nullptr);
  const std::size_t shared =
      BytesBeyond(moments_[1], nullptr) - BytesBeyond(moments_[1], &moments_[0]);
  held_ = held_ - gone + shared;
  const auto dropped = static_cast<std::size_t>(moments_[1].tick - moments_[0].tick);
  inputs_.erase(inputs_.begin(), inputs_.begin() + static_cast<std::ptrdiff_t>(dropped));
  moments_.pop_front();
}

void RewindBuffer::Pace(std::size_t added) noexcept {
  // How many moments of this size the budget holds; the window needs window / interval of them.
  const std::uint64_t fit =
      std::max<std::uint64_t>(options_.budget / std::max<std::size_t>(added, 1), 1);
  const std::uint64_t spaced = options_.window / fit + (options_.window % fit != 0);
  interval_ = std::max(options_.interval, spaced);
}

// --- asking
// -------------------------------------------------------------------------------------------

std::int64_t RewindBuffer::EarliestTick() const noexcept {
  const std::int64_t now = session_.World().Tick();
  if (moments_.empty()) return now;
  return std::max(
      {moments_.front().tick, now - static_cast<std::int64_t>(options_.window), reach_floor_});
}

bool RewindBuffer::NextRecorded(TickInput& out) const noexcept {
  if (redo_.empty()) return false;
  out = redo_.front();
  return true;
}

std::size_t RewindBuffer::Bytes() const noexcept {
  return held_ + inputs_.size() * sizeof(TickInput) + redo_.size() * sizeof(TickInput);
}

std::size_t RewindBuffer::MomentBytes() const noexcept {
  std::size_t bytes = 0;
  const Moment* previous = nullptr;
  for (const Moment& moment : moments_) {
    bytes += BytesBeyond(moment, previous);
    previous = &moment;
  }
  return bytes;
}

std::size_t RewindBuffer::BytesBeyond(const Moment& moment, const Moment* previous) noexcept {
  std::size_t bytes = sizeof(Moment);
  for (std::size_t i = 0; i < moment.floors.size(); ++i) {
    const FloorMoment& floor = moment.floors[i];
    // A floor's snapshot shares only with the same floor's in the moment before.
    const WorldSnapshot* before = previous != nullptr && i < previous->floors.size()
                                      ? previous->floors[i].world.get()
                                      : nullptr;
    if (floor.world && floor.world.get() != before) bytes += floor.world->BytesBeyond(before);
    bytes += sizeof(FloorMoment) + floor.preserved.capacity() * sizeof(GameSession::PreservedEntry);
  }
  // The runs of messages `previous` holds come first, in the same order (CaptureMessages): one
  // walk over both finds them.
  std::size_t j = 0;
  for (const std::shared_ptr<const MessageRun>& run : moment.message_runs) {
    if (previous != nullptr)
      while (j < previous->message_runs.size() && previous->message_runs[j]->first < run->first)
        ++j;
    // Runs with the same first message (one message said again between two moments) follow
    // each other in both lists: a match moves on past the run it matched.
    if (previous != nullptr && j < previous->message_runs.size() &&
        previous->message_runs[j] == run) {
      ++j;
      continue;
    }
    bytes += run->bytes;
  }
  return bytes;
}

// --- moments
// ------------------------------------------------------------------------------------------

Status RewindBuffer::Capture(Moment& out) noexcept {
  const Moment* previous = moments_.empty() ? nullptr : &moments_.back();
  const std::vector<GameSession::Floor>& floors = session_.floors_;
  if (last_change_.size() < floors.size()) last_change_.resize(floors.size(), change_count_);
  try {
    Moment moment;
    moment.tick = session_.World().Tick();
    moment.version = change_count_;
    moment.active = session_.active_;
    moment.floors.resize(floors.size());
    for (std::size_t i = 0; i < floors.size(); ++i) {
      FloorMoment& floor = moment.floors[i];
      const GameWorld* world = floors[i].world.get();
      floor.built = world != nullptr;
      if (!floor.built) continue;
      const FloorMoment* before =
          previous != nullptr && i < previous->floors.size() ? &previous->floors[i] : nullptr;
      const bool same_world =
          before != nullptr && before->world && before->world->WorldId() == world->WorldId();
      if (same_world && last_change_[i] <= previous->version) {
        floor.world = before->world;  // unchanged since the last moment: shared
      } else {
        // The trace entries the last moment holds are shared, not copied again.
        auto snapshot = std::make_shared<WorldSnapshot>();
        if (Status s = TakeSnapshot(*world, *snapshot, same_world ? before->world.get() : nullptr);
            s != Status::Ok)
          return s;
        floor.world = std::move(snapshot);
      }
      floor.preserved = floors[i].preserved;
      const FieldOfView& view = floors[i].scratch->player_view;
      floor.view_x = view.OriginX();
      floor.view_y = view.OriginY();
      floor.view_radius = view.Radius();
    }
    CaptureMessages(previous, moment);
    moment.messages_said = session_.log_.messages_said_;
    moment.effects = session_.log_.effects_;
    moment.notes = session_.log_.notes_;
    moment.effects_dropped = session_.log_.effects_dropped_;
    moment.summary = session_.summary_;
    moment.run_instance = session_.run_instance_;
    out = std::move(moment);
  } catch (const std::bad_alloc&) {
    return Status::AllocationFailed;
  }
  return Status::Ok;
}

void RewindBuffer::CaptureMessages(const Moment* previous, Moment& moment) const {
  const RunLog& log = session_.log_;
  moment.message_lineage = log.lineage_;
  moment.messages_pushed = log.pushed_;
  moment.message_count = log.messages_.size();
  const std::uint64_t oldest = log.pushed_ - log.messages_.size();
  std::uint64_t from = oldest;
  if (previous != nullptr && previous->message_lineage == log.lineage_ &&
      previous->messages_pushed <= log.pushed_) {
    for (const std::shared_ptr<const MessageRun>& run : previous->message_runs)
      if (run->first + run->messages.size() > oldest) moment.message_runs.push_back(run);
    // The newest message then may have been said again since: its count and tick are copied anew.
    if (previous->messages_pushed > from) from = previous->messages_pushed - 1;
  }
  if (from >= log.pushed_) return;
  auto run = std::make_shared<MessageRun>();
  run->first = from;
  run->messages.assign(log.messages_.begin() + static_cast<std::ptrdiff_t>(from - oldest),
                       log.messages_.end());
  for (const Message& message : run->messages)
    run->bytes += sizeof(Message) + message.text.capacity();
  moment.message_runs.push_back(std::move(run));
}

std::deque<Message> RewindBuffer::MessagesOf(const Moment& moment) {
  const std::uint64_t oldest = moment.messages_pushed - moment.message_count;
  std::vector<const Message*> held(moment.message_count, nullptr);
  for (const std::shared_ptr<const MessageRun>& run : moment.message_runs)
    for (std::size_t i = 0; i < run->messages.size(); ++i) {
      const std::uint64_t n = run->first + i;
      if (n >= oldest && n < moment.messages_pushed)
        held[static_cast<std::size_t>(n - oldest)] = &run->messages[i];
    }
  std::deque<Message> messages;
  for (const Message* message : held) {
    CAIRN_ASSERT(message != nullptr, "a moment's runs hold every message of its log");
    if (message != nullptr) messages.push_back(*message);
  }
  return messages;
}

Status RewindBuffer::Restore(const Moment& moment) noexcept {
  std::vector<GameSession::Floor>& floors = session_.floors_;
  if (moment.floors.size() != floors.size()) return Status::InvalidOperation;
  for (std::size_t i = 0; i < floors.size(); ++i) {
    const FloorMoment& floor = moment.floors[i];
    if (floor.built &&
        (!floors[i].world || !floor.world || floor.world->WorldId() != floors[i].world->WorldId()))
      return Status::InvalidOperation;  // a moment of worlds this run no longer has: never expected
  }
  // The session's own state is copied first, since copying may fail; then nothing can.
  std::deque<Message> messages;
  std::vector<DeathEffect> effects;
  std::vector<Note> notes;
  RunSummary summary;
  std::vector<std::vector<GameSession::PreservedEntry>> preserved(floors.size());
  try {
    messages = MessagesOf(moment);
    effects = moment.effects;
    notes = moment.notes;
    summary = moment.summary;
    for (std::size_t i = 0; i < floors.size(); ++i) preserved[i] = moment.floors[i].preserved;
  } catch (const std::bad_alloc&) {
    return Status::AllocationFailed;
  }
  const std::uint64_t restored = ++change_count_;
  for (std::size_t i = 0; i < floors.size(); ++i) {
    const FloorMoment& floor = moment.floors[i];
    GameSession::Floor& live = floors[i];
    if (!floor.built) continue;  // built since: DropUnbuilt, once the step back succeeded
    if (i >= last_change_.size() || last_change_[i] > moment.version) {
      if (Status s = RestoreSnapshot(*live.world, *floor.world); s != Status::Ok) return s;
      // The player's view is derived from the map and where it was computed from: computed again.
      if (floor.view_x >= 0)
        live.scratch->player_view.Compute(live.world->Map(), floor.view_x, floor.view_y,
                                          floor.view_radius);
      if (i < last_change_.size()) last_change_[i] = restored;
    }
    // Caches keyed by the tick number would take a tick met again for the one they saw.
    live.scratch->distance_tick = -1;
    live.scratch->flee_tick = -1;
    live.preserved.swap(preserved[i]);
  }
  session_.active_ = moment.active;
  session_.log_.messages_.swap(messages);
  session_.log_.pushed_ = moment.messages_pushed;
  session_.log_.lineage_ = NextUniqueNumber();  // put back: later moments copy it whole once
  session_.log_.messages_said_ = moment.messages_said;
  session_.log_.effects_.swap(effects);
  session_.log_.notes_.swap(notes);
  session_.log_.effects_dropped_ = moment.effects_dropped;
  session_.summary_ = std::move(summary);
  session_.run_instance_ = moment.run_instance;
  return Status::Ok;
}

void RewindBuffer::DropUnbuilt(const Moment& moment) noexcept {
  for (std::size_t i = 0; i < moment.floors.size(); ++i) {
    if (moment.floors[i].built) continue;
    // The run had not reached this floor yet. Its level is kept (the seed generates the same one
    // again); its world goes, and a visit builds it anew.
    GameSession::Floor& live = session_.floors_[i];
    live.world.reset();
    live.scratch.reset();
    live.preserved.clear();
    live.owned_preserved.clear();
  }
}

// --- stepping back
// --------------------------------------------------------------------------------

Status RewindBuffer::RewindTo(std::int64_t target, std::string& why) noexcept {
  if (session_.World().InTick()) return Status::InvalidPhase;
  const std::int64_t now = session_.World().Tick();
  const std::int64_t earliest = EarliestTick();
  std::size_t base = moments_.size();
  while (base > 0 && moments_[base - 1].tick > target) --base;
  if (base == 0) return Status::InvalidOperation;
  --base;
  const std::int64_t from = moments_[base].tick;
  // Before anything changes: the inputs undone (the redo list), and, when ticks must be re-run,
  // the present as a moment to come back to should the re-run not arrive.
  std::deque<TickInput> undone;
  Moment present;
  try {
    for (std::int64_t t = target + 1; t <= now; ++t) undone.push_back(InputOf(t));
    undone.insert(undone.end(), redo_.begin(), redo_.end());
  } catch (const std::bad_alloc&) {
    why = "not enough memory to step back";
    return Status::AllocationFailed;
  }
  if (from < target && Capture(present) != Status::Ok) {
    why = "not enough memory to step back";
    return Status::AllocationFailed;
  }
  if (Status s = Restore(moments_[base]); s != Status::Ok) {
    why = "the moment to step back to could not be restored";
    return s;
  }
  if (from < target) {
    MarkChanged(static_cast<std::size_t>(session_.active_));
    replaying_ = true;
    for (std::int64_t t = from + 1; t <= target; ++t) {
      (void)session_.StepTick(InputOf(t));  // a fault is part of what happened, if it did
      if (session_.World().Tick() == t) continue;
      replaying_ = false;
      (void)Restore(present);
      why = "the re-run stopped at tick " + std::to_string(session_.World().Tick()) +
            " before reaching tick " + std::to_string(target) + "; nothing changed";
      return Status::InvalidOperation;
    }
    replaying_ = false;
  }
  DropUnbuilt(moments_[base]);
  // The future is gone from the log and the moments; its inputs wait as the redo list.
  inputs_.resize(static_cast<std::size_t>(target - moments_.front().tick));
  while (moments_.back().tick > target) moments_.pop_back();
  held_ = MomentBytes();
  redo_.swap(undone);
  // The window reaches no further back than it did before the step, even where the oldest
  // moment lies before that (moments an edit or the pace put off the interval's grid).
  reach_floor_ = earliest;
  edited_ = false;
  active_before_ = session_.active_;
  after_tick_ = Current();
  return Status::Ok;
}

Status RewindBuffer::StepBack(std::uint64_t ticks, std::string& why) noexcept {
  if (ticks == 0) {
    why = "a step back is at least 1 tick";
    return Status::InvalidArgument;
  }
  const std::int64_t now = session_.World().Tick();
  const std::int64_t earliest = EarliestTick();
  const auto reach = static_cast<std::uint64_t>(now - earliest);
  if (ticks > reach) {
    why = "tick " +
          (ticks > static_cast<std::uint64_t>(now)
               ? std::string("before 0")
               : std::to_string(now - static_cast<std::int64_t>(ticks))) +
          " is outside the rewind window: it reaches back to tick " + std::to_string(earliest) +
          (reach == 0 ? std::string(" (nothing to step back to)")
                      : " (at most " + std::to_string(reach) + " ticks back)");
    return Status::InvalidOperation;
  }
  return RewindTo(now - static_cast<std::int64_t>(ticks), why);
}

Status RewindBuffer::StepBackTurn(std::string& why) noexcept {
  const std::int64_t earliest = EarliestTick();
  for (std::int64_t t = session_.World().Tick(); t > earliest; --t)
    if (InputOf(t).command.kind != PlayerCommandKind::None) return RewindTo(t - 1, why);
  why = "no command of the player's lies inside the rewind window (back to tick " +
        std::to_string(earliest) + ")";
  return Status::InvalidOperation;
}

}  // namespace cairn
