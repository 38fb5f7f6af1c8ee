// `cairn lesson`: a guided walk through the basics of an entity-component world on a live
// world (the ECS lesson among the design documents, 003): identity is world, slot and generation;
// a component lives in a pool; despawning makes a handle stale; a freed slot is reused last freed
// first, with a new generation, and starts empty; queries answer in numeric slot order;
// structural changes wait for the commit. Then, on a small live floor, one tick phase by phase:
// an intent becomes a move, the move a blow, the blow a death, and the destroy it queued is
// published at the commit.
//
// Every step is console commands (docs/CONSOLE.md) and what each shows. The walk checks each
// reply against the one the lesson expects, so a lesson that no longer tells the truth about the
// engine fails (`cairn lesson --auto` exits 1, and make check runs it: docs/LESSON.md is its
// text). Interactive, it asks the learner to type each command (or press Enter), says what a
// different command would not show, and shows the pool and registry views around each step.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "base/status.h"
#include "identity/handle.h"

namespace cairn {

class Console;
class GameSession;

inline constexpr std::string_view kLessonTitle =
    "cairn lesson: an entity-component world, step by step";
inline constexpr std::string_view kLessonOpening =
    "Each step runs console commands (docs/CONSOLE.md) on a live world and says what the reply "
    "shows.";
inline constexpr std::string_view kLessonClosing =
    "That is the whole of it: identity, pools, stale handles, reuse, query order and the commit.";
inline constexpr std::string_view kLessonNext =
    "Next: `cairn --debug` (the pane: F6 one tick, \\ one phase, = the machine view), "
    "docs/DEBUGGING.md, and `cairn console`'s HELP.";

// One walk through the lesson: its commands in order, each run on its world (an empty one for
// the first steps, the small floor for the last) and its reply checked against the one the lesson
// expects. The text walk (RunLesson) and the terminal's (term/lesson_screen.cpp) both follow it.
class LessonWalk {
 public:
  [[nodiscard]] static Status Create(std::unique_ptr<LessonWalk>& out);
  ~LessonWalk();
  LessonWalk(const LessonWalk&) = delete;
  LessonWalk& operator=(const LessonWalk&) = delete;

  [[nodiscard]] static std::size_t StepCount() noexcept;
  [[nodiscard]] bool Done() const noexcept;
  // The step the next command belongs to, from 1; whether that command is the step's first.
  [[nodiscard]] std::size_t StepNumber() const noexcept { return step_ + 1; }
  [[nodiscard]] bool StepStarts() const noexcept;
  [[nodiscard]] std::string_view StepTitle() const noexcept;
  [[nodiscard]] std::string_view StepIntro() const noexcept;
  [[nodiscard]] std::string_view NextCommand() const noexcept;  // "" once done

  // Runs the next command on its world. Gives its reply, what it shows ("" for nothing more) and
  // the reply the lesson expects ("…" standing for any text); false, not moving on, when the
  // reply is another: the engine no longer does what the lesson teaches.
  [[nodiscard]] bool RunNext(std::string& reply, std::string& says, std::string& expected);

  // The session the next command runs on (the last one's, once done), for the debug pane, and
  // the entity the next command names (else the last one named).
  [[nodiscard]] GameSession& Session() noexcept;
  [[nodiscard]] EntityId Subject() const;

 private:
  struct Worlds;
  LessonWalk();
  [[nodiscard]] Console& ConsoleOfStep() const noexcept;
  std::unique_ptr<Worlds> worlds_;
  std::size_t step_ = 0, command_ = 0;
  EntityId subject_{};
};

struct LessonIo {
  std::ostream& out;
  std::istream* in = nullptr;  // null: the walk runs by itself (--auto)
  std::size_t width = 78;      // the widest line the text wraps to
  bool echo = false;           // write each line read after its prompt (input not a terminal)
};

// Walks the whole lesson as text. False when a reply was not the one the lesson expects (said on
// `out`, naming the step and both replies) or the learner quit; true at the end of the walk.
[[nodiscard]] bool RunLesson(LessonIo& io);

}  // namespace cairn
