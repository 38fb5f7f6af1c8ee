// The one entry point through which cairn reads TOML: levels, definitions, key maps, saves,
// recordings and console bodies all come here.
#pragma once

#include <string>
#include <string_view>

#include "toml/toml_value.h"

namespace cairn {

struct TomlError {
  TextPosition position;
  std::string message;
};

// Parses `text` into `root` (a table). On failure `root` is unchanged and `error` says where and
// why. Never crashes, aborts or reaches undefined behaviour, whatever the bytes; running out of
// memory is reported as an error too.
[[nodiscard]] bool ParseToml(std::string_view text, TomlValue& root, TomlError& error) noexcept;

}  // namespace cairn
