// The subcommands of the `cairn` program, each taking the arguments after its name and returning
// the process exit status (see cli_args.h and SPEC's exit status table).
#pragma once

#include <string>
#include <vector>

namespace cairn {

int RunConsoleCommand(const std::vector<std::string>& args);

}  // namespace cairn
