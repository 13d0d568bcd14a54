#include "tools/hackenbush/report.hpp"

#include "common/plumbing/test/random_bytes.hpp"

#include <catch2/catch.hpp>

using namespace cgt::hackenbush_tool;
using cgt::hackenbush::Picture;
using cgt::hackenbush::Player;

TEST_CASE("Report: value, parts and hints of 1/2 + (-1), as text and JSON", "[hackenbush]") {
    const std::vector<Input> inputs = {{"br.txt", Picture::parse("0 1 B\n1 2 R\n")},
                                       {"red.txt", Picture::parse("\n0 1 R\n")}};
    const Report r = make_report(inputs, Player::Red, cgt::core::Notation::Ascii);
    const std::string json = format_json(r, inputs);
    CHECK_THAT(json, Catch::StartsWith("{\"value\": \"-1/2\", \"outcome\": \"R\", \"analysis\": {\"value\": \"-1/2\""));
    CHECK_THAT(json, Catch::Contains("\"mean\": \"-1/2\", \"temperature\": \"-1/2\""));
    CHECK_THAT(json, Catch::Contains("{\"file\": \"br.txt\", \"edges\": [0, 1], \"value\": \"1/2\", \"analysis\": {"));
    CHECK_THAT(json, Catch::EndsWith("\"to_move\": \"red\", "
                                     "\"hints\": [{\"edge\": 1, \"file\": \"br.txt\", \"line\": 2, \"value_after\": \"0\", "
                                     "\"keeps_win\": true}, {\"edge\": 2, \"file\": \"red.txt\", \"line\": 2, "
                                     "\"value_after\": \"1/2\", \"keeps_win\": false}]}\n"));
    const std::string text = format_text(r, inputs, true);
    CHECK_THAT(text, Catch::StartsWith("value:         -1/2\n"
                                       "outcome:       R (Red wins, whoever moves first)\n"));
    CHECK_THAT(text, Catch::Contains("temperature:   -1/2\n"));
    CHECK_THAT(text, Catch::EndsWith("parts:\n"
                                     "  br.txt edges 0,1: 1/2 (mean 1/2, temperature -1/2)\n"
                                     "  red.txt edge 2: -1 (mean -1, temperature -1)\n"
                                     "red to move: 1 of 2 cuts keep a win\n"
                                     "  + edge 1 (br.txt:2: 1 2 R) -> 0\n"
                                     "  - edge 2 (red.txt:2: 0 1 R) -> 1/2\n"));
}

TEST_CASE("Report: a hot picture's parts, their analysis and thermographs in full", "[hackenbush]") {
    // A blue edge on the ground with a red one beside it, under a green one: {1 | -1}-like
    // switches are what the analysis is for. Here BR and a lone G: 1/2 + * in two parts.
    const std::vector<Input> inputs = {{"two.txt", Picture::parse("0 1 B\n1 2 R\n0 3 G\n")}};
    const Report r = make_report(inputs, std::nullopt, cgt::core::Notation::Ascii, true);
    REQUIRE(r.parts.size() == 2);
    const std::string text = format_text(r, inputs, true);
    CHECK_THAT(text, Catch::StartsWith("value:         1/2*\n"));
    CHECK_THAT(text, Catch::Contains("  two.txt edge 2: * (mean 0, temperature 0)\n"
                                     "    value:         *\n"));
    CHECK_THAT(text, Catch::Contains("    confused with: [0]\n"));
    CHECK_THAT(text, Catch::Contains("(x: the stops of G cooled by t"));
    CHECK_THAT(r.sum.svg, Catch::Contains("<polyline"));
}

TEST_CASE("Report: file names are escaped in JSON, no hints without a player", "[hackenbush]") {
    const std::vector<Input> inputs = {{"a \"b\"\\c.txt", Picture::parse("0 1 G\n1 2 B\n")}};
    const Report r = make_report(inputs, std::nullopt, cgt::core::Notation::Unicode);
    const std::string json = format_json(r, inputs);
    CHECK_THAT(json, Catch::StartsWith("{\"value\": \"\u2191*\", \"outcome\": \"N\", \"analysis\": {"));
    CHECK_THAT(json, Catch::Contains("\"parts\": [{\"file\": \"a \\\"b\\\"\\\\c.txt\", \"edges\": [0, 1], \"value\": \"\u2191*\""));
    CHECK_THAT(json, Catch::EndsWith("\"to_move\": null, \"hints\": []}\n"));
}

TEST_CASE("Report: 10,000 random byte strings as file names give JSON that parses",
          "[hackenbush]") {
    std::vector<Input> inputs = {{"", Picture::parse("0 1 B\n1 2 R\n")}};
    const Report r = make_report(inputs, Player::Blue, cgt::core::Notation::Unicode);
    REQUIRE(r.cuts.size() == 1); // Blue's one edge
    for (const std::string& name : cgt::test::random_byte_strings(10000, 28)) {
        inputs[0].name = name;
        const auto back = cgt::common::Json::parse(format_json(r, inputs));
        if (cgt::test::valid_utf8(name)) {
            CHECK(back["parts"][0]["file"] == name);
            CHECK(back["hints"][0]["file"] == name);
            CHECK_FALSE(back.contains("not_utf8"));
        } else {
            CHECK(back["not_utf8"] == cgt::common::Json::array({"/parts/0/file", "/hints/0/file"}));
        }
    }
}
