// Fuzzes the level reader and validator: any bytes must give a level or positioned problems,
// never a crash, undefined behaviour, a leak or a hang; and a level that loads must write back
// to a canonical text that reads and writes back unchanged.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "content/definitions_reader.h"
#include "content/level_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto definitions = cairn::DefaultDefinitions();
  if (!definitions) __builtin_trap();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cairn::LevelDocument document;
  std::vector<cairn::TextProblem> problems;
  if (!cairn::ReadLevelDocument(text, document, problems)) {
    if (problems.empty()) __builtin_trap();  // a refusal must say why
    return 0;
  }
  cairn::LevelDefinition level;
  if (!cairn::LoadLevelDocument(document, *definitions, cairn::WorldLimits::Uniform(256), level,
                                problems)) {
    if (problems.empty()) __builtin_trap();
    return 0;
  }
  const std::string canonical = cairn::WriteLevelDocument(document);
  cairn::LevelDocument again;
  std::vector<cairn::TextProblem> more;
  if (!cairn::ReadLevelDocument(canonical, again, more)) __builtin_trap();
  if (cairn::WriteLevelDocument(again) != canonical) __builtin_trap();
  return 0;
}
