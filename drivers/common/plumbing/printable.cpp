#include "common/plumbing/printable.hpp"

#include <cstdio>

namespace cgt::common {

namespace {
void append_escape(std::string& out, const char* format, unsigned value) {
    char buf[16];
    std::snprintf(buf, sizeof buf, format, value);
    out += buf;
}

// Code points a terminal acts on, beyond the C0 range: C1 controls (U+0080..U+009F, e.g.
// U+009B, a one-character ESC [) and the bidirectional embeddings, overrides and isolates
// that reorder what is displayed.
bool is_control(char32_t c) {
    return (c >= 0x80 && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// Length of the UTF-8 sequence at `s` (2..4) and its code point, or 0 if it is not valid
// UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
std::size_t utf8_sequence(std::string_view s, char32_t& code) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b0 = byte(0);
    const std::size_t length = b0 >= 0xC2 && b0 <= 0xDF   ? 2
                               : b0 >= 0xE0 && b0 <= 0xEF ? 3
                               : b0 >= 0xF0 && b0 <= 0xF4 ? 4
                                                          : 0;
    if (length == 0) return 0;
    code = b0 & (0x7Fu >> length); // the lead byte's payload bits
    if (s.size() < length) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xC0) != 0x80) return 0;
        code = (code << 6) | (byte(i) & 0x3Fu);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return 0;
    return length;
}
} // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t length = 1;
        char32_t code = c;
        if (c >= 0x80) length = utf8_sequence(text.substr(i), code);
        if (c >= 0x20 && c < 0x7F)
            out += static_cast<char>(c);
        else if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\r')
            out += "\\r";
        else if (c < 0x80 || length == 0)
            append_escape(out, "\\x%02x", c); // C0, DEL, not UTF-8
        else if (is_control(code))
            append_escape(out, "\\u%04x", static_cast<unsigned>(code));
        else
            out.append(text.substr(i, length));
        i += length == 0 ? 1 : length;
    }
    return out;
}

std::string quoted(std::string_view text) {
    return "'" + printable(text) + "'";
}

} // namespace cgt::common
