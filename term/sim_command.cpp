// `cairn sim`: the same tick functions as the game, with no terminal. Plays a key string (one
// player command per key, or a run of them for explore, rest and travel: sim/key_script.h), then
// prints, as its last line, `tick T state H`.
#include <iostream>

#include "base/terminal_text.h"
#include "character_save.h"
#include "cli_args.h"
#include "command_log.h"
#include "game/state_hash.h"
#include "game_setup.h"
#include "logging.h"
#include "out_of_memory.h"
#include "replay/replay.h"
#include "save_files.h"
#include "sim/key_script.h"
#include "sim/keys.h"
#include "sim/session.h"
#include "sim/trace_text.h"
#include "storage/files.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {
namespace {

constexpr const char* kUsageLine =
    "usage: cairn sim [--seed N] [--level PATH] [--load SAVE] [--input KEYS|@FILE] [--ticks N]\n"
    "                 [--record FILE] [--save FILE] [--trace | --no-trace] [--autopickup FILE]\n"
    "                 [--log FILE] [--log-level LEVEL]\n";

// Prints the trace entries recorded since the last call, oldest first. A tick's start is not a
// line of its own: ticks in which nothing but their start was traced are one `event=idle` line
// for the whole stretch (`ticks=N to=T`), printed when something happens or the run ends.
class TracePrinter final : public TickListener {
 public:
  void AfterTick(const GameWorld& world, const TickInput&) override {
    const TraceRing& trace = world.Trace();
    const std::uint64_t fresh = trace.Recorded() - printed_;
    std::vector<TraceEntry> entries;
    TraceEntry entry;
    for (std::uint64_t n = 0; n < fresh && trace.Recent(n, entry); ++n) entries.push_back(entry);
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) Print(*it, world.Definitions());
    printed_ = trace.Recorded();
  }
  // The idle stretch still open, if any: at the end of the run.
  void Finish() { FlushIdle(idle_last_); }

 private:
  void Print(const TraceEntry& e, const DefinitionSet& definitions) {
    if (e.event == TraceEvent::TickStarted) {
      if (!idle_) idle_first_ = e;
      idle_ = true;
      idle_last_ = e.tick;
      return;
    }
    // This entry's tick was not idle: the stretch before it was.
    FlushIdle(e.tick - 1);
    idle_ = false;
    std::cout << "trace " << TraceText(e, definitions) << "\n";
  }
  void FlushIdle(std::int64_t last) {
    if (!idle_ || last < idle_first_.tick) return;
    std::cout << "trace tick=" << idle_first_.tick << " phase=" << TickPhaseName(idle_first_.phase)
              << " seq=" << idle_first_.sequence
              << " event=idle ticks=" << (last - idle_first_.tick + 1) << " to=" << last << "\n";
    idle_ = false;
  }

  std::uint64_t printed_ = 0;
  bool idle_ = false;
  TraceEntry idle_first_{};  // the first tick start of the stretch
  std::int64_t idle_last_ = 0;
};

bool ReadKeys(const std::string& spec, std::string& keys) {
  if (spec.empty() || spec[0] != '@') {
    keys = spec;
    return true;
  }
  const std::string path = spec.substr(1);
  std::string error;
  if (!ReadWholeFile(path, FileKind::KeyScript, keys, error)) {
    PrintFileError(path, error);
    return false;
  }
  return true;
}

// What the command line asked for, checked and loaded.
struct SimOptions {
  ParsedArgs parsed;
  SessionConfig config;
  std::uint64_t ticks = 0;  // --ticks: play by ticks up to this one (when given)
  std::string keys;         // --input, read
};

// The sim command's options (and the log's, added by AddLogOptions).
const std::vector<OptionSpec> kSimOptionSpecs = {
    {"--seed", true},       {"--level", true},    {"--load", true}, {"--input", true},
    {"--ticks", true},      {"--record", true},   {"--save", true}, {"--trace", false},
    {"--autopickup", true}, {"--no-trace", false}};

