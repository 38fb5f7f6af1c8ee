// Data files compiled into the program (see cmake/Embed.cmake): the defaults cairn needs to run
// from any folder.
#pragma once

#include <string_view>

namespace cairn {

// The text of the embedded file at `path` under data/ ("keys.toml", "levels/cellar.toml"), or
// empty when there is none.
[[nodiscard]] std::string_view EmbeddedFile(std::string_view name) noexcept;

}  // namespace cairn
