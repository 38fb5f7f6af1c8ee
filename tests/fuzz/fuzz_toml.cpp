// Fuzzes the one TOML entry point: any bytes must give a tree or a positioned error, never a
// crash, an abort inside toml++, undefined behaviour, a leak or a hang. And what issue 13 bounds:
// a tree is never deeper than kMaxTomlDepth; positions map back and forth through LineIndex; the
// text and every message, escaped for the terminal, hold nothing a terminal would obey. And the
// subset reader (toml_subset.h): whatever it accepts, the general reader accepts too, into the
// same tree, positions included.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "base/terminal_text.h"
#include "support/toml_tree_equal.h"
#include "toml/line_index.h"
#include "toml/toml_reader.h"
#include "toml/toml_subset.h"

namespace {

// The deepest value below `root` (the root is 0), without recursing.
std::uint32_t Depth(const cairn::TomlValue& root) {
  std::uint32_t deepest = 0;
  std::vector<std::pair<const cairn::TomlValue*, std::uint32_t>> stack{{&root, 0}};
  while (!stack.empty()) {
    const auto [value, depth] = stack.back();
    stack.pop_back();
    if (depth > deepest) deepest = depth;
    for (const cairn::TomlValue& element : value->array) stack.push_back({&element, depth + 1});
    for (const cairn::TomlMember& member : value->members)
      stack.push_back({&member.value, depth + 1});
  }
  return deepest;
}

bool CharacterStart(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cairn::TomlValue root;
  cairn::TextProblem error;
  const bool general = cairn::ParseToml(text, root, error);
  cairn::TomlValue subset;
  if (cairn::ParseTomlSubset(text, subset) &&
      (!general || !cairn::test::TomlTreeDifference(root, subset).empty()))
    __builtin_trap();
  if (general) {
    if (Depth(root) > cairn::kMaxTomlDepth) __builtin_trap();
  } else {
    if (error.message.empty()) __builtin_trap();  // every failure must say why
    if (cairn::NeedsTerminalEscape(cairn::EscapeForTerminal(error.message))) __builtin_trap();
  }
  if (cairn::NeedsTerminalEscape(cairn::EscapeForTerminal(text))) __builtin_trap();
  const cairn::LineIndex index(text);
  for (std::size_t offset = 0; offset < size; offset += 1 + size / 16)
    if (CharacterStart(text[offset]) && index.OffsetOf(index.PositionOf(offset)) != offset)
      __builtin_trap();
  return 0;
}
