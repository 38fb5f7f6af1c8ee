#include "embers.h"

#include <array>
#include <new>
#include <optional>

#include "engine/hasher.h"

namespace embers {

const char* PhaseName(Phase phase) noexcept {
  switch (phase) {
    case Phase::Spread: return "Spread";
    case Phase::Cool: return "Cool";
    case Phase::Commit: return "Commit";
  }
  return "unknown";
}

const char* EventName(TraceEntry::Event event) noexcept {
  switch (event) {
    case TraceEntry::Event::Lit: return "lit";
    case TraceEntry::Event::Queued: return "queued";
    case TraceEntry::Event::Cooled: return "cooled";
    case TraceEntry::Event::WentOut: return "went-out";
  }
  return "unknown";
}

Status World::Initialize(std::uint32_t embers, std::uint32_t commands,
                         std::uint32_t trace) noexcept {
  if (Status s = registry_.Initialize(embers); s != Status::Ok) return s;
  if (Status s = spots_.Initialize(registry_, embers); s != Status::Ok) return s;
  if (Status s = heats_.Initialize(registry_, embers); s != Status::Ok) return s;
  if (Status s = commands_.Initialize(commands); s != Status::Ok) return s;
  return trace_.Initialize(trace);
}

EntityId World::At(std::int32_t x) const noexcept {
  const std::span<const Spot> spots = spots_.Values();
  for (std::size_t i = 0; i < spots.size(); ++i)
    if (spots[i].x == x) return spots_.Owners()[i];
  return {};
}

Status World::Light(std::int32_t x, std::int32_t heat, EntityId& out) noexcept {
  if (MidTick()) return Status::InvalidPhase;
  if (x < 0 || x >= kWidth || heat <= 0 || !At(x).IsNull()) return Status::InvalidArgument;
  if (registry_.FreeCount() == 0) return Status::CapacityExceeded;
  cairn::StructuralScope scope(registry_, cairn::WorldPhase::Construction, Key());
  EntityId id;
  if (Status s = RegistryOf(scope).Create(id); s != Status::Ok) return s;
  if (Status s = spots_.Insert(id, Spot{x}); s != Status::Ok) return s;
  if (Status s = heats_.Insert(id, Heat{heat}); s != Status::Ok) return s;
  Record(TraceEntry::Event::Lit, id, x, heat);
  out = id;
  return Status::Ok;
}

void World::Begin() noexcept {
  ++tick_;
  committed_ = Status::Ok;
  phases_.Restart();
}

Status World::Tick() noexcept {
  if (!MidTick()) Begin();
  phases_.RunRest([this](Phase phase) { Run(phase); });
  return committed_;
}

Status World::Step() noexcept {
  if (!MidTick()) Begin();
  phases_.RunNext([this](Phase phase) { Run(phase); });
  return MidTick() ? Status::Ok : committed_;
}

void World::Run(Phase phase) noexcept {
  phase_ = phase;
  switch (phase) {
    case Phase::Spread: Spread(); break;
    case Phase::Cool: Cool(); break;
    case Phase::Commit: committed_ = Commit(); break;
  }
}

void World::Spread() noexcept {
  // Which cells hold an ember or will: a spawn claims its cell for the rest of the tick.
  std::array<bool, kWidth> taken{};
  for (const Spot& spot : spots_.Values()) taken[static_cast<std::size_t>(spot.x)] = true;
  const std::span<const Spot> spots = spots_.Values();
  for (std::size_t i = 0; i < spots.size(); ++i) {
    const EntityId id = spots_.Owners()[i];
    const Heat* heat = heats_.Find(id);
    const std::int32_t next = spots[i].x + 1;
    if (heat == nullptr || heat->value < kSpreadHeat || next >= kWidth ||
        taken[static_cast<std::size_t>(next)] || commands_.Full())
      continue;
    taken[static_cast<std::size_t>(next)] = true;
    (void)commands_.PushSpawn(Ember{Spot{next}, Heat{heat->value - 2}});
    Record(TraceEntry::Event::Queued, {}, next, heat->value - 2);
  }
}

void World::Cool() noexcept {
  const std::span<Heat> heats = heats_.MutableValues();
  for (std::size_t i = 0; i < heats.size(); ++i) {
    const EntityId id = heats_.Owners()[i];
    heats[i].value -= 1;
    Record(TraceEntry::Event::Cooled, id, spots_.Find(id)->x, heats[i].value);
    if (heats[i].value <= 0 && !commands_.Full()) commands_.PushDestroy(id);
  }
}

// All or none: every spawn needs a free slot and room in both pools before anything changes.
Status World::Commit() noexcept {
  std::uint32_t spawns = 0;
  for (const Commands::Command& c : commands_.Commands())
    if (c.kind == Commands::Command::Kind::Spawn) ++spawns;
  if (spawns > registry_.FreeCount() || spots_.Size() + spawns > spots_.Capacity()) {
    commands_.Clear();
    return Status::CapacityExceeded;
  }
  cairn::StructuralScope scope(registry_, cairn::WorldPhase::Commit, Key());
  for (std::size_t i = 0; i < commands_.Count(); ++i) {
    const Commands::Command& c = commands_.Commands()[i];
    if (c.kind == Commands::Command::Kind::Spawn) {
      const Ember& ember = commands_.PayloadOf(i);
      EntityId id;
      if (RegistryOf(scope).Create(id) != Status::Ok ||
          spots_.Insert(id, ember.spot) != Status::Ok ||
          heats_.Insert(id, ember.heat) != Status::Ok)
        return Status::CapacityExceeded;  // preflighted above: cannot happen
      Record(TraceEntry::Event::Lit, id, ember.spot.x, ember.heat.value);
    } else if (c.kind == Commands::Command::Kind::Destroy) {
      Record(TraceEntry::Event::WentOut, c.target, spots_.Find(c.target)->x, 0);
      (void)spots_.Remove(c.target);
      (void)heats_.Remove(c.target);
      (void)Release(scope, c.target);
    }
  }
  commands_.Clear();
  return Status::Ok;
}

std::uint64_t World::Digest() const {
  const cairn::CanonicalOrder order(registry_);
  cairn::Hasher total(0x456D62657273ull);  // "Embers"
  total.AddSigned(tick_);
  total.Add(order.Entities().size());
  // Named parts, by name: a component kind the game adds later hashes nothing while no ember has
  // it, so the states it had before hash as they did.
  const auto heat = [](cairn::Hasher& h, const Heat& value) { h.AddSigned(value.value); };
  const auto spot = [](cairn::Hasher& h, const Spot& value) { h.AddSigned(value.x); };
  cairn::AddPart(total, "heat", cairn::DigestPoolPart(heats_, "heat", order, heat));
  cairn::AddPart(total, "spot", cairn::DigestPoolPart(spots_, "spot", order, spot));
  return total.Value();
}

// The parts in one fixed order: the registry, the two pools, then the game's own numbers.
Status World::Take(Snapshot& out, const Snapshot* earlier) const noexcept {
  if (MidTick()) return Status::InvalidPhase;
  try {
    Snapshot taken;
    taken.trace =
        cairn::SnapshotAccess::TakeRuns(trace_, earlier ? &earlier->trace : nullptr, taken.copied);
    cairn::SnapshotWriter out_bytes(taken.blocks, earlier ? &earlier->blocks : nullptr,
                                    taken.copied);
    cairn::SnapshotAccess::Save(registry_, out_bytes);
    cairn::SnapshotAccess::Save(spots_, out_bytes);
    cairn::SnapshotAccess::Save(heats_, out_bytes);
    out_bytes.Value(tick_);
    out_bytes.Value(commands_.Sequence());
    out_bytes.Value(commands_.LastRequest());
    out_bytes.Finish();
    out = std::move(taken);
  } catch (const std::bad_alloc&) {
    return Status::AllocationFailed;
  }
  return Status::Ok;
}

Status World::Restore(const Snapshot& snapshot) noexcept {
  if (MidTick()) return Status::InvalidPhase;
  if (snapshot.blocks.empty()) return Status::InvalidArgument;
  cairn::SnapshotReader in(snapshot.blocks);
  cairn::SnapshotAccess::Restore(registry_, in);
  cairn::SnapshotAccess::Restore(spots_, in);
  cairn::SnapshotAccess::Restore(heats_, in);
  tick_ = in.Value<std::int64_t>();
  const auto sequence = in.Value<std::uint64_t>();
  commands_.RestoreNumbers(sequence, in.Value<cairn::SpawnRequestId>());
  cairn::SnapshotAccess::PutRuns(trace_, snapshot.trace);
  return Status::Ok;
}

void World::Record(TraceEntry::Event event, EntityId who, std::int32_t x,
                   std::int32_t heat) noexcept {
  TraceEntry& entry = trace_.Claim();
  entry.tick = tick_;
  entry.phase = phase_;
  entry.event = event;
  entry.who = who;
  entry.x = x;
  entry.heat = heat;
}

}  // namespace embers
