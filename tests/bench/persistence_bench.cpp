// Persistence benchmarks (issue 7): saving and resuming a run of 10,000 entities, and the cost of
// resolving a durable key (UUID) against looking up a runtime handle.
//
// One fixture, built once: a 200x60 floor (wall border) with the player and 9,999 monsters and
// items on distinct floor cells, in a one-floor session (no dungeon). One CaptureImage before any
// timing mints and binds a key for every entity, so every timed save is the steady state: it
// mints nothing. Entropy is a counter through a mixer, so the file is the same on every run.
//
//   Save10k           CaptureImage + WriteSaveText
//   SaveWrite10k      WriteSaveText only (of an image captured once)
//   ReadOnly10k       ReadSaveText only (text -> TOML tree -> checked SessionImage)
//   ParseSubset10k    the subset reader's part of that: the text into a TOML tree (toml_subset.h)
//   Resume10k_cairn   ReadSaveText + Restore (a playable session)
//   Resume10k_baseline  parsing the same text into a TOML tree through the general reader (toml++)
//                       only: what reading it would cost without the subset reader, before any
//                       check
//   Resolve_cairn     Resolve(key) for every entity, keys in a shuffled order
//   Resolve_baseline  IsAlive(handle) + Positions().Find(handle), the same entities, same order
//   ResolveInOrder_*  the same, each in its own best order: keys sorted, handles by slot
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/level.h"
#include "game/random.h"
#include "game/recipes.h"
#include "save/save_codec.h"
#include "sim/session_persist.h"
#include "support/crowd_level.h"
#include "toml/toml_reader.h"
#include "toml/toml_subset.h"

namespace cairn {
namespace {

constexpr std::int32_t kWidth = 200;
constexpr std::int32_t kHeight = 60;
constexpr std::int32_t kEntities = 10'000;  // the player and 9,999 others

// Deterministic entropy: a counter through a mixer (as the save tests use).
class CountingEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    for (std::uint8_t& b : bytes) b = static_cast<std::uint8_t>(Mix64(++counter_) >> 24);
    return Status::Ok;
  }

 private:
  std::uint64_t counter_ = 0;
};

struct Crowd {
  SessionConfig config;
  std::unique_ptr<GameSession> session;
  SessionImage image;                     // captured once, after the keys were minted
  std::string text;                       // WriteSaveText(image)
  std::vector<EntityId> handles;          // every entity, in a shuffled order (fixed seed)
  std::vector<PersistentObjectKey> keys;  // their keys, index for index
  std::vector<EntityId> handles_by_slot;  // the same entities by slot
  std::vector<PersistentObjectKey> keys_sorted;

  Crowd() {
    config.seed = 1;
    config.limits = WorldLimits::Uniform(16384);
    config.definitions = DefaultDefinitions();
    if (config.definitions == nullptr) std::abort();
    config.level = test::CrowdedRoom(*config.definitions, kWidth, kHeight, kEntities - 1, 2027);
    if (GameSession::Create(config, session) != Status::Ok) std::abort();
    CountingEntropy entropy;
    if (CaptureImage(*session, entropy, image) != Status::Ok) std::abort();  // mints every key
    text = WriteSaveText(image, *config.definitions, "cairn bench");

    const GameWorld& world = session->World();
    if (world.Registry().LiveCount() != kEntities || world.Bindings().Size() != kEntities)
      std::abort();
    world.Bindings().ForEach([&](const Binding& b) {
      keys_sorted.push_back(b.key);
      handles_by_slot.push_back(b.entity);
    });
    std::sort(handles_by_slot.begin(), handles_by_slot.end(),
              [](EntityId a, EntityId b) { return a.Slot < b.Slot; });
    handles = handles_by_slot;
    Rng rng(4242);
    for (std::size_t i = handles.size(); i > 1; --i)
      std::swap(handles[i - 1], handles[rng.Below(static_cast<std::uint32_t>(i))]);
    for (EntityId id : handles) keys.push_back(*world.Bindings().KeyOf(id));
    for (std::size_t i = 0; i < keys.size(); ++i) {  // every key resolves, to its own entity
      EntityId found;
      if (session->World().Bindings().Resolve(keys[i], found) != ResolveStatus::Resolved ||
          found != handles[i])
        std::abort();
    }
  }
};

Crowd& TheCrowd() {
  static Crowd crowd;
  return crowd;
}

// --- save and resume ---------------------------------------------------------------------------
// Each timed step is one out-of-line function, so callgrind can count exactly its instructions
// (--toggle-collect='*SaveOnce*' and so on; see docs/PERFORMANCE.md).

[[gnu::noinline]] std::size_t SaveOnce(Crowd& crowd, EntropySource& entropy) {
  SessionImage image;
  if (CaptureImage(*crowd.session, entropy, image) != Status::Ok) return 0;
  const std::string text = WriteSaveText(image, *crowd.config.definitions, "cairn bench");
  return text.size();
}

[[gnu::noinline]] std::size_t WriteOnce(const Crowd& crowd) {
  return WriteSaveText(crowd.image, *crowd.config.definitions, "cairn bench").size();
}

[[gnu::noinline]] bool ReadOnce(const Crowd& crowd) {
  SessionImage image;
  std::vector<TextProblem> problems;
  return ReadSaveText(crowd.text, *crowd.config.definitions, crowd.config.limits, image, problems);
}

[[gnu::noinline]] bool ResumeOnce(const Crowd& crowd) {
  SessionImage image;
  std::vector<TextProblem> problems;
  if (!ReadSaveText(crowd.text, *crowd.config.definitions, crowd.config.limits, image, problems))
    return false;
  std::unique_ptr<GameSession> resumed;
  std::string error;
  return RestoreSession(crowd.config, image, resumed, error) == Status::Ok;
}