// Parses and checks the options and loads what they name (the level, the content, the
// autopickup rule, the keys). Returns -1 to go on, or the exit status to stop with (the problem
// printed).
int ReadSimOptions(const std::vector<std::string>& args, SimOptions& options) {
  ParsedArgs& parsed = options.parsed;
  SessionConfig& config = options.config;
  std::string error;
  std::vector<OptionSpec> specs = kSimOptionSpecs;
  AddLogOptions(specs);
  if (!ParseArgs(args, specs, parsed, error) || !parsed.positional.empty()) {
    if (error.empty()) error = UnexpectedArgument(parsed);
    std::cerr << "cairn sim: " << error << "\n" << kUsageLine;
    return kExitUsage;
  }
  if (const int stop = StartCommandLog(parsed, "sim", args); stop >= 0) return stop;
  if (auto seed = parsed.Value("--seed");
      seed && !ParseUnsigned("--seed", *seed, 0, ~std::uint64_t{0}, config.seed, error)) {
    std::cerr << "cairn sim: " << error << "\n";
    return kExitUsage;
  }
  if (auto t = parsed.Value("--ticks");
      t && !ParseUnsigned("--ticks", *t, 0, std::uint64_t{1} << 40, options.ticks, error)) {
    std::cerr << "cairn sim: " << error << "\n";
    return kExitUsage;
  }
  if (parsed.Has("--trace") && parsed.Has("--no-trace")) {
    std::cerr << "cairn sim: --trace prints what --no-trace stops capturing: give one of them\n";
    return kExitUsage;
  }
  if (parsed.Has("--load") && parsed.Has("--record")) {
    std::cerr << "cairn sim: --record cannot start from a save (a recording replays from the "
                 "level's first tick)\n";
    return kExitUsage;
  }
  // Before the run, so none is played for nothing (and again when it is written).
  if (const std::string why = WhyNotOverACharacter(parsed.Value("--record").value_or(""));
      parsed.Has("--record") && !why.empty()) {
    std::cerr << "cairn sim: " << why << "; " << kRecordingSparesCharacters << "\n";
    return kExitInvalid;
  }
  if (auto level = parsed.Value("--level"); level && !LoadLevelForCommand(*level, config.level))
    return kExitInvalid;
  if (!UseDefaultContent(config)) return kExitInvalid;
  const auto level = parsed.Value("--level");
  LogInfo("loaded " + (level ? "the level " + *level : std::string("the built-in dungeon")) +
          " and the definitions");
  // Headless runs never read the player's own files: the default rule, or the one named here.
  if (auto file = parsed.Value("--autopickup")) {
    if (parsed.Has("--load")) {
      std::cerr << "cairn sim: --autopickup sets a new run's rule; a save keeps its own\n";
      return kExitUsage;
    }
    if (!LoadAutoPickup(config.autopickup, *file)) return kExitInvalid;
    LogInfo("autopickup rule loaded from " + *file);
  }
  if (auto input = parsed.Value("--input"); input && !ReadKeys(*input, options.keys))
    return kExitInvalid;
  LogInfo(std::to_string(options.keys.size()) + " keys to play" +
          (parsed.Has("--ticks") ? ", up to tick " + std::to_string(options.ticks) : ""));
  return -1;
}

// A save a game is playing is never written over from here (character_save.h): --save takes the
// same lock the game holds, for as long as this run lasts. False with the problem printed.
bool ClaimSaveTarget(const ParsedArgs& parsed, CharacterSave& target) {
  auto save = parsed.Value("--save");
  if (!save) return true;
  std::string error;
  if (const auto claimed = target.Claim(*save, "", error); claimed != FileLock::Outcome::Taken) {
    std::cerr << EscapeForTerminal(*save) << ": error: "
              << (claimed == FileLock::Outcome::HeldElsewhere ? "a game is playing this save: "
                                                              : "")
              << error << "\n";
    return false;
  }
  return true;
}

