// `cairn lesson [--auto]`: the guided walk through an entity-component world (console/lesson.h).
// Interactive, it asks for each command on standard input; --auto prints the whole walk as text
// (docs/LESSON.md is that text, and make check keeps it so). Exit 0 at the end of the walk; 1 when
// the engine no longer answers as the lesson teaches, or the learner quit; 2 on wrong usage.
#include <unistd.h>

#include <iostream>

#include "cli_args.h"
#include "console/lesson.h"
#include "term_commands.h"

namespace cairn {

int RunLessonCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--auto", false}}, parsed, error) || !parsed.positional.empty()) {
    if (error.empty()) error = "unexpected argument '" + parsed.positional.front() + "'";
    std::cerr << "cairn lesson: " << error << "\nusage: cairn lesson [--auto]\n";
    return kExitUsage;
  }
  LessonIo io{std::cout, parsed.Has("--auto") ? nullptr : &std::cin};
  io.echo = isatty(STDIN_FILENO) == 0;  // a terminal echoes what is typed; a pipe does not
  return RunLesson(io) ? kExitOk : kExitInvalid;
}

}  // namespace cairn