[[gnu::noinline]] bool ParseSubsetOnce(const Crowd& crowd) {
  TomlValue root;
  return ParseTomlSubset(crowd.text, root) && !root.members.empty();
}

[[gnu::noinline]] bool ParseOnce(const Crowd& crowd) {
  TomlValue root;
  TextProblem error;
  return ParseToml(crowd.text, root, error) && !root.members.empty();
}

void Save10k(benchmark::State& state) {
  Crowd& crowd = TheCrowd();
  CountingEntropy entropy;  // never drawn from: every entity already has its key
  std::size_t bytes = 0;
  for (auto _ : state) {
    bytes = SaveOnce(crowd, entropy);
    if (bytes == 0) state.SkipWithError("capture");
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
  state.counters["entities"] = kEntities;
  state.counters["file_B"] = static_cast<double>(bytes);
}

void SaveWrite10k(benchmark::State& state) {
  const Crowd& crowd = TheCrowd();
  for (auto _ : state) benchmark::DoNotOptimize(WriteOnce(crowd));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(crowd.text.size()));
}

void ReadOnly10k(benchmark::State& state) {
  const Crowd& crowd = TheCrowd();
  for (auto _ : state)
    if (!ReadOnce(crowd)) state.SkipWithError("read");
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(crowd.text.size()));
}

// The round trip works: the save resumes to a run that hashes as the original. Checked once,
// before anything is timed (Google Benchmark calls a benchmark function once per run).
bool RoundTripMatches(const Crowd& crowd) {
  static const bool matches = [&] {
    SessionImage image;
    std::vector<TextProblem> problems;
    std::unique_ptr<GameSession> resumed;
    std::string error;
    return ReadSaveText(crowd.text, *crowd.config.definitions, crowd.config.limits, image,
                        problems) &&
           RestoreSession(crowd.config, image, resumed, error) == Status::Ok &&
           resumed->StateHash() == crowd.session->StateHash() &&
           resumed->World().Bindings().Size() == kEntities;
  }();
  return matches;
}

void Resume10k_cairn(benchmark::State& state) {
  const Crowd& crowd = TheCrowd();
  if (!RoundTripMatches(crowd)) state.SkipWithError("the save does not resume to the same state");
  for (auto _ : state)
    if (!ResumeOnce(crowd)) state.SkipWithError("resume");
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(crowd.text.size()));
  state.counters["entities"] = kEntities;
}

void ParseSubset10k(benchmark::State& state) {
  const Crowd& crowd = TheCrowd();
  for (auto _ : state)
    if (!ParseSubsetOnce(crowd)) state.SkipWithError("parse");
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(crowd.text.size()));
}

void Resume10k_baseline(benchmark::State& state) {
  const Crowd& crowd = TheCrowd();
  for (auto _ : state)
    if (!ParseOnce(crowd)) state.SkipWithError("parse");
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(crowd.text.size()));
}

// --- durable key against runtime handle ---------------------------------------------------------

[[gnu::noinline]] std::uint64_t ResolveAll(WorldBindingTable& table,
                                           const std::vector<PersistentObjectKey>& keys) {
  std::uint64_t sum = 0;
  for (const PersistentObjectKey& key : keys) {
    EntityId id;
    if (table.Resolve(key, id) == ResolveStatus::Resolved) sum += id.Slot;
  }
  return sum;
}

[[gnu::noinline]] std::uint64_t LookUpAll(const GameWorld& world,
                                          const std::vector<EntityId>& handles) {
  std::uint64_t sum = 0;
  for (EntityId id : handles)
    if (world.Registry().IsAlive(id))
      if (const Position* p = world.Positions().Find(id)) sum += static_cast<std::uint64_t>(p->x);
  return sum;
}

void ResolveKeys(benchmark::State& state, const std::vector<PersistentObjectKey>& keys) {
  WorldBindingTable& table = TheCrowd().session->World().Bindings();
  for (auto _ : state) benchmark::DoNotOptimize(ResolveAll(table, keys));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(keys.size()));
}

void LookUpHandles(benchmark::State& state, const std::vector<EntityId>& handles) {
  const GameWorld& world = TheCrowd().session->World();
  for (auto _ : state) benchmark::DoNotOptimize(LookUpAll(world, handles));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(handles.size()));
}

void Resolve_cairn(benchmark::State& state) {
  ResolveKeys(state, TheCrowd().keys);
}
void Resolve_baseline(benchmark::State& state) {
  LookUpHandles(state, TheCrowd().handles);
}
void ResolveInOrder_cairn(benchmark::State& state) {
  ResolveKeys(state, TheCrowd().keys_sorted);
}
void ResolveInOrder_baseline(benchmark::State& state) {
  LookUpHandles(state, TheCrowd().handles_by_slot);
}

BENCHMARK(Save10k)->Unit(benchmark::kMillisecond);
BENCHMARK(SaveWrite10k)->Unit(benchmark::kMillisecond);
BENCHMARK(ReadOnly10k)->Unit(benchmark::kMillisecond);
BENCHMARK(ParseSubset10k)->Unit(benchmark::kMillisecond);
BENCHMARK(Resume10k_cairn)->Unit(benchmark::kMillisecond);
BENCHMARK(Resume10k_baseline)->Unit(benchmark::kMillisecond);
BENCHMARK(Resolve_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(Resolve_baseline)->Unit(benchmark::kMicrosecond);
BENCHMARK(ResolveInOrder_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(ResolveInOrder_baseline)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace cairn
