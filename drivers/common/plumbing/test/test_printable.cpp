#include "common/plumbing/printable.hpp"

#include <catch2/catch.hpp>

using namespace cgt::common;

TEST_CASE("Printable: control bytes of a user's text are escaped, UTF-8 is kept", "[common]") {
    using namespace std::string_literals;
    struct Row {
        std::string text, shown;
    };
    const std::vector<Row> rows = {
        {"plain text 1/2 {0|*}", "plain text 1/2 {0|*}"},
        {"a\nb\tc\rd", "a\\nb\\tc\\rd"},
        {"clear \x1b[2J", "clear \\x1b[2J"},
        {"nul \0 byte"s, "nul \\x00 byte"},
        {"del \x7f", "del \\x7f"},
        {"\xE2\x86\x91* and \xC2\xBD", "\xE2\x86\x91* and \xC2\xBD"}, // up-star and one half
        {"csi \xC2\x9B"
         "2J",
         "csi \\u009b2J"},                           // C1 control, a one-byte ESC [
        {"rtl \xE2\x80\xAE", "rtl \\u202e"},         // right-to-left override
        {"bad \xFF\xC0\xAF", "bad \\xff\\xc0\\xaf"}, // not UTF-8, overlong '/'
        {"cut \xE2\x86", "cut \\xe2\\x86"},          // truncated sequence
        {"surrogate \xED\xA0\x80", "surrogate \\xed\\xa0\\x80"},
    };
    for (const auto& row : rows) {
        INFO(row.shown);
        CHECK(printable(row.text) == row.shown);
    }
    CHECK(quoted("a\nb") == "'a\\nb'");
}
