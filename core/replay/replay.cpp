#include "replay/replay.h"

#include "game/state_hash.h"
#include "sim/keys.h"

namespace cairn {
namespace {

std::array<std::uint64_t, kStatePartCount> PartsOf(const StateDigest& digest) {
  std::array<std::uint64_t, kStatePartCount> parts{};
  parts[0] = digest.registry;
  parts[1] = digest.map;
  parts[2] = digest.random;
  for (std::size_t k = 0; k < kComponentKindCount; ++k) parts[3 + k] = digest.pools[k];
  return parts;
}

std::string Hex(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return text;
}

}  // namespace

Recorder::Recorder(const GameSession& session, std::string build, std::string level_name) {
  recording_.build = std::move(build);
  recording_.level = std::move(level_name);
  recording_.content = session.ContentDigest();
  recording_.seed = session.Config().seed;
  const StateDigest digest = DigestState(session.World());
  recording_.initial_state = digest.total;
  parts_ = PartsOf(digest);
  for (std::size_t p = 0; p < kStatePartCount; ++p)
    recording_.initial.push_back(PartHash{static_cast<std::uint32_t>(p), parts_[p]});
  Snapshot(session.World(), nullptr);
}

void Recorder::Snapshot(const GameWorld& world, TickRecord* record) {
  const EntityRegistry& registry = world.Registry();
  const std::uint32_t slots = registry.SlotsTouched();
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    auto& last = entities_[static_cast<std::size_t>(kind)];
    if (last.size() < slots) last.resize(slots, {0, 0});
    for (std::uint32_t slot = 0; slot < slots; ++slot) {
      const EntityId id = registry.EntityAtSlot(slot);
      std::uint64_t digest = 0;
      if (const auto* value = pool.Find(id)) {
        Hasher h(0x656E746974790000ull + static_cast<std::uint64_t>(kind));
        Feed(h, *value);
        digest = h.Value();
      }
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
  const StateDigest digest = DigestState(world);
  record.state = digest.total;
  const auto parts = PartsOf(digest);
  for (std::size_t p = 0; p < kStatePartCount; ++p)
    if (parts[p] != parts_[p]) record.parts.push_back(PartHash{static_cast<std::uint32_t>(p), parts[p]});
  parts_ = parts;
  Snapshot(world, &record);
  recording_.ticks.push_back(std::move(record));
}

ReplayResult Replay(const Recording& recording, const SessionConfig& content, bool verify) {
  ReplayResult result;
  SessionConfig config = content;
  config.seed = recording.seed;
  std::unique_ptr<GameSession> session;
  if (Status s = GameSession::TryCreate(config, session); s != Status::Ok) {
    result.outcome = ReplayOutcome::Faulted;
    result.detail = std::string("cannot build the world: ") + StatusName(s);
    return result;
  }
  if (session->ContentDigest() != recording.content) {
    result.outcome = ReplayOutcome::ContentMismatch;
    result.detail = "the recording was made on content " + Hex(recording.content) + " (level \"" +
                    recording.level + "\"), but this content is " + Hex(session->ContentDigest());
    return result;
  }
  Recorder mirror(*session, recording.build, recording.level);
  session->SetTickListener(&mirror);

  // The recording's running part hashes, to compare part by part at a divergence.
  std::array<std::uint64_t, kStatePartCount> expected{};
  for (const PartHash& p : recording.initial) expected[p.part] = p.hash;

  if (verify && mirror.Result().initial_state != recording.initial_state) {
    result.outcome = ReplayOutcome::Diverged;
    result.divergence.tick = 0;
    for (const PartHash& p : mirror.Result().initial) {
      if (p.hash != expected[p.part]) {
        result.divergence.part = StatePartName(p.part);
        result.divergence.recorded = expected[p.part];
        result.divergence.replayed = p.hash;
        break;
      }
    }
    return result;
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
    if (verify && (mine == nullptr || mine->state != recorded.state)) {
      result.outcome = ReplayOutcome::Diverged;
      Divergence& d = result.divergence;
      d.tick = recorded.tick;
      for (std::size_t p = 0; p < kStatePartCount; ++p) {
        if (expected[p] == replayed[p]) continue;
        d.part = StatePartName(p);
        d.recorded = expected[p];
        d.replayed = replayed[p];
        if (p >= 3 && mine != nullptr) {
          // Walk both lists of this tick's changed components of that kind, in slot order.
          const auto kind = static_cast<ComponentKind>(p - 3);
          std::vector<EntityDigest> a, b;
          for (const EntityDigest& e : recorded.entities) if (e.kind == kind) a.push_back(e);
          for (const EntityDigest& e : mine->entities) if (e.kind == kind) b.push_back(e);
          for (std::size_t i = 0; i < a.size() || i < b.size(); ++i) {
            const EntityDigest none{kind, 0, 0, 0};
            const EntityDigest& ra = i < a.size() ? a[i] : none;
            const EntityDigest& rb = i < b.size() ? b[i] : none;
            if (ra.slot != rb.slot || ra.generation != rb.generation || ra.digest != rb.digest) {
              d.has_entity = true;
              d.recorded_entity = ra;
              d.replayed_entity = rb;
              break;
            }
          }
        }
        break;
      }
      if (d.part.empty()) d.part = "tick";
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
  result.final_state = session->StateHash();
  return result;
}

std::string DescribeDivergence(const Divergence& d) {
  std::string text = "diverged at tick " + std::to_string(d.tick) + ": " + d.part +
                     " differs first (recorded " + Hex(d.recorded) + ", replayed " +
                     Hex(d.replayed) + ")";
  if (d.has_entity) {
    const auto handle = [](const EntityDigest& e) {
      return std::to_string(e.slot) + ":" + std::to_string(e.generation);
    };
    text += "; first entity: " + d.part + " of " +
            handle(d.recorded_entity.digest != 0 || d.replayed_entity.digest == 0
                       ? d.recorded_entity
                       : d.replayed_entity) +
            " (recorded " + handle(d.recorded_entity) + " " + Hex(d.recorded_entity.digest) +
            ", replayed " + handle(d.replayed_entity) + " " + Hex(d.replayed_entity.digest) + ")";
  }
  return text;
}

}  // namespace cairn