// The run: the save --load names, or a new one. False with the problem printed.
bool StartSimSession(SimOptions& options, std::unique_ptr<GameSession>& session) {
  const ParsedArgs& parsed = options.parsed;
  SessionConfig& config = options.config;
  if (auto load = parsed.Value("--load")) {
    std::vector<std::string> diagnostics;
    if (!ReadingOutOfMemory(*load, [&] {
          return LoadSaveFile(*load, config, parsed.Has("--seed"), session, diagnostics);
        })) {
      // Escaping twice changes nothing, so the lines FormatProblem made escaped pass as they are.
      for (const std::string& line : diagnostics) std::cerr << EscapeForTerminal(line) << "\n";
      LogWarn("the save " + *load + " could not be resumed: " +
              (diagnostics.empty() ? std::string("no reason given") : diagnostics.front()));
      return false;
    }
    LogInfo("resumed the save " + *load + " at tick " + std::to_string(session->World().Tick()) +
            ", seed " + std::to_string(session->Config().seed));
  } else if (Status s = GameSession::Create(config, session); s != Status::Ok) {
    const std::string why = BuildFailureText(s);
    std::cerr << "cairn sim: error: " << why << "\n";
    LogWarn(why);
    return false;
  } else {
    LogInfo("a new run, seed " + std::to_string(config.seed));
  }
  return true;
}

// One listener slot: a fan-out keeps both the recorder and the tracer informed.
struct TickFanOut final : TickListener {
  TickListener* a = nullptr;
  TickListener* b = nullptr;
  void AfterTick(const GameWorld& w, const TickInput& in) override {
    if (a) a->AfterTick(w, in);
    if (b) b->AfterTick(w, in);
  }
};

// Plays the keys: by ticks up to --ticks (waiting once the keys run out), or else a command at a
// time until the keys run out or the run ends. A failing status stops the keys; what the run left
// is written and reported like any other end (a fault is said last).
void PlayKeys(GameSession& session, const SimOptions& options) {
  KeyScript script(options.keys);
  bool keys_left = true;
  auto take_command = [&](PlayerCommand& command) {
    keys_left = script.Next(session, command);
    if (keys_left && LogsDebug())
      LogDebug("command '" + CommandText(command) + "' at tick " +
               std::to_string(session.World().Tick()));
    return keys_left;
  };
  Status status = Status::Ok;
  if (options.parsed.Has("--ticks")) {
    while (status == Status::Ok && session.State() == SessionState::Playing &&
           static_cast<std::uint64_t>(session.World().Tick()) < options.ticks) {
      TickInput input;
      if (session.PlayerReady() && !take_command(input.command))
        input.command = PlayerCommand{PlayerCommandKind::Wait, 0, 0};  // keys ran out: wait
      status = session.StepTick(input);
    }
  } else {
    PlayerCommand command;
    while (status == Status::Ok && session.State() == SessionState::Playing &&
           take_command(command))
      status = session.Submit(command);
  }
  const std::string at = "stopped at tick " + std::to_string(session.World().Tick()) + ": ";
  if (session.World().Fault().Active())
    LogWarn(at + "a simulation fault: " + session.World().Fault().what);
  else if (status != Status::Ok)
    LogWarn(at + "a command failed (" + StatusName(status) + ")");
  else if (session.State() != SessionState::Playing)
    LogInfo(at + "the run ended (" + SessionStateName(session.State()) + ": " +
            session.Summary().cause + ")");
  else if (options.parsed.Has("--ticks"))
    LogInfo(at + "reached --ticks" + (keys_left ? "" : ", the keys ran out before"));
  else
    LogInfo(at + "the keys ran out");
}

