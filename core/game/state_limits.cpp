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

// What a walk hands the first value it finds outside its cap: the component's name ("" for a
// counter outside the components), the field, a sentence, the value and its range. The walks
// below only call it once they have found one, so a walk that finds nothing builds nothing (a
// LimitBreach is 224 bytes; zeroing one for every component checked after every tick was a third
// of the check's time).
struct BuildBreach {
  LimitBreach& out;
  template <class Int>
  void operator()(const char* component, const char* field, const char* what, Int value,
                  std::int64_t min, std::int64_t max) const noexcept {
    out = Breach(component, field, what, value, min, max);
  }
};
struct IgnoreBreach {
  template <class Int>
  void operator()(const char*, const char*, const char*, Int, std::int64_t,
                  std::int64_t) const noexcept {}
};

// Hands `on_breach` the first field of `component` outside the cap its Fields() gives it; true
// when there is one.
template <class T, class OnBreach>
bool FirstFieldBreach(const T& component, const OnBreach& on_breach) noexcept {
  bool found = false;
  T::Fields(component, [&](const auto& field, const auto&... cap) {
    if constexpr (sizeof...(cap) == 1) {
      const FieldCap& limit = (cap, ...);
      // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t field is a number, not text
      const auto value = static_cast<std::int64_t>(field);
      if (found || (value >= limit.min && value <= limit.max)) return;
      found = true;
      on_breach(kComponentKindNames[static_cast<std::size_t>(KindOf<T>::value)].data(), limit.name,
                " left the range a save can hold (the run stops rather than be unsaveable)", value,
                limit.min, limit.max);
    }
  });
  return found;
}

// Hands `on_breach` the first of what grows as a run is played that is past its cap (the
// order FindGrowthBreach documents); true when there is one.
template <class OnBreach>
bool FirstGrowthBreach(const GameWorld& world, const OnBreach& on_breach) noexcept {
  if (world.Tick() > kMaxTick) {
    on_breach("", "tick", "the clock reached the last tick a save can hold", world.Tick(), 0,
              kMaxTick);
    return true;
  }
  for (const Rng& rng : world.Streams().streams)
    if (rng.Draws() > kMaxRandomDraws) {
      on_breach("", "random draws", "a random stream drew more values than a save can count",
                rng.Draws(), 0, static_cast<std::int64_t>(kMaxRandomDraws));
      return true;
    }
  const EntityId player = world.PlayerEntity();
  if (player.IsNull()) return false;
  // What the player's play can grow: its counters, its vitals (levels, potions) and its fighting
  // numbers (equipment, levels). Its pack is bounded where it grows (a full stack takes no more,
  // an enchantment holds at its cap: actions_items.cpp), so it is not walked every tick.
  if (const Player* p = world.Players().Find(player))
    if (FirstFieldBreach(*p, on_breach)) return true;
  if (const Health* h = world.Healths().Find(player))
    if (FirstFieldBreach(*h, on_breach)) return true;
  if (const Combat* c = world.Combats().Find(player))
    if (FirstFieldBreach(*c, on_breach)) return true;
  return false;
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
    if (!found && bundle.Has<T>()) (void)FirstFieldBreach(bundle.Get<T>(), BuildBreach{found});
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
  LimitBreach found;
  (void)FirstGrowthBreach(world, BuildBreach{found});
  return found;
}

bool GrowthWithinLimits(const GameWorld& world) noexcept {
  return !FirstGrowthBreach(world, IgnoreBreach{});
}

}  // namespace cairn
