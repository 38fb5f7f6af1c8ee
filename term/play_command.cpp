// `cairn [--seed N] [--level PATH] [--load SAVE] [--save PATH] [--record FILE] [--debug]
//        [--ascii] [--mono] [--colour-blind] [--log PATH] [--log-level LEVEL] [--morgue DIR]`:
// the game in the terminal.
//
// Saves work as roguelike players expect: one save per character (character_save.h and
// docs/SAVES.md). The game locks the save before it reads it, so a second game on the same
// character is refused; the next start with no --seed or --level resumes it and leaves it on
// disk as the last save point; save-and-quit, a new floor, SIGHUP, SIGTERM, SIGINT (a closed
// terminal, a shutdown, an interrupt) and an internal error write a newer one; death, victory,
// giving up and a restart remove it. A new game asked for while a save waits asks what to do
// with it, and keeps it by default.
//
// --record FILE records the run as `cairn sim --record` does, for `cairn replay`: every tick and
// its input, written when the game ends by any way out but a crash. A recording starts at a
// level's first tick, so it starts a new game; a restart starts the recording again with the
// new run.
#include <csignal>
#include <filesystem>
#include <iostream>

#include "character_save.h"
#include "cli_args.h"
#include "controller.h"
#include "game_setup.h"
#include "logging.h"
#include "presenter/presenter.h"
#include "replay/recording.h"
#include "replay/replay.h"
#include "save_files.h"
#include "storage/files.h"
#include "summary_file.h"
#include "term_commands.h"
#include "terminal/curses_screen.h"
#include "terminal/terminal_guard.h"
#include "user_folders.h"
#include "waiting_save_prompt.h"

