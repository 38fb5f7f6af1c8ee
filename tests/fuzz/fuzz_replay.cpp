// Fuzzes the recording reader and the replay behind it: any bytes must give a recording or
// positioned problems, never a crash, undefined behaviour, a leak or a hang; a recording that
// reads is replayed with --verify's checks on the built-in dungeon (every state, part and
// entity line compared) and must match, diverge with a description, or be refused as other
// content. Long recordings are replayed only so far: a divergence is found at its first tick.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "replay/replay.h"

namespace {

constexpr std::size_t kMaxInput = 1 << 18;
constexpr std::size_t kMaxTicks = 200;

const cairn::SessionConfig& Dungeon() {
  static const cairn::SessionConfig config = [] {
    cairn::SessionConfig c;
    c.definitions = cairn::DefaultDefinitions();
    c.dungeon = cairn::DefaultDungeon();
    c.limits = cairn::WorldLimits::Uniform(512);
    if (!c.definitions || !c.dungeon) __builtin_trap();
    return c;
  }();
  return config;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cairn::Recording recording;
  std::vector<cairn::TextProblem> problems;
  if (!cairn::ParseRecording(text, recording, problems)) {
    if (problems.empty()) __builtin_trap();  // a refusal must say why
    return 0;
  }
  if (!problems.empty()) __builtin_trap();
  if (recording.ticks.size() > kMaxTicks) recording.ticks.resize(kMaxTicks);
  const cairn::ReplayResult result = cairn::Replay(recording, Dungeon(), true);
  switch (result.outcome) {
    case cairn::ReplayOutcome::Diverged:
      if (cairn::DescribeDivergence(result.divergence).empty()) __builtin_trap();
      break;
    case cairn::ReplayOutcome::ContentMismatch:
    case cairn::ReplayOutcome::Faulted:
      if (result.detail.empty()) __builtin_trap();
      break;
    case cairn::ReplayOutcome::Matched: break;
  }
  return 0;
}
