// Fuzzes the one TOML entry point: any bytes must give a tree or a positioned error, never a
// crash, an abort inside toml++, undefined behaviour, a leak or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "toml/toml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cairn::TomlValue root;
  cairn::TomlError error;
  if (!cairn::ParseToml(text, root, error)) {
    if (error.message.empty()) __builtin_trap();  // every failure must say why
  }
  return 0;
}
