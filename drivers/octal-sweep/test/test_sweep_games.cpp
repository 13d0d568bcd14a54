#include "octal-sweep/sweep_games.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace cgt;
using namespace cgt::jobs::octal_sweep;

namespace schema = cgt::jobs::octal_sweep::schema;

TEST_CASE("OctalSweep: the default families are 4095 sets and 1023 octal codes, in order",
          "[octal]") {
    const Params params;
    const auto games = enumerate_games(params);
    REQUIRE(games.size() == 4095 + 1023);
    CHECK(games[0].name() == "S={1}");
    CHECK(games[1].name() == "S={2}");
    CHECK(games[2].name() == "S={1,2}");
    CHECK(games[4094].name() == "S={1,2,3,4,5,6,7,8,9,10,11,12}");
    CHECK(games[4095].name() == ".001");
    CHECK(games[4095 + 510].name() == ".777");
    CHECK(games[4095 + 511].name() == "4.0");
    CHECK(games.back().name() == "4.777");
    std::set<std::string> codes;
    for (const auto& g : games)
        if (g.family == Family::octal) codes.insert(g.code());
    CHECK(codes.size() == 1023); // trailing zeros are not counted twice
}

TEST_CASE("OctalSweep: listed games first, then misere sets after the normal ones", "[octal]") {
    Params params;
    params.subtraction_max = 3;
    params.misere = true;
    params.octal_digits = 1;
    params.listed = parse_games(".16; 1,3,4 2,5:misere");
    const auto games = enumerate_games(params);
    REQUIRE(games.size() == 3 + 7 + 7 + 15);
    CHECK(games[0].family == Family::listed);
    CHECK(games[0].name() == ".16");
    CHECK(games[1].name() == "S={1,3,4}");
    CHECK(games[2].name() == "S={2,5} misere");
    CHECK(games[3].family == Family::subtraction);
    CHECK(games[10].family == Family::subtraction_misere);
    CHECK(games[10].name() == "S={1} misere");
    CHECK(games[17].name() == ".1");
    CHECK(games[24].name() == "4.0");
    CHECK(to_string(Family::subtraction_misere) == "subtraction-misere");
}

TEST_CASE("OctalSweep: bad parameters and games are refused with a reason", "[octal]") {
    Params params;
    params.subtraction_max = 21;
    CHECK_THROWS_WITH(enumerate_games(params), "--subtraction-max must be 0..20, got 21");
    params.subtraction_max = 2;
    params.octal_digits = 6;
    CHECK_THROWS_WITH(enumerate_games(params), "--octal-digits must be 0..5, got 6");
    CHECK_THROWS_WITH(parse_games(".7 .9"), Catch::Contains("--games: '.9': '9' in the octal code"));
    CHECK_THROWS_WITH(parse_games("4.3:misere"), Catch::Contains("only for subtraction games"));
    CHECK_THROWS_WITH(parse_games("1,0"), Catch::Contains("--games: '1,0':"));
    CHECK_THROWS_WITH(parse_games(".77 .77"), "--games: '.77' is .77 again (listed before as '.77')");
    CHECK_THROWS_WITH(parse_games(".77 0.770"), "--games: '0.770' is .77 again (listed before as '.77')");
    CHECK_THROWS_WITH(parse_games("1,2 1,2:misere 2,1"),
                      "--games: '2,1' is S={1,2} again (listed before as '1,2')");
    CHECK_THROWS_WITH(parse_games("1,2:bogus"),
                      "--games: '1,2:bogus': unknown suffix ':bogus' (the only one is :misere)");
    CHECK_THROWS_WITH(parse_games("foo"), Catch::Contains("--games: 'foo': 'foo' is not a game: write an octal code"));
    CHECK(parse_games("  ").empty());
}

TEST_CASE("OctalSweep: subtraction sets share tasks, octal codes get one each", "[octal]") {
    Params params;
    params.listed = parse_games(".16 .56");
    const auto games = enumerate_games(params);
    const auto tasks = plan_tasks(games);
    // 2 listed + ceil(4095 / 256) = 16 subtraction groups + 1023 octal codes.
    REQUIRE(tasks.size() == 2 + 16 + 1023 + 1);
    CHECK(tasks[0] == 0);
    CHECK(tasks[2] == 2);
    CHECK(tasks[3] == 2 + 256);
    CHECK(tasks[18] == 2 + 4095);
    CHECK(tasks.back() == games.size());
}

TEST_CASE("OctalSweep: rows hold the analysis, -1 or '-' where nothing applies", "[octal]") {
    Params params;
    params.max_heap = 1000;
    params.listed_max_heap = 1000;
    params.stored_values = 12;
    params.listed = parse_games(".77 1,3,4 .6");
    const auto games = enumerate_games(Params{0, false, 0, params.listed});
    common::LocalTable table, sequences;
    GameRows::declare_columns(table);
    GameRows::declare_sequence_columns(sequences);
    GameRows(params, games).compute(0, games.size(), table, sequences);
    REQUIRE(table.rows() == 3);
    CHECK(table.column(schema::games::index) == std::vector<std::int64_t>{0, 1, 2});
    CHECK(table.column(schema::games::status) ==
          std::vector<std::string>{"periodic", "periodic", "not yet periodic"});
    CHECK(table.column(schema::games::preperiod) == std::vector<std::int64_t>{71, 0, -1});
    CHECK(table.column(schema::games::period) == std::vector<std::int64_t>{12, 7, -1});
    CHECK(table.column(schema::games::proof) ==
          std::vector<std::string>{"guy-smith", "subtraction-window", "-"});
    CHECK(table.column(schema::games::check_end) == std::vector<std::int64_t>{156, 4, -1});
    CHECK(table.column(schema::games::computed_to)[2] == 1000);
    CHECK(table.column(schema::games::code)[1] == ".3033");
    CHECK(table.column(schema::games::first_values)[0] == "0 1 2 3 1 4 3 2 1 4 2 6");
    // The whole sequences of the periodic games: Kayles' 71 + 12 values, as Czajka's
    // TrivialGames.md writes them, then S={1,3,4}'s 7; nothing for .6.
    const auto& index = sequences.column(schema::sequences::index);
    const auto& heap = sequences.column(schema::sequences::heap);
    const auto& value = sequences.column(schema::sequences::value);
    REQUIRE(sequences.rows() == 83 + 7);
    const std::string kayles = "01231432142641271432146741285472186741231472182741281472142741281472186741281472182";
    for (std::size_t n = 0; n < 83; ++n) {
        CHECK(index[n] == 0);
        CHECK(heap[n] == static_cast<std::int64_t>(n));
        CHECK(value[n] == (kayles[n] <= '9' ? kayles[n] - '0' : kayles[n] - 'A' + 10));
    }
    CHECK(std::vector<std::int64_t>(value.begin() + 83, value.end()) ==
          std::vector<std::int64_t>{0, 1, 0, 1, 2, 3, 2});
    CHECK(index.back() == 1);
    CHECK(table.column(schema::games::rare_mask)[1] == "-");
    CHECK(table.column(schema::games::last_rare)[1] == -1);
}
