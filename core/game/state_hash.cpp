#include "game/state_hash.h"

namespace cairn {

void FeedBundle(Hasher& h, const ComponentBundle& bundle) noexcept {
  h.Add(bundle.mask);
  ForEachComponentType([&]<class T>() {
    if (bundle.Has<T>()) Feed(h, bundle.Get<T>());
  });
}

StateDigest DigestState(const GameWorld& world, DigestForm form) {
  StateDigest digest;
  const EntityRegistry& registry = world.Registry();
  const CanonicalOrder order(registry);

  // Each part starts from its own seed, so two parts with alike contents never hash alike.
  // The registry part: how many entities there are and which are pending destroy, in creation
  // order (slots, generations and free lists are runtime identity, not game state), and the
  // bookkeeping below.
  Hasher reg(0x7265676973747279ull);  // "registry"
  reg.Add(order.Entities().size());
  for (EntityId id : order.Entities()) reg.Add(registry.IsActive(id) ? 1 : 0);
  // And what crosses the tick boundary besides components: spawn requests in flight (the
  // counter, the outcomes the next tick will see) and the noises it will hear.
  reg.UseOrder(&order);
  reg.Add(world.LastRequest());
  reg.Add(world.PendingOutcomes().size());
  for (const SpawnOutcome& outcome : world.PendingOutcomes()) {
    reg.Add(outcome.request);
    reg.AddReference(outcome.entity);
  }
  reg.Add(world.Noises().Size());
  for (const NoiseEvent& noise : world.Noises().Events()) {
    reg.AddReference(noise.source);
    reg.AddSigned(noise.where.x);
    reg.AddSigned(noise.where.y);
    reg.AddSigned(noise.radius);
  }
  digest.registry = reg.Value();

  const auto feed = [](Hasher& h, const auto& value) { Feed(h, value); };
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    const auto k = static_cast<std::size_t>(kind);
    if (form.IsNamed())
      digest.pools[k] = DigestPoolPart(pool, kComponentKindNames[k], order, feed);
    else if (k < form.positional_pools)  // "pool" + its place in the list
      digest.pools[k] = DigestPool(pool, 0x706F6F6C00000000ull + k, order, feed);
  });

  Hasher map(0x6D61700000000000ull);  // "map"
  const TileMap& tiles = world.Map();
  map.AddSigned(tiles.Width());
  map.AddSigned(tiles.Height());
  for (Terrain t : tiles.Cells().span()) map.Add(static_cast<std::uint64_t>(t));
  for (std::uint8_t r : tiles.RememberedCells().span()) map.Add(r & TileMap::kHashedMemory);
  digest.map = map.Value();

  // The seed the world was built from, besides the streams it seeded: a save whose seed was
  // changed (which would generate other floors and deal other item looks) no longer hashes as
  // saved, though its streams were restored as they were.
  Hasher random(0x72616E646F6D0000ull);  // "random"
  random.Add(world.Seed());
  for (const Rng& rng : world.Streams().streams) {
    for (std::uint64_t word : rng.State()) random.Add(word);
    random.Add(rng.Draws());
  }
  digest.random = random.Value();

  if (form.IsNamed()) {
    Hasher total(0x6E616D6564000007ull);  // "named", first written by save version 7
    total.AddSigned(world.Tick());
    total.Add(digest.registry);
    total.Add(digest.map);
    total.Add(digest.random);
    for (ComponentKind kind : kComponentsByName)  // an empty pool adds nothing
      AddPart(total, kComponentKindNames[static_cast<std::size_t>(kind)],
              digest.pools[static_cast<std::size_t>(kind)]);
    digest.total = total.Value();
    return digest;
  }
  Hasher total;
  total.AddSigned(world.Tick());
  total.Add(digest.registry);
  for (std::size_t k = 0; k < form.positional_pools; ++k) total.Add(digest.pools[k]);
  total.Add(digest.map);
  total.Add(digest.random);
  digest.total = total.Value();
  return digest;
}

const char* StatePartName(std::size_t part) noexcept {
  switch (part) {
    case 0: return "registry";
    case 1: return "map";
    case 2: return "random";
    default:
      if (part < kStatePartCount) return ComponentKindName(static_cast<ComponentKind>(part - 3));
      return "unknown";
  }
}

bool FindStatePart(std::string_view name, std::size_t& part) noexcept {
  for (std::size_t p = 0; p < kStatePartCount; ++p) {
    if (name == StatePartName(p)) {
      part = p;
      return true;
    }
  }
  return false;
}

std::array<std::uint64_t, kStatePartCount> PartsOf(const StateDigest& digest) noexcept {
  std::array<std::uint64_t, kStatePartCount> parts{};
  parts[0] = digest.registry;
  parts[1] = digest.map;
  parts[2] = digest.random;
  for (std::size_t k = 0; k < kComponentKindCount; ++k) parts[3 + k] = digest.pools[k];
  return parts;
}

std::vector<PartHash> CoveredParts(const StateDigest& digest, DigestForm form) {
  const auto parts = PartsOf(digest);
  std::vector<PartHash> covered;
  for (std::size_t p = 0; p < kStatePartCount; ++p)
    if (PartInForm(p, form) && (p < 3 || !form.IsNamed() || parts[p] != 0))
      covered.push_back(PartHash{static_cast<std::uint32_t>(p), parts[p]});
  return covered;
}

void FormatHash(std::uint64_t value, char (&out)[17]) noexcept {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 15; i >= 0; --i) {
    out[i] = kHex[value & 0xF];
    value >>= 4;
  }
  out[16] = '\0';
}

}  // namespace cairn
