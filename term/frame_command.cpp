// `cairn frame [--seed N] [--size WxH] [--keys KEYS] [--debug] [--ascii] [--colours|--attributes]`:
// draws one frame into a text grid instead of a terminal and prints it: the golden-frame tests'
// window onto the presenter. KEYS are key names separated by spaces ("l l j F6 resize").
#include <iostream>
#include <sstream>

#include "cli_args.h"
#include "controller.h"
#include "game_setup.h"
#include "presenter/presenter.h"
#include "term_commands.h"

namespace cairn {

int RunFrameCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args,
                 {{"--seed", true},
                  {"--size", true},
                  {"--keys", true},
                  {"--debug", false},
                  {"--ascii", false},
                  {"--colours", false},
                  {"--attributes", false},
                  {"--level", true}},
                 parsed, error) ||
      !parsed.positional.empty()) {
    if (error.empty()) error = UnexpectedArgument(parsed);
    std::cerr << "cairn frame: " << error
              << "\nusage: cairn frame [--seed N] [--size WxH] [--keys \"KEY ...\"] [--debug] "
                 "[--ascii] [--colours|--attributes]\n";
    return kExitUsage;
  }
  SessionConfig config;
  if (auto seed = parsed.Value("--seed");
      seed && !ParseUnsigned("--seed", *seed, 0, ~std::uint64_t{0}, config.seed, error)) {
    std::cerr << "cairn frame: " << error << "\n";
    return kExitUsage;
  }
  std::int32_t width = 80, height = 24;
  if (auto size = parsed.Value("--size")) {
    const std::size_t x = size->find('x');
    std::uint64_t w = 0, h = 0;
    if (x == std::string::npos || !ParseUnsigned("--size", size->substr(0, x), 1, 1000, w, error) ||
        !ParseUnsigned("--size", size->substr(x + 1), 1, 1000, h, error)) {
      std::cerr << "cairn frame: --size takes WIDTHxHEIGHT, like 80x24\n";
      return kExitUsage;
    }
    width = static_cast<std::int32_t>(w);
    height = static_cast<std::int32_t>(h);
  }
  if (auto level = parsed.Value("--level"); level && !LoadLevelForCommand(*level, config.level))
    return kExitInvalid;
  if (!UseDefaultContent(config)) return kExitInvalid;
  KeyMap keys;
  if (!LoadKeyMap(keys)) return kExitInvalid;
  std::unique_ptr<GameSession> session;
  if (Status s = GameSession::Create(config, session); s != Status::Ok) {
    std::cerr << "cairn frame: error: " << BuildFailureText(s) << "\n";
    return kExitInvalid;
  }
  GameController controller(*session, std::move(keys), parsed.Has("--debug"));
  controller.Presentation().ascii = parsed.Has("--ascii");
  controller.SetViewSize(width, height);
  std::istringstream key_names(parsed.Value("--keys").value_or(""));
  std::string key;
  while (key_names >> key) {
    if (!controller.HandleKey(key)) break;
    while (controller.Busy()) controller.Continue();  // a run (explore, rest, travel) plays out
  }
  // Timings differ run to run: a golden frame shows them as zero (the pane's last extraction is
  // the one before this frame's, whatever a key drew).
  session->NoteExtraction(0);
  RenderFrame frame;
  controller.BuildFrame(frame);
  frame.debug.phase_nanoseconds.fill(0);
  TextGrid grid(width, height);
  Present(frame, controller.Presentation(), grid);
  if (parsed.Has("--colours"))
    std::cout << grid.ColourMap();
  else if (parsed.Has("--attributes"))
    std::cout << grid.AttributeMap();
  else
    std::cout << grid.ToText();
  return kExitOk;
}

}  // namespace cairn
