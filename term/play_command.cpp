// `cairn [--seed N] [--level PATH] [--load SAVE] [--save PATH] [--record FILE] [--debug]
//        [--ascii] [--mono] [--colour-blind] [--no-mouse] [--log PATH] [--log-level LEVEL]
//        [--more important|all|off]
//        [--morgue DIR]`:
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
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <functional>
#include <iostream>

#include "base/terminal_text.h"
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
#include "terminal/terminal_check.h"
#include "terminal/terminal_guard.h"
#include "user_folders.h"
#include "waiting_save_prompt.h"

namespace cairn {

namespace {
constexpr const char* kUsageLine =
    "usage: cairn [--seed N] [--level PATH] [--load SAVE] [--save PATH] [--record FILE] [--debug]\n"
    "             [--ascii] [--mono] [--colour-blind] [--no-mouse] [--log PATH]\n"
    "             [--log-level LEVEL] [--morgue DIR] [--more important|all|off]\n";
constexpr int kRunStepMs = 15;  // between the steps of explore, rest and travel

// What the command line asked for, checked.
struct PlayOptions {
  ParsedArgs parsed;
  SessionConfig config;
  std::string morgue_dir;
  std::string load_path;  // --load, or empty
  std::string save_path;  // where the character lives: --save, else --load, else the default
  std::uint64_t crash_after = 0;  // the crash test's frame count, or 0
  MoreMode more = MoreMode::Important;
  int stopped_by = 0;  // the signal that stopped the start (the waiting-save prompt), or 0
  bool autopickup_broken = false;  // the user's autopickup file does not read (problems printed)
};

// No output of this game may replace another character: --save naming another save than the one
// --load resumes, or --record naming a save (or this game's own save file). Said when refused.
bool OutputsSpareCharacters(const PlayOptions& options) {
  const std::string& save = options.save_path;
  if (!options.load_path.empty() && !save.empty() && !SameFile(options.load_path, save)) {
    if (const std::string why = WhyNotOverACharacter(save); !why.empty()) {
      std::cerr << "cairn: --save " << why << " (another character); a game never replaces "
                << "another character: resume it with --load, or choose another file\n";
      return false;
    }
  }
  const auto record = options.parsed.Value("--record");
  if (!record) return true;
  std::string why = WhyNotOverACharacter(*record);
  if (why.empty() && !save.empty() && SameFile(*record, save))
    why = EscapeForTerminal(*record) + " is where this game saves its character";
  if (why.empty()) return true;
  std::cerr << "cairn: --record " << why << "; " << kRecordingSparesCharacters << "\n";
  return false;
}

// Whether the options ask for a new game (--seed, --level, --record) rather than the waiting save.
bool AsksForNewGame(const ParsedArgs& parsed) {
  return parsed.Has("--seed") || parsed.Has("--level") || parsed.Has("--record");
}

// The play command's options, as --help lists them.
const std::vector<OptionSpec> kPlayOptionSpecs = {{"--seed", true},
                                                  {"--level", true},
                                                  {"--load", true},
                                                  {"--record", true},
                                                  {"--debug", false},
                                                  {"--ascii", false},
                                                  {"--mono", false},
                                                  {"--colour-blind", false},
                                                  {"--color-blind", false},
                                                  {"--no-mouse", false},
                                                  {"--log", true},
                                                  {"--log-level", true},
                                                  {"--test-crash-after", true},
                                                  {"--morgue", true},
                                                  {"--more", true},
                                                  {"--save", true}};

// Parses and checks the options and loads what they name (the level, the content, the key map)
// and starts the log. Returns -1 to go on, or the exit status to stop with (the problem printed).
int ReadPlayOptions(const std::vector<std::string>& args, PlayOptions& options, KeyMap& keys) {
  ParsedArgs& parsed = options.parsed;
  std::string error;
  if (!ParseArgs(args, kPlayOptionSpecs, parsed, error) || !parsed.positional.empty()) {
    if (error.empty()) error = UnexpectedArgument(parsed);
    std::cerr << "cairn: " << error << "\n" << kUsageLine;
    return kExitUsage;
  }
  SessionConfig& config = options.config;
  config.seed = FreshSeed();
  options.morgue_dir = parsed.Value("--morgue").value_or(DefaultMorgueFolder());
  if (auto seed = parsed.Value("--seed");
      seed && !ParseUnsigned("--seed", *seed, 0, ~std::uint64_t{0}, config.seed, error)) {
    std::cerr << "cairn: " << error << "\n";
    return kExitUsage;
  }
  if (auto c = parsed.Value("--test-crash-after");
      c && !ParseUnsigned("--test-crash-after", *c, 1, 1'000'000, options.crash_after, error)) {
    std::cerr << "cairn: " << error << "\n";
    return kExitUsage;
  }
  if (auto more = parsed.Value("--more"); more && !ParseMoreMode(*more, options.more)) {
    std::cerr << "cairn: --more takes important, all or off, not '" << EscapeForTerminal(*more)
              << "'\n";
    return kExitUsage;
  }
  if (parsed.Has("--record") && parsed.Has("--load")) {
    std::cerr << "cairn: --record cannot start from a save (a recording replays from the level's "
                 "first tick)\n";
    return kExitUsage;
  }
  options.load_path = parsed.Value("--load").value_or("");
  options.save_path = parsed.Value("--save").value_or(
      options.load_path.empty() ? DefaultSavePath() : options.load_path);
  if (!OutputsSpareCharacters(options)) return kExitInvalid;
  if (auto level = parsed.Value("--level"); level && !LoadLevelForCommand(*level, config.level))
    return kExitInvalid;
  if (!UseDefaultContent(config)) return kExitInvalid;
  if (!LoadKeyMap(keys)) return kExitInvalid;
  // The rule a new run (or a restart) starts with; a resumed character keeps its own, so a broken
  // file stops only a start that is sure to be a new game (StartSession judges the rest).
  if (!LoadAutoPickup(config.autopickup)) {
    if (AsksForNewGame(parsed)) return kExitInvalid;
    options.autopickup_broken = true;
  }
  std::string warning;
  if (!StartLogging(parsed.Value("--log").value_or(""),
                    parsed.Value("--log-level").value_or("info"), error, warning)) {
    std::cerr << "cairn: " << error << "\n";
    return kExitUsage;
  }
  if (!warning.empty()) std::cerr << "cairn: warning: " << warning << "\n";
  return -1;
}

// Locks the character's save for this game (character_save.h), before anything reads it, so no
// other game resumes or writes it while this one plays. False with the problem printed.
bool ClaimCharacter(const PlayOptions& options, CharacterSave& character) {
  if (options.save_path.empty()) {
    std::cerr << "cairn: error: nowhere to keep the save: " << NoHomeReason()
              << ", or give --save PATH\n";
    return false;
  }
  std::string error;
  const auto claimed = character.Claim(options.save_path, options.load_path, error);
  if (claimed == FileLock::Outcome::Taken) return true;
  if (claimed == FileLock::Outcome::HeldElsewhere)
    std::cerr << "cairn: error: another game is playing this character: " << error << "\n"
              << "cairn: finish that game first, or play a separate one with --save OTHER.toml\n";
  else
    std::cerr << "cairn: error: cannot lock the save for this game: " << error << "\n";
  return false;
}

// A new game asked for while a save waits: asks what to do with the save (resume it, keep it and
// play unsaved, or abandon it). False when the start must stop (a signal, a failure).
bool AnswerWaitingSave(PlayOptions& options, CharacterSave& character, std::string& resume_path,
                       bool& resume_checks_seed) {
  const ParsedArgs& parsed = options.parsed;
  const SessionConfig& config = options.config;
  const WaitingSavePrompt prompt{options.save_path, DescribeSave(options.save_path, config),
                                 !parsed.Has("--record")};
  WaitingSaveChoice choice = WaitingSaveChoice::Keep;
  {
    // The prompt reads keys with echo and line editing off: a signal or a crash meanwhile
    // must give the terminal back as it was, as in the game.
    TerminalGuard guard;
    choice = AskAboutWaitingSave(prompt);
    if (const int signal = TerminalGuard::StopRequested(); signal != 0) {
      guard.Restore();
      std::cerr << "cairn: stopped by signal " << signal << "; the saved game is kept\n";
      options.stopped_by = signal;
      return false;
    }
  }
  switch (choice) {
    case WaitingSaveChoice::Resume:
      resume_path = options.save_path;
      resume_checks_seed = false;  // the player chose the saved game over the --seed asked for
      break;
    case WaitingSaveChoice::Keep:
      character.Disown("the saved game in " + options.save_path +
                       " was kept (start cairn with no --seed to resume it)");
      break;
    case WaitingSaveChoice::Abandon:
      if (const std::string why = character.Forget(); !why.empty()) {
        std::cerr << "cairn: error: " << why << "\n";
        return false;
      }
      std::cout << "The saved game was abandoned.\n";
      break;
  }
  return true;
}

// Resumes the save named by --load, or the waiting one when nothing asks for a new game, or
// starts a new game; a new game asked for beside a waiting save first asks what becomes of it.
// False with the problem printed (a save that does not load is left as it is).
bool StartSession(PlayOptions& options, CharacterSave& character,
                  std::unique_ptr<GameSession>& session) {
  const ParsedArgs& parsed = options.parsed;
  SessionConfig& config = options.config;
  const bool fresh_requested = AsksForNewGame(parsed);
  std::string resume_path = options.load_path;
  bool resume_checks_seed = parsed.Has("--seed");
  if (resume_path.empty() && character.Waiting()) {
    if (!fresh_requested) {
      resume_path = options.save_path;
    } else if (!AnswerWaitingSave(options, character, resume_path, resume_checks_seed)) {
      return false;
    }
  }
  if (!resume_path.empty()) {
    std::vector<std::string> diagnostics;
    if (!LoadSaveFile(resume_path, config, resume_checks_seed, session, diagnostics)) {
      for (const std::string& line : diagnostics) std::cerr << line << "\n";
      std::cerr
          << "cairn: the save was left as it is; `cairn --seed N` starts a new game instead\n";
      return false;
    }
    session->Log().Say("Welcome back.");
    LogInfo("resumed " + resume_path + ", seed " + std::to_string(config.seed));
    if (options.autopickup_broken) {
      std::cerr << "cairn: warning: the autopickup file above is not used: a resumed character "
                   "keeps the rule saved with it\n";
      LogWarn("the user's autopickup file does not read; the resumed character keeps its rule");
    }
    return true;
  }
  if (options.autopickup_broken) return false;  // a new game would start with that rule
  if (Status s = GameSession::Create(config, session); s != Status::Ok) {
    std::cerr << "cairn: error: " << BuildFailureText(s) << "\n";
    return false;
  }
  LogInfo("new game, seed " + std::to_string(config.seed) + ", world " +
          std::to_string(session->World().WorldId()));
  return true;
}

// --record: listens to every tick of the run; a restart (a new run) starts it again.
class RunRecording {
 public:
  RunRecording(GameSession& session, std::string path, std::string level)
      : session_(session), path_(std::move(path)), level_(std::move(level)) {
    if (!path_.empty()) Start();
  }
  // After every key: a restart began a new run, so the recording starts again from its tick 0.
  void FollowRestarts() {
    if (!recorder_ || session_.Restarts() == restarts_) return;
    LogInfo("the run restarted: the recording starts again from its first tick");
    Start();
  }
  // Writes the recording (when there is one); false when it could not be written (said).
  bool Finish() {
    if (!recorder_) return true;
    session_.SetTickListener(nullptr);
    std::string why;
    if (!WriteRecordingFile(recorder_->Result(), path_, why)) {
      std::cerr << EscapeForTerminal(path_)
                << ": error: the recording could not be written: " << why << "\n";
      return false;
    }
    std::cout << "Recorded " << recorder_->Result().ticks.size() << " ticks to "
              << EscapeForTerminal(path_) << " (cairn replay " << EscapeForTerminal(path_)
              << " --verify plays them again).\n";
    return true;
  }

