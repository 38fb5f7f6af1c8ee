// A recipe requires exactly what the type registry says its marker requires, so nothing the
// console or a level file may do to an entity (both hold to the registry) can leave it without a
// component its recipe requires.
#include <catch2/catch.hpp>

#include "game/recipe_requirements.h"
#include "schema/component_types.h"

namespace recipe_requirements_schema_test {

using namespace cairn;

TEST_CASE("each recipe's requirements are its marker's requires in the type registry",
          "[schema][recipes]") {
  const std::pair<RecipeKind, ComponentKind> markers[] = {
      {RecipeKind::Player, ComponentKind::Player},
      {RecipeKind::Monster, ComponentKind::EnemyAi},
      {RecipeKind::Item, ComponentKind::Item},
      {RecipeKind::Stairs, ComponentKind::Stairs},
  };
  for (const auto& [recipe, marker] : markers) {
    INFO("recipe " << RecipeName(recipe));
    CHECK(RecipeOf(KindBit(marker)) == recipe);
    std::uint32_t registry = KindBit(marker);
    for (ComponentTypeId needed : TypeInfoOf(marker).requires_types) registry |= KindBit(needed);
    CHECK(RequiredComponents(recipe) == registry);
  }
}

}  // namespace recipe_requirements_schema_test
