#pragma once
// Text from a user (a file name, a line of a picture, a value typed on the command line) is
// echoed into error lines; printable() makes such a line safe for a terminal and keeps it
// one line: control bytes (NUL, ESC, newline, ...), C1 controls, bidirectional overrides
// and bytes that are not UTF-8 are written as escapes (\n, \t, \r, \xNN, \uNNNN); valid
// UTF-8 (game names such as ↑*) passes unchanged.
#include <string>
#include <string_view>

namespace cgt::common {

[[nodiscard]] std::string printable(std::string_view text);

// 'text' in single quotes, escaped as printable() does: for a user's value in a message.
[[nodiscard]] std::string quoted(std::string_view text);

} // namespace cgt::common
