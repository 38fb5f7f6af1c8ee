// Entity references written as handles of one world ("3:1", or "7:3:1" for another world's
// entity; "" for none): how the console and the inspector write and read them.
#pragma once

#include "game/game_world.h"
#include "schema/component_body.h"

namespace cairn {

class HandleReferences final : public DefinitionSetReferences {
 public:
  explicit HandleReferences(const GameWorld& world) noexcept
      : DefinitionSetReferences(world.Definitions()), world_(world) {}
  // Accepts "" (none) or a well-formed handle of a live entity.
  [[nodiscard]] bool Parse(std::string_view text, EntityId& out, std::string& error) const override;
  [[nodiscard]] std::string Format(EntityId id) const override;

 private:
  const GameWorld& world_;
};

}  // namespace cairn
