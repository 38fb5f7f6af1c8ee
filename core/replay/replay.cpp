#include "replay/replay.h"

#include <algorithm>

#include "game/items.h"
#include "game/state_hash.h"
#include "sim/keys.h"

namespace cairn {
namespace {

std::string Hex(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return text;
}

}  // namespace

Recorder::Recorder(const GameSession& session, std::string build, std::string level_name,
                   std::int64_t version) {
  recording_.version = version;
  recording_.build = std::move(build);
  recording_.level = std::move(level_name);
  recording_.content = session.ContentDigest();
  recording_.seed = session.Config().seed;
  recording_.autopickup = AutoPickupOf(session.World(), session.World().PlayerEntity());
  recording_.dungeon_rules = session.Config().dungeon_rules;
  const StateDigest digest = DigestState(session.World(), RecordingForm(version));
  recording_.initial_state = digest.total;
  parts_ = PartsOf(digest);
  recording_.initial = CoveredParts(digest, RecordingForm(version));
  Snapshot(session.World(), nullptr);
}

namespace {

// One component's digest, seeded as `form` does; references are fed as `order` encodes them
// (null: as runtime handles, which is what version 3 did).
template <class T>
std::uint64_t ComponentDigest(ComponentKind kind, const T& value, const CanonicalOrder* order,
                              DigestForm form) {
  Hasher h(ComponentDigestSeed(kind, form));
  h.UseOrder(order);
  Feed(h, value);
  return h.Value();
}

}  // namespace

// Every entity component that changed since this world was last recorded, named by its place in
// creation order among the entities alive before or after the tick: a place no runtime handle
// decides, and one no two entities of the tick share (the dead keep theirs, beside the born).
void Recorder::Snapshot(const GameWorld& world, TickRecord* record) {
  if (recording_.version == kReplayHandleVersion) {
    SnapshotByHandle(world, record);
    return;
  }
  const EntityRegistry& registry = world.Registry();
  const CanonicalOrder order(registry);
  std::vector<SeenEntity>& before = seen_[registry.WorldId()];
  std::vector<SeenEntity> after(std::max<std::size_t>(before.size(), registry.SlotsTouched()));
  for (std::uint32_t slot = 0; slot < registry.SlotsTouched(); ++slot) {
    const EntityId id = registry.EntityAtSlot(slot);
    if (id.IsNull()) continue;
    SeenEntity& now = after[slot];
    now.generation = id.Generation;
    now.creation = registry.CreationSequenceOf(id);
    world.ForEachPool([&](const auto& pool, ComponentKind kind) {
      if (const auto* value = pool.Find(id))
        now.digests[static_cast<std::size_t>(kind)] =
            ComponentDigest(kind, *value, &order, RecordingForm(recording_.version));
    });
  }
  if (record != nullptr) {
    // What changed, as (creation, digests before, digests after); a slot whose entity was
    // replaced gives two: the old one losing everything, the new one gaining its components.
    struct Change {
      std::uint64_t creation;
      const SeenEntity* was;
      const SeenEntity* is;
    };
    static const SeenEntity kNothing{};
    std::vector<Change> changes;
    std::vector<std::uint64_t> creations;
    for (std::size_t slot = 0; slot < after.size(); ++slot) {
      const SeenEntity& was = slot < before.size() ? before[slot] : kNothing;
      const SeenEntity& is = after[slot];
      if (was.generation != 0) creations.push_back(was.creation);
      if (is.generation != 0 && is.creation != was.creation) creations.push_back(is.creation);
      if (was.generation != 0 && was.generation != is.generation)
        changes.push_back(Change{was.creation, &was, &kNothing});
      if (is.generation != 0)
        changes.push_back(
            Change{is.creation, was.generation == is.generation ? &was : &kNothing, &is});
    }
    std::sort(creations.begin(), creations.end());
    std::sort(changes.begin(), changes.end(),
              [](const Change& a, const Change& b) { return a.creation < b.creation; });
    for (std::size_t k = 0; k < kComponentKindCount; ++k)
      for (const Change& c : changes) {
        if (c.was->digests[k] == c.is->digests[k]) continue;
        const auto place = static_cast<std::uint32_t>(
            std::lower_bound(creations.begin(), creations.end(), c.creation) - creations.begin());
        record->entities.push_back(
            EntityDigest{static_cast<ComponentKind>(k), place, 0, c.is->digests[k]});
      }
  }
  before = std::move(after);
}

// Version 3's lines: by slot and generation, with references digested as handles.
void Recorder::SnapshotByHandle(const GameWorld& world, TickRecord* record) {
  const EntityRegistry& registry = world.Registry();
  const std::uint32_t slots = registry.SlotsTouched();
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    // A component version 3 did not know has no lines: not even the empty line a slot changing
    // hands would give every kind.
    if (!PartInForm(3 + static_cast<std::size_t>(kind), RecordingForm(kReplayHandleVersion)))
      return;
    auto& last = entities_[static_cast<std::size_t>(kind)];
    if (last.size() < slots) last.resize(slots, {0, 0});
    for (std::uint32_t slot = 0; slot < slots; ++slot) {
      const EntityId id = registry.EntityAtSlot(slot);
      std::uint64_t digest = 0;
      if (const auto* value = pool.Find(id))
        digest = ComponentDigest(kind, *value, nullptr, RecordingForm(kReplayHandleVersion));
      const std::pair<std::uint32_t, std::uint64_t> now{id.Generation, digest};
      if (now != last[slot] && record != nullptr)
        record->entities.push_back(EntityDigest{kind, slot, id.Generation, digest});
      last[slot] = now;
    }
  });
}

