// Command-line parsing shared by every `cairn` subcommand: options of the form `--name VALUE` or
// `--flag`, and positional arguments. Wrong usage is exit status 2 with a message naming it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cairn {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitEntropy = 3;
inline constexpr int kExitFault = 4;

struct OptionSpec {
  std::string_view name;  // "--seed"
  bool takes_value;
};

struct ParsedArgs {
  std::vector<std::pair<std::string, std::string>> options;  // in the order given
  std::vector<std::string> positional;

  [[nodiscard]] bool Has(std::string_view name) const;
  [[nodiscard]] std::optional<std::string> Value(std::string_view name) const;
};

// Parses `args` against `specs`; on wrong usage returns false with `error` set.
[[nodiscard]] bool ParseArgs(const std::vector<std::string>& args,
                             const std::vector<OptionSpec>& specs, ParsedArgs& out,
                             std::string& error);

// "unexpected argument 'X'" for the first positional argument, escaped for a terminal (what a
// user typed is printed as text, never as terminal commands).
[[nodiscard]] std::string UnexpectedArgument(const ParsedArgs& parsed);

// Reads an unsigned decimal within [min, max]; false (with `error`) otherwise.
[[nodiscard]] bool ParseUnsigned(std::string_view option, std::string_view text, std::uint64_t min,
                                 std::uint64_t max, std::uint64_t& out, std::string& error);

}  // namespace cairn
