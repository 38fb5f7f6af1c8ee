// Text from files and users, made safe to print on a terminal.
//
// A diagnostic quotes what a file said (an unknown key, a bad value, the file's own name); a
// console reply quotes what was typed. Printed raw, an ESC or a C1 control in that text is a
// terminal command: ESC[2J clears the screen, a CSI (U+009B) can move the cursor, retitle the
// window or worse. So every line that quotes file or user text passes it through here first.
#pragma once

#include <string>
#include <string_view>

namespace cairn {

// `text` with every control character written visibly instead: C0 controls (U+0000-U+001F,
// newline and tab included, so one problem stays one line) and DEL as `\x1b`, `\x7f`; the C1
// controls U+0080-U+009F as `\u{9b}`; each byte of invalid UTF-8 as `\xNN`. Everything else
// (printable ASCII, other UTF-8 characters) is kept as it is, backslashes included.
[[nodiscard]] std::string EscapeForTerminal(std::string_view text);

// Whether EscapeForTerminal would change `text`.
[[nodiscard]] bool NeedsTerminalEscape(std::string_view text) noexcept;

}  // namespace cairn
