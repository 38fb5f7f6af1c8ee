// UTF-8, by hand: the standard library has no encoder or validating decoder (std::codecvt is
// deprecated), and this is the one place cairn does it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cairn {

// Appends the encoding of `code_point` (assumed a valid scalar value).
void AppendUtf8(std::string& out, std::uint32_t code_point);

// Decodes the character starting at byte `at`. False for a malformed, overlong, surrogate or
// out-of-range sequence (then `code_point` and `length` are unchanged).
[[nodiscard]] bool DecodeUtf8(std::string_view text, std::size_t at, std::uint32_t& code_point,
                              std::size_t& length) noexcept;

}  // namespace cairn