void Recorder::AfterTick(const GameWorld& world, const TickInput& input) {
  TickRecord record;
  record.tick = world.Tick();
  record.input = CommandText(input.command);
  const StateDigest digest = DigestState(world, RecordingForm(recording_.version));
  record.state = digest.total;
  const auto parts = PartsOf(digest);
  for (std::size_t p = 0; p < kStatePartCount; ++p)
    if (parts[p] != parts_[p])
      record.parts.push_back(PartHash{static_cast<std::uint32_t>(p), parts[p]});
  parts_ = parts;
  Snapshot(world, &record);
  recording_.ticks.push_back(std::move(record));
}

namespace {

// The first entity component whose digest differs between two lists of one kind. Both list
// places (version 3: slots) in ascending order, so they are merged by place: a line one side has
// and the other lacks is named as such, not compared with its neighbour.
bool FirstEntityDifference(ComponentKind kind, const std::vector<EntityDigest>& recorded,
                           const std::vector<EntityDigest>& replayed, Divergence& d) {
  std::vector<EntityDigest> a, b;
  for (const EntityDigest& e : recorded)
    if (e.kind == kind) a.push_back(e);
  for (const EntityDigest& e : replayed)
    if (e.kind == kind) b.push_back(e);
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    const bool has_a = i < a.size(), has_b = j < b.size();
    const bool same_slot = has_a && has_b && a[i].place == b[j].place;
    if (same_slot && a[i].generation == b[j].generation && a[i].digest == b[j].digest) {
      ++i;
      ++j;
      continue;
    }
    const EntityDigest none{kind, 0, 0, 0};
    d.has_entity = true;
    d.recorded_entity_listed = has_a && (same_slot || !has_b || a[i].place < b[j].place);
    d.replayed_entity_listed = has_b && (same_slot || !has_a || b[j].place < a[i].place);
    d.recorded_entity = d.recorded_entity_listed ? a[i] : none;
    d.replayed_entity = d.replayed_entity_listed ? b[j] : none;
    if (!d.recorded_entity_listed) d.recorded_entity.place = b[j].place;
    if (!d.replayed_entity_listed) d.replayed_entity.place = a[i].place;
    return true;
  }
  return false;
}

bool SameParts(const std::vector<PartHash>& a, const std::vector<PartHash>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].part != b[i].part || a[i].hash != b[i].hash) return false;
  return true;
}

