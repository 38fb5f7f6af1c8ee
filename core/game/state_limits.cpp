#include "game/state_limits.h"

#include <array>
#include <charconv>
#include <cstdio>

#include "game/game_world.h"
#include "game/rules.h"

namespace cairn {
namespace {

template <class Int>
LimitBreach Breach(const char* component, const char* field, const char* what, Int value,
                   std::int64_t min, std::int64_t max) noexcept {
  LimitBreach breach;
  breach.found = true;
  breach.min = min;
  breach.max = max;
  if (component[0] != '\0')
    std::snprintf(breach.name, sizeof breach.name, "%s.%s", component, field);
  else
    std::snprintf(breach.name, sizeof breach.name, "%s", field);
  std::snprintf(breach.what, sizeof breach.what, "%s%s", component[0] != '\0' ? breach.name : "",
                what);
  (void)std::to_chars(breach.value, breach.value + sizeof breach.value - 1, value);
  return breach;
}

// The first field of `component` outside the cap its Fields() gives it.
template <class T>
LimitBreach CheckFields(const T& component) noexcept {
  LimitBreach found;
  T::Fields(component, [&](const auto& field, const auto&... cap) {
    if constexpr (sizeof...(cap) == 1) {
      const FieldCap& limit = (cap, ...);
      // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t field is a number, not text
      const auto value = static_cast<std::int64_t>(field);
      if (found || (value >= limit.min && value <= limit.max)) return;
      found =
          Breach(kComponentKindNames[static_cast<std::size_t>(KindOf<T>::value)].data(), limit.name,
                 " left the range a save can hold (the run stops rather than be unsaveable)", value,
                 limit.min, limit.max);
    }
  });
  return found;
}

}  // namespace

std::string DescribeBreach(const LimitBreach& breach) {
  if (!breach) return "";
  return std::string(breach.name) + " is " + breach.value + ", outside " +
         std::to_string(breach.min) + ".." + std::to_string(breach.max);
}

LimitBreach FindLimitBreach(const ComponentBundle& bundle) noexcept {
  LimitBreach found;
  ForEachComponentType([&]<class T>() {
    if (!found && bundle.Has<T>()) found = CheckFields(bundle.Get<T>());
  });
  return found;
}

bool CapOf(const ComponentBundle& bundle, ComponentKind kind, std::string_view field,
           FieldCap& out) noexcept {
  bool known = false;
  ForEachComponentType([&]<class T>() {
    if (known || KindOf<T>::value != kind || !bundle.Has<T>()) return;
    T::Fields(bundle.Get<T>(), [&](const auto&, const auto&... cap) {
      if constexpr (sizeof...(cap) == 1) {
        const FieldCap& limit = (cap, ...);
        if (!known && field == limit.name) {
          out = limit;
          known = true;
        }
      }
    });
  });
  return known;
}

LimitBreach FindGrowthBreach(const GameWorld& world) {
  if (world.Tick() > kMaxTick)
    return Breach("", "tick", "the clock reached the last tick a save can hold", world.Tick(), 0,
                  kMaxTick);
  for (const Rng& rng : world.Streams().streams)
    if (rng.Draws() > kMaxRandomDraws)
      return Breach("", "random draws", "a random stream drew more values than a save can count",
                    rng.Draws(), 0, static_cast<std::int64_t>(kMaxRandomDraws));
  const EntityId player = world.PlayerEntity();
  if (player.IsNull()) return {};
  // What the player's play can grow: its counters, its vitals (levels, potions) and its fighting
  // numbers (equipment, levels). Its pack is bounded where it grows (a full stack takes no more,
  // an enchantment holds at its cap: actions_items.cpp), so it is not walked every tick.
  if (const Player* p = world.Players().Find(player))
    if (LimitBreach b = CheckFields(*p)) return b;
  if (const Health* h = world.Healths().Find(player))
    if (LimitBreach b = CheckFields(*h)) return b;
  if (const Combat* c = world.Combats().Find(player))
    if (LimitBreach b = CheckFields(*c)) return b;
  return {};
}

}  // namespace cairn