// Writes what --record and --save ask for. Returns -1 to go on, or the exit status to stop with
// (the problem printed).
int WriteSimFiles(const ParsedArgs& parsed, GameSession& session, const Recorder* recorder) {
  std::string error;
  if (recorder) {
    const std::string path = *parsed.Value("--record");
    if (!WriteRecordingFile(recorder->Result(), path, error)) {
      std::cerr << EscapeForTerminal(path) << ": error: " << error << "\n";
      LogWarn("the recording " + path + " could not be written: " + error);
      return kExitInvalid;
    }
    LogInfo("recorded " + std::to_string(recorder->Result().ticks.size()) + " ticks to " + path);
  }
  if (auto save = parsed.Value("--save"); save && !session.World().Fault().Active()) {
    if (Status s = WriteSaveFile(session, *save, error); s != Status::Ok) {
      std::cerr << EscapeForTerminal(*save) << ": error: " << error << "\n";
      LogWarn("the save " + *save + " could not be written: " + error);
      return s == Status::EntropyUnavailable ? kExitEntropy : kExitInvalid;
    }
    LogInfo("saved to " + *save);
  } else if (save) {
    // A stopped run (a cap reached, a command that could not be recorded) is not saved: what is
    // past a cap could not be read back. The fault itself is said below.
    std::cerr << EscapeForTerminal(*save)
              << ": not written: the run stopped with a simulation fault\n";
  }
  return -1;
}

// Prints where the run ended and, last, `tick T state H`; a simulation fault on standard error.
// The exit status.
int ReportSimEnd(const GameSession& session) {
  const GameWorld& world = session.World();
  if (const Player* player = world.Players().Find(world.PlayerEntity()))
    std::cout << "depth " << session.Depth() << " turns " << player->turns << " "
              << SessionStateName(session.State()) << "\n";
  else
    std::cout << "depth " << session.Depth() << " " << SessionStateName(session.State()) << ": "
              << session.Summary().cause << "\n";
  char hash[17];
  FormatHash(session.StateHash(), hash);
  std::cout << "tick " << world.Tick() << " state " << hash << "\n";
  LogInfo("tick " + std::to_string(world.Tick()) + " state " + hash + ", depth " +
          std::to_string(session.Depth()));
  if (world.Fault().Active()) {
    const SimulationFault& fault = world.Fault();
    std::cerr << "cairn sim: simulation fault at tick " << fault.tick << " in "
              << TickPhaseName(fault.phase) << ": " << fault.what << " ("
              << StatusName(fault.status) << ")\n";
    return kExitFault;
  }
  return kExitOk;
}

int RunSim(const std::vector<std::string>& args) {
  SimOptions options;
  if (const int stop = ReadSimOptions(args, options); stop >= 0) return stop;
  const ParsedArgs& parsed = options.parsed;
  CharacterSave target;
  if (!ClaimSaveTarget(parsed, target)) return kExitInvalid;
  std::unique_ptr<GameSession> session;
  if (!StartSimSession(options, session)) return kExitInvalid;

  TracePrinter tracer;
  std::unique_ptr<Recorder> recorder;
  if (parsed.Has("--record"))
    recorder = std::make_unique<Recorder>(*session, CAIRN_BUILD_ID,
                                          parsed.Value("--level").value_or("default"));
  TickFanOut fan_out;
  fan_out.a = recorder.get();
  fan_out.b = parsed.Has("--trace") ? &tracer : nullptr;
  session->SetTickListener(&fan_out);
  // --no-trace: nothing is captured at all (the state hash is the same either way).
  if (parsed.Has("--no-trace")) session->SetTraceCapture(false);

  PlayKeys(*session, options);
  if (parsed.Has("--trace")) tracer.Finish();
  if (const int stop = WriteSimFiles(parsed, *session, recorder.get()); stop >= 0) return stop;
  return ReportSimEnd(*session);
}

}  // namespace

int RunSimCommand(const std::vector<std::string>& args) {
  return EndCommandLog(RunSim(args));
}

}  // namespace cairn