bool SameEntities(const std::vector<EntityDigest>& a, const std::vector<EntityDigest>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].kind != b[i].kind || a[i].place != b[i].place || a[i].generation != b[i].generation ||
        a[i].digest != b[i].digest)
      return false;
  return true;
}

// Whether everything `recorded` says about its tick is what the replay made, given every part's
// running hash on both sides; when not, `d` says what differs first. The state, then each part
// (a changed part's hash, or a part one side lists and the other does not), then the entity
// digests: a zeroed, missing or extra entity line is caught even when every hash agrees.
bool TickMatches(const TickRecord& recorded, const TickRecord& mine,
                 const std::array<std::uint64_t, kStatePartCount>& expected,
                 const std::array<std::uint64_t, kStatePartCount>& replayed, Divergence& d) {
  if (recorded.state == mine.state && SameParts(recorded.parts, mine.parts) &&
      SameEntities(recorded.entities, mine.entities))
    return true;
  d.tick = recorded.tick;
  d.position = recorded.position;
  for (std::size_t p = 0; p < kStatePartCount; ++p) {
    if (expected[p] == replayed[p]) continue;
    d.kind = DivergenceKind::Part;
    d.part = StatePartName(p);
    d.recorded = expected[p];
    d.replayed = replayed[p];
    if (p >= 3)
      (void)FirstEntityDifference(static_cast<ComponentKind>(p - 3), recorded.entities,
                                  mine.entities, d);
    return false;
  }
  if (recorded.state != mine.state || !SameParts(recorded.parts, mine.parts)) {
    // Every running part agrees: the state line (or a part listed without changing) was edited.
    d.kind = DivergenceKind::State;
    d.part = "state";
    d.recorded = recorded.state;
    d.replayed = mine.state;
    return false;
  }
  d.kind = DivergenceKind::Entities;
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if (FirstEntityDifference(static_cast<ComponentKind>(k), recorded.entities, mine.entities, d)) {
      d.part = ComponentKindName(static_cast<ComponentKind>(k));
      break;
    }
  if (d.part.empty()) d.part = "entities";  // the same lines in another order
  return false;
}

// The run the recording was made of, on `content`: its seed, its starting autopickup rule (not
// this machine's autopickup.toml) and the dungeon rules its floors were made under.
SessionConfig RecordedRun(const Recording& recording, const SessionConfig& content) {
  SessionConfig config = content;
  config.seed = recording.seed;
  config.autopickup = recording.autopickup;
  config.dungeon_rules = recording.dungeon_rules;
  return config;
}

}  // namespace

