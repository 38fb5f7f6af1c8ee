// What a version-6 save's monster or item has where its component bodies leave fields out: the
// values its kind gives (docs/formats/save.md, "What is left out"; docs/decisions/0021). The
// writer leaves out a field equal to it and the reader fills it back, so both take the kind the
// same way: an entity with an `enemy_ai` is a monster of that kind, else one with an `item` an
// item of that kind, else it has no kind (its fields default to the type's).
#pragma once

#include <cstdint>
#include <vector>

#include "game/component_bundle.h"
#include "game/definitions.h"
#include "schema/component_types.h"

namespace cairn {

class KindBases {
 public:
  // Every kind's components as a new monster (asleep) or item of it has them (game/recipes.h),
  // but no position: the kind gives no place.
  explicit KindBases(const DefinitionSet& definitions);

  // The kind of an entity holding `components`, or null.
  [[nodiscard]] const ComponentBundle* Of(const ComponentBundle& components) const noexcept;
  // A kind by its index in the definitions, or null when there is none.
  [[nodiscard]] const ComponentBundle* Monster(std::int64_t index) const noexcept;
  [[nodiscard]] const ComponentBundle* Item(std::int64_t index) const noexcept;

  // The component a body of `type` is written over: the kind's when it gives that single
  // component, else null (the type's declared defaults). A Many type's entries never have one.
  [[nodiscard]] static const void* Base(const ComponentBundle* kind,
                                        const ComponentTypeInfo& type) noexcept;
  // `kind`'s component of `type` into `to`, whole (a body `{}` over it: nothing to decode).
  static void Copy(const ComponentBundle& kind, ComponentTypeId type, ComponentBundle& to);

 private:
  std::vector<ComponentBundle> monsters_;
  std::vector<ComponentBundle> items_;
};

}  // namespace cairn
