#include "tools/hex/hint_report.hpp"
#include "hex/solver/solver.hpp"

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