ReplayResult Replay(const Recording& recording, const SessionConfig& content, bool verify) {
  ReplayResult result;
  const SessionConfig config = RecordedRun(recording, content);
  std::unique_ptr<GameSession> session;
  if (Status s = GameSession::Create(config, session); s != Status::Ok) {
    result.outcome = ReplayOutcome::Faulted;
    result.detail = BuildFailureText(s);
    return result;
  }
  if (session->ContentDigest() != recording.content) {
    result.outcome = ReplayOutcome::ContentMismatch;
    result.detail = "the recording was made on content " + Hex(recording.content) + " (level \"" +
                    recording.level + "\"), but this content is " + Hex(session->ContentDigest());
    return result;
  }
  // The mirror writes what the recording's version wrote, so a version-3 recording is checked
  // line for line as it was made.
  Recorder mirror(*session, recording.build, recording.level, recording.version);
  result.divergence.version = recording.version;
  session->SetTickListener(&mirror);

  // The recording's running part hashes, to compare part by part at a divergence.
  std::array<std::uint64_t, kStatePartCount> expected{};
  for (const PartHash& p : recording.initial) expected[p.part] = p.hash;

  // Before the first tick: every part, then the initial state line.
  if (verify) {
    Divergence& d = result.divergence;
    std::array<std::uint64_t, kStatePartCount> mine{};
    for (const PartHash& p : mirror.Result().initial) mine[p.part] = p.hash;
    // Every part, so one the recording has and the replay lacks (or the other way) is named too.
    for (std::size_t p = 0; p < kStatePartCount; ++p) {
      if (mine[p] == expected[p]) continue;
      d.part = StatePartName(p);
      d.recorded = expected[p];
      d.replayed = mine[p];
      break;
    }
    if (d.part.empty() && mirror.Result().initial_state != recording.initial_state) {
      d.kind = DivergenceKind::State;
      d.part = "initial_state";
      d.recorded = recording.initial_state;
      d.replayed = mirror.Result().initial_state;
    }
    if (!d.part.empty()) {
      result.outcome = ReplayOutcome::Diverged;
      return result;
    }
  }

  std::array<std::uint64_t, kStatePartCount> replayed = expected;
  for (const TickRecord& recorded : recording.ticks) {
    TickInput input;
    if (!recorded.input.empty()) (void)ParseCommandText(recorded.input, input.command);
    (void)session->StepTick(input);
    const TickRecord* mine = mirror.Last();
    for (const PartHash& p : recorded.parts) expected[p.part] = p.hash;
    if (mine != nullptr)
      for (const PartHash& p : mine->parts) replayed[p.part] = p.hash;
    if (verify &&
        (mine == nullptr || !TickMatches(recorded, *mine, expected, replayed, result.divergence))) {
      result.outcome = ReplayOutcome::Diverged;
      result.final_tick = session->World().Tick();
      result.final_state = mine != nullptr ? mine->state : 0;
      return result;
    }
    if (session->World().Fault().Active()) {
      result.outcome = ReplayOutcome::Faulted;
      result.detail = std::string("simulation fault: ") + session->World().Fault().what;
      break;
    }
  }
  result.final_tick = session->World().Tick();
  // In the recording's own form, so it reads as the recording's [end] does.
  result.final_state = session->StateHash(RecordingForm(recording.version));
  return result;
}

std::string DescribeDivergence(const Divergence& d) {
  const bool by_handle = d.version == kReplayHandleVersion;
  const auto handle = [&](const EntityDigest& e) {
    return by_handle ? std::to_string(e.place) + ":" + std::to_string(e.generation)
                     : "#" + std::to_string(e.place);
  };
  const auto line = [&](const EntityDigest& e, bool listed) {
    return listed ? handle(e) + " " + Hex(e.digest)
                  : std::string(by_handle ? "no line for slot " : "no line for place ") +
                        std::to_string(e.place);
  };
  std::string text = "diverged at tick " + std::to_string(d.tick) + ": ";
  switch (d.kind) {
    case DivergenceKind::State:
      return text + "the " + (d.part == "initial_state" ? "initial state" : "state line") +
             " differs (recorded " + Hex(d.recorded) + ", replayed " + Hex(d.replayed) +
             ") while every part agrees";
    case DivergenceKind::Entities:
      text += "the entity digests differ";
      if (d.has_entity)
        text += ": " + d.part + " of " +
                handle(d.recorded_entity_listed ? d.recorded_entity : d.replayed_entity) +
                " (recorded " + line(d.recorded_entity, d.recorded_entity_listed) + ", replayed " +
                line(d.replayed_entity, d.replayed_entity_listed) + ")";
      return text;
    case DivergenceKind::Part: break;
  }
  // A named part that is not there (a pool with no component) reads "none".
  const auto part_hash = [](std::uint64_t h) { return h == 0 ? std::string("none") : Hex(h); };
  text += d.part + " differs first (recorded " + part_hash(d.recorded) + ", replayed " +
          part_hash(d.replayed) + ")";
  if (d.has_entity)
    text +=
        "; first entity: " + d.part + " of " +
        handle(d.recorded_entity.digest != 0 || d.replayed_entity.digest == 0 ? d.recorded_entity
                                                                              : d.replayed_entity) +
        " (recorded " + line(d.recorded_entity, d.recorded_entity_listed) + ", replayed " +
        line(d.replayed_entity, d.replayed_entity_listed) + ")";
  return text;
}

}  // namespace cairn