 private:
  void Start() {
    recorder_ = std::make_unique<Recorder>(session_, CAIRN_BUILD_ID, level_);
    session_.SetTickListener(recorder_.get());
    restarts_ = session_.Restarts();
  }

  GameSession& session_;
  std::string path_;
  std::string level_;
  std::unique_ptr<Recorder> recorder_;
  std::uint64_t restarts_ = 0;
};

// How the terminal part of a game ended, for what is printed once the terminal is restored.
struct TerminalEnding {
  int exit_status = kExitOk;
  std::string fatal;         // an internal error's text
  bool saved = false;        // the character was saved on the way out
  std::string save_failure;  // why a save on the way out failed
};

// The screen the flags ask for: colours or none, the palette, the mouse.
ScreenOptions ScreenOptionsFor(const ParsedArgs& parsed) {
  ScreenOptions screen_options;
  screen_options.force_monochrome = parsed.Has("--mono");
  screen_options.palette = parsed.Has("--colour-blind") || parsed.Has("--color-blind")
                               ? PaletteKind::ColourBlind
                               : PaletteKind::Standard;
  screen_options.mouse = !parsed.Has("--no-mouse");
  return screen_options;
}

// Gives the controller what only the command knows: the --more mode, where a run's summary goes,
// how the character is saved and forgotten, and why saving or stepping back is off.
void ConnectController(GameController& controller, const PlayOptions& options,
                       CharacterSave& character, const std::function<std::string()>& save_now) {
  controller.SetMoreMode(options.more);
  controller.SetRunEndHandler(
      [morgue_dir = options.morgue_dir, seed = options.config.seed](const std::string& summary) {
        return WriteRunSummary(morgue_dir, seed, summary);
      });
  controller.SetSaveHandler(save_now);
  controller.SetForgetHandler([save_path = options.save_path, &character] {
    if (const std::string why = character.Forget(); !why.empty())
      LogWarn(why);
    else if (character.Owned())
      LogInfo("the character's story ended: no save left in " + save_path);
  });
  if (!character.Owned()) controller.SetSavingOff(character.WhyNotOwned());
  if (options.parsed.Has("--record"))
    controller.SetStepBackOff(
        "--record is recording this run, and a recording holds each tick once, in order "
        "(play without --record to step back)");
}

// One step of a run of turns (explore, rest, travel), after waiting a few milliseconds for a key,
// so the run can be watched and stopped by any key; a pointer that only moved is described and
// the run goes on.
void StepTheRun(GameController& controller, CursesScreen& screen) {
  const std::string key = screen.ReadKey(kRunStepMs);
  MouseEvent mouse;
  if (ParseMouseKey(key, mouse) && mouse.kind == MouseKind::Hover) {
    (void)controller.HandleKey(key);
  } else if (!key.empty()) {
    controller.Interrupt();
    return;
  }
  controller.Continue();
}

// The signal that asks the game to stop, or 0. A terminal that went away without a hang-up signal
// (the game was started through setsid, or the emulator died) ends or fails its input, and that
// is a hang-up too.
int StopAsked(const CursesScreen& screen) {
  if (screen.InputGone() && TerminalGuard::StopRequested() == 0) {
    LogInfo("the terminal's input ended: stopping as on a hang-up");
    TerminalGuard::RequestStop(SIGHUP);
  }
  return TerminalGuard::StopRequested();
}

// The in-game console's long work (TICK 100000000 on a crowded floor takes days): ten times a
// second it shows how far it is and stops at any key, at a signal (which then saves and exits
// as anywhere else), or when the terminal is gone.
void ConnectLongWork(GameController& controller, CursesScreen& screen) {
  controller.SetLongWorkCheck([&controller, &screen](std::uint64_t done, std::uint64_t total) {
    if (StopAsked(screen) != 0) return false;
    const std::string key = screen.ReadKey(0);
    MouseEvent mouse;
    const bool hover = ParseMouseKey(key, mouse) && mouse.kind == MouseKind::Hover;
    if (!key.empty() && key != "resize" && !hover) return false;
    RenderFrame frame;
    controller.SetViewSize(screen.Width(), screen.Height());
    controller.BuildFrame(frame);
    PresenterState shown = controller.Presentation();
    shown.console_lines.push_back("running: " + std::to_string(done) + " of " +
                                  std::to_string(total) + " ticks (any key stops)");
    TextGrid grid(screen.Width(), screen.Height());
    Present(frame, shown, grid);
    screen.Draw(grid);
    return true;
  });
}

// Waits a little for a key and plays it. False when the key ended the game (saved, quit, given
// up).
bool PlayTheNextKey(GameSession& session, GameController& controller, CursesScreen& screen,
                    RunRecording& recording) {
  const std::string key = screen.ReadKey(100);
  if (key.empty()) return true;
  LogDebug("key " + key);
  const std::int64_t tick_before = session.World().Tick();
  controller.SetViewSize(screen.Width(), screen.Height());
  if (!controller.HandleKey(key)) return false;
  recording.FollowRestarts();
  if (session.World().Tick() != tick_before)
    LogDebug("tick " + std::to_string(session.World().Tick()));
  if (session.World().Fault().Active())
    LogWarn(std::string("simulation fault: ") + session.World().Fault().what);
  return true;
}

// The game in the terminal: draws, reads keys, plays runs of turns a step at a time, and on a
// hang-up, a termination or an internal error saves the character before leaving.
TerminalEnding PlayInTerminal(const PlayOptions& options, GameSession& session, KeyMap keys,
                              CharacterSave& character, RunRecording& recording) {
  const ParsedArgs& parsed = options.parsed;
  TerminalEnding ending;
  const std::function<std::string()> save_now = [&]() -> std::string {
    if (std::string why = character.Save(session); !why.empty()) {
      // Logged too: after a hang-up the terminal that would show it is gone.
      LogWarn("could not save to " + options.save_path + ": " + why);
      return why;
    }
    LogInfo("saved to " + options.save_path + " at tick " + std::to_string(session.World().Tick()));
    return "";
  };
  const auto save_on_the_way_out = [&] {
    if (session.State() != SessionState::Playing || session.World().InTick() || !character.Owned())
      return;
    ending.save_failure = save_now();
    ending.saved = ending.save_failure.empty();
  };
  TerminalGuard guard;
  try {
    CursesScreen screen(ScreenOptionsFor(parsed));
    GameController controller(session, std::move(keys), parsed.Has("--debug"));
    ConnectController(controller, options, character, save_now);
    ConnectLongWork(controller, screen);
    controller.Presentation().ascii = parsed.Has("--ascii") || !screen.Utf8();
    RenderFrame frame;
    std::uint64_t frames = 0;
    while (true) {
      if (const int signal = StopAsked(screen)) {
        LogInfo("stopping on signal " + std::to_string(signal));
        ending.exit_status = 128 + signal;
        // A hang-up or a shutdown must not cost the character: save it first (between ticks:
        // the loop only gets here between keys and run steps).
        if (signal == SIGHUP || signal == SIGTERM || signal == SIGINT) save_on_the_way_out();
        break;
      }
      controller.SetViewSize(screen.Width(), screen.Height());  // resized since: its cells
      if (controller.TakeDropTypedAhead()) screen.FlushInput();
      controller.BuildFrame(frame);
      TextGrid grid(screen.Width(), screen.Height());
      Present(frame, controller.Presentation(), grid);
      screen.Draw(grid);
      if (options.crash_after != 0 && ++frames >= options.crash_after)
        std::abort();  // the crash test
      if (controller.Busy()) {
        StepTheRun(controller, screen);
      } else if (!PlayTheNextKey(session, controller, screen, recording)) {
        ending.saved = controller.Saved();
        break;
      }
    }
  } catch (const std::exception& e) {
    ending.fatal = e.what();
    ending.exit_status = kExitInvalid;
    save_on_the_way_out();  // the character is not lost to a failure of the program's own
  }
  return ending;  // the guard restores the terminal here, before anything is printed
}

}  // namespace

int RunPlayCommand(const std::vector<std::string>& args) {
  PlayOptions options;
  KeyMap keys;
  if (const int stop = ReadPlayOptions(args, options, keys); stop >= 0) return stop;
  CharacterSave character;
  if (!ClaimCharacter(options, character)) return kExitInvalid;
  // Before curses starts: on a terminal that cannot move the cursor it would draw every frame onto
  // one garbled line. After the claim, so that a second game on a character is told that first
  // (the waiting save's question is plain lines, which any terminal shows).
  if (const std::string why = WhyTerminalCannotPlay(); !why.empty()) {
    std::cerr << "cairn: " << why
              << "; play in a terminal that can (TERM=xterm-256color, for example), "
              << "or without one use cairn sim, cairn frame or cairn console\n";
    return kExitInvalid;
  }
  std::unique_ptr<GameSession> session;
  if (!StartSession(options, character, session))
    return options.stopped_by != 0 ? 128 + options.stopped_by : kExitInvalid;
  // Keys come from standard input: from a file or /dev/null the game would read nothing for
  // ever. After the session is made, so a file given is checked (and its problem said) first.
  if (::isatty(STDIN_FILENO) == 0) {
    std::cerr << "cairn: standard input is not a terminal, and the game reads its keys from one; "
              << "play in a terminal, or without one use cairn sim --input KEYS, cairn frame "
              << "or cairn console\n";
    return kExitInvalid;
  }
  RunRecording recording(*session, options.parsed.Value("--record").value_or(""),
                         options.parsed.Value("--level").value_or("default"));

  TerminalEnding ending = PlayInTerminal(options, *session, std::move(keys), character, recording);
  if (!ending.fatal.empty()) std::cerr << "cairn: fatal error: " << ending.fatal << "\n";
  if (ending.saved)
    std::cout << "Saved to " << EscapeForTerminal(options.save_path)
              << ". Run cairn again to continue.\n";
  if (!ending.save_failure.empty())
    std::cerr << EscapeForTerminal(options.save_path)
              << ": error: the game could not be saved: " << ending.save_failure << "\n";
  if (!recording.Finish() && ending.exit_status == kExitOk) ending.exit_status = kExitInvalid;
  LogInfo("game over at tick " + std::to_string(session->World().Tick()));
  StopLogging();
  return ending.exit_status;
}

}  // namespace cairn
