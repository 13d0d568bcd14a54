#include "impartial/octal.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::impartial;

TEST_CASE("OctalGame: codes parse to their canonical form and properties", "[impartial][octal]") {
    struct Row {
        std::string text, code;
        Heap largest_removal;
        bool subtraction, splits;
    };
    const std::vector<Row> rows = {
        {".77", ".77", 2, false, true},      {"0.77", ".77", 2, false, true},
        {".7700", ".77", 2, false, true},    {" .137 ", ".137", 3, false, true},
        {"4.07", "4.07", 2, false, true},    {"4", "4.0", 0, false, true},
        {"4.", "4.0", 0, false, true},       {"4.000", "4.0", 0, false, true},
        {".3033", ".3033", 4, true, false},  {".333", ".333", 3, true, false},
        {".31", ".31", 2, false, false},     {".1", ".1", 1, false, false},
        {".2", ".2", 1, false, false},       {".4", ".4", 1, false, true},
        {".0003", ".0003", 4, true, false},  {".1271", ".1271", 4, false, true},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        const auto game = OctalGame::parse(row.text);
        CHECK(game.code() == row.code);
        CHECK(game.name() == row.code);
        CHECK(game.largest_removal() == row.largest_removal);
        CHECK(game.is_subtraction() == row.subtraction);
        CHECK(game.splits() == row.splits);
        CHECK(OctalGame::parse(game.code()) == game);
    }
}

TEST_CASE("OctalGame: digit bits become the three kinds of move", "[impartial][octal]") {
    // 4.137: d0 = 4 splits without removing; d1 = 1 removes a lone token; d2 = 3 removes
    // 2 leaving 0 or 1 heap; d3 = 7 removes 3 leaving 0, 1 or 2 heaps.
    const auto game = OctalGame::parse("4.137");
    CHECK(game.leave_none() == std::vector<Heap>{1, 2, 3});
    CHECK(game.leave_one() == std::vector<Heap>{2, 3});
    CHECK(game.leave_two() == std::vector<Heap>{0, 3});
    CHECK(game.digits() == std::vector<std::uint8_t>{4, 1, 3, 7});
}

TEST_CASE("OctalGame: bad codes are refused with a reason", "[impartial][octal]") {
    struct Row {
        std::string text, message;
    };
    const std::vector<Row> rows = {
        {"", "empty"},
        {"   ", "empty"},
        {".78", "'8' in the octal code '.78' is not an octal digit"},
        {".7x", "'x' in the octal code '.7x' is not an octal digit"},
        {"4.-1", "'-' in the octal code"},
        {".", "the octal code '.' has no digits"},
        {" . ", "the octal code '.' has no digits"},
        {"..7", "more than one point"},
        {".7.7", "more than one point"},
        {"44.7", "more than one digit before the point"},
        {"1.7", "d0 (before the point) must be 0 or 4, got 1"},
        {"2.7", "must be 0 or 4, got 2"},
        {"6.7", "must be 0 or 4, got 6"},
        {".0", "the octal code .0 allows no move"},
        {"0", "allows no move"},
        {".000", "allows no move"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(OctalGame::parse(row.text), Catch::Contains(row.message));
    }
    CHECK_THROWS_WITH(OctalGame::from_digits({0, 8}), Catch::Contains("d1 must be 0..7, got 8"));
    CHECK_THROWS_WITH(OctalGame::parse("." + std::string(MAX_REMOVAL + 1, '3')),
                      Catch::Contains("is longer than"));
}

TEST_CASE("OctalGame: a subtraction set is the code with digit 3 at each element",
          "[impartial][octal]") {
    struct Row {
        std::string set, code, name;
    };
    const std::vector<Row> rows = {
        {"1,3,4", ".3033", "S={1,3,4}"},   {"{1,3,4}", ".3033", "S={1,3,4}"},
        {"S={4,3,1}", ".3033", "S={1,3,4}"}, {"1,2,3", ".333", "S={1,2,3}"},
        {"2,3,7", ".0330003", "S={2,3,7}"}, {"12", ".000000000003", "S={12}"},
    };
    for (const auto& row : rows) {
        INFO(row.set);
        const auto game = OctalGame::parse_game(row.set);
        CHECK(game.code() == row.code);
        CHECK(game.name() == row.name);
        CHECK(game.is_subtraction());
        CHECK(game == OctalGame::parse(row.code));
        CHECK(OctalGame::parse(row.code).subtraction_set() == game.subtraction_set());
    }
    // A text with a point is an octal code; "4" alone is the subtraction set {4}.
    CHECK(OctalGame::parse_game(".77").name() == ".77");
    CHECK(OctalGame::parse_game("4").name() == "S={4}");
    CHECK(OctalGame::parse_game("4.").name() == "4.0");
    CHECK(OctalGame::parse(".31").subtraction_set().empty());
}

TEST_CASE("OctalGame: misere play only for subtraction games, bad sets refused",
          "[impartial][octal]") {
    CHECK(OctalGame::parse_game("1,2,3", Play::misere).name() == "S={1,2,3} misere");
    CHECK(OctalGame::parse_game(".333", Play::misere).name() == ".333 misere");
    CHECK_FALSE(OctalGame::parse_game("1,2", Play::misere) == OctalGame::parse_game("1,2"));
    struct Row {
        std::string text, message;
    };
    const std::vector<Row> misere_rows = {
        {".77", "misere values are computed only for subtraction games, not .77"},
        {".31", "only for subtraction games, not .31"},
        {"4.3", "only for subtraction games"},
    };
    for (const auto& row : misere_rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(OctalGame::parse_game(row.text, Play::misere),
                          Catch::Contains(row.message));
    }
    const std::vector<Row> set_rows = {
        {"", "empty"},
        {"0", "contains 0"},
        {"1,x", "not a non-negative integer"},
        {"{1,2", "unbalanced"},
        {"5000000", "the largest element of the subtraction set must be at most 4194304, got 5000000"},
        {"kayles", "'kayles' is not a game: write an octal code such as .77 or a subtraction set such as 1,3,4"},
        {"nim", "'nim' is not a game"},
    };
    for (const auto& row : set_rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(OctalGame::parse_game(row.text), Catch::Contains(row.message));
    }
}

TEST_CASE("OctalGame: the squares up to a bound", "[impartial][octal]") {
    CHECK(squares_up_to(0).empty());
    CHECK(squares_up_to(1) == std::vector<Heap>{1});
    CHECK(squares_up_to(50) == std::vector<Heap>{1, 4, 9, 16, 25, 36, 49});
    CHECK(squares_up_to(10000).size() == 100);
    CHECK(squares_up_to(10000).back() == 10000);
}