namespace cairn {

namespace {
constexpr const char* kUsageLine =
    "usage: cairn [--seed N] [--level PATH] [--load SAVE] [--save PATH] [--record FILE] [--debug]\n"
    "             [--ascii] [--mono] [--colour-blind] [--log PATH] [--log-level LEVEL]\n"
    "             [--morgue DIR]\n";
constexpr int kRunStepMs = 15;  // between the steps of explore, rest and travel
}  // namespace

int RunPlayCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args,
                 {{"--seed", true}, {"--level", true}, {"--load", true}, {"--record", true},
                  {"--debug", false}, {"--ascii", false}, {"--mono", false},
                  {"--colour-blind", false}, {"--color-blind", false}, {"--log", true},
                  {"--log-level", true}, {"--test-crash-after", true}, {"--morgue", true},
                  {"--save", true}},
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
  if (parsed.Has("--record") && parsed.Has("--load")) {
    std::cerr << "cairn: --record cannot start from a save (a recording replays from the level's "
                 "first tick)\n";
    return kExitUsage;
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

  // The character's save: --save, else the --load file (a character lives in its own file),
  // else the default. Locked first, so no other game reads or writes it while this one plays.
  const std::string load_path = parsed.Value("--load").value_or("");
  const std::string save_path = parsed.Value("--save").value_or(load_path.empty() ? DefaultSavePath() : load_path);
  if (save_path.empty()) {
    std::cerr << "cairn: error: nowhere to keep the save: " << NoHomeReason() << ", or give --save PATH\n";
    return kExitInvalid;
  }
  CharacterSave character;
  if (const auto claimed = character.Claim(save_path, load_path, error); claimed != FileLock::Outcome::Taken) {
    if (claimed == FileLock::Outcome::HeldElsewhere)
      std::cerr << "cairn: error: another game is playing this character: " << error << "\n"
                << "cairn: finish that game first, or play a separate one with --save OTHER.toml\n";
    else
      std::cerr << "cairn: error: cannot lock the save for this game: " << error << "\n";
    return kExitInvalid;
  }

  // Resume: the save named by --load, or the waiting one when nothing asks for a new game; a new
  // game asked for beside a waiting save asks what becomes of it.
  std::unique_ptr<GameSession> session;
  const bool fresh_requested = parsed.Has("--seed") || parsed.Has("--level") || parsed.Has("--record");
  std::string resume_path = load_path;
  bool resume_checks_seed = parsed.Has("--seed");
  if (resume_path.empty() && character.Waiting()) {
    if (!fresh_requested) {
      resume_path = save_path;
    } else {
      switch (AskAboutWaitingSave({save_path, DescribeSave(save_path, config), !parsed.Has("--record")})) {
        case WaitingSaveChoice::Resume:
          resume_path = save_path;
          resume_checks_seed = false;  // the player chose the saved game over the --seed asked for
          break;
        case WaitingSaveChoice::Keep:
          character.Disown("the saved game in " + save_path + " was kept (start cairn with no --seed to resume it)");
          break;
        case WaitingSaveChoice::Abandon:
          if (const std::string why = character.Forget(); !why.empty()) {
            std::cerr << "cairn: error: " << why << "\n";
            return kExitInvalid;
          }
          std::cout << "The saved game was abandoned.\n";
          break;
      }
    }
  }
  if (!resume_path.empty()) {
    std::vector<std::string> diagnostics;
    if (!LoadSaveFile(resume_path, config, resume_checks_seed, session, diagnostics)) {
      for (const std::string& line : diagnostics) std::cerr << line << "\n";
      std::cerr << "cairn: the save was left as it is; `cairn --seed N` starts a new game instead\n";
      return kExitInvalid;
    }
    session->Say("Welcome back.");
    LogInfo("resumed " + resume_path + ", seed " + std::to_string(config.seed));
  } else {
    if (Status s = GameSession::TryCreate(config, session); s != Status::Ok) {
      std::cerr << "cairn: error: cannot build the world: " << StatusName(s) << "\n";
      return kExitInvalid;
    }
    LogInfo("new game, seed " + std::to_string(config.seed) + ", world " +
            std::to_string(session->World().WorldId()));
  }
  // The recorder listens to every tick; a restart (a new run) gets a new recorder.
  std::unique_ptr<Recorder> recorder;
  std::uint64_t recorded_restarts = session->Restarts();
  const auto record_from_here = [&]() {
    recorder = std::make_unique<Recorder>(*session, CAIRN_BUILD_ID,
                                          parsed.Value("--level").value_or("default"));
    session->SetTickListener(recorder.get());
    recorded_restarts = session->Restarts();
  };
  if (parsed.Has("--record")) record_from_here();
  std::string save_failure;  // why a save on the way out failed, to print after the terminal
  bool saved_on_exit = false;
  const auto save_now = [&]() -> std::string {
    if (std::string why = character.Save(*session); !why.empty()) return why;
    LogInfo("saved to " + save_path + " at tick " + std::to_string(session->World().Tick()));
    return "";
  };
  const auto forget = [&]() {
    if (const std::string why = character.Forget(); !why.empty()) LogWarn(why);
    else if (character.Owned()) LogInfo("the character's story ended: no save left in " + save_path);
  };

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
      controller.SetSaveHandler(save_now);
      controller.SetForgetHandler(forget);
      if (!character.Owned()) controller.SetSavingOff(character.WhyNotOwned());
      controller.Presentation().ascii = parsed.Has("--ascii") || !screen.Utf8();
      RenderFrame frame;
      std::uint64_t frames = 0;
      while (true) {
        if (const int signal = TerminalGuard::StopRequested()) {
          LogInfo("stopping on signal " + std::to_string(signal));
          exit_status = 128 + signal;
          // A hang-up or a shutdown must not cost the character: save it first (between ticks:
          // the loop only gets here between keys and run steps).
          if ((signal == SIGHUP || signal == SIGTERM || signal == SIGINT) &&
              session->State() == SessionState::Playing && character.Owned()) {
            save_failure = save_now();
            saved_on_exit = save_failure.empty();
          }
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
        if (!controller.HandleKey(key)) {
          saved_on_exit = controller.Saved();
          break;
        }
        if (recorder && session->Restarts() != recorded_restarts) {
          LogInfo("the run restarted: the recording starts again from its first tick");
          record_from_here();
        }
        if (session->World().Tick() != tick_before)
          LogDebug("tick " + std::to_string(session->World().Tick()));
        if (session->World().Fault().Active())
          LogWarn(std::string("simulation fault: ") + session->World().Fault().what);
      }
    } catch (const std::exception& e) {
      fatal = e.what();
      exit_status = kExitInvalid;
      // The character is not lost to a failure of the program's own: save what there is.
      if (session->State() == SessionState::Playing && !session->World().InTick() && character.Owned()) {
        save_failure = save_now();
        saved_on_exit = save_failure.empty();
      }
    }
  }  // the terminal is restored here, before anything is printed
  if (!fatal.empty()) std::cerr << "cairn: fatal error: " << fatal << "\n";
  if (saved_on_exit) std::cout << "Saved to " << save_path << ". Run cairn again to continue.\n";
  if (!save_failure.empty()) std::cerr << save_path << ": error: the game could not be saved: " << save_failure << "\n";
  if (recorder) {
    session->SetTickListener(nullptr);
    const std::string path = *parsed.Value("--record");
    std::string why;
    if (WriteFileAtomically(path, WriteRecording(recorder->Result()), why)) {
      std::cout << "Recorded " << recorder->Result().ticks.size() << " ticks to " << path
                << " (cairn replay " << path << " --verify plays them again).\n";
    } else {
      std::cerr << path << ": error: the recording could not be written: " << why << "\n";
      if (exit_status == kExitOk) exit_status = kExitInvalid;
    }
  }
  LogInfo("game over at tick " + std::to_string(session->World().Tick()));
  StopLogging();
  return exit_status;
}

}  // namespace cairn
