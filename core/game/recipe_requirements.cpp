#include "game/recipe_requirements.h"

#include <initializer_list>

namespace cairn {

namespace {

constexpr std::uint32_t Bits(std::initializer_list<ComponentKind> kinds) noexcept {
  std::uint32_t mask = 0;
  for (ComponentKind kind : kinds) mask |= KindBit(kind);
  return mask;
}

using K = ComponentKind;
// An actor is placed, decides, and can be hurt: the rules read these without asking.
constexpr std::uint32_t kActor = Bits({K::Position, K::Intent, K::Health});

}  // namespace

RecipeKind RecipeOf(std::uint32_t component_mask) noexcept {
  if (component_mask & KindBit(K::Player)) return RecipeKind::Player;
  if (component_mask & KindBit(K::EnemyAi)) return RecipeKind::Monster;
  if (component_mask & KindBit(K::Item)) return RecipeKind::Item;
  if (component_mask & KindBit(K::Stairs)) return RecipeKind::Stairs;
  return RecipeKind::None;
}

std::uint32_t RequiredComponents(RecipeKind recipe) noexcept {
  switch (recipe) {
    case RecipeKind::None: return 0;
    case RecipeKind::Player: return KindBit(K::Player) | kActor;
    case RecipeKind::Monster: return KindBit(K::EnemyAi) | kActor;
    // A carried item has no place: only the item itself is required.
    case RecipeKind::Item: return KindBit(K::Item);
    case RecipeKind::Stairs: return Bits({K::Stairs, K::Position});
  }
  return 0;
}

const char* RecipeName(RecipeKind recipe) noexcept {
  switch (recipe) {
    case RecipeKind::None: return "none";
    case RecipeKind::Player: return "player";
    case RecipeKind::Monster: return "monster";
    case RecipeKind::Item: return "item";
    case RecipeKind::Stairs: return "stairs";
  }
  return "none";
}

bool FirstMissingComponent(std::uint32_t component_mask, ComponentKind& missing) noexcept {
  const std::uint32_t lacking = RequiredComponents(RecipeOf(component_mask)) & ~component_mask;
  if (lacking == 0) return false;
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if ((lacking >> k) & 1u) {
      missing = static_cast<ComponentKind>(k);
      return true;
    }
  return false;
}

}  // namespace cairn
