// Where cairn keeps a user's things, by the XDG base-directory rules: state (the save, run
// summaries, the log) under $XDG_STATE_HOME/cairn or ~/.local/state/cairn, settings (the key map)
// under $XDG_CONFIG_HOME/cairn or ~/.config/cairn. The home is $HOME, or, when HOME is unset or
// empty (a cron job, `env -i`, a service), the user's home from the password database. Never the
// current folder: a save written wherever the program happened to start is a save lost.
#pragma once

#include <string>

namespace cairn {

// $HOME when it is an absolute path, else the password database's home for this user; empty
// when neither exists.
[[nodiscard]] std::string HomeFolder();

// $XDG_STATE_HOME/cairn when that is absolute, else HOME/.local/state/cairn; empty without a home.
[[nodiscard]] std::string StateFolder();

// $XDG_CONFIG_HOME/cairn when that is absolute, else HOME/.config/cairn; empty without a home.
[[nodiscard]] std::string ConfigFolder();

// Why a folder above is empty, for an error message.
[[nodiscard]] std::string NoHomeReason();

// Makes `folder` and every folder above it that is missing. False with why when it cannot, naming
// what stands in the way (a symbolic link to nothing, a file where a folder must be) rather than
// the system's bare "File exists"; paths escaped for a terminal.
[[nodiscard]] bool MakeFolder(const std::string& folder, std::string& why);

}  // namespace cairn
