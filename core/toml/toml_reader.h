// The one entry point through which cairn reads TOML: levels, definitions, key maps, saves,
// recordings and console bodies all come here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/text_problem.h"
#include "toml/toml_value.h"

namespace cairn {

// The shape a TOML text may have (checked before any tree is built: toml_shape.h).
//  - Depth: no value more than kMaxTomlDepth levels below the root. cairn's own files reach 9
//    (a save's component fields: floor, entity, its element, components, a component, body,
//    a field, an array in it).
//  - Values: at most kTomlValuesFloor plus one per kTomlBytesPerValue bytes of text. cairn's own
//    files have 12 to 26 bytes a value (a save about 14); a text of mostly tiny values (the
//    dense array `[1,1,1,...]`, 2 bytes a value) costs hundreds of bytes of memory a value
//    once parsed, so it is refused before it is parsed.
inline constexpr std::uint32_t kMaxTomlDepth = 64;
inline constexpr std::uint64_t kTomlValuesFloor = 4096;
inline constexpr std::uint64_t kTomlBytesPerValue = 4;

// Parses `text` into `root` (a table). On failure `root` is unchanged and `error` says where and
// why. File readers open through ParseTomlFile (table_reader.h). Never crashes, aborts or reaches
// undefined behaviour, whatever the bytes; a text deeper or denser than the limits above is refused
// with the position where it passes them, and running out of memory is reported as an error too.
[[nodiscard]] bool ParseToml(std::string_view text, TomlValue& root, TextProblem& error) noexcept;

// Test seam, in the style of base/fault_injection.h: with the shape check skipped, a deep text
// reaches toml++ and the converter, so tests can see the converter's own depth guard answer.
// Production never calls it.
namespace toml_seam {
void SkipShapeCheck(bool skip) noexcept;
}  // namespace toml_seam

}  // namespace cairn
