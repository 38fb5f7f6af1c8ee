// Entity references written as handles of one world ("3:1", or "7:3:1" for another world's
// entity; "" for none): how the console and the inspector write and read them.
#pragma once

#include "game/game_world.h"
#include "schema/component_body.h"

namespace cairn {

class HandleReferences final : public ReferenceCodec {
 public:
  explicit HandleReferences(const GameWorld& world) noexcept : world_(world) {}
  // Accepts "" (none) or a well-formed handle of a live entity.
  [[nodiscard]] bool Parse(std::string_view text, EntityId& out, std::string& error) const override;
  [[nodiscard]] std::string Format(EntityId id) const override;
  [[nodiscard]] bool ParseDefinition(DefinitionKind kind, std::string_view text, std::int64_t& index,
                                     std::string& error) const override {
    return ParseDefinitionIn(world_.Definitions(), kind, text, index, error);
  }
  [[nodiscard]] std::string FormatDefinition(DefinitionKind kind, std::int64_t index) const override {
    return FormatDefinitionIn(world_.Definitions(), kind, index);
  }

 private:
  const GameWorld& world_;
};

}  // namespace cairn
