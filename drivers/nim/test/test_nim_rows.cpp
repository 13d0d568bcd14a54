#include "nim/nim_rows.hpp"
#include "nim/nim_schema.hpp"

#include <catch2/catch.hpp>

using namespace cgt;

namespace schema = cgt::jobs::nim::schema;

TEST_CASE("NimJob: 3 heaps up to 8 give 165 positions per game, all agreeing with search", "[nim]") {
    jobs::nim::Params params{jobs::nim::parse_games("nim 1,3,4"), 3, 8};
    REQUIRE(jobs::nim::positions_per_game(params) == 165);
    common::LocalTable table;
    jobs::nim::PositionRows rows(params);
    jobs::nim::PositionRows::declare_columns(table);
    table.begin_block(0);
    rows.compute(0, 330, table);
    const auto& game = table.column(schema::positions::game);
    const auto& heaps = table.column(schema::positions::heaps);
    const auto& value = table.column(schema::positions::value);
    const auto& search = table.column(schema::positions::search);
    const auto& move = table.column(schema::positions::move);
    REQUIRE(game.size() == 330);
    for (std::size_t i = 0; i < 330; ++i) CHECK((value[i] != 0) == (search[i] == "win"));
    CHECK(game.front() == "nim");
    CHECK(game.back() == "S={1,3,4}");
    CHECK(heaps.front() == "0 0 0");
    CHECK(heaps[164] == "8 8 8");
    // 3 5 7 in Nim: XOR 1, take 1 from the 3; 3 5 6: XOR 0, lost.
    const auto at = [&](const std::string& g, const std::string& h) {
        for (std::size_t i = 0; i < 330; ++i)
            if (game[i] == g && heaps[i] == h) return i;
        FAIL("no row " << g << " " << h);
        return std::size_t{0};
    };
    CHECK(value[at("nim", "3 5 7")] == 1);
    CHECK(move[at("nim", "3 5 7")] == "take 1 from 3");
    CHECK(search[at("nim", "3 5 6")] == "loss");
    CHECK(move[at("nim", "3 5 6")] == "-");
    // Two heaps of 5 in S={1,3,4}: 3 XOR 3 = 0, a loss although each heap alone wins.
    CHECK(search[at("S={1,3,4}", "0 5 5")] == "loss");
}

TEST_CASE("NimJob: any key range gives the same rows as the whole", "[nim]") {
    jobs::nim::Params params{jobs::nim::parse_games("nim;2,5"), 4, 5};
    const std::uint64_t total = 2 * jobs::nim::positions_per_game(params);
    common::LocalTable whole, parts;
    jobs::nim::PositionRows a(params), b(params);
    jobs::nim::PositionRows::declare_columns(whole);
    jobs::nim::PositionRows::declare_columns(parts);
    a.compute(0, total, whole);
    for (std::uint64_t k = 0; k < total; k += 37) b.compute(k, std::min(total, k + 37), parts);
    CHECK(whole.column(schema::positions::heaps) == parts.column(schema::positions::heaps));
    CHECK(whole.column(schema::positions::move) == parts.column(schema::positions::move));
    CHECK(whole.column(schema::positions::value) == parts.column(schema::positions::value));
}

TEST_CASE("NimJob: bad games and sizes are refused with a reason", "[nim]") {
    struct Row { std::string games; std::string message; };
    const std::vector<Row> rows = {
        {"", "--games is empty"}, {"nim 0,1", "contains 0"}, {"1,,2", "empty element"},
        {"nim chess", "--games: 'chess': 'chess' is not a game: write nim or a subtraction set such as 1,3,4"},
        {"nim nim", "--games: 'nim' is nim again (listed before as 'nim')"},
        {"1,3,4 nim {4,3,1}", "--games: '{4,3,1}' is S={1,3,4} again (listed before as '1,3,4')"},
    };
    for (const auto& row : rows) {
        INFO(row.games);
        CHECK_THROWS_WITH(jobs::nim::parse_games(row.games), Catch::Contains(row.message));
    }
    jobs::nim::Params big{jobs::nim::parse_games("nim"), 16, 20};
    CHECK_THROWS_WITH(jobs::nim::positions_per_game(big), Catch::Contains("7307872110 positions per game"));
}
