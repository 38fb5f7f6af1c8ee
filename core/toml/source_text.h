// SourceText: the text a TOML tree was parsed from, for taking a value back out exactly as it
// was written (a component whose type this build does not know is saved back byte for byte).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toml/line_index.h"
#include "toml/toml_value.h"

namespace cairn {

class SourceText {
 public:
  // `text` must outlive this object. The line index is built on the first ValueAt: most texts
  // (a save of 10,000 entities) never need it.
  explicit SourceText(std::string_view text) : text_(text) {}
  // The value (an inline table, an array, or a scalar) that starts at `at`, as written: to its
  // matching close bracket, stepping over strings; a scalar to the next `,`, `}` or line end.
  [[nodiscard]] std::string ValueAt(TextPosition at) const;

 private:
  std::string_view text_;
  mutable std::optional<LineIndex> lines_;
};

}  // namespace cairn
