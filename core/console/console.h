// The debug console: one command per line in, one reply line per command out (docs/CONSOLE.md
// and SPEC's protocol). The same Console serves `cairn console` and the in-game console.
//
// The console drives a GameSession. Structural commands take effect at once, at a commit
// boundary between ticks; TICK runs the session's ticks. A command that fails leaves the world
// unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "base/status.h"
#include "sim/session.h"

namespace cairn {

struct ConsoleOptions {
  std::uint64_t seed = 1;
  std::uint32_t capacity = 65536;                // entity slots, and every pool's size
  std::shared_ptr<const LevelDefinition> level;  // null: an empty world
};

class Console {
 public:
  // A console over its own session, built from the options.
  [[nodiscard]] static Status Create(const ConsoleOptions& options, std::unique_ptr<Console>& out);
  // A console over a session someone else owns (the game's in-game console).
  explicit Console(GameSession& session) noexcept : session_(&session) {}

  // Runs one line. Blank lines and `#` comments get no reply (`has_reply` false).
  [[nodiscard]] std::string Execute(std::string_view line, bool& has_reply);

  [[nodiscard]] const GameWorld& World() const noexcept { return session_->World(); }
  [[nodiscard]] GameSession& Session() noexcept { return *session_; }
  // Long work (TICK's many ticks) calls `check(done, total)` between ticks about ten times a
  // second: it may show progress, and it stops the work by answering false (a key, a signal).
  // Without one, the work runs to its end.
  void SetLongWorkCheck(std::function<bool(std::uint64_t done, std::uint64_t total)> check) {
    long_work_check_ = std::move(check);
  }
  // Where DUP's new identities come from (the system's unless a test injects one).
  void SetEntropy(EntropySource& entropy) noexcept { entropy_ = &entropy; }
  // The live entity the last INSPECT described, then null: the game's debug pane follows it, so
  // `INSPECT id:ogre` in the in-game console also jumps the pane's inspector to the ogre.
  [[nodiscard]] EntityId TakeInspected() noexcept { return std::exchange(inspected_, EntityId{}); }

 private:
  Console() = default;
  GameWorld& MutableWorld() noexcept { return session_->World(); }

  std::string Spawn(std::string_view args);
  std::string Despawn(std::string_view args);
  std::string Set(std::string_view args);
  std::string Add(std::string_view args);
  std::string Get(std::string_view args);
  std::string Remove(std::string_view args);
  std::string Query(std::string_view args);
  std::string Restart(std::string_view args);
  std::string Inspect(std::string_view args);
  std::string Pools(std::string_view args);
  std::string Registry(std::string_view args);
  std::string Counters(std::string_view args);
  std::string Tick(std::string_view args);
  std::string Trace(std::string_view args);
  std::string Hash(std::string_view args);
  std::string Types(std::string_view args);
  std::string Phase(std::string_view args);
  std::string Pool(std::string_view args);
  std::string Dup(std::string_view args);
  std::string Key(std::string_view args);
  std::string Resolve(std::string_view args);
  std::string Why(std::string_view args);
  std::string Help(std::string_view args);

  SystemEntropySource system_entropy_;
  EntropySource* entropy_ = &system_entropy_;
  EntityId inspected_{};
  std::function<bool(std::uint64_t, std::uint64_t)> long_work_check_;
  std::unique_ptr<GameSession> owned_;
  GameSession* session_ = nullptr;
};

// Reads commands from `in` until its end, writing each reply line to `out` (flushed per line).
// False when reading failed before the end (the caller reports it).
[[nodiscard]] bool RunConsole(Console& console, std::istream& in, std::ostream& out);

// The level an empty console world is built from: a 1 x 1 map and no entities.
[[nodiscard]] std::shared_ptr<const LevelDefinition> EmptyLevel();

}  // namespace cairn
