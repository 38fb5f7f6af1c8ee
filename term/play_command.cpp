// `cairn [--seed N] [--level PATH] [--debug] [--ascii] [--mono] [--colour-blind]
//        [--log PATH] [--log-level LEVEL] [--morgue DIR]`: the game in the terminal.
#include <iostream>

#include "cli_args.h"
#include "controller.h"
#include "game_setup.h"
#include "logging.h"
#include "presenter/presenter.h"
#include "summary_file.h"
#include "term_commands.h"
#include "terminal/curses_screen.h"
#include "terminal/terminal_guard.h"

namespace cairn {

namespace {
constexpr const char* kUsageLine =
    "usage: cairn [--seed N] [--level PATH] [--debug] [--ascii] [--mono] [--colour-blind]\n"
    "             [--log PATH] [--log-level LEVEL] [--morgue DIR]\n";
constexpr int kRunStepMs = 15;  // between the steps of explore, rest and travel
}  // namespace

int RunPlayCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args,
                 {{"--seed", true}, {"--level", true}, {"--load", true}, {"--record", true},
                  {"--debug", false}, {"--ascii", false}, {"--mono", false},
                  {"--colour-blind", false}, {"--color-blind", false}, {"--log", true},
                  {"--log-level", true}, {"--test-crash-after", true}, {"--morgue", true}},
                 parsed, error) ||
      !parsed.positional.empty()) {
    if (error.empty()) error = "unexpected argument '" + parsed.positional.front() + "'";
    std::cerr << "cairn: " << error << "\n" << kUsageLine;
    return kExitUsage;
  }
  SessionConfig config;
  config.seed = FreshSeed();
  const std::string morgue_dir = parsed.Value("--morgue").value_or(DefaultMorgueFolder());
  if (auto seed = parsed.Value("--seed");
      seed && !ParseUnsigned("--seed", *seed, 0, ~std::uint64_t{0}, config.seed, error)) {
    std::cerr << "cairn: " << error << "\n";
    return kExitUsage;
  }
  std::uint64_t crash_after = 0;
  if (auto c = parsed.Value("--test-crash-after");
      c && !ParseUnsigned("--test-crash-after", *c, 1, 1'000'000, crash_after, error)) {
    std::cerr << "cairn: " << error << "\n";
    return kExitUsage;
  }
  for (const char* unbuilt : {"--load", "--record"}) {
    if (parsed.Has(unbuilt)) {
      std::cerr << "cairn: error: " << unbuilt << " is not built for the terminal game yet\n";
      return kExitInvalid;
    }
  }
  if (auto level = parsed.Value("--level"); level && !LoadLevelForCommand(*level, config.level))
    return kExitInvalid;
  if (!UseDefaultContent(config)) return kExitInvalid;
  KeyMap keys;
  if (!LoadKeyMap(keys)) return kExitInvalid;
  std::string warning;
  if (!StartLogging(parsed.Value("--log").value_or(""), parsed.Value("--log-level").value_or("info"),
                    error, warning)) {
    std::cerr << "cairn: " << error << "\n";
    return kExitUsage;
  }
  if (!warning.empty()) std::cerr << "cairn: warning: " << warning << "\n";

  std::unique_ptr<GameSession> session;
  if (Status s = GameSession::TryCreate(config, session); s != Status::Ok) {
    std::cerr << "cairn: error: cannot build the world: " << StatusName(s) << "\n";
    return kExitInvalid;
  }
  LogInfo("new game, seed " + std::to_string(config.seed) + ", world " +
          std::to_string(session->World().WorldId()));

  int exit_status = kExitOk;
  std::string fatal;
  {
    TerminalGuard guard;
    ScreenOptions screen_options;
    screen_options.force_monochrome = parsed.Has("--mono");
    screen_options.palette = parsed.Has("--colour-blind") || parsed.Has("--color-blind")
                                 ? PaletteKind::ColourBlind
                                 : PaletteKind::Standard;
    try {
      CursesScreen screen(screen_options);
      GameController controller(*session, std::move(keys), parsed.Has("--debug"));
      controller.SetRunEndHandler([&](const std::string& summary) {
        return WriteRunSummary(morgue_dir, config.seed, summary);
      });
      controller.Presentation().ascii = parsed.Has("--ascii") || !screen.Utf8();
      RenderFrame frame;
      std::uint64_t frames = 0;
      while (true) {
        if (const int signal = TerminalGuard::StopRequested()) {
          LogInfo("stopping on signal " + std::to_string(signal));
          exit_status = 128 + signal;
          break;
        }
        controller.BuildFrame(frame);
        TextGrid grid(screen.Width(), screen.Height());
        Present(frame, controller.Presentation(), grid);
        screen.Draw(grid);
        if (crash_after != 0 && ++frames >= crash_after) std::abort();  // the crash test
        // During a run (explore, rest, travel) a step every few milliseconds, so it can be
        // watched and stopped by any key.
        if (controller.Busy()) {
          if (!screen.ReadKey(kRunStepMs).empty()) controller.Interrupt();
          else controller.Continue();
          continue;
        }
        const std::string key = screen.ReadKey(100);
        if (key.empty()) continue;
        LogDebug("key " + key);
        const std::int64_t tick_before = session->World().Tick();
        if (!controller.HandleKey(key)) break;
        if (session->World().Tick() != tick_before)
          LogDebug("tick " + std::to_string(session->World().Tick()));
        if (session->World().Fault().Active())
          LogWarn(std::string("simulation fault: ") + session->World().Fault().what);
      }
    } catch (const std::exception& e) {
      fatal = e.what();
      exit_status = kExitInvalid;
    }
  }  // the terminal is restored here, before anything is printed
  if (!fatal.empty()) std::cerr << "cairn: fatal error: " << fatal << "\n";
  LogInfo("game over at tick " + std::to_string(session->World().Tick()));
  StopLogging();
  return exit_status;
}

}  // namespace cairn
