// The debug console: one command per line in, one reply line per command out (docs/CONSOLE.md
// and SPEC's protocol). The same Console serves `cairn console` and the in-game console.
//
// Structural commands take effect at once: each opens a commit boundary (a StructuralScope) on
// the world between ticks. A command that fails leaves the world unchanged.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "base/status.h"
#include "game/game_world.h"

namespace cairn {

struct ConsoleOptions {
  WorldLimits limits{65536, 65536, 65536};
};

class Console {
 public:
  [[nodiscard]] static Status TryCreate(const ConsoleOptions& options,
                                        std::unique_ptr<Console>& out) noexcept;

  // Runs one line. Blank lines and `#` comments get no reply (`has_reply` false).
  [[nodiscard]] std::string Execute(std::string_view line, bool& has_reply);

  [[nodiscard]] const GameWorld& World() const noexcept { return *world_; }

 private:
  explicit Console(const ConsoleOptions& options) : options_(options) {}

  std::string Spawn(std::string_view args);
  std::string Despawn(std::string_view args);
  std::string Set(std::string_view args);
  std::string Get(std::string_view args);
  std::string Remove(std::string_view args);
  std::string Query(std::string_view args);
  std::string Restart(std::string_view args);
  std::string Inspect(std::string_view args);
  std::string Pools(std::string_view args);
  std::string Registry(std::string_view args);
  std::string Help(std::string_view args);

  ConsoleOptions options_;
  std::unique_ptr<GameWorld> world_;
};

// Reads commands from `in` until its end, writing each reply line to `out` (flushed per line).
void RunConsole(Console& console, std::istream& in, std::ostream& out);

}  // namespace cairn
