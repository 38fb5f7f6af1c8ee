// `cairn bot [--seed N] [--runs K] [--turns T] [--verbose] [--log FILE] [--log-level L]`: the bot
// plays K runs headless, from seed N upward, one line per run: `seed S depth D turns T outcome
// WORD` (SPEC). --verbose adds the cause of each ending; --map prints what the player knew at the
// end.
#include <iostream>

#include "cli_args.h"
#include "command_log.h"
#include "game_setup.h"
#include "logging.h"
#include "sim/bot.h"
#include "term_commands.h"
#include "view/extract.h"

namespace cairn {
namespace {

// What the player knew at the end: the map as remembered, what was in view, the last messages.
void PrintEnding(const SessionConfig& config, std::int32_t turns) {
  std::unique_ptr<GameSession> session;
  if (GameSession::Create(config, session) != Status::Ok) return;
  Bot bot;
  for (std::int32_t t = 0; t < turns && session->State() == SessionState::Playing; ++t) {
    PlayerCommand command;
    if (!bot.Decide(*session, command)) break;
    (void)session->Submit(command);
  }
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  std::vector<std::string> rows(static_cast<std::size_t>(frame.map_height),
                                std::string(static_cast<std::size_t>(frame.map_width), ' '));
  for (std::int32_t y = 0; y < frame.map_height; ++y)
    for (std::int32_t x = 0; x < frame.map_width; ++x)
      if (frame.Cell(x, y).knowledge != CellKnowledge::Unknown)
        rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = frame.Cell(x, y).ascii;
  for (const FrameEntity& e : frame.entities)
    rows[static_cast<std::size_t>(e.y)][static_cast<std::size_t>(e.x)] = e.ascii;
  for (const std::string& row : rows) std::cout << row << "\n";
  const auto& messages = session->Log().Messages();
  for (std::size_t i = messages.size() > 12 ? messages.size() - 12 : 0; i < messages.size(); ++i)
    std::cout << "  " << ShownText(messages[i]) << "\n";
}

int RunBot(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  const char* usage =
      "usage: cairn bot [--seed N] [--runs K] [--turns T] [--verbose] [--map] [--log FILE]\n"
      "                 [--log-level LEVEL]\n";
  std::vector<OptionSpec> specs = {{"--seed", true},
                                   {"--runs", true},
                                   {"--turns", true},
                                   {"--verbose", false},
                                   {"--map", false}};
  AddLogOptions(specs);
  if (!ParseArgs(args, specs, parsed, error) || !parsed.positional.empty()) {
    if (error.empty()) error = UnexpectedArgument(parsed);
    std::cerr << "cairn bot: " << error << "\n" << usage;
    return kExitUsage;
  }
  if (const int stop = StartCommandLog(parsed, "bot", args); stop >= 0) return stop;
  std::uint64_t seed = 1, runs = 1, turns = 30000;
  if ((parsed.Value("--seed") && !ParseUnsigned("--seed", *parsed.Value("--seed"), 0,
                                                ~std::uint64_t{0} - 100000, seed, error)) ||
      (parsed.Value("--runs") &&
       !ParseUnsigned("--runs", *parsed.Value("--runs"), 1, 100000, runs, error)) ||
      (parsed.Value("--turns") &&
       !ParseUnsigned("--turns", *parsed.Value("--turns"), 1, 10'000'000, turns, error))) {
    std::cerr << "cairn bot: " << error << "\n" << usage;
    return kExitUsage;
  }
  SessionConfig config;
  if (!UseDefaultContent(config)) {
    LogWarn("stopped: the built-in content cannot be loaded");
    return kExitInvalid;
  }
  LogInfo("loaded the built-in dungeon; " + std::to_string(runs) + " runs from seed " +
          std::to_string(seed) + ", each at most " + std::to_string(turns) + " turns");
  bool faulted = false;
  for (std::uint64_t i = 0; i < runs; ++i) {
    config.seed = seed + i;
    LogDebug("seed " + std::to_string(config.seed) + ": playing");
    const BotResult result = PlayBotRun(config, static_cast<std::int32_t>(turns));
    std::cout << BotResultLine(result);
    if (parsed.Has("--verbose") && !result.cause.empty()) std::cout << " (" << result.cause << ")";
    std::cout << std::endl;
    (result.outcome == "fault" ? LogWarn : LogInfo)(
        BotResultLine(result) + (result.cause.empty() ? "" : " (" + result.cause + ")"));
    faulted = faulted || result.outcome == "fault";
    if (parsed.Has("--map")) PrintEnding(config, result.turns + 1);
  }
  LogInfo("stopped after " + std::to_string(runs) + " runs" +
          (faulted ? ", one or more with a simulation fault" : ""));
  return faulted ? kExitFault : kExitOk;
}

}  // namespace

int RunBotCommand(const std::vector<std::string>& args) {
  return EndCommandLog(RunBot(args));
}

}  // namespace cairn
