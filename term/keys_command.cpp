// `cairn keys [KEYFILE]`: prints the keys table (README.md's "## Keys", which a test keeps equal
// to this output) from the default key map, or from the defaults with KEYFILE laid over them as
// the game lays the user's key file. Exit 0; 1 when KEYFILE has problems (PATH:LINE:COLUMN
// lines, as `cairn check` prints them); 2 on wrong usage.
#include <iostream>

#include "cli_args.h"
#include "game_setup.h"
#include "keymap/keys_table.h"
#include "out_of_memory.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {

int RunKeysCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {}, parsed, error) || parsed.positional.size() > 1) {
    if (error.empty()) error = "keys takes at most one key file";
    std::cerr << "cairn keys: " << error << "\nusage: cairn keys [KEYFILE]\n";
    return kExitUsage;
  }
  const std::string path = parsed.positional.empty() ? std::string() : parsed.positional.front();
  const bool valid = ReadingOutOfMemory(path.empty() ? "data/keys.toml" : path, [&] {
    std::string text;
    if (!path.empty() && !ReadWholeFile(path, FileKind::KeyMap, text, error)) {
      PrintFileError(path, error);
      return false;
    }
    KeyMap keys;
    std::vector<TextProblem> problems;
    if (!BuildKeyMap(path.empty() ? nullptr : &text, path, keys, problems)) {
      PrintProblems(path, problems);
      return false;
    }
    std::cout << KeysMarkdown(keys);
    return true;
  });
  return valid ? kExitOk : kExitInvalid;
}

}  // namespace cairn
