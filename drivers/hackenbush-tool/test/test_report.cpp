#include "hackenbush-tool/report.hpp"

#include <catch2/catch.hpp>

using namespace cgt::hackenbush_tool;
using cgt::hackenbush::Picture;
using cgt::hackenbush::Player;

TEST_CASE("Report: value, parts and hints of 1/2 + (-1), as text and JSON", "[hackenbush]") {
    const std::vector<Input> inputs = {{"br.txt", Picture::parse("0 1 B\n1 2 R\n")},
                                       {"red.txt", Picture::parse("\n0 1 R\n")}};
    const Report r = make_report(inputs, Player::Red, cgt::core::Notation::Ascii);
    CHECK(format_json(r, inputs) ==
          "{\"value\": \"-1/2\", \"outcome\": \"R\", \"parts\": ["
          "{\"file\": \"br.txt\", \"edges\": [0, 1], \"value\": \"1/2\"}, "
          "{\"file\": \"red.txt\", \"edges\": [2], \"value\": \"-1\"}], \"to_move\": \"red\", "
          "\"hints\": [{\"edge\": 1, \"file\": \"br.txt\", \"line\": 2, \"value_after\": \"0\", "
          "\"keeps_win\": true}, {\"edge\": 2, \"file\": \"red.txt\", \"line\": 2, "
          "\"value_after\": \"1/2\", \"keeps_win\": false}]}\n");
    CHECK(format_text(r, inputs, true) == "value:   -1/2\n"
                                          "outcome: R (Red wins, whoever moves first)\n"
                                          "parts:\n"
                                          "  br.txt edges 0,1: 1/2\n"
                                          "  red.txt edge 2: -1\n"
                                          "red to move: 1 of 2 cuts keep a win\n"
                                          "  + edge 1 (br.txt:2: 1 2 R) -> 0\n"
                                          "  - edge 2 (red.txt:2: 0 1 R) -> 1/2\n");
}

TEST_CASE("Report: file names are escaped in JSON; no hints without a player", "[hackenbush]") {
    const std::vector<Input> inputs = {{"a \"b\"\\c.txt", Picture::parse("0 1 G\n1 2 B\n")}};
    const Report r = make_report(inputs, std::nullopt, cgt::core::Notation::Unicode);
    CHECK(format_json(r, inputs) ==
          "{\"value\": \"\u2191*\", \"outcome\": \"N\", \"parts\": [{\"file\": "
          "\"a \\\"b\\\"\\\\c.txt\", \"edges\": [0, 1], \"value\": \"\u2191*\"}], "
          "\"to_move\": null, \"hints\": []}\n");
}
