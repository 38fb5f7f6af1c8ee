#include "cli_args.h"

#include <charconv>

#include "base/terminal_text.h"

namespace cairn {

bool ParsedArgs::Has(std::string_view name) const {
  for (const auto& [key, value] : options)
    if (key == name) return true;
  return false;
}

std::optional<std::string> ParsedArgs::Value(std::string_view name) const {
  std::optional<std::string> found;
  for (const auto& [key, value] : options)
    if (key == name) found = value;  // the last one given wins
  return found;
}

bool ParseArgs(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs,
               ParsedArgs& out, std::string& error) {
  ParsedArgs parsed;
  bool only_positional = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (only_positional || arg.size() < 2 || arg[0] != '-' || arg == "-") {
      parsed.positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    std::string name = arg;
    std::optional<std::string> inline_value;
    if (const std::size_t eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0) {
      name = arg.substr(0, eq);
      inline_value = arg.substr(eq + 1);
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& candidate : specs)
      if (candidate.name == name) spec = &candidate;
    if (spec == nullptr) {
      error = "unknown option '" + EscapeForTerminal(name) + "'";
      return false;
    }
    if (!spec->takes_value) {
      if (inline_value) {
        error = "option '" + EscapeForTerminal(name) + "' takes no value";
        return false;
      }
      parsed.options.emplace_back(name, "");
      continue;
    }
    if (inline_value) {
      parsed.options.emplace_back(name, *inline_value);
    } else if (i + 1 < args.size()) {
      parsed.options.emplace_back(name, args[++i]);
    } else {
      error = "option '" + EscapeForTerminal(name) + "' needs a value";
      return false;
    }
  }
  out = std::move(parsed);
  return true;
}

std::string UnexpectedArgument(const ParsedArgs& parsed) {
  return "unexpected argument '" +
         EscapeForTerminal(parsed.positional.empty() ? "" : parsed.positional.front()) + "'";
}

bool ParseUnsigned(std::string_view option, std::string_view text, std::uint64_t min,
                   std::uint64_t max, std::uint64_t& out, std::string& error) {
  std::uint64_t value = 0;
  const bool digits_only =
      !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  const auto [end, code] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!digits_only || code != std::errc() || end != text.data() + text.size() || value < min ||
      value > max) {
    error = "option '" + std::string(option) + "' needs a whole number from " +
            std::to_string(min) + " to " + std::to_string(max) + ", not '" +
            EscapeForTerminal(text) + "'";
    return false;
  }
  out = value;
  return true;
}

}  // namespace cairn
