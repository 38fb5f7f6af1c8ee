// Fuzzes the debug console: each input is a session of lines. Every line must get a reply that
// is a handle, ok, none, stale, a body, a query result or `error: ...`, and the world must keep
// its invariants.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "console/console.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<cairn::Console> console;
  if (!console) {
    cairn::ConsoleOptions options;
    options.capacity = 64;
    if (cairn::Console::Create(options, console) != cairn::Status::Ok) __builtin_trap();
  }
  bool has_reply = false;
  (void)console->Execute("RESTART", has_reply);
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    (void)console->Execute(line, has_reply);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  if (!console->World().FirstBrokenInvariant().empty()) __builtin_trap();
  return 0;
}
