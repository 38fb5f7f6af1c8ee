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

#include <iosfwd>
#include <string>
#include <string_view>

namespace cairn {

struct LessonIo {
  std::ostream& out;
  std::istream* in = nullptr;  // null: the walk runs by itself (--auto)
  std::size_t width = 78;      // the widest line the text wraps to
  bool echo = false;           // write each line read after its prompt (input not a terminal)
};

// Walks the whole lesson. False when a reply was not the one the lesson expects (said on `out`,
// naming the step and both replies) or the learner quit; true at the end of the walk.
[[nodiscard]] bool RunLesson(LessonIo& io);

}  // namespace cairn
