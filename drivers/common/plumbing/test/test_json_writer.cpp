#include "common/plumbing/json_writer.hpp"

#include "common/plumbing/test/random_bytes.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using cgt::common::Json;
using cgt::common::json_text;
using cgt::test::random_byte_strings;
using cgt::test::valid_utf8;

TEST_CASE("JSON writer: one line, members in the order added, the house's separators", "[common]") {
    Json o;
    o["value"] = "1/2";
    o["edges"] = Json::array({0, 1});
    o["exact"] = true;
    o["nothing"] = nullptr;
    o["nested"] = Json{{"b", -3}, {"a", 2.5}};
    CHECK(
        json_text(o) ==
        R"({"value": "1/2", "edges": [0, 1], "exact": true, "nothing": null, "nested": {"b": -3, "a": 2.5}})");
    CHECK(json_text(Json::object()) == "{}");
    CHECK(json_text(Json::array()) == "[]");
}

TEST_CASE("JSON writer: quotes, backslashes and control characters are escaped, UTF-8 is kept",
          "[common]") {
    CHECK(json_text(Json("a\"b\\c")) == R"("a\"b\\c")");
    CHECK(json_text(Json("\n\r\t\x01\x1b")) == R"("\n\r\t\u0001\u001b")");
    CHECK(json_text(Json("\u2191* \u00b1")) == "\"\u2191* \u00b1\"");
    CHECK(json_text(Json(std::string("nul\0!", 5))) == R"("nul\u0000!")");
}

TEST_CASE("JSON writer: a number that is not finite is null", "[common]") {
    CHECK(json_text(Json{{"x", std::numeric_limits<double>::quiet_NaN()},
                         {"y", std::numeric_limits<double>::infinity()}}) ==
          R"({"x": null, "y": null})");
    CHECK(json_text(Json{{"big", std::uint64_t{18446744073709551615u}}}) ==
          R"({"big": 18446744073709551615})");
}

TEST_CASE("JSON writer: bytes that are not UTF-8 become U+FFFD and the texts are named",
          "[common]") {
    Json o;
    o["file"] = "a\xff"
                "b";
    o["parts"] = Json::array({Json{{"file", "ok"}}, Json{{"file", "\xc3"}}});
    o["a/b~c\x80"] = 1;
    CHECK(json_text(o) == "{\"file\": \"a\xef\xbf\xbd"
                          "b\", \"parts\": [{\"file\": \"ok\"}, {\"file\": \"\xef\xbf\xbd\"}], "
                          "\"a/b~c\xef\xbf\xbd\": 1, \"not_utf8\": [\"/file\", \"/parts/1/file\", "
                          "\"/a~1b~0c\xef\xbf\xbd\"]}");
    // Valid text never gets the member.
    CHECK(json_text(Json{{"file", "\u00e9t\u00e9"}}) == "{\"file\": \"\u00e9t\u00e9\"}");
}

TEST_CASE(
    "JSON writer: 10,000 random byte strings as texts and names parse back as they were or mended",
    "[common]") {
    const auto texts = random_byte_strings(10000, 20260312);
    std::size_t mended = 0;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const std::string& t = texts[i];
        Json o;
        o["text"] = t;
        o["list"] = Json::array({t, 1});
        o[t] = "name";
        const std::string out = json_text(o);
        INFO("input " << i << " of " << t.size() << " bytes");
        Json back;
        REQUIRE_NOTHROW(back =
                            Json::parse(out)); // nlohmann's parser refuses text that is not UTF-8
        if (valid_utf8(t)) {
            CHECK(back["text"] == t);
            CHECK(back["list"][0] == t);
            CHECK(back.contains(t));
            CHECK_FALSE(back.contains("not_utf8"));
        } else {
            ++mended;
            REQUIRE(back.contains("not_utf8"));
            CHECK(back["not_utf8"][0] == "/text");
            CHECK(back["not_utf8"][1] == "/list/0");
            CHECK(back["not_utf8"].size() == 3);
            CHECK(back["text"].get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
        }
    }
    CHECK(mended > 1000); // the strings are mostly not UTF-8, some are
    CHECK(mended < 9900);
}
