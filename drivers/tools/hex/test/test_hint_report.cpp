#include "tools/hex/hint_report.hpp"
#include "hex/solver/solver.hpp"

#include "common/plumbing/json_writer.hpp"
#include "common/plumbing/test/random_bytes.hpp"

#include <catch2/catch.hpp>

using namespace cgt;

TEST_CASE("HintReport: 2x2 after red a1, blue wins only by blocking at a2", "[hex]") {
    const hex::Board board = hex_tool::read_position(2, "a1", "");
    hex::Solver solver(2);
    solver.set_position(board);
    const auto hints = hex::hint_map(solver);
    const std::string text = hex_tool::hint_report(board, hints, "rule1+2", hex::Variant::normal, 0.0);
    // Red's acute corner a1 has one completing cell, a2 (1, 0): blue must take it, and then
    // wins (blue a2 has two completing cells, b1 and b2, of which red can take one).
    CHECK(text.find("2x2 normal Hex, blue to move") == 0);
    CHECK(text.find("    a b\n 1  R L\n  2  W L\n") != std::string::npos);
    CHECK(text.find("winning moves for blue (1): a2\n") != std::string::npos);
}

TEST_CASE("HintReport: positions are read from moves or a picture, not both", "[hex]") {
    CHECK(hex_tool::read_position(3, "b2", "") == hex::Board::parse(".../.R./..."));
    CHECK(hex_tool::read_position(3, "", ".../.R./...") == hex::Board::parse(".../.R./..."));
    CHECK(hex_tool::read_position(4, "", "") == hex::Board(4));
    CHECK_THROWS_WITH(hex_tool::read_position(3, "b2", "R../.../..."),
                      "give the position either as --moves or as --board, not both");
}

TEST_CASE("HintReport: JSON that parses, whatever bytes the rules' source (a file name) holds",
          "[hex]") {
    const hex::Board board = hex_tool::read_position(2, "a1", "");
    hex::Solver solver(2);
    solver.set_position(board);
    const auto hints = hex::hint_map(solver);
    CHECK(hex_tool::hint_json(board, hints, "rule1+2", hex::Variant::normal, 0.5) ==
          "{\"size\": 2, \"variant\": \"normal\", \"to_move\": \"blue\", \"rules\": \"rule1+2\", "
          "\"cells\": "
          "[{\"cell\": \"b1\", \"result\": \"loss\", \"nodes\": " +
              std::to_string(hints[0].nodes) +
              "}, "
              "{\"cell\": \"a2\", \"result\": \"win\", \"nodes\": " +
              std::to_string(hints[1].nodes) +
              "}, "
              "{\"cell\": \"b2\", \"result\": \"loss\", \"nodes\": " +
              std::to_string(hints[2].nodes) +
              "}], "
              "\"winning\": [\"a2\"], \"nodes\": " +
              std::to_string(hints[0].nodes + hints[1].nodes + hints[2].nodes) +
              ", \"seconds\": 0.5}\n");
    for (const std::string& source : cgt::test::random_byte_strings(10000, 29)) {
        const auto back = common::Json::parse(
            hex_tool::hint_json(board, hints, "read from " + source, hex::Variant::normal, 0.0));
        if (cgt::test::valid_utf8(source))
            CHECK(back["rules"] == "read from " + source);
        else
            CHECK(back["not_utf8"] == common::Json::array({"/rules"}));
    }
}
