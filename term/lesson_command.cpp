// `cairn lesson [--auto]`: the guided walk through an entity-component world (console/lesson.h).
// In a terminal it runs on the game's screen, the debug pane beside its text (lesson_screen.h);
// with input or output not a terminal it asks for each command on standard input; --auto prints
// the whole walk as text (docs/LESSON.md is that text, and make check keeps it so). Exit 0 at the
// end of the walk; 1 when the engine no longer answers as the lesson teaches, or the learner
// quit; 2 on wrong usage.
#include <unistd.h>

#include <csignal>
#include <exception>
#include <iostream>

#include "cli_args.h"
#include "console/lesson.h"
#include "lesson_screen.h"
#include "term_commands.h"
#include "terminal/curses_screen.h"
#include "terminal/terminal_guard.h"

namespace cairn {
namespace {

int LessonOnScreen(const ParsedArgs& parsed) {
  std::unique_ptr<LessonScreen> lesson = LessonScreen::Create();
  if (lesson == nullptr) {
    std::cerr << "cairn lesson: the lesson's worlds could not be built\n";
    return kExitInvalid;
  }
  std::string fatal;
  {
    TerminalGuard guard;
    try {
      ScreenOptions options;
      options.force_monochrome = parsed.Has("--mono");
      options.mouse = false;
      CursesScreen screen(options);
      RenderFrame frame;
      while (lesson->End() == LessonEnd::Going && TerminalGuard::StopRequested() == 0) {
        lesson->SetViewSize(screen.Width(), screen.Height());
        lesson->BuildFrame(frame);
        PresenterState state = lesson->Presentation();
        state.ascii = !screen.Utf8();
        TextGrid grid(screen.Width(), screen.Height());
        Present(frame, state, grid);
        screen.Draw(grid);
        if (const std::string key = screen.ReadKey(100); !key.empty()) lesson->HandleKey(key);
        if (screen.InputGone()) TerminalGuard::RequestStop(SIGHUP);  // the terminal went away
      }
    } catch (const std::exception& e) {
      fatal = e.what();
    }
  }  // the guard restores the terminal here, before anything is printed
  if (!fatal.empty()) {
    std::cerr << "cairn lesson: " << fatal << "\n";
    return kExitInvalid;
  }
  switch (lesson->End()) {
    case LessonEnd::Finished: std::cout << "cairn lesson: the whole walk, done.\n"; return kExitOk;
    case LessonEnd::Untrue:
      std::cout << "cairn lesson: the engine no longer does what this lesson teaches (`cairn "
                   "lesson --auto` names the step).\n";
      return kExitInvalid;
    default:
      std::cout << "The lesson stops here. `cairn lesson` starts it again.\n";
      return kExitInvalid;
  }
}

}  // namespace

int RunLessonCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--auto", false}, {"--text", false}, {"--mono", false}}, parsed, error) ||
      !parsed.positional.empty()) {
    if (error.empty()) error = UnexpectedArgument(parsed);
    std::cerr << "cairn lesson: " << error << "\nusage: cairn lesson [--auto | --text] [--mono]\n";
    return kExitUsage;
  }
  const bool terminal = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0;
  if (!parsed.Has("--auto") && !parsed.Has("--text") && terminal) return LessonOnScreen(parsed);
  LessonIo io{std::cout, parsed.Has("--auto") ? nullptr : &std::cin};
  io.echo = isatty(STDIN_FILENO) == 0;  // a terminal echoes what is typed; a pipe does not
  return RunLesson(io) ? kExitOk : kExitInvalid;
}

}  // namespace cairn
